import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { outingCorrections, pitchOutings, violations } from '../db/schema.ts';
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
  type TestApp,
} from '../testing/harness.ts';

const CREATE_GAME = 'mutation($i: CreateGameInput!) { createGame(input: $i) { id date leagueId outingCount } }';
const OUTING_FIELDS =
  'id pitches pitchesBeforeLastBatter version deleted recordedByName playerName teamName opponent corrections { changedByName reason before { pitches } after { pitches } }';
const CREATE_OUTING = `mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { ${OUTING_FIELDS} } }`;
const UPDATE_OUTING = `mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { ${OUTING_FIELDS} } }`;
const DELETE_OUTING = `mutation($i: DeletePitchOutingInput!) { deletePitchOuting(input: $i) { ${OUTING_FIELDS} } }`;
const STATUS = `query($t: ID, $p: ID, $d: String) { pitcherStatus(teamId: $t, playerId: $p, date: $d) {
  asOf ruleName teamName pitchers { playerId firstName
    today { age dailyMax pitchedToday remainingToday restDaysOwed nextEligibleDate canPitch reason { code } }
    days { date canPitch remaining nextEligibleDate reason { code message } }
    recentOutings { date count daysRest firstEligibleDate opponent }
    workload { date count } } } }`;
const VIOLATIONS = `query($f: ViolationFilter) { listViolations(filter: $f, limit: 1000) { items {
  id playerName code date state note actedByName actedAt message teamName opponent recordedByName withdrawnAt } } }`;

interface Outing {
  id: string;
  pitches: number;
  pitchesBeforeLastBatter: number | null;
  version: number;
  deleted: boolean;
  recordedByName: string;
  corrections: {
    changedByName: string;
    reason: string;
    before: { pitches: number };
    after: { pitches: number } | null;
  }[];
}
interface Status {
  asOf: string;
  ruleName: string | null;
  pitchers: {
    playerId: string;
    firstName: string;
    today: {
      age: number;
      dailyMax: number | null;
      remainingToday: number | null;
      restDaysOwed: number;
      nextEligibleDate: string | null;
      canPitch: boolean;
      reason: { code: string } | null;
    } | null;
    days: { date: string; canPitch: boolean; remaining: number | null; reason: { code: string } | null }[];
    recentOutings: { date: string; count: number; daysRest: number; firstEligibleDate: string; opponent: string }[];
    workload: { date: string; count: number }[];
  }[];
}
interface ViolationItem {
  id: string;
  playerName: string;
  code: string;
  date: string;
  state: string;
  note: string | null;
  actedByName: string | null;
  actedAt: string | null;
  withdrawnAt: string | null;
}

