import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { AppError, errors } from '../../core/errors.ts';
import { encoded, inEnglish, type Message, readMessage } from '../../core/i18n/messages.ts';
import { type Actor, authorize, authorizeSome, can } from '../../core/permissions.ts';
import {
  type BookState,
  MAX_EVENTS_PER_BATCH,
  PITCH_EVENT_MESSAGES,
  type PitchEvent,
  pitchEventSchema,
  tallyOf,
} from '../../core/pitch-events.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { games, pitchEvents, pitchOutings, players, refusedPitchEvents, rosterEntries, users } from '../db/schema.ts';
import type { Events } from './events.ts';
import { GAME_MESSAGES, type GameRecord, gameTarget, isAfterToday, selectGames } from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import { gameChain, History, playerChain } from './history.ts';
import { parse } from './parse.ts';
import { type BookCount, bookKey, countBooks as countOnBooks } from './pitch-events.repository.ts';
import { rulesOfLeagues } from './pitching-history.ts';
import { requireUuid, scopeOf } from './scope.ts';
import { nameOfUser } from './users.repository.ts';
import { recomputeViolations } from './violations.repository.ts';

/**
 * Live counting: taps from the dugouts' phones, stored once each, counted into each team's book,
 * the pitcher's own team's book moving the outing; taps refused are kept for their sender, never
 * dropped. Over 500 lines on purpose: a tap's whole path (check, store, count, refuse, answer) is
 * read in one file, in the order it runs.
 */

export type EventStatus = 'accepted' | 'duplicate' | 'refused';

export interface EventResult {
  id: string;
  status: EventStatus;
  /** Why an event was refused (it goes to the list of refused entries, never silently dropped), in English. */
  message: string | null;
  /** The same by id and values, which the device shows in its reader's language. */
  said: Message | null;
}

/** A tap the server refused, as the user and the admins list it. */
export interface RefusedRecord {
  id: string;
  eventId: string;
  gameId: string | null;
  /** The game, pitcher and tap in English. */
  description: string;
  /** The same by id and values; null for one kept before descriptions were (a plain English sentence). */
  descriptionSaid: Message | null;
  /** In English. */
  reason: string;
  /** The reason by id and values; null for one kept before reasons were (or a plain sentence). */
  said: Message | null;
  refusedAt: Date;
  /** Who tapped it. */
  userName: string;
  mine: boolean;
  /** Further refusals of the same user here past the cap, counted rather than kept one by one. */
  moreRefused: number;
}

/**
 * Refused taps a user keeps, not yet dismissed, in one place (an organization, or their own list):
 * a game is at most ~300 taps, so a whole game refused fits with room to spare; past it further
 * refusals are counted, not kept one by one (docs/decisions/0029).
 */
export const REFUSED_KEPT_PER_PLACE = 500;

/** How many refused taps the list answers at most. */
const REFUSED_LIST_LIMIT = 500;

export const PITCH_EVENT_ERRORS = {
  idReused: { id: 'errors.pitchEvent.idReused' } as Message,
  bookNotInGame: { id: 'errors.pitchEvent.bookNotInGame' } as Message,
  pitcherNotInGame: { id: 'errors.pitchEvent.pitcherNotInGame' } as Message,
  gameOver: { id: 'errors.pitchEvent.gameOver' } as Message,
} as const;

const sameTap = (a: PitchEvent, b: PitchEvent) =>
  a.gameId === b.gameId &&
  a.pitcherId === b.pitcherId &&
  a.bookTeamId === b.bookTeamId &&
  a.deviceId === b.deviceId &&
  a.seq === b.seq &&
  Date.parse(a.at) === Date.parse(b.at) &&
  a.kind === b.kind &&
  (a.undoes ?? null) === (b.undoes ?? null);

/** Whether any grant of submitting taps could apply to this caller (a coach, an admin). */
function couldSubmit(actor: Actor): boolean {
  try {
    authorizeSome(actor, 'Mutation.submitPitchEvents');
    return true;
  } catch {
    return false;
  }
}

/** What a batch answers for each tap, filled in game by game. */
interface Answers {
  results: Map<string, EventResult>;
  /** `reason`: a message, or an error's (an AppError's message by id, else its English). */
  refuse(list: PitchEvent[], reason: Message | Error): void;
}

