import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { AppError, errors } from '../../core/errors.ts';
import { type Message, readMessage } from '../../core/i18n/messages.ts';
import { addDays, localDateTimeIn, todayIn } from '../../core/local-date.ts';
import {
  type CountDeadlineRule,
  type CountFacts,
  type CountState,
  type CountStatus,
  confirmedCountsOf,
  countDeadlineOf,
  countStateOf,
  type PitcherComparison,
} from '../../core/official-count.ts';
import {
  OFFICIAL_CODE_ALPHABET,
  OFFICIAL_CODE_LENGTH,
  OFFICIAL_CODE_MINUTES,
  OFFICIAL_CODE_TRIES,
  OFFICIAL_MESSAGES,
  officialCodeSchema,
  officialSignatureSchema,
} from '../../core/official-signature.ts';
import { type Actor, authorize, authorizeSome, can } from '../../core/permissions.ts';
import { type PitchEvent, tallyOf } from '../../core/pitch-events.ts';
import type { Clock } from '../clock.ts';
import { type Db, readTogether } from '../db/client.ts';
import {
  gameConfirmations,
  games,
  leagues,
  organizations,
  outingCorrections,
  pitchEvents,
  pitchOutings,
  players,
  rosterEntries,
} from '../db/schema.ts';
import type { Events } from './events.ts';
import {
  assertNotAfterToday,
  finishGame,
  GAME_MESSAGES,
  type GameRecord,
  gameTarget,
  gameTitleOf,
  readableGames,
  selectGames,
} from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import { History } from './history.ts';
import { countsOf } from './outings.repository.ts';
import { parse } from './parse.ts';
import { rulesOfLeagues } from './pitching-history.ts';
import { requireUuid, scopeOf } from './scope.ts';
import type { ThrottleService } from './throttle.service.ts';
import { nameOfUser } from './users.repository.ts';
import { recomputeViolations } from './violations.repository.ts';

/**
 * The one official count of a game: both dugouts' books compared, each team's confirmation, the
 * official's signature and the league's deadline (docs/decisions/0031-a-game-ends.md). Over 500 lines on purpose: all
 * of them read the same facts (countFactsOf) and end the game the same way, so they stay in one
 * file where their order of locks can be read together.
 */

export interface PitcherCount extends PitcherComparison {
  pitcherName: string;
  teamName: string;
  /** The own team's live count, when it counted (the record follows it until corrected by hand). */
  ownBook: { pitches: number; intentionalWalks: number } | null;
}

export interface ConfirmationRecord {
  teamId: string;
  teamName: string;
  confirmedByName: string;
  confirmedAt: Date;
  /** Whether it still matches the record (a later change makes it stale). */
  current: boolean;
}

export interface OfficialCountRecord {
  game: GameRecord;
  status: CountStatus;
  /** The game's teams of the league, each with whether its confirmation is current. */
  teams: { teamId: string; teamName: string; confirmed: boolean }[];
  confirmations: ConfirmationRecord[];
  pitchers: PitcherCount[];
  /** Local wall-clock time 'YYYY-MM-DDTHH:MM' in the organization's time zone. */
  deadline: string;
  deadlinePassed: boolean;
  countStandsAfterDeadline: CountDeadlineRule;
  settledAt: Date | null;
}

export const OFFICIAL_COUNT_MESSAGES = {
  teamNotInGame: { id: 'errors.officialCount.teamNotInGame' } as Message,
  nothingToConfirm: { id: 'errors.officialCount.nothingToConfirm' } as Message,
  archived: (season: string): Message => ({ id: 'errors.game.seasonArchived', values: { season } }),
  // What the deadline writes in the record (its history's reason and who): data, kept in English.
  settledReason: (rule: CountDeadlineRule) =>
    rule === 'home'
      ? 'The counts were not agreed by the deadline: the home team’s count stands (league setting)'
      : 'The counts were not agreed by the deadline: each pitcher’s own team’s count stands (league setting)',
  settledBy: 'Deadline (league setting)',
  officialSettled: (official: string, pitcher: string, team: string) =>
    `Settled by the official ${official}: the ${team} count of ${pitcher} stands`,
} as const;

