import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bootTestApp, buildUser, databaseKinds, gql, signIn, type TestApp } from './testing/harness.ts';

describe.each(databaseKinds())('the app on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('sends the security headers, and no-store on personal data', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: '{ me { id } }' },
    });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    // HSTS only where HTTPS is certain (production).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("marks every answer as Bullpen's, so the browser tells it from the proxy's (decision 0053)", async () => {
    for (const url of ['/graphql', '/api/auth/get-session', '/no-such-route', '/healthz', '/login']) {
      const res = await t.app.inject({
        method: url === '/graphql' ? 'POST' : 'GET',
        url,
        payload: url === '/graphql' ? 'not json' : undefined,
        headers: { 'content-type': 'application/json' },
      });
      expect([url, res.headers['served-by']]).toEqual([url, 'bullpen']);
    }
  });

  it('limits query depth and aliases', async () => {
    const user = await buildUser(t.db);
    const { cookie } = await signIn(t.app, user.email, user.password);
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: me { id }`).join(' ');
    const res = await gql(t.app, `{ ${aliases} }`, {}, cookie);
    expect(res.errors?.[0]?.message).toMatch(/alias/i);
    expect(res.code).toBe('BAD_USER_INPUT');
    const deep = await gql(t.app, '{ me { a { b { c { d { e { f { g { h { i } } } } } } } } } }', {}, cookie);
    expect(JSON.stringify(deep.errors)).toMatch(/depth/i);
  });

  it('gives requests yoga refuses before execution the catalogue’s code', async () => {
    const typo = await gql(t.app, '{ mee { id } }');
    expect(typo.code).toBe('BAD_USER_INPUT');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses GraphQL POSTs that are not JSON (no cross-site form posts)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'query=%7Bme%7Bid%7D%7D',
    });
    expect(res.statusCode).toBe(415);
  });

  it('never shows internals in errors', async () => {
    for (const payload of ['{"query":', '{"query": 5}', '{"query":"{ me { id } ","variables":"x"}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(/\.ts:|node_modules|stack|SELECT /i);
    }
    const notFound = await t.app.inject('/api/nothing');
    expect(notFound.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('serves GraphQL over graphql-ws on the same path, signed in by the cookie', async () => {
    const user = await buildUser(t.db, { roles: ['parent'] });
    const { cookie } = await signIn(t.app, user.email, user.password);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createClient({
      url: `${address.replace('http', 'ws')}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols, { headers: { cookie } });
        }
      },
      retryAttempts: 0,
    });
    try {
      const result = await new Promise<unknown>((resolve, reject) => {
        let value: unknown;
        client.subscribe(
          { query: '{ me { email roles } }' },
          { next: (v) => (value = v), error: reject, complete: () => resolve(value) },
        );
      });
      expect(result).toEqual({ data: { me: { email: user.email, roles: ['parent'] } } });
    } finally {
      await client.dispose();
    }
  });
});

describe('the app in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp('embedded', {
      NODE_ENV: 'production',
      BULLPEN_SECRET: 'a production secret, made for this test',
    });
  });
  afterAll(() => t.close());

  it('turns introspection and field suggestions off, sends HSTS and Secure cookies', async () => {
    const intro = await gql(t.app, '{ __schema { queryType { name } } }');
    expect(intro.errors?.[0]?.message).toMatch(/introspection/i);
    const typo = await gql(t.app, '{ mee { id } }');
    expect(JSON.stringify(typo.errors)).not.toMatch(/Did you mean/);
    const res = await t.app.inject('/healthz');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const user = await buildUser(t.db);
    const { res: signedIn } = await signIn(t.app, user.email, user.password);
    expect(String(signedIn.headers['set-cookie'])).toMatch(/^__Secure-bullpen\.session_token=.*; Secure/);
  });
});

describe('readiness', () => {
  it('answers 503 on /readyz when the database is away, while /healthz still answers', async () => {
    const t = await bootTestApp('embedded');
    await t.database.close();
    expect((await t.app.inject('/readyz')).statusCode).toBe(503);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    await t.app.close();
  });
});