function refusal(reason: Message | Error): { message: string; said: Message | null } {
  if (!(reason instanceof Error)) return { message: inEnglish(reason), said: reason };
  return { message: reason.message, said: reason instanceof AppError ? (reason.said ?? null) : null };
}

function answersTo(): Answers {
  const results = new Map<string, EventResult>();
  return {
    results,
    refuse(list, reason) {
      const { message, said } = refusal(reason);
      for (const tap of list) results.set(tap.id, { id: tap.id, status: 'refused', message, said });
    },
  };
}

/**
 * The taps of one game this caller may send: into one of its teams' books, for a pitcher on one of
 * its rosters, as a scorer of that book, in a season still open. The others are refused.
 */
function allowedTaps(
  me: Actor,
  now: Date,
  game: GameRecord,
  list: PitchEvent[],
  pitcherTeams: Map<string, { teamId: string; name: string }>,
  answers: Answers,
): PitchEvent[] {
  const allowed: PitchEvent[] = [];
  for (const tap of list) {
    if (tap.bookTeamId !== game.homeTeamId && tap.bookTeamId !== game.awayTeamId) {
      answers.refuse([tap], PITCH_EVENT_ERRORS.bookNotInGame);
    } else if (!pitcherTeams.has(tap.pitcherId)) {
      answers.refuse([tap], PITCH_EVENT_ERRORS.pitcherNotInGame);
    } else if (!can(me, 'Mutation.submitPitchEvents', { ...gameTarget(game), teamIds: [tap.bookTeamId] })) {
      answers.refuse([tap], errors.forbidden());
    } else if (game.seasonState === 'archived') {
      answers.refuse([tap], { id: 'errors.game.seasonArchived', values: { season: game.seasonName } });
    } else if (isAfterToday(game, now)) {
      // The calendar holds: a game dated after the league's today is not counted yet.
      answers.refuse([tap], GAME_MESSAGES.notYet(game.date));
    } else {
      allowed.push(tap);
    }
  }
  return allowed;
}

