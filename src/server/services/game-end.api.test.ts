import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/local-date.ts';
import type { PitchEvent, PitchEventKind } from '../../core/pitch-events.ts';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { games, leagues, outboxEmails, pitchOutings } from '../db/schema.ts';
import { english } from '../i18n.ts';
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

const GAME_OVER = 'The game is over: a tap after its end is not counted. A league admin can correct an outing.';

/**
 * A game counted live ends (by its coach, by both teams' confirmations, or by the
 * league's deadline), its parents are told, and a tap after the end is refused with the reason.
 */

const SUBMIT = `mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status message } } }`;
const OFFICIAL = `query($g: ID!) { officialCount(gameId: $g) { status settledAt deadlinePassed } }`;
const CONFIRM = `mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { status } }`;
const END = `mutation($i: UpdateGameInput!) { updateGame(input: $i) { id state } }`;
const REFUSED = '{ listRefusedPitchEvents { eventId reason } }';

describe.each(databaseKinds())('the end of a game on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;
  // The tests' clock starts on TEST_NOW (testing/harness.ts).
  const today = todayIn('America/New_York', TEST_NOW);

  async function buildWorld() {
    const presets = await ensurePresetRules(t.db);
    const homeCoach = await buildUser(t.db, { givenName: 'Hal', familyName: 'Home' });
    const awayCoach = await buildUser(t.db, { givenName: 'Ava', familyName: 'Away' });
    const leagueAdmin = await buildUser(t.db, { givenName: 'Lee', familyName: 'Admin' });
    const mom = await buildUser(t.db, { givenName: 'Mia', familyName: 'Mom' });
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [leagueAdmin.id] });
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, {
      startDate: addDays(today, -90),
      endDate: addDays(today, 60),
    });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [homeCoach.id] });
    const cubs = await buildTeam(t.db, league, season.id, { name: 'Cubs', coachIds: [awayCoach.id] });
    const ace = await buildPlayer(t.db, organization.id, {
      firstName: 'Ace',
      lastName: 'Hill',
      birthDate: '2015-10-01',
      teamIds: [tigers.id],
      guardianIds: [mom.id],
    });
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    return {
      tigers,
      cubs,
      ace,
      mom,
      homeCoach: await cookieOf(homeCoach),
      awayCoach: await cookieOf(awayCoach),
      leagueAdmin: await cookieOf(leagueAdmin),
    };
  }

  beforeAll(async () => {
    t = await bootTestApp(kind);
    w = await buildWorld();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newGame(daysAgo: number) {
    const res = await gql(
      t.app,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: { date: addDays(today, -daysAgo), homeTeamId: w.tigers.id, awayTeamId: w.cubs.id } },
      w.homeCoach,
    );
    return dataOf<{ id: string }>(res, 'createGame').id;
  }

  /** `pitches` taps of one dugout for Ace (a Tiger), as one device sends them. */
  function taps(gameId: string, bookTeamId: string, pitches: number): PitchEvent[] {
    const deviceId = randomUUID();
    const start = Date.now() - 3_600_000;
    return Array.from({ length: pitches }, (_, i) => ({
      id: randomUUID(),
      gameId,
      pitcherId: w.ace.id,
      bookTeamId,
      deviceId,
      seq: i + 1,
      at: new Date(start + i * 1000).toISOString(),
      kind: (i % 2 ? 'ball' : 'strike') as PitchEventKind,
    }));
  }

  async function send(cookie: string, events: PitchEvent[]) {
    return dataOf<{ results: { status: string; message: string | null }[] }>(
      await gql(t.app, SUBMIT, { i: { events } }, cookie),
      'submitPitchEvents',
    ).results;
  }

  const stateOf = async (gameId: string) =>
    (await t.db.select({ state: games.state }).from(games).where(eq(games.id, gameId)))[0]?.state;
  const outingOf = async (gameId: string) =>
    (
      await t.db
        .select()
        .from(pitchOutings)
        .where(and(eq(pitchOutings.gameId, gameId), isNull(pitchOutings.deletedAt)))
    )[0];
  /** The outing emails to Ace's mom about one game's date (written as her language writes it: "May 10, 2027"). */
  const emailsAbout = async (date: string) =>
    (await t.db.select().from(outboxEmails).where(eq(outboxEmails.toEmail, w.mom.email))).filter((e) =>
      e.subject.endsWith(`on ${english.day(date)}`),
    );
  const official = async (gameId: string) =>
    dataOf<{ status: string; settledAt: string | null; deadlinePassed: boolean }>(
      await gql(t.app, OFFICIAL, { g: gameId }, w.leagueAdmin),
      'officialCount',
    );

  it('a tap after the game ended is refused with the reason, kept for the admins, and changes nothing', async () => {
    const gameId = await newGame(1);
    const sent = taps(gameId, w.tigers.id, 12);
    expect((await send(w.homeCoach, sent)).every((r) => r.status === 'accepted')).toBe(true);
    const ended = await gql(t.app, END, { i: { id: gameId, state: 'final' } }, w.homeCoach);
    expect(dataOf(ended, 'updateGame')).toMatchObject({ state: 'final' });
    // The parent hears of the live count once the game ends.
    const emails = await emailsAbout(addDays(today, -1));
    expect(emails.map((e) => e.subject)).toEqual([`Ace pitched 12 pitches on ${english.day(addDays(today, -1))}`]);

    const late = taps(gameId, w.tigers.id, 3).map((tap, i) => ({ ...tap, seq: 100 + i }));
    const answers = await send(w.homeCoach, late);
    expect(answers).toEqual(late.map(() => ({ status: 'refused', message: GAME_OVER })));
    // A tap stored before the end, sent again (its answer was lost), is still a duplicate, not refused.
    expect(await send(w.homeCoach, [sent[0] as PitchEvent])).toEqual([{ status: 'duplicate', message: null }]);
    expect(await outingOf(gameId)).toMatchObject({ pitches: 12, version: 1 });
    expect(await emailsAbout(addDays(today, -1))).toHaveLength(1);
    // The league's admin sees the refused taps with the reason.
    const kept = dataOf<{ eventId: string; reason: string }[]>(
      await gql(t.app, REFUSED, {}, w.leagueAdmin),
      'listRefusedPitchEvents',
    ).filter((r) => late.some((l) => l.id === r.eventId));
    expect(kept.map((r) => r.reason)).toEqual(late.map(() => GAME_OVER));

    // An admin who reopens the game lets taps count again.
    await gql(t.app, END, { i: { id: gameId, state: 'in_progress' } }, w.leagueAdmin);
    const resumed = taps(gameId, w.tigers.id, 2).map((tap, i) => ({ ...tap, seq: 200 + i }));
    expect((await send(w.homeCoach, resumed)).map((r) => r.status)).toEqual(['accepted', 'accepted']);
    expect(await outingOf(gameId)).toMatchObject({ pitches: 14 });
  });

  it('both teams confirming the counts ends the game, and its parents are told', async () => {
    const gameId = await newGame(0);
    await send(w.homeCoach, taps(gameId, w.tigers.id, 9));
    await send(w.awayCoach, taps(gameId, w.cubs.id, 9));
    expect(
      dataOf(await gql(t.app, CONFIRM, { g: gameId, t: w.tigers.id }, w.homeCoach), 'confirmOfficialCount'),
    ).toEqual({ status: 'unconfirmed' });
    expect(await stateOf(gameId)).toBe('scheduled');
    expect(await emailsAbout(today)).toEqual([]);
    expect(dataOf(await gql(t.app, CONFIRM, { g: gameId, t: w.cubs.id }, w.awayCoach), 'confirmOfficialCount')).toEqual(
      {
        status: 'confirmed',
      },
    );
    expect(await stateOf(gameId)).toBe('final');
    expect((await emailsAbout(today)).map((e) => e.subject)).toEqual([
      `Ace pitched 9 pitches on ${english.day(today)}`,
    ]);
    // Confirming again (a renewed signature) tells nobody twice.
    await gql(t.app, CONFIRM, { g: gameId, t: w.cubs.id }, w.awayCoach);
    expect(await emailsAbout(today)).toHaveLength(1);
    expect((await send(w.awayCoach, taps(gameId, w.cubs.id, 1)))[0]?.status).toBe('refused');
  });

  it('the deadline settles an unconfirmed count, live or typed in, and ends the game; stale ones end without email', async () => {
    // Counted live by the Tigers only, three days ago: nobody confirmed, nobody disputes.
    const live = await newGame(3);
    await send(w.homeCoach, taps(live, w.tigers.id, 20));
    // Typed in by hand four days ago.
    const typed = await newGame(4);
    const logged = await gql(
      t.app,
      'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
      { i: { id: randomUUID(), gameId: typed, playerId: w.ace.id, teamId: w.tigers.id, pitches: 15 } },
      w.homeCoach,
    );
    expect(logged.errors).toBeUndefined();
    // Counted live two months ago (played before this rule) and never settled.
    const old = await newGame(60);
    await send(w.homeCoach, taps(old, w.tigers.id, 30));
    // Today's game: its deadline has not come.
    const fresh = await newGame(0);
    await send(w.homeCoach, taps(fresh, w.tigers.id, 5));
    for (const gameId of [live, typed, old]) {
      expect(await official(gameId)).toMatchObject({ status: 'unconfirmed', settledAt: null, deadlinePassed: true });
    }

    expect(await t.services.officialCount.settleDue()).toBeGreaterThanOrEqual(3);
    for (const gameId of [live, typed, old]) {
      expect((await official(gameId)).status).toBe('settled');
      expect(await stateOf(gameId)).toBe('final');
    }
    expect(await official(fresh)).toMatchObject({ status: 'unconfirmed', settledAt: null });
    expect(await stateOf(fresh)).toBe('scheduled');
    // The record stands as it was.
    expect(await outingOf(live)).toMatchObject({ pitches: 20, version: 1 });
    expect(await outingOf(typed)).toMatchObject({ pitches: 15, version: 1 });
    // The live game's parent is told now; the typed one was told when it was stored; the stale one not at all.
    expect((await emailsAbout(addDays(today, -3))).map((e) => e.subject)).toEqual([
      `Ace pitched 20 pitches on ${english.day(addDays(today, -3))}`,
    ]);
    expect(await emailsAbout(addDays(today, -4))).toHaveLength(1);
    expect(await emailsAbout(addDays(today, -60))).toEqual([]);
    // The admins' list finds them under Settled.
    const settledList = dataOf<{ gameId: string }[]>(
      await gql(
        t.app,
        'query($l: ID!, $s: [CountStatus!]) { listOfficialCounts(leagueId: $l, statuses: $s) { gameId } }',
        { l: w.tigers.leagueId, s: ['settled'] },
        w.leagueAdmin,
      ),
      'listOfficialCounts',
    ).map((g) => g.gameId);
    expect(settledList).toEqual(expect.arrayContaining([live, typed, old]));
    // Settled once: another run tells nobody again.
    await t.services.officialCount.settleDue();
    expect(await emailsAbout(addDays(today, -3))).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')(
    'a game ended while taps arrive: each tap is counted before the end (and in the email) or refused',
    async () => {
      for (let round = 0; round < 6; round++) {
        const gameId = await newGame(2);
        await send(w.homeCoach, taps(gameId, w.tigers.id, 10));
        const late = taps(gameId, w.tigers.id, 7).map((tap, i) => ({ ...tap, seq: 50 + i }));
        const [answers, ended] = await Promise.all([
          send(w.homeCoach, late),
          gql(t.app, END, { i: { id: gameId, state: 'final' } }, w.homeCoach),
        ]);
        expect(ended.errors).toBeUndefined();
        const accepted = answers.filter((a) => a.status === 'accepted').length;
        // All or nothing: the batch is one transaction, before or after the end.
        expect([0, 7]).toContain(accepted);
        expect(answers.filter((a) => a.status === 'refused').length).toBe(7 - accepted);
        const outing = await outingOf(gameId);
        expect(outing?.pitches).toBe(10 + accepted);
        // One email, with the count as it stands.
        expect((await emailsAbout(addDays(today, -2))).map((e) => e.subject)).toEqual([
          `Ace pitched ${10 + accepted} pitches on ${english.day(addDays(today, -2))}`,
        ]);
        await t.db.delete(outboxEmails).where(eq(outboxEmails.toEmail, w.mom.email));
      }
    },
  );
});
