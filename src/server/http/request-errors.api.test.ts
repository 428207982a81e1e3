import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ERROR_CODES } from '../../core/errors.ts';
import { bootTestApp, buildUser, databaseKinds, signIn, type TestApp } from '../testing/harness.ts';

/**
 * Every answer to a request no route could read (its body, its content type, its size) carries a
 * catalogue code in the shape of its endpoint: GraphQL's `{ errors: [{ message, extensions: { code } }] }`
 * on /graphql, `{ code, message }` on the REST routes. The app serves a built web app here, as in
 * production: routes registered before it once kept Fastify's own error answers (FST_ERR_*).
 */

const MiB = 1024 * 1024;
const LEAKS = /FST_|originalError|statusCode|"error":|SyntaxError|stack/;

type Answer = { statusCode: number; body: string; json(): unknown };

function expectGraphqlError(res: Answer, status: number, code = 'BAD_USER_INPUT') {
  expect(res.statusCode).toBe(status);
  expect(res.body).not.toMatch(LEAKS);
  const body = res.json() as { errors: { message: string; extensions: { code: string } }[] };
  expect(Object.keys(body)).toEqual(['errors']);
  expect(body.errors).toHaveLength(1);
  // `said`: the message by id, where a person may meet it (a body too large).
  const { said: _said, ...extensions } = (body.errors[0]?.extensions ?? {}) as { code?: string; said?: unknown };
  expect(extensions).toEqual({ code });
  expect(body.errors[0]?.message).toEqual(expect.any(String));
  return body.errors[0]?.message ?? '';
}

function expectRestError(res: Answer, status: number, code = 'BAD_USER_INPUT') {
  expect(res.statusCode).toBe(status);
  expect(res.body).not.toMatch(LEAKS);
  const body = res.json() as { code: string; message: string; said?: { id: string } };
  // `said`: the message by id, where the server has one for the reader's language.
  expect(
    Object.keys(body)
      .filter((key) => key !== 'said')
      .sort(),
  ).toEqual(['code', 'message']);
  if (body.said) expect(Object.keys(body.said)).toContain('id');
  expect(ERROR_CODES).toContain(body.code);
  expect(body.code).toBe(code);
  return body.message;
}

const REST_POSTS = ['/api/auth/sign-in/email', '/api/auth/sign-out', '/admin-queries/createUser'];