export function createPitchEventsService(deps: { db: Db; clock: Clock; events: Events; games: GamesService }) {
  const { db, clock, events } = deps;

  /** The team each of these players is on among the game's teams (a player on neither is missing). */
  async function teamsOfPitchers(tx: Db, game: GameRecord, pitcherIds: string[]) {
    const gameTeams = [game.homeTeamId, game.awayTeamId].filter((id): id is string => id !== null);
    if (pitcherIds.length === 0 || gameTeams.length === 0) return new Map<string, { teamId: string; name: string }>();
    const rows = await tx
      .select({
        playerId: rosterEntries.playerId,
        teamId: rosterEntries.teamId,
        name: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
      })
      .from(rosterEntries)
      .innerJoin(players, eq(players.id, rosterEntries.playerId))
      .where(and(inArray(rosterEntries.playerId, pitcherIds), inArray(rosterEntries.teamId, gameTeams)));
    return new Map(rows.map((r) => [r.playerId, { teamId: r.teamId, name: r.name }]));
  }

  /**
   * The pitcher's own team's book is the official count: it writes the outing's pitches, count at
   * the last batter and intentional walks, until someone corrects the outing by hand (then the
   * correction stands and the history says so, as does a count the league's deadline settled).
   */
  async function applyToOuting(tx: Db, history: History, game: GameRecord, book: BookCount, actor: Actor) {
    const now = history.at;
    // Once the deadline settled the game's count, late taps no longer change the record.
    if (game.countsSettledAt) return;
    const [outing] = await tx
      .select({
        id: pitchOutings.id,
        version: pitchOutings.version,
        pitches: pitchOutings.pitches,
        pitchesBeforeLastBatter: pitchOutings.pitchesBeforeLastBatter,
        intentionalWalks: pitchOutings.intentionalWalks,
      })
      .from(pitchOutings)
      .where(
        and(
          eq(pitchOutings.gameId, game.id),
          eq(pitchOutings.playerId, book.pitcherId),
          isNull(pitchOutings.deletedAt),
        ),
      );
    const counts = {
      pitches: book.pitches,
      pitchesBeforeLastBatter: book.pitchesBeforeLastBatter,
      intentionalWalks: book.intentionalWalks,
    };
    if (!outing) {
      if (book.pitches === 0 && book.intentionalWalks === 0) return;
      const id = randomUUID();
      await history.track('outing', { ids: [id] }, { action: 'counted live' }, async () =>
        tx.insert(pitchOutings).values({
          id,
          gameId: game.id,
          playerId: book.pitcherId,
          teamId: book.bookTeamId,
          date: game.date,
          ...counts,
          recordedBy: actor.userId,
          recordedByName: await nameOfUser(tx, actor.userId),
          createdPayload: { source: 'live', gameId: game.id, playerId: book.pitcherId, teamId: book.bookTeamId },
          createdAt: now,
          updatedAt: now,
        }),
      );
    } else if (
      outing.pitches === counts.pitches &&
      outing.pitchesBeforeLastBatter === counts.pitchesBeforeLastBatter &&
      outing.intentionalWalks === counts.intentionalWalks
    ) {
      // Taps that leave the count as it was ("New batter", a tap sent again) change neither the outing nor its judging.
      return;
    } else if (outing.version === 1) {
      await history.track('outing', { ids: [outing.id] }, { action: 'counted live' }, () =>
        tx
          .update(pitchOutings)
          .set({ ...counts, updatedAt: now })
          .where(eq(pitchOutings.id, outing.id)),
      );
    } else {
      return;
    }
    await recomputeViolations(tx, [book.pitcherId], history);
  }

  /** The game's teams this user ever counted for: proof they counted there before losing access. */
  async function teamsCountedBy(me: Actor, teamIds: string[]): Promise<Set<string>> {
    if (teamIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ teamId: pitchEvents.bookTeamId })
      .from(pitchEvents)
      .where(and(eq(pitchEvents.recordedBy, me.userId), inArray(pitchEvents.bookTeamId, teamIds)));
    return new Set(rows.map((r) => r.teamId));
  }

  /**
   * Refused taps are kept where the user and the league's admins see them (never silently
   * dropped), with the game and pitcher named as far as the user may still read them. A tap goes to
   * the game's league only when its sender may count the game, or counted for one of its teams
   * before losing access; any other (another organization's game, a made-up id) is kept for the
   * sender alone, named by nothing but what they sent, so it reads the same for a game that exists
   * and one that does not. A tap refused again is kept once, and each user keeps at most
   * REFUSED_KEPT_PER_PLACE in each place: further ones are counted (docs/decisions/0029).
   */
  async function keepRefused(me: Actor, refused: { tap: PitchEvent; reason: string; said: Message | null }[]) {
    if (refused.length === 0) return;
    const gameIds = [...new Set(refused.map((r) => r.tap.gameId))];
    const pitcherIds = [...new Set(refused.map((r) => r.tap.pitcherId))];
    const known = await selectGames(db).where(inArray(games.id, gameIds));
    const uncounted = known.filter((g) => !can(me, 'Mutation.submitPitchEvents', gameTarget(g)));
    const [counted, readable, pitchers] = await Promise.all([
      teamsCountedBy(
        me,
        uncounted.flatMap((g) => [g.homeTeamId, g.awayTeamId].filter((id): id is string => id !== null)),
      ),
      // Only a game the user may still read is named to them (a made-up id must not reveal one).
      Promise.all(
        gameIds.map((id) =>
          deps.games.loadReadable(me, id).then(
            () => id,
            () => null,
          ),
        ),
      ),
      // With their teams: a pitcher is named only as one of the game's players (whom its readers see anyway).
      db
        .select({
          id: players.id,
          teamId: rosterEntries.teamId,
          name: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
        })
        .from(players)
        .innerJoin(rosterEntries, eq(rosterEntries.playerId, players.id))
        .where(inArray(players.id, pitcherIds)),
    ]);
    const placeOf = (gameId: string) => {
      const game = known.find((g) => g.id === gameId);
      if (!game) return undefined;
      const mayCount = !uncounted.includes(game);
      const countedBefore = [game.homeTeamId, game.awayTeamId].some((id) => id !== null && counted.has(id));
      return mayCount || countedBefore ? game : undefined;
    };
    const rows = new Map<string, typeof refusedPitchEvents.$inferInsert>();
    for (const { tap, reason, said } of refused) {
      if (rows.has(tap.id)) continue;
      const { kind } = tap;
      const game = placeOf(tap.gameId);
      if (!game) {
        rows.set(tap.id, {
          eventId: tap.id,
          userId: me.userId,
          description: encoded('shell.refusedTaps.tapInUncountedGame', { kind }),
          event: tap,
          reason,
          said,
        });
        continue;
      }
      const named = readable.includes(tap.gameId) ? game : undefined;
      const pitcher =
        named &&
        pitchers.find((p) => p.id === tap.pitcherId && (p.teamId === named.homeTeamId || p.teamId === named.awayTeamId))
          ?.name;
      rows.set(tap.id, {
        eventId: tap.id,
        userId: me.userId,
        organizationId: game.organizationId,
        leagueId: game.leagueId,
        gameId: tap.gameId,
        // By id and values, read in each reader's language; a removed player's name is replaced in it as in a sentence.
        description: !named
          ? encoded('shell.refusedTaps.tapInClosedGame', { kind })
          : encoded(pitcher ? 'shell.refusedTaps.tap' : 'shell.refusedTaps.tapOfAPitcher', {
              date: named.date,
              home: named.homeTeamName ?? named.opponentName ?? '',
              away: named.awayTeamName ?? named.opponentName ?? '',
              kind,
              ...(pitcher ? { pitcher } : {}),
            }),
        event: tap,
        reason,
        said,
      });
    }
    await keepWithinCap(me.userId, [...rows.values()]);
  }

  /**
   * Stores a user's refused taps up to REFUSED_KEPT_PER_PLACE not yet dismissed in each place (an
   * organization, or the user's own list), and counts the rest on their newest kept one there.
   * The user's row is locked for it (as dismissing does), so batches sent at once keep to the cap
   * exactly and their counts add up.
   */
  async function keepWithinCap(userId: string, rows: (typeof refusedPitchEvents.$inferInsert)[]) {
    await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [stored, open] = await Promise.all([
        tx
          .select({ eventId: refusedPitchEvents.eventId })
          .from(refusedPitchEvents)
          .where(
            and(
              eq(refusedPitchEvents.userId, userId),
              inArray(
                refusedPitchEvents.eventId,
                rows.map((r) => r.eventId),
              ),
            ),
          ),
        tx
          .select({ organizationId: refusedPitchEvents.organizationId, n: count() })
          .from(refusedPitchEvents)
          .where(and(eq(refusedPitchEvents.userId, userId), isNull(refusedPitchEvents.dismissedAt)))
          .groupBy(refusedPitchEvents.organizationId),
      ]);
      const already = new Set(stored.map((r) => r.eventId));
      const kept = new Map(open.map((r) => [r.organizationId, r.n]));
      const over = new Map<string | null, number>();
      const fresh: (typeof refusedPitchEvents.$inferInsert)[] = [];
      for (const row of rows) {
        // A tap refused again is kept once, and not counted again.
        if (already.has(row.eventId)) continue;
        const place = row.organizationId ?? null;
        const n = kept.get(place) ?? 0;
        if (n < REFUSED_KEPT_PER_PLACE) {
          fresh.push(row);
          kept.set(place, n + 1);
        } else {
          over.set(place, (over.get(place) ?? 0) + 1);
        }
      }
      if (fresh.length) await tx.insert(refusedPitchEvents).values(fresh).onConflictDoNothing();
      for (const [place, n] of over) {
        const newest = tx
          .select({ id: refusedPitchEvents.id })
          .from(refusedPitchEvents)
          .where(
            and(
              eq(refusedPitchEvents.userId, userId),
              place === null ? isNull(refusedPitchEvents.organizationId) : eq(refusedPitchEvents.organizationId, place),
              isNull(refusedPitchEvents.dismissedAt),
            ),
          )
          .orderBy(desc(refusedPitchEvents.refusedAt), asc(refusedPitchEvents.id))
          .limit(1);
        await tx
          .update(refusedPitchEvents)
          .set({ moreRefused: sql`${refusedPitchEvents.moreRefused} + ${n}` })
          .where(inArray(refusedPitchEvents.id, newest));
      }
    });
  }

  /**
   * One game's taps, in its own transaction: the ones this caller may send are stored (once each),
   * and each book they touch is counted again; the pitcher's own team's book moves the outing.
   */
  async function submitToGame(
    tx: Db,
    me: Actor,
    game: GameRecord,
    list: PitchEvent[],
    answers: Answers,
  ): Promise<BookCount[]> {
    const pitcherTeams = await teamsOfPitchers(
      tx,
      game,
      list.map((t) => t.pitcherId),
    );
    const allowed = allowedTaps(me, clock.now(), game, list, pitcherTeams, answers);
    if (allowed.length === 0) return [];
    // First lock of the transaction (docs/decisions/0034-the-pitch-record.md): the game's history and its pitchers'
    // (decision 0054), so other games' taps go on beside these.
    const history = await History.open(tx, me, clock.now(), [
      gameChain(game.organizationId, game.id),
      ...allowed.map((t) => playerChain(game.organizationId, t.pitcherId)),
    ]);
    // Read under a share lock: a game ended meanwhile (endGame, confirmations, the deadline)
    // waits for these taps, or these taps see it ended; never counted after the parents were told.
    // Withdrawn too is read here, not from the game read before the transaction: an admin's withdrawal that
    // committed meanwhile refuses these taps.
    const [current] = await tx
      .select({ state: games.state, withdrawnAt: games.withdrawnAt, withdrawnReason: games.withdrawnReason })
      .from(games)
      .where(eq(games.id, game.id))
      .for('share');
    const now = {
      ...game,
      withdrawnAt: current?.withdrawnAt ?? null,
      withdrawnReason: current?.withdrawnReason ?? null,
    };
    const closed = { over: current?.state === 'final', withdrawn: now.withdrawnAt !== null };
    const stored = await storeTaps(tx, history, me, now, allowed, closed, answers);
    return countBooks(tx, history, me, now, { allowed, stored }, pitcherTeams, closed);
  }

  /**
   * Stores the taps not stored yet; a tap sent again answers 'duplicate', a late one is refused. Answers the taps
   * this call stored.
   */
  async function storeTaps(
    tx: Db,
    history: History,
    me: Actor,
    game: GameRecord,
    allowed: PitchEvent[],
    closed: { over: boolean; withdrawn: boolean },
    answers: Answers,
  ): Promise<PitchEvent[]> {
    const stored = await tx
      .select()
      .from(pitchEvents)
      .where(
        inArray(
          pitchEvents.id,
          allowed.map((t) => t.id),
        ),
      );
    const known = new Map(stored.map((r) => [r.id, { ...r, at: r.at.toISOString() } as PitchEvent]));
    const fresh: PitchEvent[] = [];
    for (const tap of allowed) {
      const before = known.get(tap.id);
      if (before) {
        answers.results.set(
          tap.id,
          sameTap(before, tap)
            ? { id: tap.id, status: 'duplicate', message: null, said: null }
            : { id: tap.id, status: 'refused', ...refusal(PITCH_EVENT_ERRORS.idReused) },
        );
      } else if (closed.withdrawn) {
        answers.refuse([tap], GAME_MESSAGES.withdrawn(game.withdrawnReason));
      } else if (closed.over) {
        // A tap already stored still answers "duplicate" above: only new ones come too late.
        answers.refuse([tap], PITCH_EVENT_ERRORS.gameOver);
      } else if (!fresh.some((f) => f.id === tap.id)) {
        fresh.push(tap);
        answers.results.set(tap.id, { id: tap.id, status: 'accepted', message: null, said: null });
      }
    }
    if (fresh.length === 0) return [];
    // The same tap arriving twice at once is stored once.
    const inserted = await history.track('pitch-event', { ids: fresh.map((t) => t.id) }, { action: 'tapped' }, () =>
      tx
        .insert(pitchEvents)
        .values(fresh.map((t) => ({ ...t, at: new Date(t.at), undoes: t.undoes ?? null, recordedBy: me.userId })))
        .onConflictDoNothing({ target: pitchEvents.id })
        .returning({ id: pitchEvents.id }),
    );
    const ids = new Set(inserted.map((row) => row.id));
    return fresh.filter((t) => ids.has(t.id));
  }

  /**
   * Each book the taps touched, counted by adding the taps this call stored to where it stood (or whole, where
   * adding cannot be trusted: pitch-events.repository.ts); the official one moves the outing while the game is open.
   */
  async function countBooks(
    tx: Db,
    history: History,
    me: Actor,
    game: GameRecord,
    taps: { allowed: PitchEvent[]; stored: PitchEvent[] },
    pitcherTeams: Map<string, { teamId: string; name: string }>,
    closed: { over: boolean; withdrawn: boolean },
  ): Promise<BookCount[]> {
    const books = [...new Map(taps.allowed.map((t) => [bookKey(t), t])).values()];
    const credit = (await rulesOfLeagues(tx, [game.leagueId])).get(game.leagueId)?.rule?.intentionalWalkPitches ?? 0;
    const states = await countOnBooks(tx, books, taps.stored, credit);
    const made: BookCount[] = [];
    for (const book of books) {
      const pitcher = pitcherTeams.get(book.pitcherId) as { teamId: string; name: string };
      const count: BookCount = {
        ...(states.get(bookKey(book)) as BookState).tally,
        gameId: game.id,
        organizationId: game.organizationId,
        pitcherId: book.pitcherId,
        pitcherName: pitcher.name,
        bookTeamId: book.bookTeamId,
        bookTeamName: (book.bookTeamId === game.homeTeamId ? game.homeTeamName : game.awayTeamName) ?? '',
        official: pitcher.teamId === book.bookTeamId,
      };
      if (count.official && !closed.over && !closed.withdrawn) await applyToOuting(tx, history, game, count, me);
      made.push(count);
    }
    return made;
  }

  return {
    /**
     * Stores taps sent by a device, in one transaction per game: each new id is stored, a repeat
     * of a stored tap answers "duplicate" and changes nothing, the same id with another tap is
     * refused. Taps of a game the caller may no longer record (access lost, game deleted) are
     * refused with the reason, so the device lists them instead of dropping them. Answers each
     * tap's fate and the counts of the books they touched.
     */
    async submit(actor: Actor | null, input: { events: readonly unknown[] }) {
      if (!actor) throw errors.unauthenticated();
      if (input.events.length === 0 || input.events.length > MAX_EVENTS_PER_BATCH) {
        throw errors.badInput(PITCH_EVENT_MESSAGES.batch);
      }
      const taps = input.events.map((e) => parse(pitchEventSchema, e) as PitchEvent);
      if (!couldSubmit(actor)) {
        // A user who lost every team while counting: each tap is refused and kept, never dropped.
        const { message, said } = refusal(errors.forbidden());
        await keepRefused(
          actor,
          taps.map((tap) => ({ tap, reason: message, said })),
        );
        return { results: taps.map((t) => ({ id: t.id, status: 'refused' as const, message, said })), counts: [] };
      }
      const me = authorizeSome(actor, 'Mutation.submitPitchEvents');
      const answers = answersTo();
      const counts: BookCount[] = [];
      const byGame = new Map<string, PitchEvent[]>();
      for (const tap of taps) byGame.set(tap.gameId, [...(byGame.get(tap.gameId) ?? []), tap]);
      for (const [gameId, list] of byGame) {
        let game: GameRecord;
        try {
          game = await deps.games.loadReadable(me, gameId);
        } catch (error) {
          answers.refuse(list, error as Error);
          continue;
        }
        counts.push(...(await db.transaction((tx) => submitToGame(tx, me, game, list, answers))));
      }
      await keepRefused(
        me,
        taps.flatMap((tap) => {
          const result = answers.results.get(tap.id);
          return result?.status === 'refused' ? [{ tap, reason: result.message ?? '', said: result.said }] : [];
        }),
      );
      for (const count of counts) await events.publish('gameCount.updated', count);
      return { results: taps.map((t) => answers.results.get(t.id) as EventResult), counts };
    },

    /** Every book of a game: both dugouts' counts of each pitcher, side by side. */
    async gameCounts(actor: Actor | null, input: { gameId: string }): Promise<BookCount[]> {
      const me = authorize(actor, 'Query.gameCounts');
      const game = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'));
      const rows = await db.select().from(pitchEvents).where(eq(pitchEvents.gameId, game.id));
      const taps = rows.map((r) => ({ ...r, at: r.at.toISOString() }) as PitchEvent);
      const books = new Map<string, PitchEvent[]>();
      for (const tap of taps) books.set(bookKey(tap), [...(books.get(bookKey(tap)) ?? []), tap]);
      const pitcherTeams = await teamsOfPitchers(db, game, [...new Set(taps.map((t) => t.pitcherId))]);
      const credit = (await rulesOfLeagues(db, [game.leagueId])).get(game.leagueId)?.rule?.intentionalWalkPitches ?? 0;
      const name = (teamId: string) => (teamId === game.homeTeamId ? game.homeTeamName : game.awayTeamName) ?? '';
      return [...books.values()]
        .map((list) => {
          const first = list[0] as PitchEvent;
          const pitcher = pitcherTeams.get(first.pitcherId);
          return {
            ...tallyOf(list, credit),
            gameId: game.id,
            organizationId: game.organizationId,
            pitcherId: first.pitcherId,
            pitcherName: pitcher?.name ?? '',
            bookTeamId: first.bookTeamId,
            bookTeamName: name(first.bookTeamId),
            official: pitcher?.teamId === first.bookTeamId,
          };
        })
        .sort((a, b) => a.pitcherName.localeCompare(b.pitcherName) || a.bookTeamName.localeCompare(b.bookTeamName));
    },

    /**
     * Refused taps not yet dismissed: the caller's own, and for admins those of their leagues
     * (SuperAdmin: all), newest first. Chosen a sender at a time (each one's newest, then each
     * one's second...), so one sender's volume never pushes another's taps out of the list.
     */
    async refused(actor: Actor | null): Promise<RefusedRecord[]> {
      const me = authorize(actor, 'Query.listRefusedPitchEvents', { userId: actor?.userId });
      const scope = await scopeOf(db, me);
      const mine = eq(refusedPitchEvents.userId, me.userId);
      const visible = scope.all
        ? undefined
        : or(
            mine,
            scope.leagueIds.length ? inArray(refusedPitchEvents.leagueId, scope.leagueIds) : undefined,
            me.adminOrganizationIds.length
              ? inArray(refusedPitchEvents.organizationId, [...me.adminOrganizationIds])
              : undefined,
          );
      const newestFirst = sql`${refusedPitchEvents.refusedAt} desc, ${refusedPitchEvents.id} asc`;
      const rows = await db
        .select({
          id: refusedPitchEvents.id,
          eventId: refusedPitchEvents.eventId,
          gameId: refusedPitchEvents.gameId,
          description: refusedPitchEvents.description,
          reason: refusedPitchEvents.reason,
          said: refusedPitchEvents.said,
          refusedAt: refusedPitchEvents.refusedAt,
          userName: sql<string>`coalesce(nullif(trim(${users.givenName} || ' ' || ${users.familyName}), ''), ${users.email})`,
          mine: sql<boolean>`${refusedPitchEvents.userId} = ${me.userId}`,
          moreRefused: refusedPitchEvents.moreRefused,
        })
        .from(refusedPitchEvents)
        .innerJoin(users, eq(users.id, refusedPitchEvents.userId))
        .where(and(isNull(refusedPitchEvents.dismissedAt), visible))
        .orderBy(
          sql`row_number() over (partition by ${refusedPitchEvents.userId} order by ${newestFirst})`,
          desc(refusedPitchEvents.refusedAt),
          asc(refusedPitchEvents.id),
        )
        .limit(REFUSED_LIST_LIMIT);
      return rows
        .sort((a, b) => b.refusedAt.getTime() - a.refusedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((row) => {
          const descriptionSaid = readMessage(row.description);
          return {
            ...row,
            description: descriptionSaid ? inEnglish(descriptionSaid) : row.description,
            descriptionSaid,
          };
        });
    },

    /** Dismisses a refused tap once someone dealt with it (its user, or an admin of its league). */
    async dismissRefused(actor: Actor | null, input: { id: string }): Promise<{ id: string }> {
      const me = authorizeSome(actor, 'Mutation.dismissRefusedPitchEvent');
      const id = requireUuid(input.id, 'Refused tap');
      const [row] = await db.select().from(refusedPitchEvents).where(eq(refusedPitchEvents.id, id));
      if (!row) throw errors.notFound('Refused tap');
      const target = {
        userId: row.userId,
        organizationId: row.organizationId ?? undefined,
        leagueId: row.leagueId ?? undefined,
      };
      if (!can(me, 'Mutation.dismissRefusedPitchEvent', target)) {
        // One that is not theirs to see is missing, as everywhere.
        throw errors.notFound('Refused tap');
      }
      const dismissedByName = await nameOfUser(db, me.userId);
      await db.transaction(async (tx) => {
        // Under the tap's user's lock, as keeping one is: a count past the cap never lands on a dismissed tap.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('no key update');
        await tx
          .update(refusedPitchEvents)
          .set({ dismissedAt: clock.now(), dismissedByName })
          .where(and(eq(refusedPitchEvents.id, row.id), isNull(refusedPitchEvents.dismissedAt)));
      });
      return { id: row.id };
    },

    /** Whether the caller may read a game's counts (subscriptions check each update with it). */
    async canReadGame(actor: Actor, gameId: string): Promise<boolean> {
      try {
        await deps.games.loadReadable(actor, gameId);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type PitchEventsService = ReturnType<typeof createPitchEventsService>;
