import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { leagueAdmins, leagues } from '../db/schema.ts';
import {
  bootTestApp,
  buildLeague,
  buildOrganization,
  buildRestRule,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  readAllPages,
  signIn,
  type TestApp,
  versionOf,
} from '../testing/harness.ts';

const FIELDS = `id name organizationId admins adminUsers { id email givenName familyName } restRuleId
  restRule { id name global organizationId pitchLimits { id restRuleId pitchCount daysRest } }`;
const CREATE = `mutation($i: CreateLeagueInput!) { createLeague(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { ${FIELDS} } }`;
const DELETE = `mutation($i: DeleteLeagueInput!) { deleteLeague(input: $i) { ${FIELDS} } }`;
const INVITE = `mutation($i: InviteLeagueAdminInput!) { inviteLeagueAdmin(input: $i) { ${FIELDS} } }`;
const LIST = `query($o: ID, $limit: Int, $nextToken: String) {
  listLeagues(filter: { organizationId: { eq: $o } }, limit: $limit, nextToken: $nextToken) {
    items { ${FIELDS} } nextToken
  }
}`;

interface League {
  id: string;
  name: string;
  organizationId: string;
  admins: string[];
  adminUsers: { id: string }[];
  restRuleId: string | null;
  restRule: {
    id: string;
    name: string;
    global: boolean;
    organizationId: string | null;
    pitchLimits: { pitchCount: number; daysRest: number }[];
  } | null;
}

const sorted = (ids: string[]) => [...ids].sort();

