import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/local-date.ts';
import type { PitchEvent, PitchEventKind } from '../../core/pitch-events.ts';
import { type Appearance, statusInGame } from '../../core/rules/engine.ts';
import { ruleFromStored, type StoredRule } from '../../core/rules/rule.ts';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { leagues } from '../db/schema.ts';
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

/**
 * "May this child pitch, and from when?" has one answer (docs/architecture.md, One answer): Pitcher
 * Status's. Every place a person decides reads it: the live count (its record and the engine), the
 * plate card, the parent's email and the printed log; for the same pitcher and day, one date and
 * one set of reasons. The calendar holds, parents hear when the answer changes, and a coach who
 * chooses a resting pitcher confirms it for the history.
 */

const REASON = 'code said { id values } until';
const STATUS = `query($t: ID, $d: String) { pitcherStatus(teamId: $t, date: $d) {
  seasonStart
  rule { name ageGroup unit finishBatter intentionalWalkPitches maxGamesPerDay maxConsecutiveDays
    ageBasis { kind month day yearOffset } dailyLimits { minAge maxAge max }
    windows { unit period weekStartsOn days max minAge maxAge }
    catcher { noCatchingAfterPitches noPitchingAfterCaughtInnings noCatchingAgainAfterPitches }
    pitchLimits { pitchCount daysRest minAge maxAge } }
  pitchers { playerId
    today { canPitch nextEligibleDate restDaysOwed remainingToday reasons { ${REASON} } }
    record { date gameId pitches pitchesBeforeLastBatter pitchedInnings caughtInnings outs intentionalWalks } } } }`;
const CARD = `query($t: ID!) { plateCard(teamId: $t) { pitchers { playerId mayPitch notUntil reasons { ${REASON} } } } }`;
const LOG = `query($g: ID!) { gamePitchLog(gameId: $g) { lines { playerName pitches intentionalWalks
  answer { canPitch nextEligibleDate reasons { ${REASON} } } } } }`;
const COUNTS =
  'query($g: ID!) { gameCounts(gameId: $g) { pitcherId official pitches intentionalWalks pitchesBeforeLastBatter } }';
const CREATE_GAME = 'mutation($i: CreateGameInput!) { createGame(input: $i) { id date } }';
const UPDATE_GAME = 'mutation($i: UpdateGameInput!) { updateGame(input: $i) { id state } }';
const CREATE_OUTING = 'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id version } }';
const CORRECT = 'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id pitches version } }';
const SUBMIT = 'mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status message } } }';
const CHOOSE = `mutation($i: ConfirmPitcherChoiceInput!) { confirmPitcherChoice(input: $i) {
  id heldOut chosenByName nextEligibleDate reasons { ${REASON} } } }`;

type Reason = { code: string; said: { id: string; values: Record<string, string | number> }; until: string | null };
type Today = { canPitch: boolean; nextEligibleDate: string | null; reasons: Reason[] };

