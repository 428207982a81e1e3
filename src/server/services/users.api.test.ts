import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { leagueAdmins, organizationAdmins, users } from '../db/schema.ts';
import {
  bootTestApp,
  buildLeague,
  buildOrganization,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  readAllPages,
  signIn,
  type TestApp,
} from '../testing/harness.ts';

const FIELDS = 'id email givenName familyName roles adminOrganizationIds adminLeagueIds';
const CREATE = `mutation($i: CreateUserInput!) { createUser(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($i: UpdateUserInput!) { updateUser(input: $i) { ${FIELDS} } }`;
const DELETE = `mutation($i: DeleteUserInput!) { deleteUser(input: $i) { ${FIELDS} } }`;
const LIST = `query($search: String, $limit: Int, $nextToken: String) {
  listUsers(search: $search, limit: $limit, nextToken: $nextToken) { items { ${FIELDS} } nextToken }
}`;
const ME = '{ me { id email givenName familyName roles } }';
const LEAGUES = '{ listLeagues { items { id organizationId } } }';

interface User {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  roles: string[];
  adminOrganizationIds: string[];
  adminLeagueIds: string[];
}

/** Letters only, so a search term made of it is a prefix of nothing but what we built. */
const tag = () =>
  [...randomBytes(10)]
    .map((b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26])
    .join('')
    .slice(0, 10);
const sorted = (ids: string[]) => [...ids].sort();