describe.each(databaseKinds())('answers to unreadable requests on the %s database', (kind) => {
  let t: TestApp;
  let root: string;
  let cookie: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'bullpen-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await bootTestApp(kind, {}, { webRoot: root });
    const boss = await buildUser(t.db, { roles: ['SuperAdmin'] });
    ({ cookie } = await signIn(t.app, boss.email, boss.password));
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const post = (url: string, payload: string, type?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(type ? { 'content-type': type } : {}), cookie, ...headers },
      payload,
    });

  describe('POST /graphql', () => {
    it.each(['null', '12', '[]', 'true', '"x"', '{}'])('a body of %s: 400, not an operation', async (payload) => {
      const message = expectGraphqlError(await post('/graphql', payload, 'application/json'), 400);
      expect(message).toMatch(/Send a JSON object with the operation/);
    });

    it.each([
      ['malformed JSON', '{"query":'],
      ['an empty body', ''],
    ])('%s: 400', async (_what, payload) => {
      expectGraphqlError(await post('/graphql', payload, 'application/json'), 400);
    });

    it('a body over 8 MiB: 413', async () => {
      const payload = JSON.stringify({ query: `{ me { id } } #${'x'.repeat(8 * MiB)}` });
      const res = await post('/graphql', payload, 'application/json');
      expect(expectGraphqlError(res, 413)).toBe('The request body is larger than 8 MiB');
      expect((res.json() as { errors: { extensions: unknown }[] }).errors[0]?.extensions).toEqual({
        code: 'BAD_USER_INPUT',
        said: { id: 'errors.bodyTooLarge', values: { mib: 8 } },
      });
    });

    it.each([
      ['text/plain', '{ me { id } }'],
      ['application/x-www-form-urlencoded', 'query=%7Bme%7Bid%7D%7D'],
      ['multipart/form-data; boundary=x', '--x--'],
      [undefined, '{ me { id } }'],
    ])('content type %s: 415', async (type, payload) => {
      const message = expectGraphqlError(await post('/graphql', payload, type), 415);
      expect(message).toBe('Send GraphQL requests as application/json');
    });

    it('a cross-site request: 403 FORBIDDEN', async () => {
      const res = await post('/graphql', JSON.stringify({ query: '{ me { id } }' }), 'application/json', {
        origin: 'https://evil.example',
      });
      expect(expectGraphqlError(res, 403, 'FORBIDDEN')).toBe('Cross-site request refused');
    });

    it('yoga’s own refusals keep to the shape too (no originalError)', async () => {
      const noQuery = await post('/graphql', '{"variables":{}}', 'application/json');
      expect(noQuery.body).not.toMatch(LEAKS);
      expect((noQuery.json() as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe(
        'BAD_USER_INPUT',
      );
    });
  });

  describe('the REST routes', () => {
    for (const url of REST_POSTS) {
      it(`${url}: malformed JSON, an empty JSON body and a null body answer 400`, async () => {
        expect(expectRestError(await post(url, '{"email":', 'application/json'), 400)).toBe(
          'The body is not valid JSON',
        );
        expectRestError(await post(url, '', 'application/json'), 400);
        if (url !== '/api/auth/sign-out') expectRestError(await post(url, 'null', 'application/json'), 400);
      });

      it(`${url}: a body that is not JSON answers 415`, async () => {
        for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
          expect(expectRestError(await post(url, 'email=a', type), 415)).toBe('Send a JSON body (application/json)');
        }
      });

      it(`${url}: a body over 1 MiB answers 413`, async () => {
        const payload = JSON.stringify({ email: 'x'.repeat(MiB) });
        expect(expectRestError(await post(url, payload, 'application/json'), 413)).toBe(
          'The request body is larger than 1 MiB',
        );
      });
    }

    it('the reports take GET only: a POST is NOT_FOUND, a GET’s body is not read', async () => {
      expectRestError(await post('/api/reports/outings.csv', '{}', 'application/json'), 404, 'NOT_FOUND');
      // Any route's body is read before the route is known to be missing.
      expectRestError(await post('/api/reports/outings.csv', '{"a":', 'application/json'), 400);
      const get = await t.app.inject({
        method: 'GET',
        url: '/api/reports/outings.csv',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      });
      expectRestError(get, 401, 'UNAUTHENTICATED');
    });

    it('GET /admin-queries/* is NOT_FOUND, not the web app’s page', async () => {
      expectRestError(await t.app.inject('/admin-queries/createUser'), 404, 'NOT_FOUND');
    });
  });

  describe('graphql-ws', () => {
    let url: string;
    beforeAll(async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `${address.replace('http', 'ws')}/graphql`;
    });

    async function refusal(query: string) {
      const client = createClient({
        url,
        webSocketImpl: class extends WebSocket {
          constructor(address: string, protocols: string[]) {
            super(address, protocols, { headers: { cookie } });
          }
        },
        retryAttempts: 0,
      });
      try {
        return await new Promise<unknown>((resolve) => {
          client.subscribe(
            { query },
            { next: (value) => resolve(value), error: (error) => resolve(error), complete: () => resolve('complete') },
          );
        });
      } finally {
        await client.dispose();
      }
    }

    it.each([
      ['an unknown field', '{ mee { id } }', /Cannot query field "mee"/],
      ['a syntax error', '{ me { id }', /Syntax Error/],
      [
        'too many aliases',
        `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: me { id }`).join(' ')} }`,
        /Aliases limit/,
      ],
    ])('%s is refused with BAD_USER_INPUT', async (_what, query, message) => {
      const errors = (await refusal(query)) as { message: string; extensions?: Record<string, unknown> }[];
      expect(Array.isArray(errors)).toBe(true);
      expect(errors[0]?.message).toMatch(message);
      expect(errors[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT' });
    });
  });
});
