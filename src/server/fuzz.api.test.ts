import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICIES } from '../core/permissions.ts';
import { bootTestApp, buildUser, signIn, type TestApp } from './testing/harness.ts';

/** What an error answer must never carry (security.md item 17). */
const LEAKS =
  /\bat [\w.<>]+ \(|\.ts:\d|node_modules|stack|syntax error at or near|\bSELECT\b|\bINSERT INTO\b|relation "/i;

const restRoutes = Object.keys(POLICIES)
  .filter((op) => op.startsWith('POST /') || op.startsWith('GET /'))
  .map((op) => op.split(' ') as ['GET' | 'POST', string]);

// Any JSON at all, and objects shaped like the real inputs with wrong types and extra fields.
const body = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      email: fc.oneof(fc.string(), fc.emailAddress(), fc.integer(), fc.constant(null)),
      password: fc.oneof(fc.string(), fc.string({ minLength: 2000, maxLength: 3000 }), fc.boolean()),
      newPassword: fc.oneof(fc.string(), fc.constant({})),
      currentPassword: fc.string(),
      otp: fc.oneof(fc.string(), fc.nat()),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);

describe('fuzzing every route and GraphQL operation (security.md items 14 and 17)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await bootTestApp('embedded', { BULLPEN_DEV_MAILBOX: '1' });
    const user = await buildUser(t.db, { roles: ['coach'] });
    cookie = (await signIn(t.app, user.email, user.password)).cookie;
  });
  afterAll(() => t.close());

  it('answers any REST body without a 5xx or a leak', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...restRoutes),
        body,
        fc.boolean(),
        async ([method, url], payload, withCookie) => {
          const res = await t.app.inject({
            method,
            url,
            headers: { 'content-type': 'application/json', ...(withCookie ? { cookie } : {}) },
            payload: method === 'POST' ? JSON.stringify(payload) : undefined,
          });
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.body).not.toMatch(LEAKS);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers any GraphQL document and variables without a 5xx or a leak', async () => {
    const operations = [
      '{ me { id email roles abilities } }',
      'query($l: Int, $t: String) { listMySessions(limit: $l, nextToken: $t) { items { id } nextToken } }',
      'query($f: SessionFilter) { listMySessions(filter: $f) { items { id } } }',
      'mutation($i: DeleteMySessionInput!) { deleteMySession(input: $i) { id } }',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...operations), fc.string()),
        fc.dictionary(fc.constantFrom('l', 't', 'f', 'i'), fc.jsonValue()),
        async (query, variables) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/graphql',
            headers: { 'content-type': 'application/json', cookie },
            payload: JSON.stringify({ query, variables }),
          });
          expect(res.statusCode, `${query} ${JSON.stringify(variables)}`).toBeLessThan(500);
          const json = res.json() as { errors?: { extensions?: { code?: string } }[] };
          for (const error of json.errors ?? []) expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
          expect(res.body).not.toMatch(LEAKS);
        },
      ),
      { numRuns: 300 },
    );
  });
});
