import { and, asc, desc, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import { addDays, todayIn } from '../../core/local-date.ts';
import type { CountStatus } from '../../core/official-count.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { gameConfirmations, games, leagues, organizations, pitchEvents, pitchOutings } from '../db/schema.ts';
import { finishGame, type GameRecord, readableGames, selectGames } from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import { gameChain, History } from './history.ts';
import {
  bookOf,
  loadOfficialCount,
  loadOfficialCounts,
  OFFICIAL_COUNT_MESSAGES,
  type OfficialCountRecord,
  standBookCount,
} from './official-count.repository.ts';
import { requireUuid, scopeOf } from './scope.ts';
import { recomputeViolations } from './violations.repository.ts';

/**
 * The one official count of a game: both dugouts' books compared, where each team's confirmation and the official's
 * signature stand (given by signatures.service.ts), the admins' list of games still open, and the league's deadline
 * that settles a dispute (docs/decisions/0031-a-game-ends.md). The record itself is read in official-count.repository.ts.
 */

/** The plate card's signed games: the last week's, at most ten (a rest window is at most a few days). */
const RECENT_DAYS = 6;
const RECENT_GAMES = 10;

/** Games settled at most per run of settleDue (a run every minute). */
const SETTLE_BATCH = 500;

/** A game settled this many days after it was played ends without the parents' emails: the news is stale. */
const STALE_EMAIL_DAYS = 21;

export function createOfficialCountService(deps: { db: Db; clock: Clock; games: GamesService }) {
  const { db, clock } = deps;

  /** The official count of these games, in a few queries whatever their number. */
  const load = (from: Db, list: readonly GameRecord[], now: Date = clock.now()) => loadOfficialCounts(from, list, now);
  const loadOne = (from: Db, game: GameRecord, now: Date = clock.now()) => loadOfficialCount(from, game, now);

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
      const history = await History.open(tx, null, now, [gameChain(place.organizationId, gameId)]);
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

  return {
    /**
     * A team's signed games of the last week up to its day (the caller checked the reader may read the team): who
     * signed their counts and whether a change voided it, newest first, for the plate meeting's card. Withdrawn games
     * and games nobody signed are left out.
     */
    async recentOfTeam(teamId: string, today: string): Promise<OfficialCountRecord[]> {
      const rows = await selectGames(db)
        .where(
          and(
            sql`(${games.homeTeamId} = ${teamId} or ${games.awayTeamId} = ${teamId})`,
            sql`(${games.officialSignedAt} is not null or exists (select 1 from ${gameConfirmations} c where c.game_id = ${games.id}))`,
            sql`${games.date} between ${addDays(today, -RECENT_DAYS)}::date and ${today}::date`,
            isNull(games.withdrawnAt),
          ),
        )
        .orderBy(desc(games.date), sql`${games.startTime} desc nulls last`, asc(games.id))
        .limit(RECENT_GAMES);
      return (await load(db, rows)).filter((r) => r.official !== null || r.confirmations.length > 0);
    },

    /** The official count of a game the caller already checked the reader may read (the pitch log). */
    ofReadableGame: (game: GameRecord, from: Db = db) => loadOne(from, game),

    /** A game's official count: the record, the other dugout's count, who confirmed, the deadline. */
    async get(actor: Actor | null, input: { gameId: string }): Promise<OfficialCountRecord> {
      const me = authorize(actor, 'Query.officialCount');
      const game = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'));
      return loadOne(db, game);
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