describe.each(databaseKinds())('users on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  async function signedIn(roles: Role[] = ['SuperAdmin'], overrides: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(t.db, { roles, ...overrides });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { ...user, cookie };
  }

  async function stored(id: string) {
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  const userOf = (res: { data?: Record<string, unknown> | null }, field: string) => res.data?.[field] as User;

  async function search(cookie: string, term: string, limit = 500) {
    return readAllPages<User>(t.app, LIST, 'listUsers', { search: term }, cookie, limit);
  }

  describe('createUser', () => {
    it('creates a user with trimmed values and no roles, emails the password, and the user must set a new one', async () => {
      const boss = await signedIn();
      const local = `Rae.${tag()}`;
      const temporaryPassword = ' dugout pitch 42 ';
      const res = await gql(
        t.app,
        CREATE,
        {
          i: {
            email: `  ${local}@Example.TEST `,
            temporaryPassword,
            givenName: '  Rae ',
            familyName: ' Stone  ',
          },
        },
        boss.cookie,
      );
      expect(res.errors).toBeUndefined();
      const email = `${local.toLowerCase()}@example.test`;
      const user = userOf(res, 'createUser');
      expect(user).toMatchObject({
        email,
        givenName: 'Rae',
        familyName: 'Stone',
        roles: [],
        adminOrganizationIds: [],
        adminLeagueIds: [],
      });
      expect(await stored(user.id)).toMatchObject({
        email,
        givenName: 'Rae',
        familyName: 'Stone',
        roles: [],
        mustChangePassword: true,
      });

      const mail = t.mailbox.filter((m) => m.to === email);
      expect(mail).toHaveLength(1);
      // The password is not trimmed (docs/screens.md, Validation): spaces and all.
      expect(mail[0]?.text).toContain(temporaryPassword);

      const first = await signIn(t.app, email, temporaryPassword);
      expect(first.res.statusCode).toBe(200);
      expect(first.body.challengeName).toBe('NEW_PASSWORD_REQUIRED');
      expect((await gql(t.app, ME, {}, first.cookie)).code).toBe('PASSWORD_CHANGE_REQUIRED');
    });

    it('generates and emails a temporary password when none is given', async () => {
      const boss = await signedIn();
      const email = `gen-${tag()}@example.test`;
      const res = await gql(t.app, CREATE, { i: { email, givenName: 'Gen', familyName: 'Erated' } }, boss.cookie);
      expect(res.errors).toBeUndefined();
      const text = t.mailbox.filter((m) => m.to === email).at(-1)?.text ?? '';
      const password = text.match(/^ {4}(\S+)$/m)?.[1] ?? '';
      expect(password).toHaveLength(16);
      expect((await signIn(t.app, email, password)).body.challengeName).toBe('NEW_PASSWORD_REQUIRED');
    });

    it("refuses each missing field with the spec's message, creating nobody", async () => {
      const boss = await signedIn();
      const email = `req-${tag()}@example.test`;
      const valid = { email, temporaryPassword: 'first-day-pitch', givenName: 'Req', familyName: 'Uired' };
      const before = await t.db.$count(users);
      for (const [change, message] of [
        [{ email: '' }, 'Email is required'],
        [{ email: '   ' }, 'Email is required'],
        [{ temporaryPassword: '' }, 'Temporary password is required'],
        [{ givenName: '' }, 'First name is required'],
        [{ givenName: '  ' }, 'First name is required'],
        [{ familyName: '' }, 'Last name is required'],
        [{ email: 'not-an-email' }, 'Enter a valid email address'],
      ] as const) {
        const res = await gql(t.app, CREATE, { i: { ...valid, ...change } }, boss.cookie);
        expect(res.code, JSON.stringify(change)).toBe('BAD_USER_INPUT');
        expect(res.errors?.[0]?.message, JSON.stringify(change)).toBe(message);
      }
      expect(await t.db.$count(users)).toBe(before);
      expect(t.mailbox.filter((m) => m.to === email)).toHaveLength(0);
    });

    it('refuses a duplicate email with CONFLICT, whatever its case, and creates nothing', async () => {
      const boss = await signedIn();
      const existing = await buildUser(t.db);
      const before = await t.db.$count(users);
      const res = await gql(
        t.app,
        CREATE,
        {
          i: {
            email: existing.email.toUpperCase(),
            temporaryPassword: 'first-day-pitch',
            givenName: 'Dup',
            familyName: 'Licate',
          },
        },
        boss.cookie,
      );
      expect(res.code).toBe('CONFLICT');
      expect(res.errors?.[0]?.message).toBe('A user with this email already exists');
      expect(await t.db.$count(users)).toBe(before);
      expect(await t.db.$count(users, eq(users.email, existing.email))).toBe(1);
      expect((await stored(existing.id))?.givenName).toBe('Test');
    });

    it('refuses a temporary password that is too short or too common', async () => {
      const boss = await signedIn();
      const email = `weak-${tag()}@example.test`;
      const base = { email, givenName: 'Weak', familyName: 'Pass' };
      const short = await gql(t.app, CREATE, { i: { ...base, temporaryPassword: 'short' } }, boss.cookie);
      expect(short.code).toBe('BAD_USER_INPUT');
      expect(short.errors?.[0]?.message).toBe('Temporary password must be at least 8 characters');
      const common = await gql(t.app, CREATE, { i: { ...base, temporaryPassword: 'password' } }, boss.cookie);
      expect(common.code).toBe('BAD_USER_INPUT');
      expect(common.errors?.[0]?.message).toMatch(/too common/);
      expect(await t.db.$count(users, eq(users.email, email))).toBe(0);
    });
  });

  describe('updateUser', () => {
    it('changes the email, refusing one in use or empty', async () => {
      const boss = await signedIn();
      const user = await signedIn(['coach']);
      const other = await buildUser(t.db);
      const email = `new-${tag()}@example.test`;
      const res = await gql(t.app, UPDATE, { i: { id: user.id, email: ` ${email.toUpperCase()} ` } }, boss.cookie);
      expect(res.errors).toBeUndefined();
      expect(userOf(res, 'updateUser')).toMatchObject({ id: user.id, email, roles: ['coach'] });
      expect((await stored(user.id))?.email).toBe(email);
      // Their session carries on, and they sign in with the new email.
      expect((await gql(t.app, ME, {}, user.cookie)).data?.me).toMatchObject({ email });
      expect((await signIn(t.app, email, user.password)).res.statusCode).toBe(200);

      const taken = await gql(t.app, UPDATE, { i: { id: user.id, email: other.email } }, boss.cookie);
      expect(taken.code).toBe('CONFLICT');
      const empty = await gql(t.app, UPDATE, { i: { id: user.id, email: '  ' } }, boss.cookie);
      expect(empty.errors?.[0]?.message).toBe('Email is required');
      expect((await stored(user.id))?.email).toBe(email);
    });

    it("changes the names, refusing an empty one with 'First and last name required'", async () => {
      const boss = await signedIn();
      const user = await buildUser(t.db, { givenName: 'Old', familyName: 'Name' });
      const res = await gql(t.app, UPDATE, { i: { id: user.id, givenName: ' Nia ', familyName: ' Ng ' } }, boss.cookie);
      expect(userOf(res, 'updateUser')).toMatchObject({ givenName: 'Nia', familyName: 'Ng' });
      expect(await stored(user.id)).toMatchObject({ givenName: 'Nia', familyName: 'Ng', name: 'Nia Ng' });
      for (const names of [
        { givenName: '', familyName: 'Ng' },
        { givenName: 'Nia', familyName: '   ' },
      ]) {
        const refused = await gql(t.app, UPDATE, { i: { id: user.id, ...names } }, boss.cookie);
        expect(refused.code).toBe('BAD_USER_INPUT');
        expect(refused.errors?.[0]?.message).toBe('First and last name required');
      }
      expect(await stored(user.id)).toMatchObject({ givenName: 'Nia', familyName: 'Ng' });
      // An unknown role and an unknown user are refused too.
      expect((await gql(t.app, UPDATE, { i: { id: user.id, roles: ['king'] } }, boss.cookie)).code).toBe(
        'BAD_USER_INPUT',
      );
      expect((await gql(t.app, UPDATE, { i: { id: 'abc', givenName: 'X' } }, boss.cookie)).code).toBe('NOT_FOUND');
    });

    it("applies a role or scope change on the user's next request", async () => {
      const boss = await signedIn();
      const user = await signedIn([]);
      const { organization, league } = await buildOrganization(t.db);
      const minors = await buildLeague(t.db, organization.id, { name: 'Minors' });

      expect((await gql(t.app, ME, {}, user.cookie)).data?.me).toMatchObject({ roles: [] });
      expect((await gql(t.app, LEAGUES, {}, user.cookie)).code).toBe('FORBIDDEN');

      const coach = await gql(t.app, UPDATE, { i: { id: user.id, roles: ['coach'] } }, boss.cookie);
      expect(userOf(coach, 'updateUser').roles).toEqual(['coach']);
      expect((await stored(user.id))?.roles).toEqual(['coach']);
      expect((await gql(t.app, ME, {}, user.cookie)).data?.me).toMatchObject({ roles: ['coach'] });

      // Made an admin of the organization: the same session now reads its leagues.
      const scoped = await gql(
        t.app,
        UPDATE,
        { i: { id: user.id, adminOrganizationIds: [organization.id] } },
        boss.cookie,
      );
      expect(userOf(scoped, 'updateUser')).toMatchObject({ roles: ['coach'], adminOrganizationIds: [organization.id] });
      expect(await t.db.$count(organizationAdmins, eq(organizationAdmins.userId, user.id))).toBe(1);
      const asAdmin = await gql(t.app, LEAGUES, {}, user.cookie);
      expect(asAdmin.errors).toBeUndefined();
      expect(sorted(dataOf<{ items: { id: string }[] }>(asAdmin, 'listLeagues').items.map((l) => l.id))).toEqual(
        sorted([league.id, minors.id]),
      );

      // Moved to one league only.
      const narrowed = await gql(
        t.app,
        UPDATE,
        { i: { id: user.id, adminOrganizationIds: [], adminLeagueIds: [minors.id] } },
        boss.cookie,
      );
      expect(userOf(narrowed, 'updateUser')).toMatchObject({ adminOrganizationIds: [], adminLeagueIds: [minors.id] });
      const asLeagueAdmin = await gql(t.app, LEAGUES, {}, user.cookie);
      expect(dataOf<{ items: { id: string }[] }>(asLeagueAdmin, 'listLeagues').items.map((l) => l.id)).toEqual([
        minors.id,
      ]);

      // Removed: refused on the very next request.
      await gql(t.app, UPDATE, { i: { id: user.id, adminLeagueIds: [] } }, boss.cookie);
      expect(await t.db.$count(leagueAdmins, eq(leagueAdmins.userId, user.id))).toBe(0);
      expect((await gql(t.app, LEAGUES, {}, user.cookie)).code).toBe('FORBIDDEN');
      expect((await gql(t.app, ME, {}, user.cookie)).data?.me).toMatchObject({ roles: ['coach'] });

      // A SuperAdmin demoted loses the user list at once.
      const other = await signedIn(['SuperAdmin']);
      expect((await gql(t.app, LIST, { limit: 1 }, other.cookie)).errors).toBeUndefined();
      await gql(t.app, UPDATE, { i: { id: other.id, roles: ['coach'] } }, boss.cookie);
      expect((await gql(t.app, LIST, { limit: 1 }, other.cookie)).code).toBe('FORBIDDEN');

      // Scopes naming nothing are refused and change nothing.
      const ghost = await gql(t.app, UPDATE, { i: { id: user.id, adminOrganizationIds: ['abc'] } }, boss.cookie);
      expect(ghost.code).toBe('NOT_FOUND');
    });

    it('does not let a SuperAdmin remove their own SuperAdmin role or delete themselves', async () => {
      const boss = await signedIn();
      const demote = await gql(t.app, UPDATE, { i: { id: boss.id, roles: ['admin'] } }, boss.cookie);
      expect(demote.code).toBe('BAD_USER_INPUT');
      expect(demote.errors?.[0]?.message).toBe('You cannot remove your own SuperAdmin role');
      expect((await stored(boss.id))?.roles).toEqual(['SuperAdmin']);
      const remove = await gql(t.app, DELETE, { i: { id: boss.id } }, boss.cookie);
      expect(remove.code).toBe('BAD_USER_INPUT');
      expect(remove.errors?.[0]?.message).toBe('You cannot delete your own account');
      expect(await stored(boss.id)).toBeDefined();
      expect((await gql(t.app, ME, {}, boss.cookie)).data?.me).toMatchObject({ roles: ['SuperAdmin'] });
      // Adding a role to themselves is fine.
      const more = await gql(t.app, UPDATE, { i: { id: boss.id, roles: ['SuperAdmin', 'coach'] } }, boss.cookie);
      expect(userOf(more, 'updateUser').roles).toEqual(expect.arrayContaining(['SuperAdmin', 'coach']));
    });
  });

  describe('deleteUser', () => {
    it('removes the user from every admins list at once and ends their session with USER_MISSING', async () => {
      const boss = await signedIn();
      const doomed = await signedIn(['admin']);
      const keeper = await buildUser(t.db);
      const { organization, league } = await buildOrganization(t.db, {
        adminIds: [doomed.id, keeper.id],
        leagueAdminIds: [doomed.id],
      });
      expect((await gql(t.app, ME, {}, doomed.cookie)).data?.me).toBeTruthy();

      const res = await gql(t.app, DELETE, { i: { id: doomed.id } }, boss.cookie);
      expect(res.errors).toBeUndefined();
      // It answers the user as they were.
      expect(userOf(res, 'deleteUser')).toMatchObject({
        id: doomed.id,
        email: doomed.email,
        adminOrganizationIds: [organization.id],
        adminLeagueIds: [league.id],
      });
      expect(await stored(doomed.id)).toBeUndefined();
      expect(await t.db.$count(organizationAdmins, eq(organizationAdmins.userId, doomed.id))).toBe(0);
      expect(await t.db.$count(leagueAdmins, eq(leagueAdmins.userId, doomed.id))).toBe(0);

      const orgs = await readAllPages<{ id: string; admins: string[]; adminUsers: { id: string }[] }>(
        t.app,
        'query($limit: Int, $nextToken: String) { listOrganizations(limit: $limit, nextToken: $nextToken) { items { id admins adminUsers { id } } nextToken } }',
        'listOrganizations',
        {},
        boss.cookie,
      );
      const org = orgs.find((o) => o.id === organization.id);
      expect(org?.admins).toEqual([keeper.id]);
      expect(org?.adminUsers.map((u) => u.id)).toEqual([keeper.id]);
      const leagues = await gql(
        t.app,
        'query($o: ID) { listLeagues(filter: { organizationId: { eq: $o } }) { items { id admins adminUsers { id } } } }',
        { o: organization.id },
        boss.cookie,
      );
      expect(
        dataOf<{ items: { admins: string[]; adminUsers: unknown[] }[] }>(leagues, 'listLeagues').items[0],
      ).toMatchObject({ admins: [], adminUsers: [] });

      const after = await gql(t.app, ME, {}, doomed.cookie);
      expect(after.code).toBe('UNAUTHENTICATED');
      expect(after.errors?.[0]?.extensions?.reason).toBe('USER_MISSING');
      expect(after.errors?.[0]?.message).toBe('User does not exist.');
      // Gone is gone.
      expect((await gql(t.app, DELETE, { i: { id: doomed.id } }, boss.cookie)).code).toBe('NOT_FOUND');
      expect((await signIn(t.app, doomed.email, doomed.password)).res.statusCode).toBe(401);
    });
  });

  describe('listUsers', () => {
    it('searches given name, family name and email prefixes in any case, every word matching', async () => {
      const boss = await signedIn();
      const mark = tag();
      const make = (givenName: string, familyName: string, local = `${mark}-${tag()}`) =>
        buildUser(t.db, { givenName, familyName, email: `${local}@example.test` });
      const annabel = await make('Annabel', 'Beeson');
      const bob = await make('Bob', 'Annist');
      const beebe = await make('Beebe', 'Keller');
      const joanna = await make('Joanna', 'Smith');
      const byEmail = await make('Carl', 'Dunn', `annx${mark}`);

      const ids = async (term: string) => sorted((await search(boss.cookie, term)).map((u) => u.id));
      expect(await ids(`ann ${mark}`)).toEqual(sorted([annabel.id, bob.id]));
      expect(await ids(`${mark.toUpperCase()} BEE`)).toEqual(sorted([annabel.id, beebe.id]));
      expect(await ids(`ann bee ${mark}`)).toEqual([annabel.id]);
      expect(await ids(`  ANN   Bee  ${mark}  `)).toEqual([annabel.id]);
      expect(await ids(mark)).toEqual(sorted([annabel.id, bob.id, beebe.id, joanna.id]));
      // The email prefix, any case.
      expect(await ids(`ANNX${mark.toUpperCase()}`)).toEqual([byEmail.id]);
      // Without the mark, 'ann bee' finds Annabel Beeson among whoever else matches, and only matches.
      const broad = await search(boss.cookie, 'ann bee');
      expect(broad.map((u) => u.id)).toContain(annabel.id);
      for (const u of broad) {
        const fields = [u.givenName.toLowerCase(), u.familyName.toLowerCase(), u.email];
        expect(fields.some((f) => f.startsWith('ann'))).toBe(true);
        expect(fields.some((f) => f.startsWith('bee'))).toBe(true);
      }
      // LIKE wildcards are searched as text.
      expect(await ids(`${mark} %`)).toEqual([]);
      expect(await ids(`${mark} _`)).toEqual([]);
      // Text the database cannot hold is the caller's mistake, never a 500.
      const nul = await gql(t.app, LIST, { search: 'ann\u0000' }, boss.cookie);
      expect(nul.code).toBe('BAD_USER_INPUT');
      for (const input of [{ id: '\u0000' }, { id: annabel.id, givenName: 'A\u0000', familyName: 'B' }]) {
        const res = await gql(t.app, UPDATE, { i: input }, boss.cookie);
        expect(res.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
      }
      expect(await stored(annabel.id)).toMatchObject({ givenName: 'Annabel', familyName: 'Beeson' });
    });

    it('pages with limit and nextToken, by email, each user once', async () => {
      const boss = await signedIn();
      const mark = tag();
      const made = await Promise.all(
        Array.from({ length: 5 }, (_, i) => buildUser(t.db, { email: `${mark}-${i}-${tag()}@example.test` })),
      );
      const first = await gql(t.app, LIST, { search: mark, limit: 2 }, boss.cookie);
      const page = first.data?.listUsers as { items: User[]; nextToken: string | null };
      expect(page.items).toHaveLength(2);
      expect(page.nextToken).toEqual(expect.any(String));
      const all = await search(boss.cookie, mark, 2);
      expect(all.map((u) => u.email)).toEqual(made.map((u) => u.email).sort());
      expect((await gql(t.app, LIST, { nextToken: 'bogus' }, boss.cookie)).code).toBe('BAD_USER_INPUT');
    });

    it("shows an organization's admin only the admins of their organization and leagues, not even one exact email", async () => {
      const admin = await signedIn(['admin']);
      const coAdmin = await buildUser(t.db);
      const leagueAdmin = await buildUser(t.db);
      const { organization } = await buildOrganization(t.db, {
        adminIds: [admin.id, coAdmin.id],
        leagueAdminIds: [leagueAdmin.id],
      });
      const outsider = await buildUser(t.db, { givenName: 'Outside', familyName: 'Person' });
      const elsewhere = await buildUser(t.db);
      await buildOrganization(t.db, { adminIds: [elsewhere.id] });
      expect(organization.id).toBeTruthy();

      const everyone = await search(admin.cookie, '');
      expect(sorted(everyone.map((u) => u.id))).toEqual(sorted([admin.id, coAdmin.id, leagueAdmin.id]));

      // Nobody outside their scope, not even by the full email: someone new is invited by email.
      expect(await search(admin.cookie, outsider.email.toUpperCase())).toEqual([]);
      expect(await search(admin.cookie, elsewhere.email)).toEqual([]);
      expect(await search(admin.cookie, outsider.email.slice(0, -3))).toEqual([]);
      expect(await search(admin.cookie, 'Outside Person')).toEqual([]);
      expect((await search(admin.cookie, elsewhere.email.split('@')[0] ?? '')).map((u) => u.id)).toEqual([]);

      // Coaches and parents see nobody at all.
      const coach = await signedIn(['coach']);
      expect((await gql(t.app, LIST, {}, coach.cookie)).code).toBe('FORBIDDEN');
    });
  });

  it('follows the spec’s two-step flow: POST /admin-queries/createUser, then createUser with its sub', async () => {
    const boss = await signedIn();
    const email = `two-step-${tag()}@example.test`;
    const rest = await t.app.inject({
      method: 'POST',
      url: '/admin-queries/createUser',
      headers: { cookie: boss.cookie, 'content-type': 'application/json' },
      payload: {
        email,
        username: email,
        temporaryPassword: 'first-day-pitch',
        userAttributes: [
          { Name: 'given_name', Value: 'Two' },
          { Name: 'family_name', Value: 'Step' },
        ],
        group: 'StandardUser',
      },
    });
    expect(rest.statusCode).toBe(200);
    const attributes = rest.json().User.Attributes as { Name: string; Value: string }[];
    const sub = attributes.find((a) => a.Name === 'sub')?.Value;
    expect(sub).toEqual(expect.any(String));

    const res = await gql(
      t.app,
      CREATE,
      { i: { id: sub, email, givenName: ' Twyla ', familyName: 'Step', roles: [] } },
      boss.cookie,
    );
    expect(res.errors).toBeUndefined();
    expect(userOf(res, 'createUser')).toMatchObject({
      id: sub,
      email,
      givenName: 'Twyla',
      familyName: 'Step',
      roles: [],
    });
    expect(await t.db.$count(users, eq(users.email, email))).toBe(1);
    expect(await stored(sub as string)).toMatchObject({ givenName: 'Twyla', familyName: 'Step' });
    // One account, one email with the password.
    expect(t.mailbox.filter((m) => m.to === email)).toHaveLength(1);
    // The id must belong to that email.
    const mismatch = await gql(
      t.app,
      CREATE,
      { i: { id: sub, email: `other-${tag()}@example.test`, givenName: 'X', familyName: 'Y' } },
      boss.cookie,
    );
    expect(mismatch.code).toBe('CONFLICT');
  });
});
