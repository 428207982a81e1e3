import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, databaseKinds, dataOf, gql, signIn, type TestApp } from '../testing/harness.ts';
import { freeOutingSlots, OUTINGS_PER_LEAGUE, type ScaleSummary, seedScale } from './scale-seed.ts';

/** `bullpen seed-scale`: the data set the benchmarks run on, used through the real app. */
describe.each(databaseKinds())('seed-scale on the %s database', (kind) => {
  let t: TestApp;
  let summary: ScaleSummary;

  beforeAll(async () => {
    t = await bootTestApp(kind);
    // Around the real today: pitcherStatus reads the server's clock.
    summary = await seedScale(t.db, { leagues: 3, leaguesPerOrganization: 2 });
  });
  afterAll(() => t.close());

  it('makes the counts it reports: 8 teams of 12 a league, 30 game days, 480 outings a league so far', () => {
    expect(summary).toMatchObject({
      organizations: 2,
      leagues: 3,
      teams: 24,
      players: 288,
      users: 3 * 9 + 2,
      games: 3 * 30 * 4,
      outings: 3 * OUTINGS_PER_LEAGUE,
    });
    expect(OUTINGS_PER_LEAGUE).toBe(480);
    // About one starter in 200 goes past the daily max; three leagues have a few.
    expect(summary.violations).toBeLessThan(20);
  });

  it('gives a coach a team of twelve with each arm rested, as the rule sees it', async () => {
    const coach = await signIn(t.app, summary.sample.coachEmail, summary.password);
    expect(coach.res.statusCode).toBe(200);
    const status = dataOf<{ pitchers: { recentOutings: unknown[] }[] }>(
      await gql(
        t.app,
        'query($t: ID) { pitcherStatus(teamId: $t) { pitchers { playerId recentOutings { date count } } } }',
        { t: summary.sample.teamId },
        coach.cookie,
      ),
      'pitcherStatus',
    );
    expect(status.pitchers).toHaveLength(12);
    // Every arm has pitched this season: twenty game days, three pitchers each, twelve players.
    expect(status.pitchers.every((p) => p.recentOutings.length > 0)).toBe(true);
  });

  it('lets the league admin list the league season’s violations and add a late reliever on a free slot', async () => {
    const admin = await signIn(t.app, summary.sample.leagueAdminEmail, summary.password);
    const list = dataOf<{ items: { leagueId: string; code: string }[] }>(
      await gql(
        t.app,
        'query($f: ViolationFilter) { listViolations(filter: $f, limit: 100) { items { leagueId code } } }',
        { f: { leagueId: { eq: summary.sample.leagueId }, seasonId: { eq: summary.sample.seasonId } } },
        admin.cookie,
      ),
      'listViolations',
    );
    expect(list.items.every((v) => v.leagueId === summary.sample.leagueId)).toBe(true);

    // The slots the benchmark uses are real played games of the league, and nobody's outing yet.
    const slots = freeOutingSlots(summary.tag, 1);
    expect(slots).toHaveLength(20 * 4 * 2 * 9);
    for (const slot of [slots[0], slots[slots.length - 1]]) {
      const created = await gql(
        t.app,
        'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id pitches } }',
        { i: { id: randomUUID(), ...slot, pitches: 12, pitchedInnings: [6] } },
        admin.cookie,
      );
      expect(created.errors).toBeUndefined();
      expect(dataOf<{ pitches: number }>(created, 'createPitchOuting').pitches).toBe(12);
    }
  });

  it('refuses a league count it cannot make, and adds nothing', async () => {
    await expect(seedScale(t.db, { leagues: 0 })).rejects.toThrow('--leagues must be a whole number');
    const again = await seedScale(t.db, { leagues: 1 });
    // A second run is a separate set beside the first.
    expect(again.tag).not.toBe(summary.tag);
    expect(again.outings).toBe(OUTINGS_PER_LEAGUE);
  });
});
