import { randomUUID } from 'node:crypto';
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/local-date.ts';
import type { PitchEvent, PitchEventKind } from '../../core/pitch-events.ts';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { games, leagues, outingCorrections, pitchOutings, rateLimits } from '../db/schema.ts';
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

const SUBMIT = `mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status message } } }`;
const COUNT_FIELDS = `gameId status deadline deadlinePassed countStandsAfterDeadline settledAt
  teams { teamName confirmed }
  confirmations { teamName confirmedByName current }
  pitchers { pitcherName teamName official { pitches intentionalWalks } ownBook { pitches } otherBook { pitches } differs }`;
const OFFICIAL = `query($g: ID!) { officialCount(gameId: $g) { ${COUNT_FIELDS} } }`;
const CONFIRM = `mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { ${COUNT_FIELDS} } }`;
const LIST = `query($l: ID!, $s: [CountStatus!]) { listOfficialCounts(leagueId: $l, statuses: $s) { gameId status } }`;

interface Count {
  gameId: string;
  status: string;
  deadline: string;
  deadlinePassed: boolean;
  countStandsAfterDeadline: string;
  settledAt: string | null;
  teams: { teamName: string; confirmed: boolean }[];
  confirmations: { teamName: string; confirmedByName: string; current: boolean }[];
  pitchers: {
    pitcherName: string;
    teamName: string;
    official: { pitches: number; intentionalWalks: number } | null;
    ownBook: { pitches: number } | null;
    otherBook: { pitches: number } | null;
    differs: boolean;
  }[];
}

