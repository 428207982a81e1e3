import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { restProfiles, restRules } from '../db/schema.ts';
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

const FIELDS =
  'id name ageGroup global organizationId organizationName pitchLimits { id restRuleId pitchCount daysRest }';
const CREATE = `mutation($i: CreateRestRuleInput!) { createRestRule(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($i: UpdateRestRuleInput!) { updateRestRule(input: $i) { ${FIELDS} } }`;
const DELETE = `mutation($i: DeleteRestRuleInput!) { deleteRestRule(input: $i) { ${FIELDS} } }`;
const LIST = `query($f: RestRuleFilter, $limit: Int, $nextToken: String) {
  listRestRules(filter: $f, limit: $limit, nextToken: $nextToken) { items { ${FIELDS} } nextToken }
}`;
const PROFILE = 'id restRuleId pitchCount daysRest';
const CREATE_PROFILE = `mutation($i: CreateRestProfileInput!) { createRestProfile(input: $i) { ${PROFILE} } }`;
const DELETE_PROFILE = `mutation($i: DeleteRestProfileInput!) { deleteRestProfile(input: $i) { ${PROFILE} } }`;
const LIST_PROFILES = `query($r: ID, $limit: Int, $nextToken: String) {
  listRestProfiles(filter: { restRuleId: { eq: $r } }, limit: $limit, nextToken: $nextToken) {
    items { ${PROFILE} } nextToken
  }
}`;

interface Interval {
  id: string;
  restRuleId: string;
  pitchCount: number;
  daysRest: number;
}
interface Rule {
  id: string;
  name: string;
  ageGroup: string;
  global: boolean;
  organizationId: string | null;
  organizationName: string | null;
  pitchLimits: Interval[];
}

const plain = (list: { pitchCount: number; daysRest: number }[]) =>
  list.map(({ pitchCount, daysRest }) => ({ pitchCount, daysRest }));

const LITTLE_LEAGUE = [
  { pitchCount: 66, daysRest: 3 },
  { pitchCount: 1, daysRest: 0 },
  { pitchCount: 51, daysRest: 2 },
  { pitchCount: 36, daysRest: 1 },
];
const LITTLE_LEAGUE_SORTED = [
  { pitchCount: 1, daysRest: 0 },
  { pitchCount: 36, daysRest: 1 },
  { pitchCount: 51, daysRest: 2 },
  { pitchCount: 66, daysRest: 3 },
];