describe.each(databaseKinds())('games, outings, pitcher status and violations on the %s database', (kind) => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof buildWorld>>;

  /** A Little League division: a league on the shipped rule, a season, the Tigers (coached) and the Cubs. */
  async function buildWorld() {
    const presets = await ensurePresetRules(t.db);
    const admin = await buildUser(t.db, { givenName: 'Ada', familyName: 'Admin' });
    const coach = await buildUser(t.db, { givenName: 'Cole', familyName: 'Coach' });
    const parent = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    await t.db.execute(
      `update leagues set rest_rule_id = '${presets.get('little-league-baseball')}' where id = '${league.id}'` as never,
    );
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const cubs = await buildTeam(t.db, league, season.id, { name: 'Cubs' });
    // League age 10 on August 31, 2027 (Little League): daily max 75, 66+ pitches owe 4 days.
    const ava = await buildPlayer(t.db, organization.id, {
      firstName: 'Ava',
      birthDate: '2017-03-15',
      teamIds: [tigers.id],
      guardianIds: [parent.id],
    });
    const ben = await buildPlayer(t.db, organization.id, {
      firstName: 'Ben',
      birthDate: '2017-01-20',
      teamIds: [tigers.id],
    });
    const cal = await buildPlayer(t.db, organization.id, {
      firstName: 'Cal',
      birthDate: '2016-12-01',
      teamIds: [cubs.id],
    });
    return {
      organization,
      league,
      season,
      tigers,
      cubs,
      ava,
      ben,
      cal,
      admin: { ...admin, cookie: (await signIn(t.app, admin.email, admin.password)).cookie },
      coach: { ...coach, cookie: (await signIn(t.app, coach.email, coach.password)).cookie },
      parent: { ...parent, cookie: (await signIn(t.app, parent.email, parent.password)).cookie },
    };
  }

  const game = async (cookie: string, input: Record<string, unknown>) =>
    dataOf<{ id: string; outingCount: number }>(await gql(t.app, CREATE_GAME, { i: input }, cookie), 'createGame');
  const outing = (cookie: string, input: Record<string, unknown>) =>
    gql(t.app, CREATE_OUTING, { i: { id: randomUUID(), ...input } }, cookie);
  const status = async (cookie: string, vars: Record<string, unknown>) =>
    dataOf<Status>(await gql(t.app, STATUS, vars, cookie), 'pitcherStatus');
  const violationsOf = async (cookie: string, filter: Record<string, unknown> = {}) =>
    dataOf<{ items: ViolationItem[] }>(await gql(t.app, VIOLATIONS, { f: filter }, cookie), 'listViolations').items;

  beforeAll(async () => {
    t = await bootTestApp(kind);
    world = await buildWorld();
  });
  afterAll(() => t.close());

  it('a coach logs a game for two pitchers and sees the rest each owes, day by day', async () => {
    const w = world;
    // Monday April 12, 2027.
    const monday = await game(w.coach.cookie, { date: '2027-04-12', homeTeamId: w.tigers.id, awayTeamId: w.cubs.id });
    const ava = await outing(w.coach.cookie, {
      gameId: monday.id,
      playerId: w.ava.id,
      teamId: w.tigers.id,
      pitches: 70,
      pitchesBeforeLastBatter: 66,
      pitchedInnings: [1, 2, 3, 4],
    });
    expect(ava.errors).toBeUndefined();
    expect(dataOf<Outing>(ava, 'createPitchOuting')).toMatchObject({ pitches: 70, recordedByName: 'Cole Coach' });
    const ben = await outing(w.coach.cookie, {
      gameId: monday.id,
      playerId: w.ben.id,
      teamId: w.tigers.id,
      pitches: 30,
      pitchedInnings: [5, 6],
    });
    expect(ben.errors).toBeUndefined();

    const report = await status(w.coach.cookie, { t: w.tigers.id, d: '2027-04-12' });
    expect(report.ruleName).toBe('Little League Baseball');
    const byName = (name: string) => report.pitchers.find((p) => p.firstName === name);
    // 67 (the first pitch to the last batter) is in the 66+ tier: 4 days, eligible Saturday (docs/domain.md, A day).
    expect(byName('Ava')?.today).toMatchObject({
      age: 10,
      restDaysOwed: 4,
      nextEligibleDate: '2027-04-17',
      canPitch: false,
    });
    expect(byName('Ava')?.today?.reason?.code).toBe('TOO_MANY_GAMES_IN_DAY');
    expect(byName('Ava')?.days.map((d) => d.canPitch)).toEqual([false, false, false, false, false, true, true]);
    expect(byName('Ava')?.days[1]?.reason?.code).toBe('PITCHED_BEFORE_ELIGIBLE');
    // 30 pitches: 1 day of rest, eligible Wednesday.
    expect(byName('Ben')?.today).toMatchObject({ restDaysOwed: 1, nextEligibleDate: '2027-04-14' });
    expect(
      byName('Ben')
        ?.days.slice(0, 3)
        .map((d) => d.canPitch),
    ).toEqual([false, false, true]);
    expect(byName('Ben')?.days[2]?.remaining).toBe(75);
    expect(byName('Ava')?.recentOutings[0]).toMatchObject({
      date: '2027-04-12',
      count: 70,
      daysRest: 4,
      opponent: 'Cubs',
    });
    expect(byName('Ava')?.workload).toEqual([{ date: '2027-04-12', count: 70 }]);

    // The status defaults to today in the organization's time zone; a parent sees their child's.
    const mine = await status(w.parent.cookie, { p: w.ava.id, d: '2027-04-16' });
    expect(mine.pitchers.map((p) => p.firstName)).toEqual(['Ava']);
    expect(mine.pitchers[0]?.today).toMatchObject({ nextEligibleDate: '2027-04-17', canPitch: false });
    expect((await gql(t.app, STATUS, { p: w.ben.id }, w.parent.cookie)).code).toBe('NOT_FOUND');
    expect((await gql(t.app, STATUS, { t: w.tigers.id }, w.parent.cookie)).code).toBe('FORBIDDEN');
  });

  it('stores a retried outing once, and refuses the same id with another entry', async () => {
    const w = world;
    const g = await game(w.coach.cookie, { date: '2027-04-20', homeTeamId: w.tigers.id, opponentName: 'Travelers' });
    const input = { id: randomUUID(), gameId: g.id, playerId: w.ben.id, teamId: w.tigers.id, pitches: 25 };
    const first = dataOf<Outing>(await gql(t.app, CREATE_OUTING, { i: input }, w.coach.cookie), 'createPitchOuting');
    const again = dataOf<Outing>(await gql(t.app, CREATE_OUTING, { i: input }, w.coach.cookie), 'createPitchOuting');
    expect(again).toEqual(first);
    const rows = await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, input.id));
    expect(rows).toHaveLength(1);
    const changed = await gql(t.app, CREATE_OUTING, { i: { ...input, pitches: 26 } }, w.coach.cookie);
    expect(changed.code).toBe('CONFLICT');
    expect(changed.errors?.[0]?.message).toMatch(/already used for a different entry/);
    // A second outing for the same player in the same game, under a new id: correct the first instead.
    const twice = await outing(w.coach.cookie, { gameId: g.id, playerId: w.ben.id, teamId: w.tigers.id, pitches: 5 });
    expect(twice.code).toBe('CONFLICT');
    expect(twice.errors?.[0]?.message).toMatch(/already recorded: correct it/);
    // Once deleted, a retry of the first entry is refused, not stored again.
    await gql(t.app, DELETE_OUTING, { i: { id: input.id, reason: 'Entered twice' } }, w.coach.cookie);
    const retried = await gql(t.app, CREATE_OUTING, { i: input }, w.coach.cookie);
    expect(retried.code).toBe('CONFLICT');
    expect(retried.errors?.[0]?.message).toMatch(/was deleted; record it again with a new id/);
    expect(await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, input.id))).toHaveLength(1);
  });

  it('refuses bad entries with a clear message and stores nothing', async () => {
    const w = world;
    const g = await game(w.coach.cookie, { date: '2027-04-21', homeTeamId: w.tigers.id, opponentName: 'Travelers' });
    const before = await t.db.select().from(pitchOutings).where(eq(pitchOutings.gameId, g.id));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ playerId: w.ava.id, teamId: w.tigers.id, pitches: -1 }, /Pitches must be a whole number from 0 to 300/],
      [{ playerId: w.ava.id, teamId: w.tigers.id, pitches: 0 }, /Enter the pitches thrown or the innings caught/],
      [{ playerId: w.ava.id, teamId: w.tigers.id, pitches: 20, pitchesBeforeLastBatter: 60 }, /cannot be more/],
      [{ playerId: w.ava.id, teamId: w.tigers.id, pitches: 20, pitchedInnings: [1, 1] }, /Innings are numbers/],
      [{ playerId: w.cal.id, teamId: w.tigers.id, pitches: 20 }, /Cal .* is not on the Tigers roster/],
    ];
    for (const [input, message] of cases) {
      const res = await outing(w.admin.cookie, { gameId: g.id, ...input });
      expect(res.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message).toMatch(message);
    }
    // A team that does not play in the game is unknown there, whoever's it is.
    const otherTeam = await outing(w.admin.cookie, {
      gameId: g.id,
      playerId: w.ava.id,
      teamId: w.cubs.id,
      pitches: 20,
    });
    expect(otherTeam.code).toBe('NOT_FOUND');
    expect(otherTeam.errors?.[0]?.message).toMatch(/one of the game’s teams/);
    expect(await t.db.select().from(pitchOutings).where(eq(pitchOutings.gameId, g.id))).toEqual(before);
    const noTeam = await gql(t.app, CREATE_GAME, { i: { date: '2027-04-22', opponentName: 'X' } }, w.coach.cookie);
    expect(noTeam.errors?.[0]?.message).toBe('Choose at least one of the teams');
    const noOpponent = await gql(
      t.app,
      CREATE_GAME,
      { i: { date: '2027-04-22', homeTeamId: w.tigers.id } },
      w.coach.cookie,
    );
    expect(noOpponent.errors?.[0]?.message).toBe('Choose the other team or name the outside opponent');
    const badDate = await gql(
      t.app,
      CREATE_GAME,
      { i: { date: '2027-02-30', homeTeamId: w.tigers.id, opponentName: 'X' } },
      w.coach.cookie,
    );
    expect(badDate.errors?.[0]?.message).toBe('Enter the game date');
    const outside = await gql(
      t.app,
      CREATE_GAME,
      { i: { date: '2030-04-22', homeTeamId: w.tigers.id, opponentName: 'X' } },
      w.coach.cookie,
    );
    expect(outside.errors?.[0]?.message).toMatch(/^The game date must fall within .* \(2027-03-01 to 2027-07-31\)$/);
  });

  it('a pitch thrown too soon is recorded and becomes a violation an admin acknowledges, then a correction withdraws it', async () => {
    const w = world;
    const monday = await game(w.coach.cookie, { date: '2027-05-03', homeTeamId: w.tigers.id, opponentName: 'North' });
    const wednesday = await game(w.coach.cookie, {
      date: '2027-05-05',
      homeTeamId: w.tigers.id,
      opponentName: 'South',
    });
    const long = dataOf<Outing>(
      await outing(w.coach.cookie, { gameId: monday.id, playerId: w.ben.id, teamId: w.tigers.id, pitches: 70 }),
      'createPitchOuting',
    );
    // Owed 4 days (eligible Saturday), pitched Wednesday: the record is kept true, and flagged.
    const early = await outing(w.coach.cookie, {
      gameId: wednesday.id,
      playerId: w.ben.id,
      teamId: w.tigers.id,
      pitches: 20,
    });
    expect(early.errors).toBeUndefined();
    const found = (await violationsOf(w.admin.cookie, { teamId: { eq: w.tigers.id } })).filter(
      (v) => v.date === '2027-05-05',
    );
    expect(found).toEqual([
      expect.objectContaining({
        playerName: expect.stringMatching(/^Ben /),
        code: 'PITCHED_BEFORE_ELIGIBLE',
        state: 'open',
      }),
    ]);
    const violation = found[0] as ViolationItem;
    expect((await gql(t.app, VIOLATIONS, {}, w.coach.cookie)).code).toBe('FORBIDDEN');

    const UPDATE =
      'mutation($i: UpdateViolationInput!) { updateViolation(input: $i) { state note actedByName actedAt } }';
    const noNote = await gql(t.app, UPDATE, { i: { id: violation.id, state: 'resolved', note: ' ' } }, w.admin.cookie);
    expect(noNote.errors?.[0]?.message).toBe('Add a note: what was done about it');
    const acknowledged = dataOf<ViolationItem>(
      await gql(
        t.app,
        UPDATE,
        { i: { id: violation.id, state: 'acknowledged', note: 'Talked to the manager' } },
        w.admin.cookie,
      ),
      'updateViolation',
    );
    expect(acknowledged).toMatchObject({
      state: 'acknowledged',
      note: 'Talked to the manager',
      actedByName: 'Ada Admin',
    });
    expect(acknowledged.actedAt).toBeTruthy();

    // The home book had it wrong: 18 pitches owe no rest. The history keeps who, why, before and after.
    const corrected = dataOf<Outing>(
      await gql(
        t.app,
        UPDATE_OUTING,
        { i: { id: long.id, pitches: 18, reason: 'Matched the visiting book' } },
        w.coach.cookie,
      ),
      'updatePitchOuting',
    );
    expect(corrected).toMatchObject({ pitches: 18, version: 2 });
    expect(corrected.corrections).toEqual([
      {
        changedByName: 'Cole Coach',
        reason: 'Matched the visiting book',
        before: { pitches: 70 },
        after: { pitches: 18 },
      },
    ]);
    const noReason = await gql(t.app, UPDATE_OUTING, { i: { id: long.id, pitches: 19, reason: '' } }, w.coach.cookie);
    expect(noReason.errors?.[0]?.message).toMatch(/Say why the outing is corrected/);
    // Acted on, so kept as withdrawn history rather than deleted.
    expect((await violationsOf(w.admin.cookie)).some((v) => v.id === violation.id)).toBe(false);
    const withdrawn = (await violationsOf(w.admin.cookie, { includeWithdrawn: true })).find(
      (v) => v.id === violation.id,
    );
    expect(withdrawn?.withdrawnAt).toBeTruthy();

    // Deleting an outing keeps it in the history with the reason; it counts for nothing after.
    const deleted = dataOf<Outing>(
      await gql(t.app, DELETE_OUTING, { i: { id: long.id, reason: 'Entered for the wrong player' } }, w.coach.cookie),
      'deletePitchOuting',
    );
    expect(deleted.deleted).toBe(true);
    expect(deleted.corrections.at(-1)).toMatchObject({ reason: 'Entered for the wrong player', after: null });
    expect(await t.db.select().from(outingCorrections).where(eq(outingCorrections.outingId, long.id))).toHaveLength(2);
    const report = await status(w.coach.cookie, { t: w.tigers.id, d: '2027-05-04' });
    expect(report.pitchers.find((p) => p.firstName === 'Ben')?.today?.canPitch).toBe(true);
  });

  it('finishing the batter: the daily max is broken only by a batter started at or past it; a rule change judges anew', async () => {
    const w = world;
    const legal = await game(w.coach.cookie, { date: '2027-06-07', homeTeamId: w.tigers.id, opponentName: 'East' });
    const over = await game(w.coach.cookie, { date: '2027-06-14', homeTeamId: w.tigers.id, opponentName: 'West' });
    // A 10-year-old (max 75) starts a batter at 74 and finishes him at 80: legal.
    await outing(w.coach.cookie, {
      gameId: legal.id,
      playerId: w.ava.id,
      teamId: w.tigers.id,
      pitches: 80,
      pitchesBeforeLastBatter: 74,
    });
    // Starting a new batter at 76 breaks it.
    await outing(w.coach.cookie, {
      gameId: over.id,
      playerId: w.ava.id,
      teamId: w.tigers.id,
      pitches: 80,
      pitchesBeforeLastBatter: 76,
    });
    const codesOn = async (date: string) =>
      (await violationsOf(w.admin.cookie)).filter((v) => v.date === date).map((v) => v.code);
    expect(await codesOn('2027-06-07')).toEqual([]);
    expect(await codesOn('2027-06-14')).toEqual(['DAILY_MAX_EXCEEDED']);

    // The league plays by another rule from now on (no daily max): its games are judged anew.
    const RULE = 'mutation($i: CreateRestRuleInput!) { createRestRule(input: $i) { id } }';
    const superAdmin = await buildUser(t.db, { roles: ['SuperAdmin'] });
    const su = (await signIn(t.app, superAdmin.email, superAdmin.password)).cookie;
    const lenient = dataOf<{ id: string }>(
      await gql(
        t.app,
        RULE,
        {
          i: {
            name: 'Lenient',
            ageGroup: 'All',
            global: false,
            organizationId: w.organization.id,
            pitchLimits: [{ pitchCount: 1, daysRest: 0 }],
          },
        },
        su,
      ),
      'createRestRule',
    );
    const SET = 'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { id } }';
    await gql(t.app, SET, { i: { id: w.league.id, restRuleId: lenient.id } }, su);
    expect(await codesOn('2027-06-14')).toEqual([]);
    const presets = await ensurePresetRules(t.db);
    await gql(t.app, SET, { i: { id: w.league.id, restRuleId: presets.get('little-league-baseball') } }, su);
    expect(await codesOn('2027-06-14')).toEqual(['DAILY_MAX_EXCEEDED']);
  });

  it('keeps pitch counts: a game with outings, a team with games and an archived season refuse changes', async () => {
    const w = world;
    const g = await game(w.coach.cookie, { date: '2027-06-21', homeTeamId: w.tigers.id, awayTeamId: w.cubs.id });
    await outing(w.coach.cookie, { gameId: g.id, playerId: w.ben.id, teamId: w.tigers.id, pitches: 10 });
    // Holding pitching, it is withdrawn only by an admin with a reason (decision 0034; the trusted record's own test).
    const DELETE = 'mutation($i: DeleteGameInput!) { deleteGame(input: $i) { id } }';
    const del = await gql(t.app, DELETE, { i: { id: g.id } }, w.admin.cookie);
    expect(del.code).toBe('BAD_USER_INPUT');
    expect(del.errors?.[0]?.message).toMatch(/Give a reason/);
    const byCoach = await gql(t.app, DELETE, { i: { id: g.id, reason: 'Rained out' } }, w.coach.cookie);
    expect(byCoach.code).toBe('CONFLICT');
    expect(byCoach.errors?.[0]?.message).toMatch(/only a league admin can move or withdraw it/);
    const team = await gql(
      t.app,
      'mutation($i: DeleteTeamInput!) { deleteTeam(input: $i) { id } }',
      { i: { id: w.cubs.id } },
      w.admin.cookie,
    );
    expect(team.code).toBe('CONFLICT');
    expect(team.errors?.[0]?.message).toMatch(/Delete its games first/);
    // Moving the game is an admin's correction, and moves its outings: the pitch now counts on the new date.
    const UPDATE = 'mutation($i: UpdateGameInput!) { updateGame(input: $i) { date } }';
    expect((await gql(t.app, UPDATE, { i: { id: g.id, date: '2027-06-22' } }, w.coach.cookie)).code).toBe('CONFLICT');
    expect(
      dataOf<{ date: string }>(
        await gql(t.app, UPDATE, { i: { id: g.id, date: '2027-06-22', reason: 'Wrong day typed' } }, w.admin.cookie),
        'updateGame',
      ),
    ).toEqual({
      date: '2027-06-22',
    });
    const [moved] = await t.db.select().from(pitchOutings).where(eq(pitchOutings.gameId, g.id));
    expect(moved?.date).toBe('2027-06-22');
    const dropTigers = await gql(
      t.app,
      UPDATE,
      { i: { id: g.id, homeTeamId: w.cubs.id, awayTeamId: null, opponentName: 'X', reason: 'Wrong teams' } },
      w.admin.cookie,
    );
    expect(dropTigers.errors?.[0]?.message).toMatch(/Outings were recorded for Tigers/);

    const old = await buildSeason(t.db, w.organization.id, {
      state: 'archived',
      name: 'Fall 2026',
      startDate: '2026-09-01',
      endDate: '2026-11-30',
    });
    const oldTeam = await buildTeam(t.db, w.league, old.id, { name: 'Tigers', coachIds: [w.coach.id] });
    const archived = await gql(
      t.app,
      CREATE_GAME,
      { i: { date: '2026-10-01', homeTeamId: oldTeam.id, opponentName: 'X' } },
      w.coach.cookie,
    );
    expect(archived.code).toBe('CONFLICT');
    expect(archived.errors?.[0]?.message).toMatch(/archived/);
    expect(await t.db.select().from(violations).where(eq(violations.teamId, oldTeam.id))).toEqual([]);
  });

  // The figures for docs/performance.md come from `npm run bench`; this guards against a slide of an order of magnitude.
  it('answers a 15-pitcher team with two seasons of history within its budget', async () => {
    const w = world;
    const last = await buildSeason(t.db, w.organization.id, {
      state: 'archived',
      name: 'Fall 2027',
      startDate: '2027-09-01',
      endDate: '2027-11-30',
    });
    const now = await buildSeason(t.db, w.organization.id, {
      state: 'upcoming',
      name: 'Spring 2028',
      startDate: '2028-03-01',
      endDate: '2028-07-31',
    });
    const team = await buildTeam(t.db, w.league, now.id, { name: 'Big' });
    const oldTeam = await buildTeam(t.db, w.league, last.id, { name: 'Big' });
    const pitchers = [];
    for (let i = 0; i < 15; i++) {
      pitchers.push(
        await buildPlayer(t.db, w.organization.id, {
          firstName: `P${i}`,
          birthDate: `2016-0${1 + (i % 9)}-10`,
          teamIds: [team.id, oldTeam.id],
        }),
      );
    }
    // 20 games a season, each pitcher in about half of them: two seasons, 300 outings.
    const { games } = await import('../db/schema.ts');
    for (const [season, teamId, year] of [
      [last, oldTeam.id, 2027],
      [now, team.id, 2028],
    ] as const) {
      for (let g = 0; g < 20; g++) {
        const date = new Date(Date.UTC(year, year === 2027 ? 8 : 2, 2 + g * 4)).toISOString().slice(0, 10);
        const [row] = await t.db
          .insert(games)
          .values({
            organizationId: w.organization.id,
            leagueId: w.league.id,
            seasonId: season.id,
            date,
            homeTeamId: teamId,
            opponentName: 'Opp',
          })
          .returning();
        await t.db.insert(pitchOutings).values(
          pitchers
            .filter((_, i) => (i + g) % 2 === 0)
            .map((p, i) => {
              const counts = {
                pitches: 15 + ((i * 7 + g * 3) % 60),
                pitchedInnings: [1 + (i % 6)],
                caughtInnings: [],
                outs: 3,
                intentionalWalks: 0,
              };
              return {
                id: randomUUID(),
                gameId: row?.id as string,
                playerId: p.id,
                teamId,
                date,
                ...counts,
                recordedByName: 'Seed',
                createdPayload: counts,
              };
            }),
        );
      }
    }
    const actor = (
      await t.services.sessions.resolve(
        decodeURIComponent(w.admin.cookie.split('=')[1] as string).split('.')[0] as string,
      )
    ).actor;
    // Each call asks for another date: a report computed from the database, not one kept in memory.
    const timed = async (date: (i: number) => string) => {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const start = performance.now();
        const report = await t.services.status.pitcherStatus(actor, { teamId: team.id, date: date(i) });
        times.push(performance.now() - start);
        expect(report.pitchers).toHaveLength(15);
      }
      return [...times].sort((a, b) => a - b)[12] as number;
    };
    const median = await timed((i) => `2028-05-${String(i + 1).padStart(2, '0')}`);
    const fromMemory = await timed(() => '2028-05-20');
    console.log(
      `pitcherStatus, 15 pitchers, 300 outings over two seasons (${kind}): median ${median.toFixed(2)} ms computed, ${fromMemory.toFixed(2)} ms from memory`,
    );
    // The budget is 10 ms (docs/performance.md); this shared machine is several times slower on some
    // days (30 ms seen here on 2026-11-23), so the guard is an order of magnitude: 100 ms.
    expect(median).toBeLessThan(100);
  });

  it('counts in the games list the outings each reader sees: a parent their child’s, a team’s list its own', async () => {
    const w = world;
    const g = await game(w.admin.cookie, { date: '2027-06-23', homeTeamId: w.tigers.id, awayTeamId: w.cubs.id });
    for (const [playerId, teamId] of [
      [w.ava.id, w.tigers.id],
      [w.ben.id, w.tigers.id],
      [w.cal.id, w.cubs.id],
    ]) {
      expect((await outing(w.admin.cookie, { gameId: g.id, playerId, teamId, pitches: 10 })).errors).toBeUndefined();
    }
    const GAMES = 'query($f: GameFilter) { listGames(filter: $f) { items { id outingCount } } }';
    const countOf = async (cookie: string, teamId?: string) =>
      dataOf<{ items: { id: string; outingCount: number }[] }>(
        await gql(
          t.app,
          GAMES,
          { f: { ...(teamId ? { teamId: { eq: teamId } } : {}), date: { from: '2027-06-23', to: '2027-06-23' } } },
          cookie,
        ),
        'listGames',
      ).items.find((i) => i.id === g.id)?.outingCount;
    expect(await countOf(w.admin.cookie)).toBe(3);
    expect(await countOf(w.admin.cookie, w.tigers.id)).toBe(2);
    expect(await countOf(w.coach.cookie, w.tigers.id)).toBe(2);
    // Ava's parent sees Ava's outing, and the list says one.
    expect(await countOf(w.parent.cookie, w.tigers.id)).toBe(1);
    expect(await countOf(w.parent.cookie)).toBe(1);
  });

  it('lists games, opponents and outings each caller may read; subscribers hear of the outings they may read', async () => {
    const w = world;
    const g = await game(w.coach.cookie, {
      date: '2027-07-05',
      startTime: '17:30',
      homeTeamId: w.tigers.id,
      awayTeamId: w.cubs.id,
    });
    const GAMES =
      'query($f: GameFilter) { listGames(filter: $f) { items { id date startTime homeTeamName awayTeamName outingCount } } }';
    const mine = dataOf<{ items: { id: string; date: string }[] }>(
      await gql(
        t.app,
        GAMES,
        { f: { teamId: { eq: w.tigers.id }, date: { from: '2027-07-01', to: '2027-07-31' } } },
        w.coach.cookie,
      ),
      'listGames',
    ).items;
    expect(mine).toEqual([
      expect.objectContaining({
        id: g.id,
        startTime: '17:30',
        homeTeamName: 'Tigers',
        awayTeamName: 'Cubs',
        outingCount: 0,
      }),
    ]);
    const OPPONENTS = 'query($t: ID!) { listOpponentTeams(teamId: $t) { name } }';
    expect(dataOf(await gql(t.app, OPPONENTS, { t: w.tigers.id }, w.coach.cookie), 'listOpponentTeams')).toEqual([
      { name: 'Cubs' },
    ]);
    expect((await gql(t.app, OPPONENTS, { t: w.cubs.id }, w.coach.cookie)).code).toBe('NOT_FOUND');

    const { subscribe, parse } = await import('graphql');
    const { schema } = await import('../graphql/schema.ts');
    const { createContext } = await import('../graphql/context.ts');
    const { loadSecret } = await import('../secret.ts');
    const secret = await loadSecret(t.db, undefined);
    const other = await buildUser(t.db);
    await buildPlayer(t.db, w.organization.id, { teamIds: [w.cubs.id], guardianIds: [other.id] });
    const otherCookie = (await signIn(t.app, other.email, other.password)).cookie;
    const listen = async (cookie: string) => {
      const result = await subscribe({
        schema,
        document: parse('subscription { onCreatePitchOuting { id playerName pitches } }'),
        contextValue: createContext(t.services, secret, { cookie }),
      });
      if (!(Symbol.asyncIterator in result)) throw new Error(JSON.stringify(result.errors));
      return result as AsyncGenerator<{ data?: { onCreatePitchOuting: { id: string; pitches: number } } }>;
    };
    const withTimeout = <T>(p: Promise<T>, ms: number) =>
      Promise.race([p, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
    const parentStream = await listen(w.parent.cookie);
    const otherStream = await listen(otherCookie);
    const parentNext = parentStream.next();
    const otherNext = otherStream.next();
    const created = dataOf<Outing>(
      await outing(w.coach.cookie, { gameId: g.id, playerId: w.ava.id, teamId: w.tigers.id, pitches: 12 }),
      'createPitchOuting',
    );
    const heard = await withTimeout(parentNext, 3000);
    expect(
      (heard as IteratorResult<{ data?: { onCreatePitchOuting: { id: string } } }>)?.value?.data?.onCreatePitchOuting
        .id,
    ).toBe(created.id);
    // Another child's parent hears nothing of Ava.
    expect(await withTimeout(otherNext, 500)).toBeNull();
    await parentStream.return(undefined);
    await otherStream.return(undefined);

    const OUTINGS = 'query($f: PitchOutingFilter) { listPitchOutings(filter: $f) { items { id playerName } } }';
    const asParent = dataOf<{ items: { id: string }[] }>(
      await gql(t.app, OUTINGS, { f: { gameId: { eq: g.id } } }, w.parent.cookie),
      'listPitchOutings',
    );
    expect(asParent.items.map((o) => o.id)).toEqual([created.id]);
    const asOther = dataOf<{ items: unknown[] }>(
      await gql(t.app, OUTINGS, { f: { gameId: { eq: g.id } } }, otherCookie),
      'listPitchOutings',
    );
    expect(asOther.items).toEqual([]);
  });
});