describe.each(databaseKinds())('one official count on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;
  // Games a few days back, so the deadline (the next day at noon) has passed for some.
  // The tests' clock starts on TEST_NOW (testing/harness.ts).
  const today = todayIn('America/New_York', TEST_NOW);

  async function buildWorld() {
    const presets = await ensurePresetRules(t.db);
    const homeCoach = await buildUser(t.db, { givenName: 'Hal', familyName: 'Home' });
    const awayCoach = await buildUser(t.db, { givenName: 'Ava', familyName: 'Away' });
    const leagueAdmin = await buildUser(t.db, { givenName: 'Lee', familyName: 'Admin' });
    const otherAdmin = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [leagueAdmin.id] });
    const other = await buildOrganization(t.db, { leagueAdminIds: [otherAdmin.id] });
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, {
      startDate: addDays(today, -60),
      endDate: addDays(today, 60),
    });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [homeCoach.id] });
    const cubs = await buildTeam(t.db, league, season.id, { name: 'Cubs', coachIds: [awayCoach.id] });
    const ace = await buildPlayer(t.db, organization.id, { firstName: 'Ace', lastName: 'Hill', teamIds: [tigers.id] });
    const cy = await buildPlayer(t.db, organization.id, { firstName: 'Cy', lastName: 'Young', teamIds: [cubs.id] });
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    return {
      league,
      otherLeague: other.league,
      tigers,
      cubs,
      ace,
      cy,
      homeCoach: await cookieOf(homeCoach),
      awayCoach: await cookieOf(awayCoach),
      leagueAdmin: await cookieOf(leagueAdmin),
      otherAdmin: await cookieOf(otherAdmin),
    };
  }

  async function newGame(daysAgo: number) {
    const res = await gql(
      t.app,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: { date: addDays(today, -daysAgo), homeTeamId: w.tigers.id, awayTeamId: w.cubs.id } },
      w.homeCoach,
    );
    return dataOf<{ id: string }>(res, 'createGame').id;
  }

  /** `pitches` taps by one dugout for one pitcher. */
  async function count(cookie: string, gameId: string, pitcherId: string, bookTeamId: string, pitches: number) {
    const deviceId = randomUUID();
    const start = Date.now() - 3_600_000;
    const events: PitchEvent[] = Array.from({ length: pitches }, (_, i) => ({
      id: randomUUID(),
      gameId,
      pitcherId,
      bookTeamId,
      deviceId,
      seq: i + 1,
      at: new Date(start + i * 1000).toISOString(),
      kind: (i % 2 ? 'ball' : 'strike') as PitchEventKind,
    }));
    const res = dataOf<{ results: { status: string }[] }>(
      await gql(t.app, SUBMIT, { i: { events } }, cookie),
      'submitPitchEvents',
    );
    expect(res.results.every((r) => r.status === 'accepted')).toBe(true);
  }

  const lateTap = (gameId: string, pitcherId: string, bookTeamId: string): PitchEvent => ({
    id: randomUUID(),
    gameId,
    pitcherId,
    bookTeamId,
    deviceId: randomUUID(),
    seq: 1,
    at: new Date().toISOString(),
    kind: 'ball',
  });

  const official = async (gameId: string, cookie = w.homeCoach) =>
    dataOf<Count>(await gql(t.app, OFFICIAL, { g: gameId }, cookie), 'officialCount');
  const confirm = (gameId: string, teamId: string, cookie: string) =>
    gql(t.app, CONFIRM, { g: gameId, t: teamId }, cookie);

  beforeAll(async () => {
    t = await bootTestApp(kind);
    w = await buildWorld();
  });
  afterAll(() => t.close());

  it('shows both dugouts’ counts of a pitcher and marks the game disputed where they differ', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 30);
    await count(w.awayCoach, gameId, w.ace.id, w.cubs.id, 32);
    const state = await official(gameId);
    expect(state.status).toBe('disputed');
    expect(state.pitchers).toEqual([
      {
        pitcherName: 'Ace Hill',
        teamName: 'Tigers',
        official: { pitches: 30, intentionalWalks: 0 },
        ownBook: { pitches: 30 },
        otherBook: { pitches: 32 },
        differs: true,
      },
    ]);
    expect(state.deadline).toBe(`${addDays(today, 1)}T12:00`);
    expect(state.deadlinePassed).toBe(false);
    // The away dugout reads the same.
    expect((await official(gameId, w.awayCoach)).pitchers[0]?.otherBook).toEqual({ pitches: 32 });
    // The admins see it among the games to follow up; another league's admin does not see the league at all.
    const listed = dataOf<{ gameId: string; status: string }[]>(
      await gql(t.app, LIST, { l: w.league.id }, w.leagueAdmin),
      'listOfficialCounts',
    );
    expect(listed).toContainEqual({ gameId, status: 'disputed' });
    expect((await gql(t.app, LIST, { l: w.league.id }, w.otherAdmin)).code).toBe('NOT_FOUND');
    expect((await gql(t.app, LIST, { l: w.league.id }, w.homeCoach)).code).toBe('FORBIDDEN');
  });

  it('takes each team’s confirmation, only from that team, and a later correction makes them stale', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 20);
    await count(w.awayCoach, gameId, w.ace.id, w.cubs.id, 22);
    // A coach signs for their own team only; a team not in the game cannot sign.
    expect((await confirm(gameId, w.cubs.id, w.homeCoach)).code).toBe('FORBIDDEN');
    expect((await confirm(gameId, randomUUID(), w.homeCoach)).code).toBe('NOT_FOUND');
    expect((await official(gameId)).confirmations).toEqual([]);

    const one = dataOf<Count>(await confirm(gameId, w.tigers.id, w.homeCoach), 'confirmOfficialCount');
    expect(one.status).toBe('disputed');
    expect(one.confirmations).toEqual([{ teamName: 'Tigers', confirmedByName: 'Hal Home', current: true }]);
    // Both managers sign: the record stands, agreed, though the away book said 22.
    const both = dataOf<Count>(await confirm(gameId, w.cubs.id, w.awayCoach), 'confirmOfficialCount');
    expect(both.status).toBe('confirmed');
    expect(both.teams).toEqual([
      { teamName: 'Tigers', confirmed: true },
      { teamName: 'Cubs', confirmed: true },
    ]);
    const listed = dataOf<{ gameId: string }[]>(
      await gql(t.app, LIST, { l: w.league.id }, w.leagueAdmin),
      'listOfficialCounts',
    );
    expect(listed.map((g) => g.gameId)).not.toContain(gameId);

    // Signed: a coach's correction is refused; an admin's, with a reason, makes both stale and the dispute is back.
    const [outing] = await t.db
      .select({ id: pitchOutings.id })
      .from(pitchOutings)
      .where(and(eq(pitchOutings.gameId, gameId), isNull(pitchOutings.deletedAt)));
    const CORRECT = 'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { pitches } }';
    const refused = await gql(t.app, CORRECT, { i: { id: outing?.id, pitches: 21, reason: 'Recounted' } }, w.homeCoach);
    expect(refused.code).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toMatch(/Both teams signed this game’s counts/);
    const corrected = await gql(
      t.app,
      CORRECT,
      { i: { id: outing?.id, pitches: 21, reason: 'Recounted' } },
      w.leagueAdmin,
    );
    expect(corrected.errors).toBeUndefined();
    const after = await official(gameId);
    expect(after.status).toBe('disputed');
    expect(after.confirmations.map((c) => c.current)).toEqual([false, false]);
  });

  it('refuses to confirm a game with nothing recorded, and a stranger cannot read a count', async () => {
    const gameId = await newGame(0);
    const res = await confirm(gameId, w.tigers.id, w.homeCoach);
    expect(res.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe('Nothing was recorded for this game yet: there is no count to confirm');
    expect((await official(gameId)).status).toBe('none');
    expect((await gql(t.app, OFFICIAL, { g: gameId }, w.otherAdmin)).code).toBe('NOT_FOUND');
  });

  it('at the deadline the home team’s count stands for a visiting pitcher, once, and late taps change nothing', async () => {
    const gameId = await newGame(3);
    await count(w.awayCoach, gameId, w.cy.id, w.cubs.id, 40);
    await count(w.homeCoach, gameId, w.cy.id, w.tigers.id, 44);
    expect((await official(gameId)).deadlinePassed).toBe(true);
    // A game whose deadline has not come yet is left alone.
    const fresh = await newGame(0);
    await count(w.awayCoach, fresh, w.cy.id, w.cubs.id, 10);
    await count(w.homeCoach, fresh, w.cy.id, w.tigers.id, 12);

    expect(await t.services.officialCount.settleDue()).toBeGreaterThanOrEqual(1);
    const settled = await official(gameId);
    expect(settled.status).toBe('settled');
    expect(settled.settledAt).not.toBeNull();
    expect(settled.pitchers[0]).toMatchObject({ pitcherName: 'Cy Young', official: { pitches: 44 }, differs: false });
    const [outing] = await t.db
      .select()
      .from(pitchOutings)
      .where(and(eq(pitchOutings.gameId, gameId), isNull(pitchOutings.deletedAt)));
    expect(outing).toMatchObject({ pitches: 44, version: 2 });
    const history = await t.db
      .select()
      .from(outingCorrections)
      .where(eq(outingCorrections.outingId, outing?.id ?? ''));
    expect(history).toEqual([
      expect.objectContaining({
        changedByName: 'Deadline (league setting)',
        reason: 'The counts were not agreed by the deadline: the home team’s count stands (league setting)',
        before: expect.objectContaining({ pitches: 40 }),
        after: expect.objectContaining({ pitches: 44 }),
      }),
    ]);
    expect((await official(fresh)).status).toBe('disputed');

    // Settled once: a second run changes nothing. The game is over: late taps from the visitors' device are
    // refused, and the record does not move.
    await t.services.officialCount.settleDue();
    expect((await official(gameId)).settledAt).toBe(settled.settledAt);
    const late = await gql(t.app, SUBMIT, { i: { events: [{ ...lateTap(gameId, w.cy.id, w.cubs.id) }] } }, w.awayCoach);
    expect(dataOf<{ results: { status: string }[] }>(late, 'submitPitchEvents').results).toEqual([
      expect.objectContaining({ status: 'refused' }),
    ]);
    const [still] = await t.db
      .select()
      .from(pitchOutings)
      .where(eq(pitchOutings.id, outing?.id ?? ''));
    expect(still).toMatchObject({ pitches: 44, version: 2 });
  });

  it('follows the league’s setting: each pitcher’s own team’s count may stand instead, at the league’s hour', async () => {
    const update =
      'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { countStandsAfterDeadline countDeadlineDays countDeadlineTime } }';
    // Bad settings are refused and change nothing.
    const bad = await gql(t.app, update, { i: { id: w.league.id, countDeadlineTime: '25:00' } }, w.leagueAdmin);
    expect(bad.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toBe('Give the deadline’s time as HH:MM (24-hour)');
    const [unchanged] = await t.db.select().from(leagues).where(eq(leagues.id, w.league.id));
    expect(unchanged).toMatchObject({ countStandsAfterDeadline: 'home', countDeadlineTime: '12:00' });

    const saved = await gql(
      t.app,
      update,
      {
        i: { id: w.league.id, countStandsAfterDeadline: 'own_team', countDeadlineDays: 2, countDeadlineTime: '18:30' },
      },
      w.leagueAdmin,
    );
    expect(dataOf(saved, 'updateLeague')).toEqual({
      countStandsAfterDeadline: 'own_team',
      countDeadlineDays: 2,
      countDeadlineTime: '18:30',
    });
    try {
      const gameId = await newGame(4);
      await count(w.awayCoach, gameId, w.cy.id, w.cubs.id, 25);
      await count(w.homeCoach, gameId, w.cy.id, w.tigers.id, 27);
      expect((await official(gameId)).deadline).toBe(`${addDays(today, -2)}T18:30`);
      await t.services.officialCount.settleDue();
      const settled = await official(gameId);
      expect(settled.status).toBe('settled');
      expect(settled.countStandsAfterDeadline).toBe('own_team');
      // The visitors' own count stands.
      expect(settled.pitchers[0]).toMatchObject({
        official: { pitches: 25 },
        otherBook: { pitches: 27 },
        differs: true,
      });
      const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
      expect(game?.countsSettledAt).not.toBeNull();
    } finally {
      await t.db
        .update(leagues)
        .set({ countStandsAfterDeadline: 'home', countDeadlineDays: 1, countDeadlineTime: '12:00' })
        .where(eq(leagues.id, w.league.id));
    }
  });
  it('shows the official what they sign, and signs a disputed game only once they settle each difference', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 30);
    await count(w.awayCoach, gameId, w.ace.id, w.cubs.id, 32);
    const CODE = 'mutation($g: ID!) { createOfficialCode(gameId: $g) { code } }';
    const { code } = dataOf<{ code: string }>(await gql(t.app, CODE, { g: gameId }, w.homeCoach), 'createOfficialCode');
    const VIEW = `query($c: String!) { officialGame(code: $c) { title state status withdrawn officialName
      teams { teamName } pitchers { pitcherName teamName official { pitches } ownBook { pitches } otherBook { pitches } differs } } }`;
    // Read on a phone signed in to nothing: the code is the right to read it; a wrong code reads nothing.
    expect((await gql(t.app, VIEW, { c: 'AAAA2222' })).code).toBe('BAD_USER_INPUT');
    expect(dataOf(await gql(t.app, VIEW, { c: code }), 'officialGame')).toEqual({
      title: 'Tigers vs Cubs',
      state: 'scheduled',
      status: 'disputed',
      withdrawn: false,
      officialName: null,
      teams: [{ teamName: 'Tigers' }, { teamName: 'Cubs' }],
      pitchers: [
        {
          pitcherName: 'Ace Hill',
          teamName: 'Tigers',
          official: { pitches: 30 },
          ownBook: { pitches: 30 },
          otherBook: { pitches: 32 },
          differs: true,
        },
      ],
    });
    const SIGN = 'mutation($i: SignAsOfficialInput!) { signAsOfficial(input: $i) { title } }';
    // Not signed blind: the difference is settled first, and a choice that settles nothing is refused.
    const blind = await gql(t.app, SIGN, { i: { code, name: 'Pat Umpire' } });
    expect(blind.code).toBe('BAD_USER_INPUT');
    expect(blind.errors?.[0]?.message).toBe(
      "The two dugouts' counts differ for 1 pitcher: choose whose count stands for each before signing.",
    );
    const stray = await gql(t.app, SIGN, {
      i: { code, name: 'Pat Umpire', settle: [{ pitcherId: w.cy.id, bookTeamId: w.cubs.id }] },
    });
    expect(stray.code).toBe('BAD_USER_INPUT');
    expect((await official(gameId)).status).toBe('disputed');
    // The Cubs' count stands: the outing follows it, with the official's name and why in its history.
    const signed = await gql(t.app, SIGN, {
      i: { code, name: 'Pat Umpire', settle: [{ pitcherId: w.ace.id, bookTeamId: w.cubs.id }] },
    });
    expect(dataOf(signed, 'signAsOfficial')).toEqual({ title: 'Tigers vs Cubs' });
    const after = await official(gameId);
    expect(after.status).toBe('settled');
    expect(after.pitchers[0]).toMatchObject({ official: { pitches: 32 }, otherBook: { pitches: 32 }, differs: false });
    const [outing] = await t.db
      .select()
      .from(pitchOutings)
      .where(and(eq(pitchOutings.gameId, gameId), isNull(pitchOutings.deletedAt)));
    const corrections = await t.db
      .select()
      .from(outingCorrections)
      .where(eq(outingCorrections.outingId, outing?.id ?? ''));
    expect(corrections).toEqual([
      expect.objectContaining({
        changedByName: 'Pat Umpire (official)',
        reason: 'Settled by the official Pat Umpire: the Cubs count of Ace Hill stands',
      }),
    ]);
    const [game] = await t.db.select().from(games).where(eq(games.id, gameId));
    expect(game).toMatchObject({ officialName: 'Pat Umpire' });
    expect(game?.countsSettledAt).not.toBeNull();
  });

  it('counts a device’s wrong codes: after ten it waits, even with the right code; after the wait it signs', async () => {
    const gameId = await newGame(0);
    await count(w.homeCoach, gameId, w.ace.id, w.tigers.id, 30);
    const CODE = 'mutation($g: ID!) { createOfficialCode(gameId: $g) { code } }';
    const { code } = dataOf<{ code: string }>(await gql(t.app, CODE, { g: gameId }, w.homeCoach), 'createOfficialCode');
    const VIEW = 'query($c: String!) { officialGame(code: $c) { title } }';
    const SIGN = 'mutation($i: SignAsOfficialInput!) { signAsOfficial(input: $i) { title } }';
    // Every device of these tests is 127.0.0.1: start from a device with no wrong code yet.
    await t.db.delete(rateLimits).where(like(rateLimits.key, 'official-code:%'));
    const wrong = ['AAAA2222', 'BBBB3333', 'CCCC4444', 'DDDD5555', 'EEEE6666'];
    for (const guess of [...wrong, ...wrong]) {
      const answer =
        guess === 'CCCC4444'
          ? await gql(t.app, SIGN, { i: { code: guess, name: 'Guesser' } })
          : await gql(t.app, VIEW, { c: guess });
      expect(answer.code).toBe('BAD_USER_INPUT');
    }
    const held = await gql(t.app, VIEW, { c: code });
    expect(held.code).toBe('RATE_LIMITED');
    expect(held.errors?.[0]?.message).toBe(
      'Too many wrong codes from this device: wait 10 minutes and try again, or ask the home coach to show the code again',
    );
    expect((await gql(t.app, SIGN, { i: { code, name: 'Pat Umpire' } })).code).toBe('RATE_LIMITED');
    const [unsigned] = await t.db.select().from(games).where(eq(games.id, gameId));
    expect(unsigned?.officialName).toBeNull();
    t.clock.advance(10 * 60_000 + 1_000);
    expect(dataOf(await gql(t.app, SIGN, { i: { code, name: 'Pat Umpire' } }), 'signAsOfficial')).toEqual({
      title: 'Tigers vs Cubs',
    });
  });
});
