import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_TOKEN } from '../services/paging.ts';
import {
  bootTestApp,
  buildOrganization,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from '../testing/harness.ts';
import { schema } from './schema.ts';

/** Every list that takes nextToken, from the schema, so a new one is covered without anyone adding it. */
const LISTS = Object.values(schema.getQueryType()?.getFields() ?? {})
  .filter((field) => field.args.some((arg) => arg.name === 'nextToken'))
  .map((field) => field.name);

const tokenOf = (text: string) => Buffer.from(text).toString('base64url');

/** Tokens a client could not have got from the server for any list. */
const FORGED = {
  'a huge offset, as the probe sent it': 'MTAwMDAwMDAwMDA=',
  'not base64 at all': '!!!!',
  'an offset without the signature': tokenOf('200'),
  'a keyset position without the signature': tokenOf('k:zz@example.test'),
  'a list and offset without the signature': tokenOf('listOrganizations:100'),
  'an empty signature': `${tokenOf('listOrganizations:100')}.`,
};

describe.each(databaseKinds())('nextToken on the %s database', (kind) => {
  let t: TestApp;
  let boss: string;
  beforeAll(async () => {
    t = await bootTestApp(kind);
    const user = await buildUser(t.db, { roles: ['SuperAdmin'] });
    ({ cookie: boss } = await signIn(t.app, user.email, user.password));
    await buildOrganization(t.db);
    await buildOrganization(t.db);
    await buildUser(t.db);
  });
  afterAll(() => t.close());

  const list = (field: string, nextToken: string | null, limit = 1) =>
    gql(
      t.app,
      `query($t: String, $l: Int) { ${field}(nextToken: $t, limit: $l) { nextToken } }`,
      { t: nextToken, l: limit },
      boss,
    );

  it('finds the lists that take nextToken', () => {
    expect(LISTS.length).toBeGreaterThanOrEqual(13);
    expect(LISTS).toEqual(
      expect.arrayContaining(['listOrganizations', 'listUsers', 'listPitchOutings', 'listMySessions']),
    );
  });

  for (const [what, token] of Object.entries(FORGED)) {
    it(`refuses ${what} on every list`, async () => {
      for (const field of LISTS) {
        const res = await list(field, token);
        expect(res.code, field).toBe('BAD_USER_INPUT');
        expect(res.errors?.[0]?.message, field).toBe(INVALID_TOKEN);
      }
    });
  }

  it("pages on with the previous page's token, offset and keyset lists alike", async () => {
    for (const field of ['listOrganizations', 'listUsers']) {
      const first = await list(field, null);
      const token = dataOf<{ nextToken: string | null }>(first, field).nextToken;
      expect(token, field).toEqual(expect.any(String));
      const second = await list(field, token);
      expect(second.errors, field).toBeUndefined();
    }
  });

  it("refuses one list's token on another, and a token changed by one character", async () => {
    const first = await list('listOrganizations', null);
    const token = dataOf<{ nextToken: string }>(first, 'listOrganizations').nextToken;
    const users = dataOf<{ nextToken: string }>(await list('listUsers', null), 'listUsers');
    for (const [field, foreign] of [
      ['listLeagues', token],
      ['listUsers', token],
      ['listOrganizations', users.nextToken],
    ] as const) {
      const res = await list(field, foreign);
      expect(res.code, field).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message, field).toBe(INVALID_TOKEN);
    }
    // Each last character: one of them only changes bits base64 leaves unused.
    for (const last of 'ABCDEFGHIJKLMNOP') {
      if (token.endsWith(last)) continue;
      const changed = await list('listOrganizations', `${token.slice(0, -1)}${last}`);
      expect(changed.errors?.[0]?.message, last).toBe(INVALID_TOKEN);
    }
  });

  it.runIf(kind === 'postgres')(
    "pages on with another server's token (the same database, the same secret)",
    async () => {
      const first = await list('listOrganizations', null);
      const token = dataOf<{ nextToken: string }>(first, 'listOrganizations').nextToken;
      const other = await bootTestApp(kind);
      try {
        const res = await gql(
          other.app,
          'query($t: String) { listOrganizations(nextToken: $t, limit: 1) { nextToken } }',
          { t: token },
          boss,
        );
        expect(res.errors).toBeUndefined();
      } finally {
        await other.close();
      }
    },
  );
});
