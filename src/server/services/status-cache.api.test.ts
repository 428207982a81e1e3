import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leagues,
  organizations,
  outsideOutings,
  pitchingGeneration,
  pitchOutings,
  players,
  restProfiles,
  rosterEntries,
  seasons,
} from '../db/schema.ts';
import {
  bootTestApp,
  buildOrganization,
  buildPlayer,
  buildRestRule,
  buildSeason,
  buildTeam,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from '../testing/harness.ts';

/**
 * Status reports are kept in memory under the organization's change count (decisions/0021): a
 * report is served from memory only while nothing it is computed from has changed, and every
 * kind of change, committed by anyone, reaches the next report.
 */

const STATUS = `query($t: ID, $p: ID, $d: String) { pitcherStatus(teamId: $t, playerId: $p, date: $d) {
  asOf seasonStart pitchers { firstName today { age dailyMax restDaysOwed nextEligibleDate canPitch }
    recentOutings { date pitches daysRest } workload { date count } } } }`;

interface Report {
  asOf: string;
  seasonStart: string;
  pitchers: {
    firstName: string;
    today: { age: number; dailyMax: number; restDaysOwed: number; nextEligibleDate: string; canPitch: boolean };
    recentOutings: { date: string; pitches: number; daysRest: number }[];
    workload: { date: string; count: number }[];
  }[];
}

describe.each(databaseKinds())('status reports kept in memory on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;

  async function buildWorld() {
    const coach = await buildUser(t.db);
    const parent = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db);
    const other = await buildOrganization(t.db);
    // The organization's own rule, so the test may change its tiers: 36+ pitches owe 1 day, 51+ owe 2.
    const { rule } = await buildRestRule(t.db, {
      organizationId: organization.id,
      intervals: [
        { pitchCount: 1, daysRest: 0 },
        { pitchCount: 36, daysRest: 1 },
        { pitchCount: 51, daysRest: 2 },
      ],
    });
    await t.db.update(leagues).set({ restRuleId: rule.id }).where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const cubs = await buildTeam(t.db, league, season.id, { name: 'Cubs' });
    const ava = await buildPlayer(t.db, organization.id, {
      firstName: 'Ava',
      birthDate: '2017-03-15',
      teamIds: [tigers.id],
      guardianIds: [parent.id],
    });
    const ben = await buildPlayer(t.db, organization.id, { firstName: 'Ben', teamIds: [tigers.id] });
    const coachCookie = (await signIn(t.app, coach.email, coach.password)).cookie;
    const game = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: '2027-04-12', homeTeamId: tigers.id, awayTeamId: cubs.id } },
        coachCookie,
      ),
      'createGame',
    );
    const outing = await gql(
      t.app,
      'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
      { i: { id: randomUUID(), gameId: game.id, playerId: ava.id, teamId: tigers.id, pitches: 40 } },
      coachCookie,
    );
    const outingId = dataOf<{ id: string }>(outing, 'createPitchOuting').id;
    return {
      organization,
      other,
      league,
      rule,
      season,
      tigers,
      ava,
      ben,
      outingId,
      coachCookie,
      parentCookie: (await signIn(t.app, parent.email, parent.password)).cookie,
    };
  }

  const status = async (vars: Record<string, unknown>, cookie = w.coachCookie) =>
    dataOf<Report>(await gql(t.app, STATUS, vars, cookie), 'pitcherStatus');
  const tigersOn = (d: string) => status({ t: w.tigers.id, d });
  const ava = (report: Report) => report.pitchers.find((p) => p.firstName === 'Ava');
  const generationOf = async (organizationId: string) =>
    (
      await t.db
        .select({ n: pitchingGeneration.n })
        .from(pitchingGeneration)
        .where(eq(pitchingGeneration.organizationId, organizationId))
    )[0]?.n ?? 0;

  beforeAll(async () => {
    t = await bootTestApp(kind);
    w = await buildWorld();
  });
  afterAll(() => t.close());

  it('serves a report from memory while the count stands: a write that skips the triggers is not seen', async () => {
    expect(ava(await tigersOn('2027-04-13'))?.recentOutings[0]).toMatchObject({ pitches: 40, daysRest: 1 });
    // A superuser's write with triggers off changes the data but not the count: the report is the one in memory.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(pitchOutings).set({ pitches: 60 }).where(eq(pitchOutings.id, w.outingId));
    });
    expect(ava(await tigersOn('2027-04-13'))?.recentOutings[0]).toMatchObject({ pitches: 40, daysRest: 1 });
    // Another date is another report, computed from the database.
    expect(ava(await tigersOn('2027-04-14'))?.recentOutings[0]).toMatchObject({ pitches: 60, daysRest: 2 });
    // The same write with triggers on bumps the count, and the report is computed again.
    await t.db.update(pitchOutings).set({ pitches: 60 }).where(eq(pitchOutings.id, w.outingId));
    expect(ava(await tigersOn('2027-04-13'))?.recentOutings[0]).toMatchObject({ pitches: 60, daysRest: 2 });
  });

  it('counts a committed change once per organization, and neither a rolled-back one nor another organization', async () => {
    const before = await generationOf(w.organization.id);
    const otherBefore = await generationOf(w.other.organization.id);
    // Two writes in one transaction: one bump, at commit.
    await t.db.transaction(async (tx) => {
      await tx.update(players).set({ jerseyNumber: '7' }).where(eq(players.id, w.ava.id));
      await tx.update(players).set({ jerseyNumber: '8' }).where(eq(players.id, w.ben.id));
    });
    expect(await generationOf(w.organization.id)).toBe(before + 1);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(players).set({ jerseyNumber: '9' }).where(eq(players.id, w.ava.id));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await generationOf(w.organization.id)).toBe(before + 1);
    expect(await generationOf(w.other.organization.id)).toBe(otherBefore);
  });

  it('every kind of change reaches the next report', async () => {
    const day = '2027-04-13';
    await tigersOn(day);
    // A correction through the app.
    const corrected = await gql(
      t.app,
      'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { pitches } }',
      { i: { id: w.outingId, pitches: 30, reason: 'Miscounted in the third' } },
      w.coachCookie,
    );
    expect(corrected.errors).toBeUndefined();
    expect(ava(await tigersOn(day))?.recentOutings[0]).toMatchObject({ pitches: 30, daysRest: 0 });
    // The rule's tiers: 1+ pitches now owe a day.
    await t.db.update(restProfiles).set({ daysRest: 1 }).where(eq(restProfiles.restRuleId, w.rule.id));
    expect(ava(await tigersOn(day))?.recentOutings[0]).toMatchObject({ pitches: 30, daysRest: 1 });
    // The season's start: the workload counts from it.
    expect(ava(await tigersOn(day))?.workload).toEqual([{ date: '2027-04-12', count: 30 }]);
    await t.db.update(seasons).set({ startDate: '2027-04-13' }).where(eq(seasons.id, w.season.id));
    const moved = await tigersOn(day);
    expect(moved.seasonStart).toBe('2027-04-13');
    expect(ava(moved)?.workload).toEqual([]);
    // A parent's outing outside the league, written as another server or the CLI would.
    await t.db.insert(outsideOutings).values({
      id: randomUUID(),
      organizationId: w.organization.id,
      playerId: w.ava.id,
      date: day,
      pitches: 20,
      description: 'Travel team vs Eagles',
      reportedBy: null,
      reportedByName: 'A parent',
      createdPayload: {},
    });
    expect(ava(await tigersOn(day))?.recentOutings.map((o) => o.pitches)).toEqual([20, 30]);
    // The player's birth date: the age, and with it the daily max.
    const age = ava(await tigersOn(day))?.today.age;
    await t.db.update(players).set({ birthDate: '2013-03-15' }).where(eq(players.id, w.ava.id));
    expect(ava(await tigersOn(day))?.today.age).toBe((age ?? 0) + 4);
    // The roster.
    await t.db.delete(rosterEntries).where(eq(rosterEntries.playerId, w.ben.id));
    expect((await tigersOn(day)).pitchers.map((p) => p.firstName)).toEqual(['Ava']);
    // The league's rule: none, so no rest at all.
    await t.db.update(leagues).set({ restRuleId: null }).where(eq(leagues.id, w.league.id));
    expect(ava(await tigersOn(day))?.today).toBeNull();
    // The organization's time zone decides today, when no date is asked for.
    await t.db.update(organizations).set({ timeZone: 'UTC' }).where(eq(organizations.id, w.organization.id));
    const utc = (await status({ t: w.tigers.id })).asOf;
    await t.db
      .update(organizations)
      .set({ timeZone: 'Pacific/Kiritimati' })
      .where(eq(organizations.id, w.organization.id));
    const kiritimati = (await status({ t: w.tigers.id })).asOf;
    // UTC+14 is a day ahead of UTC from 10:00 UTC on, and never behind.
    expect(kiritimati >= utc).toBe(true);
    // A parent's report of one child is kept apart from the team's, and follows changes too.
    expect((await status({ p: w.ava.id, d: day }, w.parentCookie)).pitchers.map((p) => p.firstName)).toEqual(['Ava']);
    await t.db.update(players).set({ firstName: 'Avery' }).where(eq(players.id, w.ava.id));
    expect((await status({ p: w.ava.id, d: day }, w.parentCookie)).pitchers.map((p) => p.firstName)).toEqual(['Avery']);
  });
});