/** What the official reads before signing (the code names the game). */
export interface OfficialGameView {
  title: string;
  date: string;
  leagueName: string;
  state: GameRecord['state'];
  withdrawn: boolean;
  status: CountStatus;
  /** The game's teams of the league: a pitcher's other dugout is the one that is not theirs. */
  teams: { teamId: string; teamName: string }[];
  pitchers: PitcherCount[];
  /** Who signed already, when the official did. */
  officialName: string | null;
}

function viewOf(record: OfficialCountRecord): OfficialGameView {
  const { game } = record;
  return {
    title: gameTitleOf(game),
    date: game.date,
    leagueName: game.leagueName,
    state: game.state,
    withdrawn: game.withdrawnAt !== null,
    status: record.status,
    teams: record.teams.map(({ teamId, teamName }) => ({ teamId, teamName })),
    pitchers: record.pitchers,
    officialName: game.officialSignedAt ? game.officialName : null,
  };
}

/** A code is kept as its hash: the database never holds one an official could be impersonated with. */
const codeHash = (code: string) => createHash('sha256').update(`bullpen official ${code}`).digest('hex');

const PITCH_KINDS = sql`('ball', 'strike', 'foul', 'in_play')`;

/** Games settled at most per run of settleDue (a run every minute). */
const SETTLE_BATCH = 500;

/** A game settled this many days after it was played ends without the parents' emails: the news is stale. */
const STALE_EMAIL_DAYS = 21;

interface LeagueSettings {
  countStandsAfterDeadline: CountDeadlineRule;
  countDeadlineDays: number;
  countDeadlineTime: string;
  timeZone: string;
}

/**
 * One official count per game: both dugouts' counts compared with the outings on
 * record, each team's confirmation (the paper log's two signatures), the admins' list of games
 * still open, and the league's deadline that settles a dispute.
 */