describe.each(databaseKinds())('rest rules on the %s database', (kind) => {
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

  async function storedRule(id: string) {
    const [row] = await t.db.select().from(restRules).where(eq(restRules.id, id));
    return row;
  }

  async function storedIntervals(restRuleId: string) {
    return t.db
      .select()
      .from(restProfiles)
      .where(eq(restProfiles.restRuleId, restRuleId))
      .orderBy(asc(restProfiles.daysRest));
  }

  const ruleOf = (res: { data?: Record<string, unknown> | null }, field: string) => res.data?.[field] as Rule;

  it('creates a rule with its intervals in one call, answering them sorted by daysRest', async () => {
    const boss = await signedIn();
    const { organization } = await buildOrganization(t.db);
    const res = await gql(
      t.app,
      CREATE,
      {
        i: {
          name: ' Little League ',
          ageGroup: ' 9-10 ',
          global: false,
          organizationId: organization.id,
          pitchLimits: LITTLE_LEAGUE,
        },
      },
      boss.cookie,
    );
    expect(res.errors).toBeUndefined();
    const rule = ruleOf(res, 'createRestRule');
    expect(rule).toMatchObject({
      name: 'Little League',
      ageGroup: '9-10',
      global: false,
      organizationId: organization.id,
      organizationName: organization.name,
    });
    expect(plain(rule.pitchLimits)).toEqual(LITTLE_LEAGUE_SORTED);
    expect(rule.pitchLimits.every((p) => p.restRuleId === rule.id)).toBe(true);
    expect(await storedRule(rule.id)).toMatchObject({ name: 'Little League', organizationId: organization.id });
    expect(plain(await storedIntervals(rule.id))).toEqual(LITTLE_LEAGUE_SORTED);

    const global = await gql(
      t.app,
      CREATE,
      { i: { name: 'House', ageGroup: '11-12', global: true, pitchLimits: [{ pitchCount: 0, daysRest: 0 }] } },
      boss.cookie,
    );
    expect(ruleOf(global, 'createRestRule')).toMatchObject({ global: true, organizationId: null });
  });

  it('refuses a rule without name, age group or intervals, or with bad intervals, and stores nothing', async () => {
    const boss = await signedIn();
    const { organization } = await buildOrganization(t.db);
    const valid = {
      name: 'Rule',
      ageGroup: '9-10',
      global: false,
      organizationId: organization.id,
      pitchLimits: [{ pitchCount: 1, daysRest: 0 }],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Name and Age Group required'],
      [{ name: '   ' }, 'Name and Age Group required'],
      [{ ageGroup: '  ' }, 'Name and Age Group required'],
      [{ pitchLimits: [] }, 'At least one interval required'],
      [{ pitchLimits: [{ pitchCount: 301, daysRest: 1 }] }, 'Pitch count must be 0 to 300 and days rest 0 to 30'],
      [{ pitchLimits: [{ pitchCount: -1, daysRest: 1 }] }, 'Pitch count must be 0 to 300 and days rest 0 to 30'],
      [{ pitchLimits: [{ pitchCount: 20, daysRest: 31 }] }, 'Pitch count must be 0 to 300 and days rest 0 to 30'],
      [{ pitchLimits: [{ pitchCount: 20, daysRest: -2 }] }, 'Pitch count must be 0 to 300 and days rest 0 to 30'],
      [
        {
          pitchLimits: [
            { pitchCount: 20, daysRest: 1 },
            { pitchCount: 20, daysRest: 2 },
          ],
        },
        'Each pitch count may appear only once for the same ages',
      ],
      [{ organizationId: null }, 'Choose the organization of a rule that is not global'],
      [{ global: true }, 'A global rule belongs to no organization'],
    ];
    const before = await t.db.$count(restRules);
    const intervalsBefore = await t.db.$count(restProfiles);
    for (const [change, message] of cases) {
      const res = await gql(t.app, CREATE, { i: { ...valid, ...change } }, boss.cookie);
      expect(res.code, JSON.stringify(change)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message, JSON.stringify(change)).toBe(message);
    }
    // Not whole numbers never reach the server's logic (GraphQL Int), and are no 500 either.
    const fraction = await gql(
      t.app,
      CREATE,
      { i: { ...valid, pitchLimits: [{ pitchCount: 1.5, daysRest: 0 }] } },
      boss.cookie,
    );
    expect(fraction.code).toBe('BAD_USER_INPUT');
    // An organization that does not exist.
    const ghost = await gql(t.app, CREATE, { i: { ...valid, organizationId: randomUUID() } }, boss.cookie);
    expect(ghost.code).toBe('NOT_FOUND');
    expect(await t.db.$count(restRules)).toBe(before);
    expect(await t.db.$count(restProfiles)).toBe(intervalsBefore);
  });

  it('replaces every interval on update with pitchLimits, and keeps them when left out', async () => {
    const boss = await signedIn();
    const { rule, intervals } = await buildRestRule(t.db);
    const res = await gql(
      t.app,
      UPDATE,
      {
        i: {
          id: rule.id,
          name: 'Renamed',
          ageGroup: '13-14',
          global: true,
          pitchLimits: [
            { pitchCount: 41, daysRest: 2 },
            { pitchCount: 21, daysRest: 1 },
            { pitchCount: 61, daysRest: 3 },
          ],
        },
      },
      boss.cookie,
    );
    expect(res.errors).toBeUndefined();
    const updated = ruleOf(res, 'updateRestRule');
    expect(updated).toMatchObject({ name: 'Renamed', ageGroup: '13-14' });
    const expected = [
      { pitchCount: 21, daysRest: 1 },
      { pitchCount: 41, daysRest: 2 },
      { pitchCount: 61, daysRest: 3 },
    ];
    expect(plain(updated.pitchLimits)).toEqual(expected);
    const stored = await storedIntervals(rule.id);
    expect(plain(stored)).toEqual(expected);
    // The old records are gone, not merged.
    for (const old of intervals) expect(stored.map((s) => s.id)).not.toContain(old.id);

    const kept = await gql(
      t.app,
      UPDATE,
      { i: { id: rule.id, name: 'Renamed again', ageGroup: '13-14', global: true } },
      boss.cookie,
    );
    expect(plain(ruleOf(kept, 'updateRestRule').pitchLimits)).toEqual(expected);
    expect((await storedIntervals(rule.id)).map((s) => s.id).sort()).toEqual(stored.map((s) => s.id).sort());
    expect((await storedRule(rule.id))?.name).toBe('Renamed again');
  });

  it('changes nothing when an update’s new intervals are invalid (all or nothing)', async () => {
    const boss = await signedIn();
    const { rule, intervals } = await buildRestRule(t.db, { name: 'Original' });
    for (const pitchLimits of [
      [],
      [
        { pitchCount: 5, daysRest: 0 },
        { pitchCount: 5, daysRest: 1 },
      ],
      [
        { pitchCount: 5, daysRest: 0 },
        { pitchCount: 999, daysRest: 1 },
      ],
    ]) {
      const res = await gql(
        t.app,
        UPDATE,
        { i: { id: rule.id, name: 'Changed', ageGroup: 'Changed', global: true, pitchLimits } },
        boss.cookie,
      );
      expect(res.code).toBe('BAD_USER_INPUT');
      const stored = await storedRule(rule.id);
      expect(stored).toMatchObject({ name: 'Original', ageGroup: rule.ageGroup, updatedAt: rule.updatedAt });
      const left = await storedIntervals(rule.id);
      expect(left.map((i) => i.id).sort()).toEqual(intervals.map((i) => i.id).sort());
      expect(plain(left)).toEqual(plain(intervals));
    }
    // A change that would strand another organization's league is refused as a whole too.
    const [a, b] = [await buildOrganization(t.db), await buildOrganization(t.db)];
    await buildLeague(t.db, b.organization.id, { restRuleId: rule.id });
    const res = await gql(
      t.app,
      UPDATE,
      {
        i: {
          id: rule.id,
          name: 'Changed',
          ageGroup: 'x',
          global: false,
          organizationId: a.organization.id,
          pitchLimits: [{ pitchCount: 10, daysRest: 1 }],
        },
      },
      boss.cookie,
    );
    expect(res.code).toBe('CONFLICT');
    expect(await storedRule(rule.id)).toMatchObject({ name: 'Original', global: true, organizationId: null });
    expect((await storedIntervals(rule.id)).map((i) => i.id).sort()).toEqual(intervals.map((i) => i.id).sort());
  });

  it('refuses to delete a rule a league uses, naming the league; deletes it with its intervals otherwise', async () => {
    const boss = await signedIn();
    const { organization } = await buildOrganization(t.db);
    const { rule } = await buildRestRule(t.db, { organizationId: organization.id });
    const league = await buildLeague(t.db, organization.id, { name: 'Pony League', restRuleId: rule.id });
    const refused = await gql(t.app, DELETE, { i: { id: rule.id } }, boss.cookie);
    expect(refused.code).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toBe(
      'Leagues still use this rest rule (Pony League). Choose another rule for them first.',
    );
    expect(await storedRule(rule.id)).toBeDefined();
    expect(await storedIntervals(rule.id)).toHaveLength(2);

    await gql(
      t.app,
      'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { id } }',
      { i: { id: league.id, version: await versionOf(t.db, 'leagues', league.id), restRuleId: null } },
      boss.cookie,
    );
    const deleted = await gql(t.app, DELETE, { i: { id: rule.id } }, boss.cookie);
    expect(deleted.errors).toBeUndefined();
    expect(ruleOf(deleted, 'deleteRestRule')).toMatchObject({ id: rule.id, name: rule.name });
    expect(await storedRule(rule.id)).toBeUndefined();
    expect(await storedIntervals(rule.id)).toHaveLength(0);
    expect((await gql(t.app, DELETE, { i: { id: rule.id } }, boss.cookie)).code).toBe('NOT_FOUND');
    expect((await gql(t.app, DELETE, { i: { id: 'abc' } }, boss.cookie)).code).toBe('NOT_FOUND');
  });

  it('filters listRestRules on global eq true and on organizationId', async () => {
    const boss = await signedIn();
    const { organization } = await buildOrganization(t.db);
    const global = (await buildRestRule(t.db)).rule;
    const own = (await buildRestRule(t.db, { organizationId: organization.id, name: 'B own' })).rule;
    const own2 = (await buildRestRule(t.db, { organizationId: organization.id, name: 'A own' })).rule;

    const globals = await readAllPages<Rule>(
      t.app,
      LIST,
      'listRestRules',
      { f: { global: { eq: true } } },
      boss.cookie,
    );
    expect(globals.every((r) => r.global)).toBe(true);
    expect(globals.map((r) => r.id)).toContain(global.id);
    expect(globals.map((r) => r.id)).not.toContain(own.id);

    const ofOrg = (await gql(t.app, LIST, { f: { organizationId: { eq: organization.id } } }, boss.cookie)).data
      ?.listRestRules as { items: Rule[] };
    // Sorted by name.
    expect(ofOrg.items.map((r) => r.id)).toEqual([own2.id, own.id]);
    expect(ofOrg.items[0]?.pitchLimits).toHaveLength(2);

    const everything = await readAllPages<Rule>(t.app, LIST, 'listRestRules', {}, boss.cookie, 7);
    const ids = everything.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([global.id, own.id, own2.id]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(await t.db.$count(restRules));
    // Global rules first.
    const firstOrgRule = everything.findIndex((r) => !r.global);
    expect(everything.slice(firstOrgRule).every((r) => !r.global)).toBe(true);
  });

  it("shows an organization's admin global and own rules only, and refuses them every change", async () => {
    const admin = await signedIn(['admin']);
    const { organization } = await buildOrganization(t.db, { adminIds: [admin.id] });
    const other = await buildOrganization(t.db);
    const global = (await buildRestRule(t.db)).rule;
    const own = (await buildRestRule(t.db, { organizationId: organization.id })).rule;
    const foreign = (await buildRestRule(t.db, { organizationId: other.organization.id })).rule;

    const items = await readAllPages<Rule>(t.app, LIST, 'listRestRules', {}, admin.cookie);
    expect(items.map((r) => r.id)).toEqual(expect.arrayContaining([global.id, own.id]));
    expect(items.map((r) => r.id)).not.toContain(foreign.id);
    expect(items.every((r) => r.global || r.organizationId === organization.id)).toBe(true);
    const ownOnly = await gql(t.app, LIST, { f: { organizationId: { eq: organization.id } } }, admin.cookie);
    expect(dataOf<{ items: Rule[] }>(ownOnly, 'listRestRules').items.map((r) => r.id)).toEqual([own.id]);
    const theirs = await gql(t.app, LIST, { f: { organizationId: { eq: other.organization.id } } }, admin.cookie);
    expect(theirs.code).toBe('NOT_FOUND');

    const create = await gql(
      t.app,
      CREATE,
      {
        i: {
          name: 'Mine',
          ageGroup: 'x',
          global: false,
          organizationId: organization.id,
          pitchLimits: [{ pitchCount: 1, daysRest: 0 }],
        },
      },
      admin.cookie,
    );
    expect(create.code).toBe('FORBIDDEN');
    expect(await t.db.$count(restRules, eq(restRules.organizationId, organization.id))).toBe(1);
    const update = await gql(
      t.app,
      UPDATE,
      { i: { id: own.id, name: 'Hacked', ageGroup: 'x', global: false, organizationId: organization.id } },
      admin.cookie,
    );
    expect(update.code).toBe('FORBIDDEN');
    expect((await storedRule(own.id))?.name).toBe(own.name);
    expect((await gql(t.app, DELETE, { i: { id: own.id } }, admin.cookie)).code).toBe('FORBIDDEN');
    expect(await storedRule(own.id)).toBeDefined();
    const [interval] = await storedIntervals(own.id);
    expect(
      (await gql(t.app, CREATE_PROFILE, { i: { restRuleId: own.id, pitchCount: 99, daysRest: 4 } }, admin.cookie)).code,
    ).toBe('FORBIDDEN');
    expect((await gql(t.app, DELETE_PROFILE, { i: { id: interval?.id } }, admin.cookie)).code).toBe('FORBIDDEN');
    expect(await storedIntervals(own.id)).toHaveLength(2);

    // Their interval list: readable rules only.
    const profiles = await gql(t.app, LIST_PROFILES, { r: own.id }, admin.cookie);
    expect(dataOf<{ items: Interval[] }>(profiles, 'listRestProfiles').items).toHaveLength(2);
    expect((await gql(t.app, LIST_PROFILES, { r: foreign.id }, admin.cookie)).code).toBe('NOT_FOUND');
    const allProfiles = await readAllPages<Interval>(t.app, LIST_PROFILES, 'listRestProfiles', {}, admin.cookie);
    const ruleIds = new Set(allProfiles.map((p) => p.restRuleId));
    expect(ruleIds.has(own.id)).toBe(true);
    expect(ruleIds.has(global.id)).toBe(true);
    expect(ruleIds.has(foreign.id)).toBe(false);
  });

  it('adds and removes single intervals; the last interval cannot be removed', async () => {
    const boss = await signedIn();
    const { rule } = await buildRestRule(t.db, { intervals: [{ pitchCount: 1, daysRest: 0 }] });
    const added = await gql(
      t.app,
      CREATE_PROFILE,
      { i: { restRuleId: rule.id, pitchCount: 50, daysRest: 2 } },
      boss.cookie,
    );
    expect(added.errors).toBeUndefined();
    const interval = added.data?.createRestProfile as Interval;
    expect(interval).toMatchObject({ restRuleId: rule.id, pitchCount: 50, daysRest: 2 });
    expect(plain(await storedIntervals(rule.id))).toEqual([
      { pitchCount: 1, daysRest: 0 },
      { pitchCount: 50, daysRest: 2 },
    ]);

    const duplicate = await gql(
      t.app,
      CREATE_PROFILE,
      { i: { restRuleId: rule.id, pitchCount: 50, daysRest: 3 } },
      boss.cookie,
    );
    expect(duplicate.code).toBe('BAD_USER_INPUT');
    expect(duplicate.errors?.[0]?.message).toBe('Each pitch count may appear only once for the same ages');
    const outOfRange = await gql(
      t.app,
      CREATE_PROFILE,
      { i: { restRuleId: rule.id, pitchCount: 400, daysRest: 3 } },
      boss.cookie,
    );
    expect(outOfRange.errors?.[0]?.message).toBe('Pitch count must be 0 to 300 and days rest 0 to 30');
    const noRule = await gql(
      t.app,
      CREATE_PROFILE,
      { i: { restRuleId: randomUUID(), pitchCount: 10, daysRest: 1 } },
      boss.cookie,
    );
    expect(noRule.code).toBe('NOT_FOUND');
    expect(await storedIntervals(rule.id)).toHaveLength(2);

    const removed = await gql(t.app, DELETE_PROFILE, { i: { id: interval.id } }, boss.cookie);
    expect(removed.errors).toBeUndefined();
    expect(removed.data?.deleteRestProfile).toMatchObject({ id: interval.id, pitchCount: 50 });
    const [last] = await storedIntervals(rule.id);
    expect(plain(await storedIntervals(rule.id))).toEqual([{ pitchCount: 1, daysRest: 0 }]);

    const lastOne = await gql(t.app, DELETE_PROFILE, { i: { id: last?.id } }, boss.cookie);
    expect(lastOne.code).toBe('BAD_USER_INPUT');
    expect(lastOne.errors?.[0]?.message).toBe('At least one interval required');
    expect(await storedIntervals(rule.id)).toHaveLength(1);
    expect((await gql(t.app, DELETE_PROFILE, { i: { id: 'abc' } }, boss.cookie)).code).toBe('NOT_FOUND');
  });

  it('filters listRestProfiles on restRuleId', async () => {
    const boss = await signedIn();
    const a = await buildRestRule(t.db, {
      intervals: [
        { pitchCount: 61, daysRest: 3 },
        { pitchCount: 1, daysRest: 0 },
        { pitchCount: 31, daysRest: 1 },
      ],
    });
    const b = await buildRestRule(t.db);
    const res = await gql(t.app, LIST_PROFILES, { r: a.rule.id }, boss.cookie);
    expect(res.errors).toBeUndefined();
    const items = dataOf<{ items: Interval[] }>(res, 'listRestProfiles').items;
    expect(items.every((p) => p.restRuleId === a.rule.id)).toBe(true);
    expect(plain(items)).toEqual([
      { pitchCount: 1, daysRest: 0 },
      { pitchCount: 31, daysRest: 1 },
      { pitchCount: 61, daysRest: 3 },
    ]);
    const all = await readAllPages<Interval>(t.app, LIST_PROFILES, 'listRestProfiles', {}, boss.cookie);
    const ids = all.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([...a.intervals, ...b.intervals].map((p) => p.id)));
    expect((await gql(t.app, LIST_PROFILES, { r: 'abc' }, boss.cookie)).code).toBe('NOT_FOUND');
  });

  it('stores the whole rule the engine reads, keeps what an update leaves out, and clears a limit sent as null', async () => {
    const boss = await signedIn();
    const FULL = `id unit finishBatter intentionalWalkPitches maxGamesPerDay maxConsecutiveDays
      ageBasis { kind month day yearOffset } dailyLimits { minAge maxAge max }
      windows { unit period weekStartsOn days max minAge maxAge }
      catcher { noCatchingAfterPitches noPitchingAfterCaughtInnings noCatchingAgainAfterPitches }
      pitchLimits { pitchCount daysRest minAge maxAge }`;
    const input = {
      name: 'Division rule',
      ageGroup: '9-16',
      global: true,
      unit: 'pitches',
      ageBasis: { kind: 'cutoff', month: 8, day: 31, yearOffset: 0 },
      dailyLimits: [
        { minAge: 9, maxAge: 12, max: 85 },
        { minAge: 13, maxAge: 16, max: 95 },
      ],
      finishBatter: true,
      intentionalWalkPitches: 4,
      maxGamesPerDay: 1,
      maxConsecutiveDays: 2,
      windows: [{ unit: 'outs', period: 'week', weekStartsOn: 1, max: 30 }],
      catcher: { noCatchingAfterPitches: 41, noPitchingAfterCaughtInnings: 4, noCatchingAgainAfterPitches: 21 },
      pitchLimits: [
        { pitchCount: 1, daysRest: 0, maxAge: 14 },
        { pitchCount: 21, daysRest: 1, maxAge: 14 },
        { pitchCount: 1, daysRest: 0, minAge: 15 },
        { pitchCount: 31, daysRest: 1, minAge: 15 },
      ],
    };
    const created = dataOf<Record<string, unknown> & { id: string }>(
      await gql(
        t.app,
        `mutation($i: CreateRestRuleInput!) { createRestRule(input: $i) { ${FULL} } }`,
        { i: input },
        boss.cookie,
      ),
      'createRestRule',
    );
    expect(created).toMatchObject({
      unit: 'pitches',
      finishBatter: true,
      maxGamesPerDay: 1,
      dailyLimits: input.dailyLimits,
      windows: [{ unit: 'outs', period: 'week', weekStartsOn: 1, days: null, max: 30, minAge: null, maxAge: null }],
      catcher: input.catcher,
    });
    expect(created.pitchLimits).toContainEqual({ pitchCount: 1, daysRest: 0, minAge: 15, maxAge: null });
    const UPDATE_FULL = `mutation($i: UpdateRestRuleInput!) { updateRestRule(input: $i) { ${FULL} } }`;
    // Renaming alone keeps every limit.
    const renamed = dataOf<Record<string, unknown>>(
      await gql(
        t.app,
        UPDATE_FULL,
        { i: { id: created.id, name: 'Renamed', ageGroup: '9-16', global: true } },
        boss.cookie,
      ),
      'updateRestRule',
    );
    expect(renamed).toMatchObject({ maxGamesPerDay: 1, maxConsecutiveDays: 2, finishBatter: true });
    expect(renamed.pitchLimits).toHaveLength(4);
    // An explicit null switches a limit off.
    const cleared = dataOf<Record<string, unknown>>(
      await gql(
        t.app,
        UPDATE_FULL,
        {
          i: {
            id: created.id,
            name: 'Renamed',
            ageGroup: '9-16',
            global: true,
            maxGamesPerDay: null,
            maxConsecutiveDays: null,
          },
        },
        boss.cookie,
      ),
      'updateRestRule',
    );
    expect(cleared).toMatchObject({ maxGamesPerDay: null, maxConsecutiveDays: null, finishBatter: true });
    // The engine's schema judges the whole rule: less rest for more pitches at some age is refused.
    const worse = await gql(
      t.app,
      UPDATE_FULL,
      {
        i: {
          id: created.id,
          name: 'Renamed',
          ageGroup: '9-16',
          global: true,
          pitchLimits: [
            { pitchCount: 1, daysRest: 2 },
            { pitchCount: 40, daysRest: 1 },
          ],
        },
      },
      boss.cookie,
    );
    expect(worse.code).toBe('BAD_USER_INPUT');
    expect(worse.errors?.[0]?.message).toMatch(/more pitches must never owe less rest/);
    const week = await gql(
      t.app,
      UPDATE_FULL,
      {
        i: {
          id: created.id,
          name: 'Renamed',
          ageGroup: '9-16',
          global: true,
          windows: [{ unit: 'outs', period: 'week', max: 30 }],
        },
      },
      boss.cookie,
    );
    expect(week.errors?.[0]?.message).toMatch(/weekStartsOn/);
    expect((await storedIntervals(created.id)).length).toBe(4);
  });

  it('ships the presets once: a second start adds nothing, and a deleted preset stays deleted', async () => {
    const { ensurePresetRules } = await import('../db/preset-rules.ts');
    const first = await ensurePresetRules(t.db);
    expect([...first.keys()].sort()).toEqual([
      'babe-ruth-tournament',
      'cif-california-varsity',
      'little-league-baseball',
      'little-league-softball',
      'pitch-smart',
      'pony',
      'uil-texas-varsity',
    ]);
    const again = await ensurePresetRules(t.db);
    expect(again).toEqual(first);
    const boss = await signedIn();
    const pony = first.get('pony') as string;
    expect((await gql(t.app, DELETE, { i: { id: pony } }, boss.cookie)).errors).toBeUndefined();
    const after = await ensurePresetRules(t.db);
    expect(after.has('pony')).toBe(false);
    expect(await storedRule(pony)).toBeUndefined();
  });
});
