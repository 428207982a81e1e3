import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/local-date.ts';
import { auditEntries, games, outboxEmails, outingCorrections, pitchOutings, violations } from '../db/schema.ts';
import {
  bootTestApp,
  buildPlayer,
  buildRivals,
  buildTeam,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  TEST_NOW,
  type TestApp,
  versionOf,
} from '../testing/harness.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { checkPrintedHash, currentHashOfGame, startHistory, verifyHistory } from './history.ts';

/**
 * The pitch record a league can stand behind (docs/decisions/0034-the-pitch-record.md):
 * games holding pitching move or go only by an admin's correction with a reason, every change is
 * in one hash-chained history that `verify` checks against the records, and no acknowledged write
 * is lost to another made at the same time, on either database.
 */

const CREATE_GAME = 'mutation($i: CreateGameInput!) { createGame(input: $i) { id version } }';
const UPDATE_GAME = 'mutation($i: UpdateGameInput!) { updateGame(input: $i) { id date version } }';
const DELETE_GAME =
  'mutation($i: DeleteGameInput!) { deleteGame(input: $i) { id withdrawnAt withdrawnReason holdsPitching } }';
const CREATE_OUTING = 'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id version } }';
const CORRECT = 'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id pitches version } }';
const CONFIRM = `mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { status } }`;
const VIOLATIONS = `query($l: ID!) { listViolations(filter: { leagueId: { eq: $l }, includeWithdrawn: true }) {
  items { id outingId code withdrawnAt withdrawnReason } } }`;
const UPDATE_LEAGUE = 'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { id version admins } }';
const LEAGUE = 'query { listLeagues { items { id version admins } } }';

const pitchesOf = (counts: unknown) => (counts as { pitches?: number } | null | undefined)?.pitches;