/** Every fact the state of these games needs, in a few queries whatever their number. */
async function countFactsOf(from: Db, list: readonly GameRecord[]) {
  const ids = list.map((g) => g.id);
  const leagueIds = [...new Set(list.map((g) => g.leagueId))];
  const [outings, books, confirmations, settings] = await readTogether(from, [
    () =>
      from
        .select({
          gameId: pitchOutings.gameId,
          pitcherId: pitchOutings.playerId,
          teamId: pitchOutings.teamId,
          pitches: pitchOutings.pitches,
          intentionalWalks: pitchOutings.intentionalWalks,
        })
        .from(pitchOutings)
        .where(and(inArray(pitchOutings.gameId, ids), isNull(pitchOutings.deletedAt))),
    // Each book's totals, as core/pitch-events.ts tallyOf adds them: an undo takes back the tap it names.
    () =>
      from
        .select({
          gameId: pitchEvents.gameId,
          pitcherId: pitchEvents.pitcherId,
          bookTeamId: pitchEvents.bookTeamId,
          pitches: sql<number>`(count(*) filter (where ${pitchEvents.kind} in ${PITCH_KINDS}))::int`,
          intentionalWalks: sql<number>`(count(*) filter (where ${pitchEvents.kind} = 'intentional_walk'))::int`,
        })
        .from(pitchEvents)
        .where(
          and(
            inArray(pitchEvents.gameId, ids),
            sql`${pitchEvents.kind} <> 'undo'`,
            sql`not exists (select 1 from ${pitchEvents} u where u.kind = 'undo' and u.undoes = ${pitchEvents.id}
            and u.game_id = ${pitchEvents.gameId} and u.pitcher_id = ${pitchEvents.pitcherId}
            and u.book_team_id = ${pitchEvents.bookTeamId})`,
          ),
        )
        .groupBy(pitchEvents.gameId, pitchEvents.pitcherId, pitchEvents.bookTeamId),
    () => from.select().from(gameConfirmations).where(inArray(gameConfirmations.gameId, ids)),
    () =>
      from
        .select({
          id: leagues.id,
          countStandsAfterDeadline: leagues.countStandsAfterDeadline,
          countDeadlineDays: leagues.countDeadlineDays,
          countDeadlineTime: leagues.countDeadlineTime,
          timeZone: organizations.timeZone,
        })
        .from(leagues)
        .innerJoin(organizations, eq(organizations.id, leagues.organizationId))
        .where(inArray(leagues.id, leagueIds)),
  ]);
  const pitcherIds = [...new Set([...outings.map((o) => o.pitcherId), ...books.map((b) => b.pitcherId)])];
  const gameTeamIds = [
    ...new Set(list.flatMap((g) => [g.homeTeamId, g.awayTeamId]).filter((id): id is string => id !== null)),
  ];
  const [names, rosters] = pitcherIds.length
    ? await readTogether(from, [
        () =>
          from
            .select({ id: players.id, firstName: players.firstName, lastName: players.lastName })
            .from(players)
            .where(inArray(players.id, pitcherIds)),
        () =>
          from
            .select({ playerId: rosterEntries.playerId, teamId: rosterEntries.teamId })
            .from(rosterEntries)
            .where(and(inArray(rosterEntries.playerId, pitcherIds), inArray(rosterEntries.teamId, gameTeamIds))),
      ])
    : [[], []];
  const nameOf = new Map(names.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  const settingsOf = new Map(settings.map((s) => [s.id, s as LeagueSettings & { id: string }]));
  return { outings, books, confirmations, rosters, nameOf, settingsOf };
}

/** One game's official count, from the facts read for it and the games read with it. */
function officialCountOf(
  game: GameRecord,
  { outings, books, confirmations, rosters, nameOf, settingsOf }: Awaited<ReturnType<typeof countFactsOf>>,
  now: Date,
): OfficialCountRecord {
  const teamIds = [game.homeTeamId, game.awayTeamId].filter((id): id is string => id !== null);
  const teamName = (id: string) =>
    (id === game.homeTeamId ? game.homeTeamName : id === game.awayTeamId ? game.awayTeamName : null) ?? '';
  const pitcherTeam = (pitcherId: string, fallback: string) =>
    rosters.find((r) => r.playerId === pitcherId && teamIds.includes(r.teamId))?.teamId ?? fallback;
  const gameOutings = outings.filter((o) => o.gameId === game.id);
  const gameBooks = books
    .filter((b) => b.gameId === game.id)
    .map((b) => ({ ...b, pitcherTeamId: pitcherTeam(b.pitcherId, b.bookTeamId) }));
  const gameConfirms = confirmations.filter((c) => c.gameId === game.id);
  const settledAt = game.countsSettledAt;
  const facts: CountFacts = {
    teamIds,
    homeTeamId: game.homeTeamId,
    outings: gameOutings,
    books: gameBooks,
    confirmations: gameConfirms,
    settled: settledAt !== null,
  };
  const state: CountState = countStateOf(facts);
  const league = settingsOf.get(game.leagueId) as LeagueSettings;
  const deadline = countDeadlineOf(game.date, league.countDeadlineDays, league.countDeadlineTime);
  return {
    game,
    status: state.status,
    teams: teamIds.map((teamId) => ({
      teamId,
      teamName: teamName(teamId),
      confirmed: state.confirmations.some((c) => c.teamId === teamId && c.current),
    })),
    confirmations: gameConfirms.map((c) => ({
      teamId: c.teamId,
      teamName: teamName(c.teamId),
      confirmedByName: c.confirmedByName,
      confirmedAt: c.confirmedAt,
      current: state.confirmations.some((s) => s.teamId === c.teamId && s.current),
    })),
    pitchers: state.pitchers
      .map((p) => {
        const own = gameBooks.find((b) => b.pitcherId === p.pitcherId && b.bookTeamId === p.teamId);
        return {
          ...p,
          pitcherName: nameOf.get(p.pitcherId) ?? '',
          teamName: teamName(p.teamId),
          ownBook: own ? { pitches: own.pitches, intentionalWalks: own.intentionalWalks } : null,
        };
      })
      .sort((a, b) => a.teamName.localeCompare(b.teamName) || a.pitcherName.localeCompare(b.pitcherName)),
    deadline,
    deadlinePassed: localDateTimeIn(league.timeZone, now) >= deadline,
    countStandsAfterDeadline: league.countStandsAfterDeadline,
    settledAt,
  };
}

export function createOfficialCountService(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  games: GamesService;
  throttle: ThrottleService;
}) {
  const { db, clock, events } = deps;

  /** The official count of these games, in a few queries whatever their number. */
  async function load(from: Db, list: readonly GameRecord[], now: Date = clock.now()): Promise<OfficialCountRecord[]> {
    if (list.length === 0) return [];
    const facts = await countFactsOf(from, list);
    return list.map((game) => officialCountOf(game, facts, now));
  }

  async function loadOne(from: Db, game: GameRecord, now?: Date): Promise<OfficialCountRecord> {
    const [record] = await load(from, [game], now);
    return record as OfficialCountRecord;
  }

  /**
   * The deadline closes one game's counts, under a lock on its row so two servers never settle
   * it twice. A disputed count is decided by the league's setting: with 'home', each visiting
   * pitcher the home team counted differently gets the home team's count (a correction in the
   * outing's history, or a new outing when nothing was on record); with 'own_team', the record
   * stands as it is. An unconfirmed or confirmed count stands as it is. Either way the game is
   * settled and, if nobody ended it, final (its live outings' parents are told).
   */
  async function settle(gameId: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [place] = await tx.select({ organizationId: games.organizationId }).from(games).where(eq(games.id, gameId));
      if (!place) return false;
      // The history first, then the game's row (docs/decisions/0034-the-pitch-record.md: one lock order).
      const history = await History.open(tx, null, now, [place.organizationId]);
      const [locked] = await tx
        .select({ id: games.id, settledAt: games.countsSettledAt })
        .from(games)
        .where(eq(games.id, gameId))
        .for('update');
      if (!locked || locked.settledAt) return false;
      const [game] = await selectGames(tx).where(eq(games.id, gameId));
      if (!game) return false;
      const record = await loadOne(tx, game, now);
      if (record.status === 'none' || !record.deadlinePassed) return false;
      const changed: string[] = [];
      if (record.status === 'disputed' && record.countStandsAfterDeadline === 'home' && game.homeTeamId) {
        for (const p of record.pitchers) {
          if (!p.differs || p.teamId === game.homeTeamId) continue;
          const home = await bookOf(tx, game, p.pitcherId);
          if (!home) continue;
          await standBookCount(tx, history, game, p.pitcherId, p.teamId, home);
          changed.push(p.pitcherId);
        }
      }
      await history.track(
        'game',
        { ids: [gameId] },
        {
          action: 'settled',
          reason:
            record.status === 'disputed'
              ? OFFICIAL_COUNT_MESSAGES.settledReason(record.countStandsAfterDeadline)
              : null,
        },
        () =>
          tx
            .update(games)
            .set({ countsSettledAt: now, version: sql`${games.version} + 1` })
            .where(eq(games.id, gameId)),
      );
      if (changed.length)
        await recomputeViolations(tx, changed, history, OFFICIAL_COUNT_MESSAGES.settledReason('home'));
      // A game long past (settled late: it was played before this rule) ends without emailing parents months on.
      await finishGame(tx, history, gameId, {
        tellParents: game.date >= addDays(todayIn('UTC', now), -STALE_EMAIL_DAYS),
      });
      return true;
    });
  }

  /** A team's book of a pitcher (the home team's by default), with the count before the last batter. */
  async function bookOf(tx: Db, game: GameRecord, pitcherId: string, bookTeamId = game.homeTeamId as string) {
    const rows = await tx
      .select()
      .from(pitchEvents)
      .where(
        and(
          eq(pitchEvents.gameId, game.id),
          eq(pitchEvents.pitcherId, pitcherId),
          eq(pitchEvents.bookTeamId, bookTeamId),
        ),
      );
    if (rows.length === 0) return null;
    const credit = (await rulesOfLeagues(tx, [game.leagueId])).get(game.leagueId)?.rule?.intentionalWalkPitches ?? 0;
    return tallyOf(
      rows.map((r) => ({ ...r, at: r.at.toISOString() }) as PitchEvent),
      credit,
    );
  }

  /**
   * A book's count stands for a pitcher (the deadline's, or the official's settling): the outing is
   * corrected to it with the reason in its history, or recorded when nothing was.
   */
  async function standBookCount(
    tx: Db,
    history: History,
    game: GameRecord,
    pitcherId: string,
    teamId: string,
    book: { pitches: number; intentionalWalks: number; pitchesBeforeLastBatter: number | null },
    settled: { reason: string; by: string } = {
      reason: OFFICIAL_COUNT_MESSAGES.settledReason('home'),
      by: OFFICIAL_COUNT_MESSAGES.settledBy,
    },
  ) {
    const now = history.at;
    const counts = {
      pitches: book.pitches,
      intentionalWalks: book.intentionalWalks,
      pitchesBeforeLastBatter: book.pitchesBeforeLastBatter,
    };
    const [outing] = await tx
      .select()
      .from(pitchOutings)
      .where(
        and(eq(pitchOutings.gameId, game.id), eq(pitchOutings.playerId, pitcherId), isNull(pitchOutings.deletedAt)),
      );
    if (!outing) {
      const id = randomUUID();
      await history.track('outing', { ids: [id] }, { action: 'settled', reason: settled.reason }, () =>
        tx.insert(pitchOutings).values({
          id,
          gameId: game.id,
          playerId: pitcherId,
          teamId,
          date: game.date,
          ...counts,
          recordedBy: null,
          recordedByName: settled.by,
          createdPayload: { source: 'deadline', gameId: game.id, playerId: pitcherId, teamId },
          createdAt: now,
          updatedAt: now,
        }),
      );
      return;
    }
    // Judged again with the others settled, once (the caller recomputes their violations).
    await history.track('outing', { ids: [outing.id] }, { action: 'settled', reason: settled.reason }, async () => {
      const before = countsOf(outing);
      await tx.insert(outingCorrections).values({
        outingId: outing.id,
        changedBy: null,
        changedByName: settled.by,
        changedAt: now,
        reason: settled.reason,
        before,
        after: { ...before, ...counts },
      });
      await tx
        .update(pitchOutings)
        .set({ ...counts, version: sql`${pitchOutings.version} + 1`, updatedAt: now })
        .where(eq(pitchOutings.id, outing.id));
    });
  }

  const codeInvalidId = readMessage(OFFICIAL_MESSAGES.codeInvalid)?.id;

  /**
   * Runs a step that reads a code, the device's wrong codes counted (OFFICIAL_CODE_TRIES): past the limit it is
   * refused (RATE_LIMITED) before the code is even read. Outside any transaction: the count is kept apart from it.
   */
  async function guessesCounted<T>(client: string | null, run: () => Promise<T>): Promise<T> {
    const key = `official-code:${client ?? 'unknown'}`;
    const windowMs = OFFICIAL_CODE_TRIES.windowMinutes * 60_000;
    const now = await deps.throttle.peek(key, OFFICIAL_CODE_TRIES.wrong, windowMs);
    if (!now.allowed) {
      throw new AppError('RATE_LIMITED', OFFICIAL_MESSAGES.tooManyCodes(Math.ceil(now.retryAfterSeconds / 60)), {
        retryAfterSeconds: now.retryAfterSeconds,
      });
    }
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError && error.said && error.said.id === codeInvalidId) {
        await deps.throttle.hit(key, OFFICIAL_CODE_TRIES.wrong, windowMs);
      }
      throw error;
    }
  }

  /** The game a code names while it is good, or the code is refused (the same answer for any other code). */
  async function gameOfCode(from: Db, code: string, now: Date): Promise<GameRecord> {
    const [game] = await selectGames(from).where(
      and(eq(games.officialCodeHash, codeHash(code)), gt(games.officialCodeExpiresAt, now)),
    );
    if (!game) throw errors.badInput(OFFICIAL_MESSAGES.codeInvalid);
    return game;
  }

  /**
   * The official settles a disputed game before signing: for each pitcher whose two counts differ,
   * the chosen dugout's count stands (the outing is corrected to it when it is the other dugout's),
   * and the game is settled, each with the official's name in the history.
   */
  async function settleByOfficial(
    tx: Db,
    history: History,
    game: GameRecord,
    record: OfficialCountRecord,
    name: string,
    choices: readonly { pitcherId: string; bookTeamId: string }[],
  ) {
    const differing = record.pitchers.filter((p) => p.differs);
    const teams = [game.homeTeamId, game.awayTeamId].filter((id): id is string => id !== null);
    for (const choice of choices) {
      const pitcher = differing.find((p) => p.pitcherId === choice.pitcherId);
      if (!pitcher || !teams.includes(choice.bookTeamId)) throw errors.badInput(OFFICIAL_MESSAGES.notADifference);
    }
    const unsettled = differing.filter((p) => !choices.some((c) => c.pitcherId === p.pitcherId));
    if (unsettled.length > 0) throw errors.badInput(OFFICIAL_MESSAGES.settleFirst(unsettled.length));
    const changed: string[] = [];
    const reasons: string[] = [];
    for (const p of differing) {
      const choice = choices.find((c) => c.pitcherId === p.pitcherId) as { bookTeamId: string };
      const team = choice.bookTeamId === game.homeTeamId ? game.homeTeamName : game.awayTeamName;
      const reason = OFFICIAL_COUNT_MESSAGES.officialSettled(name, p.pitcherName, team ?? '');
      reasons.push(reason);
      // The pitcher's own team's count is the one on record already: it stands as it is.
      if (choice.bookTeamId === p.teamId) continue;
      const book = await bookOf(tx, game, p.pitcherId, choice.bookTeamId);
      if (!book) throw errors.badInput(OFFICIAL_MESSAGES.notADifference);
      await standBookCount(tx, history, game, p.pitcherId, p.teamId, book, { reason, by: `${name} (official)` });
      changed.push(p.pitcherId);
    }
    await history.track('game', { ids: [game.id] }, { action: 'settled', reason: reasons.join('; ') }, () =>
      tx
        .update(games)
        .set({ countsSettledAt: history.at, version: sql`${games.version} + 1` })
        .where(eq(games.id, game.id)),
    );
    if (changed.length) await recomputeViolations(tx, changed, history, reasons.join('; '));
  }

  return {
    /**
     * The home coach's phone shows a one-time code the game's official enters on their own phone to
     * sign the counts (the third signature a league may require). A new code replaces the last.
     */
    async officialCode(actor: Actor | null, input: { gameId: string }): Promise<{ code: string; expiresAt: Date }> {
      const me = authorizeSome(actor, 'Mutation.createOfficialCode');
      return db.transaction(async (tx) => {
        const game = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'), tx);
        const home = game.homeTeamId ?? game.awayTeamId;
        authorize(me, 'Mutation.createOfficialCode', { ...gameTarget(game), teamIds: home ? [home] : [] });
        if (game.withdrawnAt) throw errors.conflict(GAME_MESSAGES.withdrawn(game.withdrawnReason));
        if (game.seasonState === 'archived') throw errors.conflict(OFFICIAL_COUNT_MESSAGES.archived(game.seasonName));
        if (game.officialSignedAt) throw errors.conflict(OFFICIAL_MESSAGES.alreadySigned);
        assertNotAfterToday(game, clock.now());
        const code = Array.from(
          { length: OFFICIAL_CODE_LENGTH },
          () => OFFICIAL_CODE_ALPHABET[randomInt(OFFICIAL_CODE_ALPHABET.length)],
        ).join('');
        const expiresAt = new Date(clock.now().getTime() + OFFICIAL_CODE_MINUTES * 60_000);
        await tx
          .update(games)
          .set({ officialCodeHash: codeHash(code), officialCodeExpiresAt: expiresAt })
          .where(eq(games.id, game.id));
        return { code, expiresAt };
      });
    },

    /**
     * What the official is asked to sign, before signing: the game, its state and each pitcher's
     * count of both dugouts and on record, with the differences. The code, shown only on the home
     * coach's phone, is the right to read it, as it is to sign.
     */
    async officialGame(
      actor: Actor | null,
      input: { code: string },
      client: string | null = null,
    ): Promise<OfficialGameView> {
      if (!can(actor, 'Query.officialGame')) throw errors.forbidden();
      const { code } = parse(officialCodeSchema, input);
      const game = await guessesCounted(client, () => gameOfCode(db, code, clock.now()));
      return viewOf(await loadOne(db, game));
    },

    /**
     * The official signs the game's counts with the code the home coach showed, on their own phone,
     * signed in or not: the code names the game. A disputed game is signed once the official settles
     * each difference (whose count stands, kept in the outing's and the game's history); a withdrawn
     * one not at all. Kept in the game's history under the official's name.
     */
    async signAsOfficial(
      actor: Actor | null,
      input: { code: string; name: string; settle?: readonly { pitcherId: string; bookTeamId: string }[] | null },
      client: string | null = null,
    ): Promise<{ gameId: string; title: string; date: string; leagueName: string }> {
      // Anyone may try: the code, shown only on the home coach's phone, is what grants it.
      if (!can(actor, 'Mutation.signAsOfficial')) throw errors.forbidden();
      const { code, name, settle } = parse(officialSignatureSchema, { ...input, settle: input.settle ?? undefined });
      const now = clock.now();
      const signed = await guessesCounted(client, () =>
        db.transaction(async (tx) => {
          const found = await gameOfCode(tx, code, now);
          const history = await History.open(tx, null, now, [found.organizationId], {
            actorName: `${name} (official)`,
          });
          const [game] = await selectGames(tx).where(eq(games.id, found.id));
          if (!game) throw errors.badInput(OFFICIAL_MESSAGES.codeInvalid);
          if (game.withdrawnAt) throw errors.conflict(OFFICIAL_MESSAGES.withdrawn);
          assertNotAfterToday(game, now);
          const record = await loadOne(tx, game, now);
          if (record.status === 'disputed') await settleByOfficial(tx, history, game, record, name, settle ?? []);
          const done = await history.track('game', { ids: [game.id] }, { action: 'signed by the official' }, () =>
            tx
              .update(games)
              .set({
                officialName: name,
                officialSignedAt: now,
                officialCodeHash: null,
                officialCodeExpiresAt: null,
                version: sql`${games.version} + 1`,
                updatedAt: now,
              })
              .where(and(eq(games.id, game.id), isNull(games.officialSignedAt)))
              .returning({ id: games.id }),
          );
          if (done.length === 0) throw errors.badInput(OFFICIAL_MESSAGES.codeInvalid);
          const [after] = await selectGames(tx).where(eq(games.id, game.id));
          return after as GameRecord;
        }),
      );
      await events.publish('officialCount.updated', { gameId: signed.id });
      return { gameId: signed.id, title: gameTitleOf(signed), date: signed.date, leagueName: signed.leagueName };
    },

    /** The official count of a game the caller already checked the reader may read (the pitch log). */
    ofReadableGame: (game: GameRecord) => loadOne(db, game),

    /** A game's official count: the record, the other dugout's count, who confirmed, the deadline. */
    async get(actor: Actor | null, input: { gameId: string }): Promise<OfficialCountRecord> {
      const me = authorize(actor, 'Query.officialCount');
      const game = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'));
      return loadOne(db, game);
    },

    /**
     * A team confirms the game's final counts as they are on record now (its manager's signature).
     * Confirming again after a change renews it; the record itself is not touched.
     */
    async confirm(actor: Actor | null, input: { gameId: string; teamId: string }): Promise<OfficialCountRecord> {
      const me = authorizeSome(actor, 'Mutation.confirmOfficialCount');
      const teamId = requireUuid(input.teamId, 'Team');
      const result = await db.transaction(async (tx) => {
        const game = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'), tx);
        // Any other team is unknown here, whoever's it is.
        if (teamId !== game.homeTeamId && teamId !== game.awayTeamId) {
          throw new AppError('NOT_FOUND', OFFICIAL_COUNT_MESSAGES.teamNotInGame);
        }
        authorize(me, 'Mutation.confirmOfficialCount', { ...gameTarget(game), teamIds: [teamId] });
        if (game.seasonState === 'archived') throw errors.conflict(OFFICIAL_COUNT_MESSAGES.archived(game.seasonName));
        if (game.withdrawnAt) throw errors.conflict(GAME_MESSAGES.withdrawn(game.withdrawnReason));
        assertNotAfterToday(game, clock.now());
        const history = await History.open(tx, me, clock.now(), [game.organizationId]);
        const outings = await tx
          .select({
            pitcherId: pitchOutings.playerId,
            teamId: pitchOutings.teamId,
            pitches: pitchOutings.pitches,
            intentionalWalks: pitchOutings.intentionalWalks,
          })
          .from(pitchOutings)
          .where(and(eq(pitchOutings.gameId, game.id), isNull(pitchOutings.deletedAt)));
        if (outings.length === 0) throw errors.badInput(OFFICIAL_COUNT_MESSAGES.nothingToConfirm);
        const row = {
          gameId: game.id,
          teamId,
          confirmedBy: me.userId,
          confirmedByName: await nameOfUser(tx, me.userId),
          confirmedAt: history.at,
          counts: confirmedCountsOf(outings),
        };
        await history.track('confirmation', { gameIds: [game.id] }, { action: 'confirmed' }, () =>
          tx
            .insert(gameConfirmations)
            .values(row)
            .onConflictDoUpdate({
              target: [gameConfirmations.gameId, gameConfirmations.teamId],
              set: {
                confirmedBy: row.confirmedBy,
                confirmedByName: row.confirmedByName,
                confirmedAt: row.confirmedAt,
                counts: row.counts,
              },
            }),
        );
        const record = await loadOne(tx, game);
        // Both teams signed the counts on record: the game is over, if nobody ended it yet.
        if (record.status === 'confirmed' && (await finishGame(tx, history, game.id))) {
          const [ended] = await selectGames(tx).where(eq(games.id, game.id));
          return loadOne(tx, ended as GameRecord);
        }
        return record;
      });
      await events.publish('officialCount.updated', { gameId: result.game.id });
      return result;
    },

    /**
     * Games of a league's season whose count is not yet confirmed by both teams, up to today (the
     * admins' list): unconfirmed, disputed, and (asked for) settled or confirmed ones, newest first.
     */
    async list(
      actor: Actor | null,
      input: { leagueId: string; seasonId?: string | null; statuses?: readonly CountStatus[] | null },
    ): Promise<OfficialCountRecord[]> {
      const me = authorizeSome(actor, 'Query.listOfficialCounts');
      const leagueId = requireUuid(input.leagueId, 'League');
      const scope = await scopeOf(db, me);
      const [league] = await db
        .select({ id: leagues.id, organizationId: leagues.organizationId, timeZone: organizations.timeZone })
        .from(leagues)
        .innerJoin(organizations, eq(organizations.id, leagues.organizationId))
        .where(eq(leagues.id, leagueId));
      if (!league || !(scope.all || scope.leagueIds.includes(league.id))) throw errors.notFound('League');
      authorize(me, 'Query.listOfficialCounts', { leagueId: league.id, organizationId: league.organizationId });
      const conditions: (SQL | undefined)[] = [
        eq(games.leagueId, league.id),
        isNull(games.withdrawnAt),
        lte(games.date, todayIn(league.timeZone, clock.now())),
        readableGames(me),
      ];
      if (input.seasonId != null) conditions.push(eq(games.seasonId, requireUuid(input.seasonId, 'Season')));
      // Only games where someone recorded pitching: the rest have no count to confirm.
      conditions.push(
        sql`(exists (select 1 from ${pitchOutings} o where o.game_id = ${games.id} and o.deleted_at is null)
          or exists (select 1 from ${pitchEvents} e where e.game_id = ${games.id}))`,
      );
      const rows = await selectGames(db)
        .where(and(...conditions))
        .orderBy(desc(games.date), sql`${games.startTime} desc nulls last`, asc(games.id))
        .limit(500);
      const wanted = new Set<CountStatus>(input.statuses?.length ? input.statuses : ['unconfirmed', 'disputed']);
      return (await load(db, rows)).filter((r) => wanted.has(r.status));
    },

    /**
     * Settles every game with a count on record whose deadline has passed (each server runs this
     * every minute; the row lock makes it once), newest first and at most SETTLE_BATCH a run: the
     * games people wait on go first, and a database that never settled (games from before this
     * rule) catches up over the next runs.
     */
    async settleDue(now: Date = clock.now()): Promise<number> {
      const candidates = await selectGames(db)
        .where(
          and(
            isNull(games.countsSettledAt),
            isNull(games.withdrawnAt),
            sql`${games.date} + ${leagues.countDeadlineDays} <= ${addDays(todayIn('UTC', now), 1)}::date`,
            sql`(exists (select 1 from ${pitchEvents} e where e.game_id = ${games.id})
              or exists (select 1 from ${pitchOutings} o where o.game_id = ${games.id} and o.deleted_at is null))`,
          ),
        )
        .orderBy(desc(games.date), asc(games.id))
        .limit(SETTLE_BATCH);
      // Judged together (a few queries); only those past their deadline (in their own time zone) are locked and settled.
      const due = (await load(db, candidates, now)).filter((r) => r.status !== 'none' && r.deadlinePassed);
      let settledCount = 0;
      for (const record of due) if (await settle(record.game.id, now)) settledCount++;
      return settledCount;
    },
  };
}

export type OfficialCountService = ReturnType<typeof createOfficialCountService>;
