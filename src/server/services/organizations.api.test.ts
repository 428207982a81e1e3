import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { leagues, organizationAdmins, organizations, restRules } from '../db/schema.ts';
import {
  bootTestApp,
  buildLeague,
  buildOrganization,
  buildRestRule,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from '../testing/harness.ts';

const FIELDS = 'id name admins adminUsers { id email givenName familyName } createdAt updatedAt';
const CREATE = `mutation($i: CreateOrganizationInput!) { createOrganization(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($i: UpdateOrganizationInput!) { updateOrganization(input: $i) { ${FIELDS} } }`;
const DELETE = `mutation($i: DeleteOrganizationInput!) { deleteOrganization(input: $i) { ${FIELDS} } }`;
const LIST = `query($limit: Int, $t: String) { listOrganizations(limit: $limit, nextToken: $t) { items { ${FIELDS} } nextToken } }`;

interface Org {
  id: string;
  name: string;
  admins: string[];
  adminUsers: { id: string; email: string; givenName: string; familyName: string }[];
}
interface Page {
  items: Org[];
  nextToken: string | null;
}

const sorted = (ids: string[]) => [...ids].sort();

describe.each(databaseKinds())('organizations on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  async function signedIn(roles: Role[] = ['SuperAdmin'], names: { givenName?: string; familyName?: string } = {}) {
    const user = await buildUser(t.db, { roles, ...names });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { ...user, cookie };
  }

  async function storedAdmins(organizationId: string) {
    const rows = await t.db
      .select({ userId: organizationAdmins.userId })
      .from(organizationAdmins)
      .where(eq(organizationAdmins.organizationId, organizationId));
    return sorted(rows.map((r) => r.userId));
  }

  async function storedOrganization(id: string) {
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, id));
    return row;
  }

  it('creates an organization with its name trimmed and its admins stored, answering ids and names', async () => {
    const boss = await signedIn();
    const ann = await buildUser(t.db, { givenName: 'Ann', familyName: 'Baker' });
    const bo = await buildUser(t.db, { givenName: 'Bo', familyName: 'Chen' });
    const name = `Valley Youth ${randomUUID().slice(0, 6)}`;
    const res = await gql(t.app, CREATE, { i: { name: `   ${name}  `, admins: [bo.id, ann.id] } }, boss.cookie);
    expect(res.errors).toBeUndefined();
    const org = res.data?.createOrganization as Org;
    expect(org.name).toBe(name);
    expect(sorted(org.admins)).toEqual(sorted([ann.id, bo.id]));
    // Admin bubbles come by name, with the email to fall back on.
    expect(org.adminUsers).toEqual([
      { id: ann.id, email: ann.email, givenName: 'Ann', familyName: 'Baker' },
      { id: bo.id, email: bo.email, givenName: 'Bo', familyName: 'Chen' },
    ]);
    expect((await storedOrganization(org.id))?.name).toBe(name);
    expect(await storedAdmins(org.id)).toEqual(sorted([ann.id, bo.id]));
    // Without admins, an empty list.
    const bare = await gql(t.app, CREATE, { i: { name: `Bare ${randomUUID().slice(0, 6)}` } }, boss.cookie);
    expect(dataOf<Org>(bare, 'createOrganization').admins).toEqual([]);
  });

  it("refuses an empty or blank name with the spec's 'Name is required', storing nothing", async () => {
    const boss = await signedIn();
    const before = await t.db.$count(organizations);
    for (const name of ['', '   ']) {
      const res = await gql(t.app, CREATE, { i: { name } }, boss.cookie);
      expect(res.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message).toBe('Name is required');
      expect(res.data?.createOrganization ?? null).toBeNull();
    }
    expect(await t.db.$count(organizations)).toBe(before);
    // Renaming to blank is refused the same way, and the name stays.
    const { organization } = await buildOrganization(t.db);
    const rename = await gql(t.app, UPDATE, { i: { id: organization.id, name: '  ' } }, boss.cookie);
    expect(rename.errors?.[0]?.message).toBe('Name is required');
    expect((await storedOrganization(organization.id))?.name).toBe(organization.name);
  });

  it('renames an organization and replaces its admins; what is left out stays', async () => {
    const boss = await signedIn();
    const [a, b, c] = await Promise.all([buildUser(t.db), buildUser(t.db), buildUser(t.db)]);
    const { organization } = await buildOrganization(t.db, { adminIds: [a.id] });

    const replaced = await gql(t.app, UPDATE, { i: { id: organization.id, admins: [b.id, c.id] } }, boss.cookie);
    expect(replaced.errors).toBeUndefined();
    const org = replaced.data?.updateOrganization as Org;
    expect(org.name).toBe(organization.name);
    expect(sorted(org.admins)).toEqual(sorted([b.id, c.id]));
    expect(await storedAdmins(organization.id)).toEqual(sorted([b.id, c.id]));

    const renamed = await gql(t.app, UPDATE, { i: { id: organization.id, name: ' Lakeside LL ' } }, boss.cookie);
    expect(dataOf<Org>(renamed, 'updateOrganization').name).toBe('Lakeside LL');
    expect(sorted(dataOf<Org>(renamed, 'updateOrganization').admins)).toEqual(sorted([b.id, c.id]));
    expect((await storedOrganization(organization.id))?.name).toBe('Lakeside LL');

    const emptied = await gql(t.app, UPDATE, { i: { id: organization.id, admins: [] } }, boss.cookie);
    expect(dataOf<Org>(emptied, 'updateOrganization').admins).toEqual([]);
    expect(await storedAdmins(organization.id)).toEqual([]);
  });

  it('refuses an unknown admin id and changes nothing', async () => {
    const boss = await signedIn();
    const a = await buildUser(t.db);
    const { organization } = await buildOrganization(t.db, { adminIds: [a.id] });
    const ghost = randomUUID();
    const res = await gql(
      t.app,
      UPDATE,
      { i: { id: organization.id, name: 'Should not stick', admins: [a.id, ghost] } },
      boss.cookie,
    );
    expect(res.code).toBe('NOT_FOUND');
    expect(res.errors?.[0]?.message).toBe('An admin is not a known user');
    expect((await storedOrganization(organization.id))?.name).toBe(organization.name);
    expect(await storedAdmins(organization.id)).toEqual([a.id]);

    const before = await t.db.$count(organizations);
    const created = await gql(t.app, CREATE, { i: { name: 'Ghostly', admins: [ghost] } }, boss.cookie);
    expect(created.code).toBe('NOT_FOUND');
    expect(await t.db.$count(organizations)).toBe(before);
  });

  it('refuses to delete an organization that has leagues, naming them, and deletes nothing', async () => {
    const boss = await signedIn();
    const { organization, league } = await buildOrganization(t.db);
    await buildLeague(t.db, organization.id, { name: 'Minors' });
    const res = await gql(t.app, DELETE, { i: { id: organization.id } }, boss.cookie);
    expect(res.code).toBe('CONFLICT');
    expect(res.errors?.[0]?.message).toBe(
      'This organization still has 2 league(s) (Majors, Minors). Delete its leagues first.',
    );
    expect(res.data?.deleteOrganization ?? null).toBeNull();
    expect(await storedOrganization(organization.id)).toBeDefined();
    expect(await t.db.$count(leagues, eq(leagues.organizationId, organization.id))).toBe(2);
    expect((await t.db.select().from(leagues).where(eq(leagues.id, league.id)))[0]?.name).toBe('Majors');
  });

  it('deletes an organization without leagues, with its admins list and its own rest rules', async () => {
    const boss = await signedIn();
    const a = await buildUser(t.db);
    const created = await gql(t.app, CREATE, { i: { name: 'Short lived', admins: [a.id] } }, boss.cookie);
    const org = created.data?.createOrganization as Org;
    const { rule } = await buildRestRule(t.db, { organizationId: org.id });
    const res = await gql(t.app, DELETE, { i: { id: org.id } }, boss.cookie);
    expect(res.errors).toBeUndefined();
    // It answers the organization as it was.
    expect(res.data?.deleteOrganization).toMatchObject({ id: org.id, name: 'Short lived', admins: [a.id] });
    expect(await storedOrganization(org.id)).toBeUndefined();
    expect(await storedAdmins(org.id)).toEqual([]);
    expect(await t.db.$count(restRules, eq(restRules.id, rule.id))).toBe(0);
    // The admin user themself stays.
    const again = await gql(t.app, DELETE, { i: { id: org.id } }, boss.cookie);
    expect(again.code).toBe('NOT_FOUND');
  });

  it('pages listOrganizations with limit and nextToken, reading every organization exactly once', async () => {
    const boss = await signedIn();
    const mine = await Promise.all(Array.from({ length: 5 }, () => buildOrganization(t.db)));
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const res = await gql(t.app, LIST, { limit: 2, t: token }, boss.cookie);
      expect(res.errors).toBeUndefined();
      const page = res.data?.listOrganizations as Page;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((o) => o.id));
      token = page.nextToken;
      pages++;
    } while (token && pages < 10_000);
    expect(token).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    for (const { organization } of mine) expect(seen).toContain(organization.id);
    expect(seen.length).toBe(await t.db.$count(organizations));
    expect(pages).toBeGreaterThanOrEqual(3);
    // A limit out of bounds or a forged token is the caller's mistake.
    expect((await gql(t.app, LIST, { limit: 0 }, boss.cookie)).code).toBe('BAD_USER_INPUT');
    expect((await gql(t.app, LIST, { limit: 5000 }, boss.cookie)).code).toBe('BAD_USER_INPUT');
    expect((await gql(t.app, LIST, { t: 'not-a-token' }, boss.cookie)).code).toBe('BAD_USER_INPUT');
  });

  it('shows an organization admin only the organizations they administer', async () => {
    const admin = await signedIn(['admin']);
    const a = await buildOrganization(t.db, { adminIds: [admin.id] });
    const b = await buildOrganization(t.db, { adminIds: [admin.id] });
    const other = await buildOrganization(t.db);
    const res = await gql(t.app, LIST, { limit: 1000 }, admin.cookie);
    expect(res.errors).toBeUndefined();
    const ids = dataOf<Page>(res, 'listOrganizations').items.map((o) => o.id);
    expect(sorted(ids)).toEqual(sorted([a.organization.id, b.organization.id]));
    expect(ids).not.toContain(other.organization.id);
    // An admin with no organization sees none.
    const idle = await signedIn(['admin']);
    expect(dataOf<Page>(await gql(t.app, LIST, {}, idle.cookie), 'listOrganizations').items).toEqual([]);
  });

  it('answers NOT_FOUND, never a 500, for a malformed or unknown id', async () => {
    const boss = await signedIn();
    for (const id of ['abc', "1' or '1'='1", '', randomUUID()]) {
      for (const [query, input] of [
        [UPDATE, { id, name: 'x' }],
        [DELETE, { id }],
      ] as const) {
        const res = await gql(t.app, query, { i: input }, boss.cookie);
        expect(res.status).toBe(200);
        expect(res.code).toBe('NOT_FOUND');
        expect(res.errors?.[0]?.message).toBe('Organization not found');
      }
    }
    const nul = await gql(t.app, CREATE, { i: { name: 'Nul\u0000Org' } }, boss.cookie);
    expect(nul.code).toBe('BAD_USER_INPUT');
    expect(nul.errors?.[0]?.message).toMatch(/^Name must be one line/);
    const leaguesOf = await gql(
      t.app,
      'query($o: ID) { listLeagues(filter: { organizationId: { eq: $o } }) { items { id } } }',
      { o: 'abc' },
      boss.cookie,
    );
    expect(leaguesOf.code).toBe('NOT_FOUND');
  });
});