describe.each(databaseKinds())('one answer at the moment of decision on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  // The league's day, on the tests' clock: Riley threw 60 yesterday (3 days of rest: eligible in 3 days).
  const today = todayIn('America/New_York', TEST_NOW);
  const yesterday = addDays(today, -1);

  async function buildWorld() {
    const presets = await ensurePresetRules(t.db);
    const coach = await buildUser(t.db, { givenName: 'Cody', familyName: 'Coach' });
    const admin = await buildUser(t.db, { givenName: 'Ada', familyName: 'Admin' });
    const parent = await buildUser(t.db, { givenName: 'Pam', familyName: 'Parent' });
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, {
      startDate: addDays(today, -60),
      endDate: addDays(today, 60),
    });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    // League age 12 in the 2028 season: 85 a day; 51-65 pitches owe 3 days (Little League Regulation VI).
    const riley = await buildPlayer(t.db, organization.id, {
      firstName: 'Riley',
      lastName: 'Reyes',
      birthDate: '2016-03-01',
      teamIds: [tigers.id],
      guardianIds: [parent.id],
    });
    const cookie = async (u: { email: string; password: string }) => (await signIn(t.app, u.email, u.password)).cookie;
    return {
      tigers,
      riley,
      parent,
      coach: await cookie(coach),
      admin: await cookie(admin),
      adminEmail: admin.email,
    };
  }

  const newGame = async (w: Awaited<ReturnType<typeof buildWorld>>, date: string) =>
    dataOf<{ id: string }>(
      await gql(t.app, CREATE_GAME, { i: { date, homeTeamId: w.tigers.id, opponentName: 'Visitors' } }, w.coach),
      'createGame',
    ).id;

  const taps = (gameId: string, pitcherId: string, bookTeamId: string, kinds: PitchEventKind[]): PitchEvent[] => {
    const deviceId = randomUUID();
    return kinds.map((kind, i) => ({
      id: randomUUID(),
      gameId,
      pitcherId,
      bookTeamId,
      deviceId,
      seq: i + 1,
      at: new Date(Date.now() - 60_000 + i * 1000).toISOString(),
      kind,
    }));
  };

  const mailsTo = (email: string) => t.mailbox.filter((m) => m.to === email);

  it('gives the live count, the plate card, the parent’s email and the printed log Pitcher Status’s date and reasons', async () => {
    const w = await buildWorld();
    t.clock.set(new Date(`${yesterday}T22:00:00Z`));
    const first = await newGame(w, yesterday);
    const logged = await gql(
      t.app,
      CREATE_OUTING,
      { i: { id: randomUUID(), gameId: first, playerId: w.riley.id, teamId: w.tigers.id, pitches: 60 } },
      w.coach,
    );
    expect(logged.errors).toBeUndefined();

    // Today's second game: the coach picks Riley, who is resting. The server holds it too and keeps the choice.
    t.clock.set(new Date(`${today}T20:00:00Z`));
    const second = await newGame(w, today);
    const choice = dataOf<{ heldOut: boolean; chosenByName: string; nextEligibleDate: string; reasons: Reason[] }>(
      await gql(t.app, CHOOSE, { i: { gameId: second, pitcherId: w.riley.id } }, w.coach),
      'confirmPitcherChoice',
    );
    expect(choice).toMatchObject({ heldOut: true, chosenByName: 'Cody Coach', nextEligibleDate: addDays(today, 3) });
    expect(choice.reasons.map((r) => [r.code, r.until])).toEqual([['PITCHED_BEFORE_ELIGIBLE', addDays(today, 3)]]);
    await t.outbox.flush();
    const toAdmin = mailsTo(w.adminEmail).at(-1);
    expect(toAdmin?.subject).toContain('Pitcher held out chosen to pitch: Riley Reyes (Tigers)');
    expect(toAdmin?.text).toContain('Cody Coach chose Riley Reyes to pitch in Tigers vs Visitors');

    // Three pitches and an intentional walk (credited 4 pitches under Little League): 7 in all.
    const submitted = dataOf<{ results: { status: string }[] }>(
      await gql(
        t.app,
        SUBMIT,
        { i: { events: taps(second, w.riley.id, w.tigers.id, ['strike', 'ball', 'foul', 'intentional_walk']) } },
        w.coach,
      ),
      'submitPitchEvents',
    );
    expect(submitted.results.every((r) => r.status === 'accepted')).toBe(true);
    expect((await gql(t.app, UPDATE_GAME, { i: { id: second, state: 'final' } }, w.coach)).errors).toBeUndefined();

    // Pitcher Status: resting from yesterday's 60 (3 days), and already one game today.
    const report = dataOf<{
      seasonStart: string;
      rule: StoredRule;
      pitchers: { playerId: string; today: Today; record: (Omit<Appearance, 'game'> & { gameId: string })[] }[];
    }>(await gql(t.app, STATUS, { t: w.tigers.id, d: today }, w.coach), 'pitcherStatus');
    const status = report.pitchers.find((p) => p.playerId === w.riley.id) as (typeof report.pitchers)[number];
    expect(status.today.canPitch).toBe(false);
    expect(status.today.nextEligibleDate).toBe(addDays(today, 3));
    expect(status.today.reasons.map((r) => [r.code, r.until])).toEqual([
      ['PITCHED_BEFORE_ELIGIBLE', addDays(today, 3)],
      ['TOO_MANY_GAMES_IN_DAY', addDays(today, 1)],
    ]);
    const answer = { nextEligibleDate: status.today.nextEligibleDate, reasons: status.today.reasons };

    // The live count: the report's record and rule, the game's own book, through the same engine.
    const book = dataOf<{ pitcherId: string; official: boolean; pitches: number; intentionalWalks: number }[]>(
      await gql(t.app, COUNTS, { g: second }, w.coach),
      'gameCounts',
    ).find((c) => c.pitcherId === w.riley.id && c.official);
    expect(book).toMatchObject({ pitches: 3, intentionalWalks: 1 });
    const rule = ruleFromStored(JSON.parse(JSON.stringify(report.rule), (_k, v) => (v === null ? undefined : v)));
    const live = statusInGame(
      {
        rule,
        birthDate: '2016-03-01',
        seasonStart: report.seasonStart,
        // As the browser reads it (web/lib/answer.ts appearanceOfWire): the game's id, nulls left out.
        appearances: status.record.map(({ gameId, ...a }) => ({
          ...JSON.parse(JSON.stringify(a), (_k, v) => (v === null ? undefined : v)),
          game: gameId,
        })),
      },
      { id: second, date: today },
      { date: today, game: second, pitches: 3, intentionalWalks: 1 },
    );
    expect({
      nextEligibleDate: live.after.nextEligibleDate,
      reasons: JSON.parse(JSON.stringify(live.after.reasons)).map(({ message: _, ...r }: { message: string }) => r),
    }).toEqual(answer);

    // The plate card.
    const card = dataOf<{ pitchers: { playerId: string; mayPitch: boolean; notUntil: string; reasons: Reason[] }[] }>(
      await gql(t.app, CARD, { t: w.tigers.id }, w.coach),
      'plateCard',
    ).pitchers.find((p) => p.playerId === w.riley.id);
    expect(card).toEqual({
      playerId: w.riley.id,
      mayPitch: false,
      notUntil: answer.nextEligibleDate,
      reasons: answer.reasons,
    });

    // The printed log of today's game.
    const line = dataOf<{ lines: { playerName: string; answer: { nextEligibleDate: string; reasons: Reason[] } }[] }>(
      await gql(t.app, LOG, { g: second }, w.coach),
      'gamePitchLog',
    ).lines.find((l) => l.playerName === 'Riley Reyes');
    expect(line?.answer).toEqual({ canPitch: false, ...answer });

    // The parent's email when the game ended: the count the rule uses, the same date, every reason.
    await t.outbox.flush();
    const email = mailsTo(w.parent.email).at(-1);
    expect(email?.subject).toBe(`Riley pitched 7 pitches on ${english.day(today)}`);
    expect(email?.text).toContain(`Riley Reyes pitched for the Tigers on ${english.day(today)}: 7 pitches.`);
    expect(email?.text).toContain(
      'That count includes 1 intentional walk, credited as 4 pitches each (3 pitches thrown).',
    );
    expect(email?.text).toContain(`Riley may pitch again from ${english.day(answer.nextEligibleDate as string)}.`);
    for (const reason of answer.reasons) {
      expect(email?.text).toContain(
        `${english.saidWithDays(reason.said)} (until ${english.day(reason.until as string)})`,
      );
    }
  });

  it('tells the parent once when a correction moves the date, and not when it does not', async () => {
    const w = await buildWorld();
    t.clock.set(new Date(`${yesterday}T22:00:00Z`));
    const first = await newGame(w, yesterday);
    const outing = dataOf<{ id: string; version: number }>(
      await gql(
        t.app,
        CREATE_OUTING,
        { i: { id: randomUUID(), gameId: first, playerId: w.riley.id, teamId: w.tigers.id, pitches: 60 } },
        w.coach,
      ),
      'createPitchOuting',
    );
    t.clock.set(new Date(`${today}T16:00:00Z`));
    await t.outbox.flush();
    const before = mailsTo(w.parent.email).length;
    // 60 was 20: no rest owed, eligible today (was in 3 days).
    const corrected = dataOf<{ version: number }>(
      await gql(
        t.app,
        CORRECT,
        { i: { id: outing.id, version: outing.version, pitches: 20, reason: 'Miscounted: 20, not 60' } },
        w.admin,
      ),
      'updatePitchOuting',
    );
    await t.outbox.flush();
    const changed = mailsTo(w.parent.email).slice(before);
    expect(changed).toHaveLength(1);
    expect(changed[0]?.subject).toBe('Riley’s next day to pitch changed: today'.replace('’', "'"));
    expect(changed[0]?.text).toContain(
      `Riley Reyes's next day to pitch changed from ${english.day(addDays(today, 3))} to today.`,
    );
    expect(changed[0]?.text).toContain(
      `What changed: Ada Admin corrected Riley Reyes's outing of ${english.day(yesterday)}: Miscounted: 20, not 60`,
    );
    expect(changed[0]?.text).toContain('Riley may still pitch today: 85 pitches left.');
    // 20 becomes 19: the same answer, no email.
    await gql(
      t.app,
      CORRECT,
      { i: { id: outing.id, version: corrected.version, pitches: 19, reason: 'Counted once more: 19' } },
      w.admin,
    );
    await t.outbox.flush();
    expect(mailsTo(w.parent.email).slice(before)).toHaveLength(1);
  });

  it('holds the calendar: nothing about pitching for a game dated after the league’s today', async () => {
    const w = await buildWorld();
    t.clock.set(new Date(`${today}T16:00:00Z`));
    const tomorrow = await newGame(w, addDays(today, 1));
    const outing = await gql(
      t.app,
      CREATE_OUTING,
      { i: { id: randomUUID(), gameId: tomorrow, playerId: w.riley.id, teamId: w.tigers.id, pitches: 3 } },
      w.coach,
    );
    expect(outing.code).toBe('BAD_USER_INPUT');
    expect(outing.errors?.[0]?.message).toBe(
      `This game is on ${addDays(today, 1)}: its pitching can be counted and recorded from that day on.`,
    );
    const tapped = dataOf<{ results: { status: string; message: string }[] }>(
      await gql(t.app, SUBMIT, { i: { events: taps(tomorrow, w.riley.id, w.tigers.id, ['ball']) } }, w.coach),
      'submitPitchEvents',
    );
    expect(tapped.results).toEqual([
      {
        status: 'refused',
        message: `This game is on ${addDays(today, 1)}: its pitching can be counted and recorded from that day on.`,
      },
    ]);
    for (const state of ['in_progress', 'final']) {
      expect((await gql(t.app, UPDATE_GAME, { i: { id: tomorrow, state } }, w.coach)).code).toBe('BAD_USER_INPUT');
    }
    expect((await gql(t.app, CHOOSE, { i: { gameId: tomorrow, pitcherId: w.riley.id } }, w.coach)).code).toBe(
      'BAD_USER_INPUT',
    );
    // On its day, it is counted.
    t.clock.set(new Date(`${addDays(today, 1)}T16:00:00Z`));
    const onTheDay = dataOf<{ results: { status: string }[] }>(
      await gql(t.app, SUBMIT, { i: { events: taps(tomorrow, w.riley.id, w.tigers.id, ['ball']) } }, w.coach),
      'submitPitchEvents',
    );
    expect(onTheDay.results).toEqual([{ status: 'accepted', message: null }]);
  });
});
