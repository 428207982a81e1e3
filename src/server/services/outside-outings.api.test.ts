import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/local-date.ts';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { leagues, organizations, outsideOutings, players } from '../db/schema.ts';
import {
  bootTestApp,
  buildOrganization,
  buildPlayer,
  buildSeason,
  buildTeam,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  TEST_NOW,
  type TestApp,
} from '../testing/harness.ts';

const REPORT = `mutation($i: CreateOutsideOutingInput!) { createOutsideOuting(input: $i) {
  id playerName date description pitches innings reportedByName } }`;
const LIST =
  'query($p: ID) { listOutsideOutings(filter: { playerId: { eq: $p } }) { items { id description pitches } } }';
const VIOLATIONS = '{ listViolations { items { code date playerName } } }';

describe.each(databaseKinds())('outside outings reported by parents on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;

  async function buildWorld() {
    const presets = await ensurePresetRules(t.db);
    const coach = await buildUser(t.db);
    const admin = await buildUser(t.db);
    const parent = await buildUser(t.db, { givenName: 'Pat', familyName: 'Parent' });
    const stranger = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, { startDate: '2026-09-01', endDate: '2026-12-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const ava = await buildPlayer(t.db, organization.id, {
      firstName: 'Ava',
      birthDate: '2015-06-01',
      teamIds: [tigers.id],
      guardianIds: [parent.id],
    });
    await buildPlayer(t.db, organization.id, { teamIds: [tigers.id], guardianIds: [stranger.id] });
    const cookie = async (u: { email: string; password: string }) => (await signIn(t.app, u.email, u.password)).cookie;
    return {
      tigers,
      ava,
      coach: await cookie(coach),
      admin: await cookie(admin),
      parent: await cookie(parent),
      stranger: await cookie(stranger),
    };
  }

  beforeAll(async () => {
    t = await bootTestApp(kind);
    w = await buildWorld();
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.set(TEST_NOW));

  it('a travel game a parent reports counts for rest in the league game after it, and shows as theirs', async () => {
    // Reported the week of the travel game: a parent reports pitching of the past year, not older.
    t.clock.set(new Date('2026-10-05T16:00:00Z'));
    const input = {
      id: randomUUID(),
      playerId: w.ava.id,
      date: '2026-10-03',
      description: 'Travel team vs Eagles',
      pitches: 70,
      innings: 4,
    };
    const reported = dataOf<{ innings: number; reportedByName: string }>(
      await gql(t.app, REPORT, { i: input }, w.parent),
      'createOutsideOuting',
    );
    expect(reported).toMatchObject({ innings: 4, reportedByName: 'Pat Parent', pitches: 70 });
    // Sent again (the answer was lost): stored once. Another entry under the same id: refused.
    expect((await gql(t.app, REPORT, { i: input }, w.parent)).errors).toBeUndefined();
    expect(await t.db.select().from(outsideOutings).where(eq(outsideOutings.id, input.id))).toHaveLength(1);
    expect((await gql(t.app, REPORT, { i: { ...input, pitches: 71 } }, w.parent)).code).toBe('CONFLICT');

    // The league game the next day: 70 pitches owed 4 days, so pitching on October 4 breaks the rule.
    const game = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: '2026-10-04', homeTeamId: w.tigers.id, opponentName: 'Visitors' } },
        w.coach,
      ),
      'createGame',
    );
    const outing = await gql(
      t.app,
      'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
      { i: { id: randomUUID(), gameId: game.id, playerId: w.ava.id, teamId: w.tigers.id, pitches: 20 } },
      w.coach,
    );
    expect(outing.errors).toBeUndefined();
    const found = dataOf<{ items: { code: string; date: string }[] }>(
      await gql(t.app, VIOLATIONS, {}, w.admin),
      'listViolations',
    );
    expect(found.items).toEqual([expect.objectContaining({ code: 'PITCHED_BEFORE_ELIGIBLE', date: '2026-10-04' })]);

    // The coach and the admin see the report; the status marks it as a parent's.
    for (const cookie of [w.coach, w.admin]) {
      const seen = dataOf<{ items: { id: string }[] }>(
        await gql(t.app, LIST, { p: w.ava.id }, cookie),
        'listOutsideOutings',
      );
      expect(seen.items.map((o) => o.id)).toEqual([input.id]);
    }
    const status = dataOf<{
      pitchers: { recentOutings: { date: string; teamName: string; reportedByParent: boolean }[] }[];
    }>(
      await gql(
        t.app,
        'query($p: ID) { pitcherStatus(playerId: $p, date: "2026-10-04") { pitchers { recentOutings { date teamName reportedByParent } } } }',
        { p: w.ava.id },
        w.parent,
      ),
      'pitcherStatus',
    );
    expect(status.pitchers[0]?.recentOutings).toContainEqual({
      date: '2026-10-03',
      teamName: 'Travel team vs Eagles',
      reportedByParent: true,
    });

    // Deleting the report takes the violation with it (nobody had acted on it).
    const DELETE = 'mutation($i: DeleteOutsideOutingInput!) { deleteOutsideOuting(input: $i) { deleted } }';
    expect(dataOf(await gql(t.app, DELETE, { i: { id: input.id } }, w.parent), 'deleteOutsideOuting')).toEqual({
      deleted: true,
    });
    expect(dataOf<{ items: unknown[] }>(await gql(t.app, VIOLATIONS, {}, w.admin), 'listViolations').items).toEqual([]);
  });

  it('takes the organization’s today, not the parent’s: the day after it is refused, saying which day is today', async () => {
    const [organization] = await t.db
      .select({ timeZone: organizations.timeZone })
      .from(organizations)
      .innerJoin(players, eq(players.organizationId, organizations.id))
      .where(eq(players.id, w.ava.id));
    const today = todayIn(organization?.timeZone ?? 'UTC');
    const ok = { id: randomUUID(), playerId: w.ava.id, date: today, description: 'Travel team', pitches: 12 };
    expect((await gql(t.app, REPORT, { i: ok }, w.parent)).errors).toBeUndefined();
    // A parent in a time zone ahead of the league's (Kiritimati, UTC+14) is already on the next day: still refused.
    const tomorrow = { ...ok, id: randomUUID(), date: addDays(today, 1) };
    expect((await gql(t.app, REPORT, { i: tomorrow }, w.parent)).errors?.[0]?.message).toBe(
      `The date cannot be after today (${today} on the league's calendar)`,
    );
    expect(await t.db.select().from(outsideOutings).where(eq(outsideOutings.id, tomorrow.id))).toEqual([]);
    // The child's record says the same today: the latest date the form may offer.
    const children = dataOf<{ items: { id: string; organizationToday: string }[] }>(
      await gql(t.app, '{ listPlayers { items { id organizationToday } } }', {}, w.parent),
      'listPlayers',
    ).items;
    expect(children.find((c) => c.id === w.ava.id)?.organizationToday).toBe(today);
  });

  it('refuses a future date, an empty entry and another family’s child', async () => {
    const base = { id: randomUUID(), playerId: w.ava.id, date: '2099-01-01', description: 'School', pitches: 10 };
    expect((await gql(t.app, REPORT, { i: base }, w.parent)).errors?.[0]?.message).toMatch(
      /^The date cannot be after today \(\d{4}-\d{2}-\d{2} on the league's calendar\)$/,
    );
    expect(
      (await gql(t.app, REPORT, { i: { ...base, date: '2026-10-01', pitches: 0 } }, w.parent)).errors?.[0]?.message,
    ).toBe('Enter the pitches or the innings pitched');
    expect(
      (await gql(t.app, REPORT, { i: { ...base, date: '2026-10-01', description: ' ' } }, w.parent)).errors?.[0]
        ?.message,
    ).toBe('Say where it was pitched (for example: travel team vs Eagles)');
    expect((await gql(t.app, REPORT, { i: { ...base, date: '2026-10-01' } }, w.stranger)).code).toBe('NOT_FOUND');
    // Not more than a year back (the league's today is TEST_NOW's), nor before the child was born.
    expect((await gql(t.app, REPORT, { i: { ...base, date: '2027-07-31' } }, w.parent)).errors?.[0]?.message).toBe(
      'The date is more than a year ago: report pitching from 2027-08-01 on',
    );
    t.clock.set(new Date('2016-05-01T16:00:00Z'));
    expect((await gql(t.app, REPORT, { i: { ...base, date: '2015-05-15' } }, w.parent)).errors?.[0]?.message).toMatch(
      /^The date is before the child was born \(\d{4}-\d{2}-\d{2}\)$/,
    );
    expect(await t.db.select().from(outsideOutings).where(eq(outsideOutings.id, base.id))).toEqual([]);
  });
});
