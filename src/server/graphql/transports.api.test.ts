import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, buildUser, databaseKinds, signIn, type TestApp } from '../testing/harness.ts';
import { WEBSOCKET_ONLY } from './server.ts';

/**
 * graphql-ws is the one transport that streams (docs/decisions/0028-subscriptions-over-sse.md): yoga's
 * server-sent events and multipart answers are off, so no subscription or personal data leaves by a
 * transport whose authorization and caching nobody checks.
 */

const SUBSCRIPTION = 'subscription { onCreateOrganization { id name } }';
const ME = '{ me { id email } }';

describe.each(databaseKinds())('GraphQL transports on the %s database', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await bootTestApp(kind);
    const boss = await buildUser(t.db, { roles: ['SuperAdmin'] });
    ({ cookie } = await signIn(t.app, boss.email, boss.password));
  });
  afterAll(() => t.close());

  const post = (query: string, accept: string, signedIn = true) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', accept, ...(signedIn ? { cookie } : {}) },
      payload: { query },
    });

  function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown }) {
    expect(res.statusCode).toBe(406);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ errors: [{ message: WEBSOCKET_ONLY, extensions: { code: 'BAD_USER_INPUT' } }] });
  }

  it('refuses server-sent events: a subscription, and a query with personal data', async () => {
    // Anonymous, so that yoga's stream (before) ended by itself with its error.
    expectRefused(await post(SUBSCRIPTION, 'text/event-stream', false));
    expectRefused(await post(ME, 'text/event-stream'));
  });

  it('refuses multipart answers', async () => {
    expectRefused(await post(ME, 'multipart/mixed'));
    expectRefused(await post(SUBSCRIPTION, 'multipart/mixed; boundary="-"', false));
  });

  it('answers a subscription sent over HTTP with the catalogue’s code, by POST and GET', async () => {
    const posted = await post(SUBSCRIPTION, 'application/json');
    const got = await t.app.inject({
      method: 'GET',
      url: `/graphql?${new URLSearchParams({ query: SUBSCRIPTION })}`,
      headers: { accept: 'application/json', cookie },
    });
    for (const res of [posted, got]) {
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json() as { data?: unknown; errors: { message: string; extensions: { code: string } }[] };
      expect(body.data ?? null).toBeNull();
      expect(body.errors[0]).toMatchObject({ message: WEBSOCKET_ONLY, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('answers JSON, with no-store, whenever the client accepts it', async () => {
    for (const accept of [
      'application/json',
      'text/event-stream, application/json',
      'application/graphql-response+json',
      '*/*',
    ]) {
      const res = await post(ME, accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['cache-control'], accept).toBe('no-store');
      expect((res.json() as { data: { me: { id: string } } }).data.me.id, accept).toEqual(expect.any(String));
    }
  });
});