describe.each(databaseKinds())('the pitch record on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;
  // The tests' clock starts on TEST_NOW (testing/harness.ts).
  const today = todayIn('America/New_York', TEST_NOW);

  async function buildWorld() {
    const { organization, league, seasonId, tigers, cubs, homeCoach, awayCoach, leagueAdmin, moreAdmins } =
      await buildRivals(
        t.db,
        { startDate: addDays(today, -90), endDate: addDays(today, 60) },
        { moreAdmins: [{ givenName: 'Sam', familyName: 'Second' }] },
      );
    const secondAdmin = moreAdmins[0] as (typeof moreAdmins)[number];
    const ivy = await buildPlayer(t.db, organization.id, {
      firstName: 'Ivy',
      lastName: 'Brown',
      // League age 10 in the 2028 season the tests' clock plays (testing/harness.ts TEST_NOW).
      birthDate: '2017-10-01',
      teamIds: [tigers.id],
    });
    const cal = await buildPlayer(t.db, organization.id, {
      firstName: 'Cal',
      lastName: 'Cole',
      birthDate: '2015-09-01',
      teamIds: [cubs.id],
    });
    // People of the organization (a team's coaches) the admins can add to the league's admins.
    const extras = await Promise.all(
      Array.from({ length: 2 }, (_, i) => buildUser(t.db, { givenName: `Extra${i}`, familyName: 'Admin' })),
    );
    await buildTeam(t.db, league, seasonId, { name: 'Bears', coachIds: extras.map((e) => e.id) });
    // What the seeds wrote directly starts its history, as the server's start does.
    await startHistory(t.db, new Date(), { chains: [organization.id] });
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    return {
      organization,
      league,
      tigers,
      cubs,
      ivy,
      cal,
      extras,
      emails: { homeCoach: homeCoach.email, awayCoach: awayCoach.email, leagueAdmin: leagueAdmin.email },
      homeCoach: await cookieOf(homeCoach),
      awayCoach: await cookieOf(awayCoach),
      leagueAdmin: await cookieOf(leagueAdmin),
      secondAdmin: await cookieOf(secondAdmin),
    };
  }

  beforeAll(async () => {
    t = await bootTestApp(kind);
    w = await buildWorld();
  });
  afterAll(async () => {
    await t?.close();
  });

  let day = 0;
  /** A game of the Tigers (home) and Cubs on a day of its own, made by the home coach. */
  async function newGame() {
    day += 2;
    const res = await gql(
      t.app,
      CREATE_GAME,
      { i: { date: addDays(today, -80 + day), homeTeamId: w.tigers.id, awayTeamId: w.cubs.id } },
      w.homeCoach,
    );
    return dataOf<{ id: string; version: number }>(res, 'createGame');
  }
  async function record(gameId: string, pitches: number, player = w.ivy, team = w.tigers, cookie = w.homeCoach) {
    const res = await gql(
      t.app,
      CREATE_OUTING,
      { i: { id: randomUUID(), gameId, playerId: player.id, teamId: team.id, pitches } },
      cookie,
    );
    return dataOf<{ id: string; version: number }>(res, 'createPitchOuting');
  }
  const verify = () => verifyHistory(t.db, { chains: [w.organization.id] });

  it('lets a coach move or delete only a game that holds nothing; an admin moves one with a reason and its outings follow', async () => {
    const empty = await newGame();
    // Nothing recorded yet: the coach moves it and deletes it.
    const moved = await gql(t.app, UPDATE_GAME, { i: { id: empty.id, startTime: '10:00' } }, w.homeCoach);
    expect(moved.errors).toBeUndefined();
    const gone = await gql(t.app, DELETE_GAME, { i: { id: empty.id } }, w.homeCoach);
    expect(gone.errors).toBeUndefined();
    expect(await t.db.select().from(games).where(eq(games.id, empty.id))).toEqual([]);

    const game = await newGame();
    const outing = await record(game.id, 40);
    for (const cookie of [w.homeCoach, w.awayCoach]) {
      const refused = await gql(t.app, UPDATE_GAME, { i: { id: game.id, date: addDays(today, -1) } }, cookie);
      expect(refused.code).toBe('CONFLICT');
      expect(refused.errors?.[0]?.message).toBe(
        'This game holds pitch counts: only a league admin can move or withdraw it, with a reason kept in its history.',
      );
      expect((await gql(t.app, DELETE_GAME, { i: { id: game.id, reason: 'x' } }, cookie)).code).toBe('CONFLICT');
    }
    // Starting and ending it stays the coaches'.
    expect((await gql(t.app, UPDATE_GAME, { i: { id: game.id, state: 'in_progress' } }, w.homeCoach)).errors).toBe(
      undefined,
    );
    const noReason = await gql(t.app, UPDATE_GAME, { i: { id: game.id, date: addDays(today, -1) } }, w.leagueAdmin);
    expect(noReason.code).toBe('BAD_USER_INPUT');
    const newDate = addDays(today, -1);
    const corrected = await gql(
      t.app,
      UPDATE_GAME,
      { i: { id: game.id, date: newDate, reason: 'Played a day later (rain)' } },
      w.leagueAdmin,
    );
    expect(dataOf<{ date: string }>(corrected, 'updateGame').date).toBe(newDate);
    const [stored] = await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, outing.id));
    expect(stored?.date).toBe(newDate);
    expect(stored?.version).toBe(outing.version + 1);
    const [correction] = await t.db
      .select()
      .from(outingCorrections)
      .where(eq(outingCorrections.outingId, outing.id))
      .orderBy(desc(outingCorrections.changedAt));
    expect(correction?.reason).toMatch(/^Game moved from .* to .*: Played a day later \(rain\)$/);
    expect(correction?.changedByName).toBe('Jo Rivera');
    expect((await verify()).problems).toEqual([]);
  });

  it('withdraws a game that holds pitching, by an admin with a reason: kept, its outings deleted, its violations withdrawn with why', async () => {
    const game = await newGame();
    // 80 pitches at league age 10 breaks the Little League limit of 75 (docs/domain.md): a violation.
    const outing = await record(game.id, 80);
    const [found] = await t.db.select().from(violations).where(eq(violations.outingId, outing.id));
    expect(found?.withdrawnAt).toBeNull();
    const withdrawn = await gql(
      t.app,
      DELETE_GAME,
      { i: { id: game.id, reason: 'Entered twice: the real game is the next day' } },
      w.leagueAdmin,
    );
    const answer = dataOf<{ withdrawnAt: string | null; withdrawnReason: string; holdsPitching: boolean }>(
      withdrawn,
      'deleteGame',
    );
    expect(answer.withdrawnAt).not.toBeNull();
    expect(answer.withdrawnReason).toBe('Entered twice: the real game is the next day');
    const [kept] = await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, outing.id));
    expect(kept?.deletedAt).not.toBeNull();
    const listed = dataOf<{ items: { outingId: string; withdrawnAt: string | null; withdrawnReason: string }[] }>(
      await gql(t.app, VIOLATIONS, { l: w.league.id }, w.leagueAdmin),
      'listViolations',
    ).items.filter((v) => v.outingId === outing.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.withdrawnAt).not.toBeNull();
    expect(listed[0]?.withdrawnReason).toBe('Game withdrawn: Entered twice: the real game is the next day');
    // Out of the games list, still readable with its history; nothing more is recorded in it.
    const list = dataOf<{ items: { id: string }[] }>(
      await gql(t.app, '{ listGames(limit: 1000) { items { id } } }', {}, w.leagueAdmin),
      'listGames',
    );
    expect(list.items.map((g) => g.id)).not.toContain(game.id);
    // Findable when asked for, marked withdrawn with why.
    const withWithdrawn = dataOf<{ items: { id: string; withdrawnReason: string | null }[] }>(
      await gql(
        t.app,
        'query($f: GameFilter) { listGames(filter: $f, limit: 1000) { items { id withdrawnReason } } }',
        { f: { withdrawn: true } },
        w.leagueAdmin,
      ),
      'listGames',
    );
    expect(withWithdrawn.items).toContainEqual({
      id: game.id,
      withdrawnReason: 'Entered twice: the real game is the next day',
    });
    expect((await record(game.id, 5, w.cal, w.cubs, w.awayCoach).catch((e) => e)) instanceof Error).toBe(true);
    const history = await t.db.select().from(auditEntries).where(eq(auditEntries.gameId, game.id));
    expect(history.map((e) => `${e.entity} ${e.action}`)).toEqual(
      expect.arrayContaining(['game withdrawn', 'outing deleted', 'violation withdrawn']),
    );
    expect((await verify()).problems).toEqual([]);
  });

  it('refuses a coach’s correction once both teams signed; the admin corrects with a reason, in the history', async () => {
    const game = await newGame();
    const outing = await record(game.id, 63);
    await record(game.id, 20, w.cal, w.cubs, w.awayCoach);
    for (const [team, cookie] of [
      [w.tigers, w.homeCoach],
      [w.cubs, w.awayCoach],
    ] as const) {
      expect((await gql(t.app, CONFIRM, { g: game.id, t: team.id }, cookie)).errors).toBeUndefined();
    }
    const refused = await gql(
      t.app,
      CORRECT,
      { i: { id: outing.id, pitches: 58, reason: 'miscounted in the 4th' } },
      w.homeCoach,
    );
    expect(refused.code).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toBe(
      'Both teams signed this game’s counts: only a league admin can change them now, with a reason kept in its history.',
    );
    const done = await gql(
      t.app,
      CORRECT,
      { i: { id: outing.id, pitches: 58, reason: 'miscounted in the 4th' } },
      w.leagueAdmin,
    );
    expect(dataOf<{ pitches: number }>(done, 'updatePitchOuting').pitches).toBe(58);
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'outing'), eq(auditEntries.entityId, outing.id)))
      .orderBy(desc(auditEntries.seq))
      .limit(1);
    expect(entry).toMatchObject({
      actorName: 'Jo Rivera',
      action: 'corrected',
      reason: 'miscounted in the 4th',
      before: expect.objectContaining({ pitches: 63 }),
      after: expect.objectContaining({ pitches: 58 }),
    });
    expect(entry?.sessionId).toEqual(expect.any(String));
    // Both coaches and the league's admins are emailed what changed, by whom and why.
    const told = await t.db
      .select({ to: outboxEmails.toEmail, subject: outboxEmails.subject, body: outboxEmails.body })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'signed-game-changed'));
    const toldHere = told.filter((m) => m.body.includes('miscounted in the 4th'));
    expect(toldHere.map((m) => m.to)).toEqual(
      expect.arrayContaining([w.emails.homeCoach, w.emails.awayCoach, w.emails.leagueAdmin]),
    );
    expect(toldHere[0]?.subject).toMatch(/^Signed counts changed: Tigers vs Cubs on /);
    expect(toldHere[0]?.body).toContain('Jo Rivera changed Ivy Brown’s count 63 → 58: “miscounted in the 4th”.');
    // The printed log carries the game's current hash; it names the record as it stands until the next change.
    const printed = await currentHashOfGame(t.db, game.id);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/reports/games/${game.id}/pitch-log.pdf`,
      headers: { cookie: w.leagueAdmin },
    });
    expect(pdfText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain(`Record hash: ${printed?.hash}`);
    expect((await checkPrintedHash(t.db, printed?.hash ?? ''))?.changesSince).toBe(0);
    // Both coaches read the game's history in plain words, newest first; taps only when asked.
    const HISTORY =
      'query($g: ID) { changeHistory(gameId: $g) { items { summary actorName reason entity teamName } } }';
    const read = dataOf<{ items: { summary: string; entity: string; teamName: string | null }[] }>(
      await gql(t.app, HISTORY, { g: game.id }, w.awayCoach),
      'changeHistory',
    ).items;
    expect(read[0]?.summary).toBe('Jo Rivera changed Ivy Brown’s count 63 → 58: “miscounted in the 4th”');
    expect(read.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        'Hal Home recorded Ivy Brown’s outing: 63 pitches',
        'Hal Home confirmed the counts for Tigers',
        'Ava Away confirmed the counts for Cubs',
      ]),
    );
    // The web writes the same words in its reader's language from the entry's facts, the team's name among them.
    expect(read.filter((e) => e.entity === 'confirmation').map((e) => e.teamName)).toEqual(
      expect.arrayContaining(['Tigers', 'Cubs']),
    );
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/reports/history.csv?gameId=${game.id}`,
      headers: { cookie: w.homeCoach },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('When (UTC),Who,Session,What,Change,Reason,Before,After,Entry,Hash');
    expect(csv.body).toContain('miscounted in the 4th');
    // Changed since it was printed: the paper copy's hash says so.
    await gql(t.app, CORRECT, { i: { id: outing.id, pitches: 57, reason: 'one more recount' } }, w.leagueAdmin);
    expect((await checkPrintedHash(t.db, printed?.hash ?? ''))?.changesSince).toBeGreaterThan(0);
    expect(await checkPrintedHash(t.db, 'f'.repeat(64))).toBeNull();
    // The league's admins read the league's whole history; a coach reads their games', not the league's.
    const LEAGUE_HISTORY = 'query($l: ID) { changeHistory(leagueId: $l, limit: 1000) { items { summary entity } } }';
    const leagueWide = dataOf<{ items: { summary: string; entity: string }[] }>(
      await gql(t.app, LEAGUE_HISTORY, { l: w.league.id }, w.leagueAdmin),
      'changeHistory',
    ).items;
    expect(leagueWide.map((e) => e.summary)).toContain(
      'Jo Rivera changed Ivy Brown’s count 63 → 58: “miscounted in the 4th”',
    );
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(
      (await gql(t.app, LEAGUE_HISTORY, { l: w.league.id }, w.homeCoach)).code,
    );
    // Another organization's admin, and a coach of neither team, read nothing of it.
    const stranger = await buildUser(t.db, { givenName: 'Nia', familyName: 'Nobody' });
    const strangerCookie = (await signIn(t.app, stranger.email, stranger.password)).cookie;
    expect((await gql(t.app, HISTORY, { g: game.id }, strangerCookie)).code).toBe('FORBIDDEN');
    expect((await verify()).problems).toEqual([]);
  });

  it('refuses a stale version with CONFLICT, the current version and who changed it', async () => {
    const game = await newGame();
    const outing = await record(game.id, 30);
    const first = await gql(
      t.app,
      CORRECT,
      { i: { id: outing.id, pitches: 31, reason: 'one more', version: outing.version } },
      w.homeCoach,
    );
    expect(dataOf<{ version: number }>(first, 'updatePitchOuting').version).toBe(outing.version + 1);
    const stale = await gql(
      t.app,
      CORRECT,
      { i: { id: outing.id, pitches: 29, reason: 'one less', version: outing.version } },
      w.leagueAdmin,
    );
    expect(stale.code).toBe('CONFLICT');
    expect(stale.errors?.[0]?.message).toMatch(/^Hal Home changed this outing after you opened it/);
    expect(stale.errors?.[0]?.extensions).toMatchObject({ currentVersion: outing.version + 1, changedBy: 'Hal Home' });
    const [after] = await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, outing.id));
    expect(after?.pitches).toBe(31);
    const staleGame = await gql(
      t.app,
      UPDATE_GAME,
      { i: { id: game.id, state: 'final', version: game.version - 1 } },
      w.homeCoach,
    );
    expect(staleGame.code).toBe('CONFLICT');
    expect(staleGame.errors?.[0]?.extensions).toMatchObject({ currentVersion: game.version });
  });

  it('chains eight simultaneous corrections of one outing, and answers a stale version with CONFLICT, never a lost write', async () => {
    const game = await newGame();
    const outing = await record(game.id, 10);
    // Without a version each is taken as of its turn: all eight stored, each from the one before.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gql(t.app, CORRECT, { i: { id: outing.id, pitches: 11 + i, reason: `recount ${i}` } }, w.leagueAdmin),
      ),
    );
    const versions = answers.map((a) => dataOf<{ version: number }>(a, 'updatePitchOuting').version).sort();
    expect(versions).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const corrections = await t.db
      .select()
      .from(outingCorrections)
      .where(eq(outingCorrections.outingId, outing.id))
      .orderBy(outingCorrections.changedAt);
    const chain = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'outing'), eq(auditEntries.entityId, outing.id)))
      .orderBy(auditEntries.seq);
    const steps = chain.slice(1);
    expect(steps).toHaveLength(8);
    for (let i = 1; i < steps.length; i++) {
      expect(pitchesOf(steps[i]?.before)).toBe(pitchesOf(steps[i - 1]?.after));
    }
    expect(corrections).toHaveLength(8);
    const [stored] = await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, outing.id));
    expect(stored?.version).toBe(9);
    expect(stored?.pitches).toBe(pitchesOf(steps.at(-1)?.after));

    // All naming version 9: one is stored, the seven others are refused as stale (nothing acknowledged is lost).
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gql(t.app, CORRECT, { i: { id: outing.id, pitches: 30 + i, reason: `race ${i}`, version: 9 } }, w.leagueAdmin),
      ),
    );
    expect(racing.filter((r) => !r.errors)).toHaveLength(1);
    expect(racing.filter((r) => r.code === 'CONFLICT')).toHaveLength(7);
    expect((await verify()).problems).toEqual([]);
  });

  it('answers six simultaneous entries of one pitcher in one game with one outing and five CONFLICTs, never a 5xx', async () => {
    const game = await newGame();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        gql(
          t.app,
          CREATE_OUTING,
          { i: { id: randomUUID(), gameId: game.id, playerId: w.ivy.id, teamId: w.tigers.id, pitches: 20 + i } },
          w.homeCoach,
        ),
      ),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'CONFLICT')).toHaveLength(5);
    const live = await t.db
      .select()
      .from(pitchOutings)
      .where(and(eq(pitchOutings.gameId, game.id), isNull(pitchOutings.deletedAt)));
    expect(live).toHaveLength(1);
  });

  it('keeps both admins’ additions to a league’s admins list made at once: the stale one is refused, then retried', async () => {
    const read = async () =>
      dataOf<{ items: { id: string; version: number; admins: string[] }[] }>(
        await gql(t.app, LEAGUE, {}, w.leagueAdmin),
        'listLeagues',
      ).items.find((l) => l.id === w.league.id) as { version: number; admins: string[] };
    const seen = await read();
    const [a, b] = w.extras as unknown as [{ id: string }, { id: string }];
    const answers = await Promise.all([
      gql(
        t.app,
        UPDATE_LEAGUE,
        { i: { id: w.league.id, admins: [...seen.admins, a.id], version: seen.version } },
        w.leagueAdmin,
      ),
      gql(
        t.app,
        UPDATE_LEAGUE,
        { i: { id: w.league.id, admins: [...seen.admins, b.id], version: seen.version } },
        w.secondAdmin,
      ),
    ]);
    const lost = answers.find((r) => r.code === 'CONFLICT');
    expect(answers.filter((r) => !r.errors)).toHaveLength(1);
    expect(lost).toBeDefined();
    // The refused admin reloads and adds theirs again: both stay.
    const again = await read();
    const missing = [a.id, b.id].find((id) => !again.admins.includes(id)) as string;
    const retried = await gql(
      t.app,
      UPDATE_LEAGUE,
      { i: { id: w.league.id, admins: [...again.admins, missing], version: again.version } },
      w.secondAdmin,
    );
    expect(retried.errors).toBeUndefined();
    expect((await read()).admins).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('gives each dugout a plate-meeting card as of now, whose signed link the other coach opens, and nobody else', async () => {
    // Cal threw 80 today: he may not pitch until his four days of rest are over.
    const today = todayIn('America/New_York');
    const game = dataOf<{ id: string }>(
      await gql(
        t.app,
        CREATE_GAME,
        { i: { date: today, startTime: '09:00', homeTeamId: w.tigers.id, awayTeamId: w.cubs.id } },
        w.homeCoach,
      ),
      'createGame',
    );
    await record(game.id, 80, w.cal, w.cubs, w.awayCoach);
    const CARD = `query($t: ID!) { plateCard(teamId: $t, origin: "https://bullpen.example.org") {
      teamName asOf issuedAt path url qrSvg pitchers { name mayPitch pitchesLeft notUntil reason } } }`;
    type Card = {
      teamName: string;
      asOf: string;
      issuedAt: string;
      path: string;
      url: string;
      qrSvg: string;
      pitchers: {
        name: string;
        mayPitch: boolean;
        pitchesLeft: number | null;
        notUntil: string | null;
        reason: string | null;
      }[];
    };
    const card = dataOf<Card>(await gql(t.app, CARD, { t: w.cubs.id }, w.awayCoach), 'plateCard');
    expect(card.teamName).toBe('Cubs');
    expect(card.asOf).toBe(today);
    const cal = card.pitchers.find((p) => p.name === 'Cal Cole');
    expect(cal).toMatchObject({ mayPitch: false, pitchesLeft: null, notUntil: addDays(today, 5) });
    expect(cal?.reason).toEqual(expect.any(String));
    expect(card.path).toMatch(/^\/plate\/[\w-]+\.[\w-]+$/);
    // The link is the server's own (no public address set here: localhost and its port), never the page's origin
    // a caller sends: a card made with another origin would send whoever scans it there.
    expect(card.url).toBe(`http://localhost:3000${card.path}`);
    for (const origin of ['x'.repeat(1_000_000), 'javascript://alert(1)', 'not a url']) {
      const refused = await gql(
        t.app,
        'query($t: ID!, $o: String) { plateCard(teamId: $t, origin: $o) { url } }',
        { t: w.cubs.id, o: origin },
        w.awayCoach,
      );
      expect(refused.code, origin.slice(0, 20)).toBe('BAD_USER_INPUT');
    }
    expect(card.qrSvg).toMatch(/^<svg/);
    // The other dugout cannot make the Cubs' card, but opens the one they were shown.
    expect((await gql(t.app, CARD, { t: w.cubs.id }, w.homeCoach)).code).toBe('NOT_FOUND');
    const BY_LINK = `query($k: String!) { plateCardByLink(link: $k) { teamName issuedAt pitchers { name mayPitch notUntil } } }`;
    const token = card.path.slice('/plate/'.length);
    const opened = dataOf<{ teamName: string; issuedAt: string; pitchers: { name: string; mayPitch: boolean }[] }>(
      // The link as scanned, whole.
      await gql(t.app, BY_LINK, { k: card.url }, w.homeCoach),
      'plateCardByLink',
    );
    expect(opened.teamName).toBe('Cubs');
    expect(opened.issuedAt).toBe(card.issuedAt);
    expect(opened.pitchers.find((p) => p.name === 'Cal Cole')?.mayPitch).toBe(false);
    // Someone outside the league finds nothing; a changed link is not genuine.
    const stranger = await buildUser(t.db, { givenName: 'Una', familyName: 'Outside' });
    const outsider = (await signIn(t.app, stranger.email, stranger.password)).cookie;
    expect((await gql(t.app, BY_LINK, { k: token }, outsider)).code).toBe('FORBIDDEN');
    const [body, mac] = token.split('.') as [string, string];
    const forged = `${body}.${mac.startsWith('A') ? `B${mac.slice(1)}` : `A${mac.slice(1)}`}`;
    const refused = await gql(t.app, BY_LINK, { k: forged }, w.homeCoach);
    expect(refused.code).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toBe(
      'This card’s link is not one Bullpen made: it may have been changed. Ask the coach for the card again.',
    );
  });

  it('asks the official’s signature too where the league requires it: a link to the official’s email, their own phone', async () => {
    const SETTINGS = 'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { requireOfficialSignature } }';
    expect(
      dataOf<{ requireOfficialSignature: boolean }>(
        await gql(
          t.app,
          SETTINGS,
          {
            i: {
              version: await versionOf(t.db, 'leagues', w.league.id),
              id: w.league.id,
              requireOfficialSignature: true,
            },
          },
          w.leagueAdmin,
        ),
        'updateLeague',
      ).requireOfficialSignature,
    ).toBe(true);
    const game = await newGame();
    const outing = await record(game.id, 40);
    for (const [team, cookie] of [
      [w.tigers, w.homeCoach],
      [w.cubs, w.awayCoach],
    ] as const) {
      expect((await gql(t.app, CONFIRM, { g: game.id, t: team.id }, cookie)).errors).toBeUndefined();
    }
    const GAME = 'query($g: ID!) { officialCount(gameId: $g) { game { signed requiresOfficial officialName } } }';
    const gameNow = async () =>
      dataOf<{ game: { signed: boolean; requiresOfficial: boolean; officialName: string | null } }>(
        await gql(t.app, GAME, { g: game.id }, w.homeCoach),
        'officialCount',
      ).game;
    // Both teams signed, the official not yet: not signed, the coach may still correct.
    expect(await gameNow()).toMatchObject({ signed: false, requiresOfficial: true, officialName: null });
    // The league's official, by name and email; the home coach has Bullpen email them the game's link.
    const ADD = 'mutation($l: ID!, $i: OfficialInput!) { addOfficial(leagueId: $l, input: $i) { id } }';
    const { id: officialId } = dataOf<{ id: string }>(
      await gql(t.app, ADD, { l: w.league.id, i: { name: 'Pat Umpire', email: 'pat@example.org' } }, w.leagueAdmin),
      'addOfficial',
    );
    const SEND = 'mutation($g: ID!, $o: ID!) { sendOfficialLink(gameId: $g, officialId: $o) { officialName } }';
    expect((await gql(t.app, SEND, { g: game.id, o: officialId }, w.awayCoach)).code).toBe('FORBIDDEN');
    const before = t.mailbox.length;
    expect((await gql(t.app, SEND, { g: game.id, o: officialId }, w.homeCoach)).errors).toBeUndefined();
    const email = t.mailbox.slice(before).find((m) => m.to === 'pat@example.org');
    const link = email?.text.match(/\/official\/(\S+)/)?.[1] as string;
    expect(link).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    const SIGN = 'mutation($i: SignAsOfficialInput!) { signAsOfficial(input: $i) { title date leagueName } }';
    // A changed link signs nothing; the right one, on a phone signed in to nothing, signs.
    const wrong = await gql(t.app, SIGN, { i: { link: `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}` } });
    expect(wrong.code).toBe('BAD_USER_INPUT');
    const signed = await gql(t.app, SIGN, { i: { link } });
    expect(dataOf<{ title: string }>(signed, 'signAsOfficial').title).toBe('Tigers vs Cubs');
    expect(await gameNow()).toMatchObject({ signed: true, officialName: 'Pat Umpire' });
    // Used once; the game signed, only an admin corrects it; the history names the official.
    expect((await gql(t.app, SIGN, { i: { link } })).code).toBe('BAD_USER_INPUT');
    expect((await gql(t.app, SEND, { g: game.id, o: officialId }, w.homeCoach)).code).toBe('CONFLICT');
    expect(
      (await gql(t.app, CORRECT, { i: { id: outing.id, pitches: 41, reason: 'recount' } }, w.homeCoach)).code,
    ).toBe('CONFLICT');
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'game'), eq(auditEntries.entityId, game.id)))
      .orderBy(desc(auditEntries.seq))
      .limit(1);
    expect(entry).toMatchObject({
      actorName: 'Pat Umpire (official)',
      action: 'signed by the official',
      actorId: null,
    });
    expect((await verify()).problems).toEqual([]);
    // The league's admin corrects the closed game: the coaches and admins are told, the official's signature too.
    const told = t.mailbox.length;
    expect(
      (await gql(t.app, CORRECT, { i: { id: outing.id, pitches: 41, reason: 'recount' } }, w.leagueAdmin)).errors,
    ).toBeUndefined();
    await t.outbox.flush();
    const changed = t.mailbox.slice(told).filter((m) => m.kind === 'signed-game-changed');
    const ofThisGame = changed.filter((m) => m.text.includes('“recount”'));
    expect(ofThisGame.length).toBeGreaterThan(0);
    // In the words the minute's job tells the admins of an open game (signatures.repository.ts voidedSignatureEmail).
    for (const m of ofThisGame) {
      expect(m.text).toMatch(/Pat Umpire signed the counts of Tigers vs Cubs \(.+\) at .+ changed them after/);
      expect(m.text).toContain('The game needs the official');
    }
    const OFFICIAL = 'query($g: ID!) { officialCount(gameId: $g) { official { current changedAfter { byName } } } }';
    expect(dataOf(await gql(t.app, OFFICIAL, { g: game.id }, w.homeCoach), 'officialCount')).toEqual({
      official: { current: false, changedAfter: { byName: expect.any(String) } },
    });
    await gql(
      t.app,
      SETTINGS,
      {
        i: { version: await versionOf(t.db, 'leagues', w.league.id), id: w.league.id, requireOfficialSignature: false },
      },
      w.leagueAdmin,
    );
  });

  it('verify finds an outing changed behind the server’s back, and a history entry edited', async () => {
    const game = await newGame();
    const outing = await record(game.id, 45);
    expect((await verify()).problems).toEqual([]);
    await t.db.execute(sql`update pitch_outings set pitches = 44 where id = ${outing.id}`);
    const changed = await verify();
    expect(changed.problems[0]?.message).toBe(
      `outing ${outing.id} is not what its history ends in (entry ${changed.problems[0]?.message.match(/entry (\d+)/)?.[1]}): it was changed without an entry`,
    );
    await t.db.execute(sql`update pitch_outings set pitches = 45 where id = ${outing.id}`);
    expect((await verify()).problems).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'outing'), eq(auditEntries.entityId, outing.id)));
    await t.db.execute(sql`update audit_entries set reason = 'nothing to see' where id = ${entry?.id as number}`);
    const edited = await verify();
    expect(edited.problems.map((p) => p.message)).toContain(
      `entry ${entry?.seq} was changed after it was written (its hash differs)`,
    );
    // Put back: the next tests of this file read a chain that holds.
    await t.db.execute(
      sql`update audit_entries set reason = ${entry?.reason ?? null} where id = ${entry?.id as number}`,
    );
    expect((await verify()).problems).toEqual([]);
  });
});
