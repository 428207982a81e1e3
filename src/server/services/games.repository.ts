import { and, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { todayIn } from '../../core/local-date.ts';
import type { GameState } from '../../core/outing-inputs.ts';
import { type Actor, administers, type Target } from '../../core/permissions.ts';
import type { Db } from '../db/client.ts';
import {
  gameConfirmations,
  games,
  leagues,
  organizations,
  pitchEvents,
  pitchOutings,
  players,
  seasons,
  teams,
} from '../db/schema.ts';
import type { History } from './history.ts';
import { queueOutingEmails } from './notifications.ts';
import { readablePlayers, readableTeams } from './scope.ts';
import type { SeasonState } from './seasons.repository.ts';

/**
 * Games as every service reads them (`selectGames`, the record, its target and who may read it),
 * and the guards and writes more than one service shares: whether a game is open to a change, and
 * ending it when its counts close.
 */

export interface GameRecord {
  id: string;
  organizationId: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
  seasonName: string;
  seasonState: SeasonState;
  date: string;
  startTime: string | null;
  homeTeamId: string | null;
  homeTeamName: string | null;
  awayTeamId: string | null;
  awayTeamName: string | null;
  opponentName: string | null;
  state: GameState;
  /** When the league's deadline settled a disputed count; the live count no longer changes the record. */
  countsSettledAt: Date | null;
  /**
   * Closed: each of its teams signed its counts (and its official, where the league requires it),
   * or the deadline settled them. Only an admin's correction, with a reason, changes it then.
   */
  signed: boolean;
  /** The league asks the official's signature too before a game is signed. */
  requiresOfficial: boolean;
  /** The official who signed the counts, and when (the third signature). */
  officialName: string | null;
  officialSignedAt: Date | null;
  /** Which of the league's officials signed, and what their signature covers (core/official-count.ts SignedCounts). */
  officialId: string | null;
  officialCounts: unknown;
  officialDigest: string | null;
  /** Whether anything about pitching was recorded: outings (deleted ones too), taps or confirmations. */
  holdsPitching: boolean;
  version: number;
  /** The organization's time zone: its calendar says which day is today (the calendar holds). */
  timeZone: string;
  /** When an admin withdrew it, and why (it held pitching, so it is kept). */
  withdrawnAt: Date | null;
  withdrawnReason: string | null;
  outingCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export const GAME_MESSAGES = {
  teamsOfOneLeague: { id: 'errors.game.teamsOfOneLeague' } as Message,
  hasOutings: (n: number): Message => ({ id: 'errors.game.hasOutings', values: { count: n } }),
  outsideSeason: (season: string, start: string, end: string): Message => ({
    id: 'errors.game.outsideSeason',
    values: { season, start, end },
  }),
  hasLiveCount: { id: 'errors.game.hasLiveCount' } as Message,
  teamHasOutings: (team: string): Message => ({ id: 'errors.game.teamHasOutings', values: { team } }),
  holdsPitching: { id: 'errors.game.holdsPitching' } as Message,
  reasonNeeded: { id: 'errors.game.reasonNeeded' } as Message,
  notYet: (date: string): Message => ({ id: 'errors.game.notYet', values: { date } }),
  signed: { id: 'errors.game.signed' } as Message,
  withdrawn: (reason: string | null): Message =>
    reason ? { id: 'errors.game.withdrawnBecause', values: { reason } } : { id: 'errors.game.withdrawn' },
  // The reasons the record keeps in its history: data, kept in English.
  moved: (from: string, to: string, reason: string) => `Game moved from ${from} to ${to}: ${reason}`,
  withdrawnOuting: (reason: string) => `Game withdrawn: ${reason}`,
} as const;

/** A game as an email names it: 'Tigers vs Cubs', or against its outside opponent. */
export function gameTitleOf(game: {
  homeTeamName: string | null;
  awayTeamName: string | null;
  opponentName: string | null;
}): string {
  return `${game.homeTeamName ?? game.opponentName ?? 'a team'} vs ${game.awayTeamName ?? game.opponentName ?? 'a team'}`;
}

/**
 * A game's state lets this caller change what it holds: never once withdrawn, and once signed only
 * an admin of its league (docs/decisions/0034-the-pitch-record.md).
 */
export function assertOpenTo(me: Actor, game: GameRecord): void {
  if (game.withdrawnAt) throw errors.conflict(GAME_MESSAGES.withdrawn(game.withdrawnReason));
  if (game.signed && !administers(me, gameTarget(game))) throw errors.conflict(GAME_MESSAGES.signed);
}

/**
 * A live count ends with its game: its outings' parents hear of them now (an outing typed in was
 * emailed when it was stored).
 */
export async function tellParentsOfLiveOutings(tx: Db, gameId: string, now: Date): Promise<void> {
  const live = await tx
    .select({ id: pitchOutings.id })
    .from(pitchOutings)
    .where(
      and(
        eq(pitchOutings.gameId, gameId),
        isNull(pitchOutings.deletedAt),
        sql`${pitchOutings.createdPayload}->>'source' = 'live'`,
      ),
    );
  await queueOutingEmails(
    tx,
    live.map((o) => o.id),
    now,
  );
}

/**
 * Makes a game final when its counts are closed without anyone ending it (both teams confirmed
 * them, or the league's deadline settled them), in the caller's transaction and history: taps stop
 * counting and the live count's parents are told, once (a game already final is left as it is).
 */
export async function finishGame(
  tx: Db,
  history: History,
  gameId: string,
  options: { tellParents: boolean } = { tellParents: true },
): Promise<boolean> {
  const ended = await history.track('game', { ids: [gameId] }, { action: 'ended' }, () =>
    tx
      .update(games)
      .set({ state: 'final', version: sql`${games.version} + 1`, updatedAt: history.at })
      .where(and(eq(games.id, gameId), ne(games.state, 'final')))
      .returning({ id: games.id }),
  );
  if (ended.length === 0) return false;
  if (options.tellParents) await tellParentsOfLiveOutings(tx, gameId, history.at);
  return true;
}

const home = alias(teams, 'home_team');
const away = alias(teams, 'away_team');

const gameColumns = {
  id: games.id,
  organizationId: games.organizationId,
  leagueId: games.leagueId,
  leagueName: leagues.name,
  seasonId: games.seasonId,
  seasonName: seasons.name,
  seasonState: seasons.state,
  date: games.date,
  startTime: games.startTime,
  homeTeamId: games.homeTeamId,
  homeTeamName: home.name,
  awayTeamId: games.awayTeamId,
  awayTeamName: away.name,
  opponentName: games.opponentName,
  state: games.state,
  countsSettledAt: games.countsSettledAt,
  signed: sql<boolean>`(${games.countsSettledAt} is not null or ((select count(*)::int from ${gameConfirmations} c where c.game_id = ${games.id}) >= (case when ${games.homeTeamId} is null or ${games.awayTeamId} is null then 1 else 2 end) and (not ${leagues.requireOfficialSignature} or ${games.officialSignedAt} is not null)))`,
  requiresOfficial: leagues.requireOfficialSignature,
  officialName: games.officialName,
  officialSignedAt: games.officialSignedAt,
  officialId: games.officialId,
  officialCounts: games.officialCounts,
  officialDigest: games.officialDigest,
  holdsPitching: sql<boolean>`(exists (select 1 from ${pitchOutings} o where o.game_id = ${games.id}) or exists (select 1 from ${pitchEvents} e where e.game_id = ${games.id}) or exists (select 1 from ${gameConfirmations} c where c.game_id = ${games.id}))`,
  version: games.version,
  timeZone: organizations.timeZone,
  withdrawnAt: games.withdrawnAt,
  withdrawnReason: games.withdrawnReason,
  outingCount: sql<number>`(select count(*)::int from ${pitchOutings} where ${pitchOutings.gameId} = ${games.id} and ${pitchOutings.deletedAt} is null)`,
  createdAt: games.createdAt,
  updatedAt: games.updatedAt,
};

export function selectGames(from: Db) {
  return from
    .select(gameColumns)
    .from(games)
    .innerJoin(leagues, eq(leagues.id, games.leagueId))
    .innerJoin(seasons, eq(seasons.id, games.seasonId))
    .innerJoin(organizations, eq(organizations.id, games.organizationId))
    .leftJoin(home, eq(home.id, games.homeTeamId))
    .leftJoin(away, eq(away.id, games.awayTeamId));
}

/**
 * The calendar holds: nothing about pitching (an outing, a tap, a game started or ended, a
 * confirmation, a signature) for a game dated after its league's today.
 */
export function assertNotAfterToday(game: Pick<GameRecord, 'date' | 'timeZone'>, now: Date): void {
  if (game.date > todayIn(game.timeZone, now)) throw errors.badInput(GAME_MESSAGES.notYet(game.date));
}

/** Whether a game is dated after its league's today. */
export const isAfterToday = (game: Pick<GameRecord, 'date' | 'timeZone'>, now: Date) =>
  game.date > todayIn(game.timeZone, now);

/** The authorization target of a game: its league, and its teams for their coaches. */
export function gameTarget(game: {
  organizationId: string;
  leagueId: string;
  homeTeamId: string | null;
  awayTeamId: string | null;
}): Target {
  return {
    organizationId: game.organizationId,
    leagueId: game.leagueId,
    teamIds: [game.homeTeamId, game.awayTeamId].filter((id): id is string => id !== null),
  };
}

/** Games with a team the caller may read; undefined means every game (SuperAdmin). */
export function readableGames(actor: Actor): SQL | undefined {
  const condition = readableTeams(actor);
  if (!condition) return undefined;
  const teamIds = sql`(select ${teams.id} from ${teams} where ${condition})`;
  return or(inArray(games.homeTeamId, teamIds), inArray(games.awayTeamId, teamIds)) as SQL;
}

/**
 * A list's outing counts as its reader sees the game (a parent once read "7 outings", then an
 * empty game): the outings of the players they may read, of the team the list is for when it is
 * for one. A game's own count (deleting it) stays every outing's.
 */
export async function countingWhatTheySee(
  db: Db,
  me: Actor,
  rows: GameRecord[],
  teamId: string | null,
): Promise<GameRecord[]> {
  const readable = readablePlayers(me);
  if (rows.length === 0 || (!readable && !teamId)) return rows;
  const counts = await db
    .select({ gameId: pitchOutings.gameId, n: count() })
    .from(pitchOutings)
    .where(
      and(
        inArray(
          pitchOutings.gameId,
          rows.map((r) => r.id),
        ),
        isNull(pitchOutings.deletedAt),
        teamId ? eq(pitchOutings.teamId, teamId) : undefined,
        readable
          ? inArray(pitchOutings.playerId, db.select({ id: players.id }).from(players).where(readable))
          : undefined,
      ),
    )
    .groupBy(pitchOutings.gameId);
  const seen = new Map(counts.map((c) => [c.gameId, c.n]));
  return rows.map((r) => ({ ...r, outingCount: seen.get(r.id) ?? 0 }));
}