describe.each(databaseKinds())('leagues on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  async function signedIn(roles: Role[] = ['SuperAdmin']) {
    const user = await buildUser(t.db, { roles });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { ...user, cookie };
  }

  /** An admin of a fresh organization (which comes with its league 'Majors'). */
  async function organizationAdmin() {
    const admin = await signedIn(['admin']);
    const { organization, league } = await buildOrganization(t.db, { adminIds: [admin.id] });
    return { admin, organization, league };
  }

  async function stored(id: string) {
    const [row] = await t.db.select().from(leagues).where(eq(leagues.id, id));
    return row;
  }

  async function storedAdmins(leagueId: string) {
    const rows = await t.db.select().from(leagueAdmins).where(eq(leagueAdmins.leagueId, leagueId));
    return sorted(rows.map((r) => r.userId));
  }

  const leagueOf = (res: { data?: Record<string, unknown> | null }, field: string) => res.data?.[field] as League;

  it('lets SuperAdmin create, update and delete a league, storing each change', async () => {
    const boss = await signedIn();
    const [a, b] = await Promise.all([buildUser(t.db), buildUser(t.db)]);
    const { organization } = await buildOrganization(t.db);
    const { rule } = await buildRestRule(t.db);

    const created = await gql(
      t.app,
      CREATE,
      { i: { name: '  Minors  ', organizationId: organization.id, admins: [a.id], restRuleId: rule.id } },
      boss.cookie,
    );
    expect(created.errors).toBeUndefined();
    const league = leagueOf(created, 'createLeague');
    expect(league).toMatchObject({
      name: 'Minors',
      organizationId: organization.id,
      admins: [a.id],
      restRuleId: rule.id,
    });
    expect(league.restRule?.id).toBe(rule.id);
    expect(await stored(league.id)).toMatchObject({
      name: 'Minors',
      organizationId: organization.id,
      restRuleId: rule.id,
    });
    expect(await storedAdmins(league.id)).toEqual([a.id]);

    const updated = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', league.id), id: league.id, name: 'Juniors', admins: [b.id] } },
      boss.cookie,
    );
    expect(updated.errors).toBeUndefined();
    expect(leagueOf(updated, 'updateLeague')).toMatchObject({ name: 'Juniors', admins: [b.id], restRuleId: rule.id });
    expect((await stored(league.id))?.name).toBe('Juniors');
    expect(await storedAdmins(league.id)).toEqual([b.id]);

    const deleted = await gql(t.app, DELETE, { i: { id: league.id } }, boss.cookie);
    expect(deleted.errors).toBeUndefined();
    expect(leagueOf(deleted, 'deleteLeague')).toMatchObject({ id: league.id, name: 'Juniors' });
    expect(await stored(league.id)).toBeUndefined();
    expect(await storedAdmins(league.id)).toEqual([]);
  });

  it("refuses a blank league name with 'Name is required'", async () => {
    const boss = await signedIn();
    const { organization, league } = await buildOrganization(t.db);
    const before = await t.db.$count(leagues, eq(leagues.organizationId, organization.id));
    const created = await gql(t.app, CREATE, { i: { name: '   ', organizationId: organization.id } }, boss.cookie);
    expect(created.code).toBe('BAD_USER_INPUT');
    expect(created.errors?.[0]?.message).toBe('Name is required');
    expect(await t.db.$count(leagues, eq(leagues.organizationId, organization.id))).toBe(before);
    const renamed = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', league.id), id: league.id, name: '' } },
      boss.cookie,
    );
    expect(renamed.errors?.[0]?.message).toBe('Name is required');
    expect((await stored(league.id))?.name).toBe('Majors');
  });

  it('keeps league names unique in an organization, whatever the case, and at once on two writes', async () => {
    const boss = await signedIn();
    const { organization, league } = await buildOrganization(t.db);
    const other = await buildOrganization(t.db);
    const create = (name: string, organizationId = organization.id) =>
      gql(t.app, CREATE, { i: { name, organizationId } }, boss.cookie);
    expect((await create('Juniors')).errors).toBeUndefined();
    const twin = await create(' juniors ');
    expect(twin.code).toBe('CONFLICT');
    expect(twin.errors?.[0]?.message).toBe('This organization already has a league named juniors');
    // Renaming onto a taken name is refused and changes nothing; another organization may use it.
    const renamed = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', league.id), id: league.id, name: 'JUNIORS' } },
      boss.cookie,
    );
    expect(renamed.errors?.[0]?.message).toBe('This organization already has a league named JUNIORS');
    expect((await stored(league.id))?.name).toBe('Majors');
    expect((await create('Juniors', other.organization.id)).errors).toBeUndefined();
    // Two at once: one is stored.
    const both = await Promise.all([create('Seniors'), create('Seniors')]);
    expect(both.filter((r) => r.errors === undefined)).toHaveLength(1);
    expect(both.find((r) => r.errors)?.code).toBe('CONFLICT');
    const names = (await t.db.select().from(leagues).where(eq(leagues.organizationId, organization.id))).map(
      (l) => l.name,
    );
    expect(names.sort()).toEqual(['Juniors', 'Majors', 'Seniors']);
  });

  it("lets an organization's admin create, update and delete its leagues", async () => {
    const { admin, organization } = await organizationAdmin();
    const helper = await buildUser(t.db);
    const created = await gql(t.app, CREATE, { i: { name: 'Seniors', organizationId: organization.id } }, admin.cookie);
    expect(created.errors).toBeUndefined();
    const league = leagueOf(created, 'createLeague');
    expect(league).toMatchObject({ name: 'Seniors', organizationId: organization.id, admins: [], restRuleId: null });
    expect(league.restRule).toBeNull();
    expect((await stored(league.id))?.organizationId).toBe(organization.id);

    // Someone outside the organization is not theirs to name; an invitation by email brings them in.
    const named = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', league.id), id: league.id, admins: [helper.id] } },
      admin.cookie,
    );
    expect(named.code).toBe('NOT_FOUND');
    expect(await storedAdmins(league.id)).toEqual([]);
    const invited = await gql(
      t.app,
      INVITE,
      { i: { leagueId: league.id, email: helper.email, givenName: 'Helper', familyName: 'Person' } },
      admin.cookie,
    );
    expect(invited.errors).toBeUndefined();
    // They have an account elsewhere: invited, and an admin once they accept (decision 0049).
    expect(leagueOf(invited, 'inviteLeagueAdmin').admins).toEqual([]);
    await acceptAll(t.app, (await signIn(t.app, helper.email, helper.password)).cookie);
    expect(await storedAdmins(league.id)).toEqual([helper.id]);
    const updated = await gql(
      t.app,
      UPDATE,
      {
        i: {
          version: await versionOf(t.db, 'leagues', league.id),
          id: league.id,
          name: 'Seniors East',
          admins: [helper.id],
        },
      },
      admin.cookie,
    );
    expect(updated.errors).toBeUndefined();
    expect(leagueOf(updated, 'updateLeague')).toMatchObject({ name: 'Seniors East', admins: [helper.id] });
    expect(await storedAdmins(league.id)).toEqual([helper.id]);

    const deleted = await gql(t.app, DELETE, { i: { id: league.id } }, admin.cookie);
    expect(deleted.errors).toBeUndefined();
    expect(await stored(league.id)).toBeUndefined();
  });

  it("takes a global rule or one of the organization's own, and refuses another organization's rule", async () => {
    const boss = await signedIn();
    const { admin, organization, league } = await organizationAdmin();
    const other = await buildOrganization(t.db);
    const global = (await buildRestRule(t.db)).rule;
    const own = (await buildRestRule(t.db, { organizationId: organization.id })).rule;
    const foreign = (await buildRestRule(t.db, { organizationId: other.organization.id })).rule;

    const toGlobal = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', league.id), id: league.id, restRuleId: global.id } },
      admin.cookie,
    );
    expect(toGlobal.errors).toBeUndefined();
    expect(leagueOf(toGlobal, 'updateLeague').restRule).toMatchObject({ id: global.id, global: true });
    const toOwn = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', league.id), id: league.id, restRuleId: own.id } },
      admin.cookie,
    );
    expect(toOwn.errors).toBeUndefined();
    expect(leagueOf(toOwn, 'updateLeague').restRule).toMatchObject({ id: own.id, organizationId: organization.id });
    expect((await stored(league.id))?.restRuleId).toBe(own.id);

    // An admin is not told the other organization's rule exists.
    const byAdmin = await gql(
      t.app,
      UPDATE,
      {
        i: {
          version: await versionOf(t.db, 'leagues', league.id),
          id: league.id,
          name: 'Sneaky',
          restRuleId: foreign.id,
        },
      },
      admin.cookie,
    );
    expect(byAdmin.code).toBe('NOT_FOUND');
    expect(byAdmin.errors?.[0]?.message).toBe('Rest rule not found');
    // SuperAdmin is told why.
    const bySuperAdmin = await gql(
      t.app,
      UPDATE,
      {
        i: {
          version: await versionOf(t.db, 'leagues', league.id),
          id: league.id,
          name: 'Sneaky',
          restRuleId: foreign.id,
        },
      },
      boss.cookie,
    );
    expect(bySuperAdmin.code).toBe('BAD_USER_INPUT');
    expect(bySuperAdmin.errors?.[0]?.message).toMatch(/global rule or one of its own organization's rules/);
    // The league is unchanged.
    expect(await stored(league.id)).toMatchObject({ name: 'Majors', restRuleId: own.id });

    // Creating a league with another organization's rule is refused too, and creates nothing.
    const before = await t.db.$count(leagues, eq(leagues.organizationId, organization.id));
    const createdByAdmin = await gql(
      t.app,
      CREATE,
      { i: { name: 'Nope', organizationId: organization.id, restRuleId: foreign.id } },
      admin.cookie,
    );
    expect(createdByAdmin.code).toBe('NOT_FOUND');
    const createdBySuperAdmin = await gql(
      t.app,
      CREATE,
      { i: { name: 'Nope', organizationId: organization.id, restRuleId: foreign.id } },
      boss.cookie,
    );
    expect(createdBySuperAdmin.code).toBe('BAD_USER_INPUT');
    expect(await t.db.$count(leagues, eq(leagues.organizationId, organization.id))).toBe(before);
    // A rule id that names nothing.
    const unknown = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', league.id), id: league.id, restRuleId: randomUUID() } },
      boss.cookie,
    );
    expect(unknown.code).toBe('NOT_FOUND');
    expect((await stored(league.id))?.restRuleId).toBe(own.id);
  });

  it('clears the rule with restRuleId: null and keeps it when the field is left out', async () => {
    const boss = await signedIn();
    const { organization } = await buildOrganization(t.db);
    const { rule } = await buildRestRule(t.db);
    const league = await buildLeague(t.db, organization.id, { restRuleId: rule.id });

    const renamed = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', league.id), id: league.id, name: 'Kept rule' } },
      boss.cookie,
    );
    expect(leagueOf(renamed, 'updateLeague')).toMatchObject({ name: 'Kept rule', restRuleId: rule.id });
    expect((await stored(league.id))?.restRuleId).toBe(rule.id);

    const cleared = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', league.id), id: league.id, restRuleId: null } },
      boss.cookie,
    );
    expect(cleared.errors).toBeUndefined();
    expect(leagueOf(cleared, 'updateLeague')).toMatchObject({ name: 'Kept rule', restRuleId: null, restRule: null });
    expect((await stored(league.id))?.restRuleId).toBeNull();
  });

  it('filters listLeagues on organizationId', async () => {
    const boss = await signedIn();
    const a = await buildOrganization(t.db);
    const minors = await buildLeague(t.db, a.organization.id, { name: 'Minors' });
    const b = await buildOrganization(t.db);
    const res = await gql(t.app, LIST, { o: a.organization.id }, boss.cookie);
    expect(res.errors).toBeUndefined();
    const items = dataOf<{ items: League[] }>(res, 'listLeagues').items;
    expect(items.map((l) => l.id)).toEqual([a.league.id, minors.id]);
    expect(items.map((l) => l.name)).toEqual(['Majors', 'Minors']);
    const allIds = (await readAllPages<League>(t.app, LIST, 'listLeagues', {}, boss.cookie)).map((l) => l.id);
    expect(allIds).toEqual(expect.arrayContaining([a.league.id, minors.id, b.league.id]));
  });

  it("refuses an organization's admin every league of another organization, ids smuggled or not", async () => {
    const { admin, organization, league } = await organizationAdmin();
    const other = await buildOrganization(t.db);

    const listed = await gql(t.app, LIST, { o: other.organization.id }, admin.cookie);
    expect(listed.code).toBe('NOT_FOUND');
    expect(listed.data?.listLeagues ?? null).toBeNull();
    // Without a filter: only their own organization's leagues.
    const mine = await gql(t.app, LIST, {}, admin.cookie);
    expect(dataOf<{ items: League[] }>(mine, 'listLeagues').items.map((l) => l.id)).toEqual([league.id]);
    const ownFilter = await gql(t.app, LIST, { o: organization.id }, admin.cookie);
    expect(dataOf<{ items: League[] }>(ownFilter, 'listLeagues').items.map((l) => l.id)).toEqual([league.id]);

    const update = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', other.league.id), id: other.league.id, name: 'Taken over' } },
      admin.cookie,
    );
    expect(update.code).toBe('NOT_FOUND');
    const remove = await gql(t.app, DELETE, { i: { id: other.league.id } }, admin.cookie);
    expect(remove.code).toBe('NOT_FOUND');
    const create = await gql(
      t.app,
      CREATE,
      { i: { name: 'Planted', organizationId: other.organization.id } },
      admin.cookie,
    );
    expect(create.code).toBe('NOT_FOUND');
    expect(await stored(other.league.id)).toMatchObject({ name: 'Majors', organizationId: other.organization.id });
    expect(await t.db.$count(leagues, eq(leagues.organizationId, other.organization.id))).toBe(1);
  });

  it("lets a league's admin edit that league, but not delete it or add leagues", async () => {
    const leagueAdmin = await signedIn([]);
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [leagueAdmin.id] });
    const sibling = await buildLeague(t.db, organization.id, { name: 'Minors' });
    const { rule } = await buildRestRule(t.db, { organizationId: organization.id });

    const updated = await gql(
      t.app,
      UPDATE,
      {
        i: {
          version: await versionOf(t.db, 'leagues', league.id),
          id: league.id,
          name: 'Majors North',
          restRuleId: rule.id,
        },
      },
      leagueAdmin.cookie,
    );
    expect(updated.errors).toBeUndefined();
    expect(leagueOf(updated, 'updateLeague')).toMatchObject({ name: 'Majors North', restRuleId: rule.id });
    expect(await stored(league.id)).toMatchObject({ name: 'Majors North', restRuleId: rule.id });

    // Only their own league: a sibling in the same organization is out of reach.
    const siblingUpdate = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'leagues', sibling.id), id: sibling.id, name: 'Nope' } },
      leagueAdmin.cookie,
    );
    expect(siblingUpdate.code).toBe('NOT_FOUND');
    expect((await stored(sibling.id))?.name).toBe('Minors');

    const remove = await gql(t.app, DELETE, { i: { id: league.id } }, leagueAdmin.cookie);
    expect(remove.code).toBe('FORBIDDEN');
    expect(await stored(league.id)).toBeDefined();
    const create = await gql(
      t.app,
      CREATE,
      { i: { name: 'Extra', organizationId: organization.id } },
      leagueAdmin.cookie,
    );
    expect(create.code).toBe('FORBIDDEN');
    expect(await t.db.$count(leagues, eq(leagues.organizationId, organization.id))).toBe(2);

    // Their list shows their league only.
    const list = await gql(t.app, LIST, { o: organization.id }, leagueAdmin.cookie);
    expect(dataOf<{ items: League[] }>(list, 'listLeagues').items.map((l) => l.id)).toEqual([league.id]);
  });

  it("answers the league's rest rule with its intervals sorted by daysRest", async () => {
    const boss = await signedIn();
    const { organization } = await buildOrganization(t.db);
    const { rule } = await buildRestRule(t.db, {
      organizationId: organization.id,
      intervals: [
        { pitchCount: 76, daysRest: 4 },
        { pitchCount: 1, daysRest: 0 },
        { pitchCount: 51, daysRest: 2 },
        { pitchCount: 66, daysRest: 3 },
        { pitchCount: 36, daysRest: 1 },
      ],
    });
    const created = await gql(
      t.app,
      CREATE,
      { i: { name: 'Sorted', organizationId: organization.id, restRuleId: rule.id } },
      boss.cookie,
    );
    const expected = [
      { pitchCount: 1, daysRest: 0 },
      { pitchCount: 36, daysRest: 1 },
      { pitchCount: 51, daysRest: 2 },
      { pitchCount: 66, daysRest: 3 },
      { pitchCount: 76, daysRest: 4 },
    ];
    const pitchLimits = leagueOf(created, 'createLeague').restRule?.pitchLimits;
    expect(pitchLimits?.map(({ pitchCount, daysRest }) => ({ pitchCount, daysRest }))).toEqual(expected);
    const listed = await gql(t.app, LIST, { o: organization.id }, boss.cookie);
    const league = dataOf<{ items: League[] }>(listed, 'listLeagues').items.find((l) => l.name === 'Sorted');
    expect(league?.restRule?.pitchLimits.map(({ pitchCount, daysRest }) => ({ pitchCount, daysRest }))).toEqual(
      expected,
    );
  });

  it('answers NOT_FOUND, never a 500, for malformed league and organization ids', async () => {
    const boss = await signedIn();
    for (const id of ['abc', '', randomUUID()]) {
      expect(
        (await gql(t.app, UPDATE, { i: { version: await versionOf(t.db, 'leagues', id), id, name: 'x' } }, boss.cookie))
          .code,
      ).toBe('NOT_FOUND');
      expect((await gql(t.app, DELETE, { i: { id } }, boss.cookie)).code).toBe('NOT_FOUND');
      const created = await gql(t.app, CREATE, { i: { name: 'x', organizationId: id } }, boss.cookie);
      expect(created.code).toBe('NOT_FOUND');
    }
  });
});

/** The person accepts every invitation they hold. */
async function acceptAll(app: TestApp['app'], cookie: string) {
  const mine = await gql(app, '{ myInvitations { id } }', {}, cookie);
  for (const { id } of dataOf<{ id: string }[]>(mine, 'myInvitations')) {
    dataOf(
      await gql(
        app,
        'mutation($i: RespondToInvitationInput!) { respondToInvitation(input: $i) { id } }',
        { i: { id, accept: true } },
        cookie,
      ),
      'respondToInvitation',
    );
  }
}
