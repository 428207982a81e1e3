import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { errors } from '../../core/errors.ts';
import { isLocalDate, todayIn } from '../../core/local-date.ts';
import type { GameState } from '../../core/outing-inputs.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import type { RuleUnit } from '../../core/rules/rule.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { games, players, rosterEntries, seasons, teams } from '../db/schema.ts';
import { loadRestRules, type RestRuleRecord } from './rest-rules.repository.ts';
import { readablePlayers, readableTeams, requireUuid } from './scope.ts';
import {
  type CachedReport,
  type PitcherStatusRecord,
  selectTeamPlace,
  statusesOf,
  type TeamPlace,
} from './status.repository.ts';

export type { PitcherStatusRecord, RecentOuting } from './status.repository.ts';

/**
 * Reports kept in memory (decisions/0021), the least recently asked going first. A twelve-pitcher
 * report is about 11 KB as JSON; the server stayed under 400 MiB through the bench at scale.
 */
const CACHED_REPORTS = 2_000;

/** A game of the pitcher's team today that is not over: where a parent follows the live count. */
export interface LiveGame {
  id: string;
  date: string;
  /** 'HH:MM', local; null when not set. */
  startTime: string | null;
  /** The pitcher's team (the report's). */
  teamId: string;
  /** The other team's name, or the outside opponent. */
  opponent: string;
  state: Extract<GameState, 'scheduled' | 'in_progress'>;
}

/** A pitcher of a report: the status, and the team's games today, read once per report when asked. */
export interface ReportedPitcher extends PitcherStatusRecord {
  liveGames: () => Promise<LiveGame[]>;
}

export interface StatusReport {
  asOf: string;
  teamId: string;
  teamName: string;
  leagueId: string;
  leagueName: string;
  seasonName: string;
  seasonStart: string;
  ruleId: string | null;
  ruleName: string | null;
  unit: RuleUnit;
  pitchers: ReportedPitcher[];
}

const otherTeam = alias(teams, 'other_team');

export function createStatusService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const cache = new LRUCache<string, CachedReport>({ max: CACHED_REPORTS });

  /** The team's games today (the organization's date, whatever the report's) still to play or being played. */
  async function liveGamesOf(place: TeamPlace): Promise<LiveGame[]> {
    const today = todayIn(place.timeZone, clock.now());
    const rows = await db
      .select({
        id: games.id,
        date: games.date,
        startTime: games.startTime,
        state: games.state,
        opponentName: games.opponentName,
        otherTeamName: otherTeam.name,
      })
      .from(games)
      .leftJoin(
        otherTeam,
        sql`${otherTeam.id} = case when ${games.homeTeamId} = ${place.id} then ${games.awayTeamId} else ${games.homeTeamId} end`,
      )
      .where(
        and(
          eq(games.date, today),
          or(eq(games.homeTeamId, place.id), eq(games.awayTeamId, place.id)),
          inArray(games.state, ['scheduled', 'in_progress']),
        ),
      )
      .orderBy(sql`${games.startTime} nulls last`, asc(games.createdAt), asc(games.id));
    return rows.map((r) => ({
      id: r.id,
      date: r.date,
      startTime: r.startTime,
      teamId: place.id,
      opponent: r.otherTeamName ?? r.opponentName ?? '',
      state: r.state as LiveGame['state'],
    }));
  }

  /**
   * The pitchers' part of a report, from the database, or from memory when it was computed under the
   * organization's current change count. The count was read with the place, before these queries: a
   * change committed in between makes the next request compute again, never serves stale data.
   */
  async function pitchersOf(place: TeamPlace, playerIds: string[] | null, asOf: string): Promise<CachedReport> {
    const key = `${place.id}|${asOf}|${playerIds?.join(',') ?? '*'}`;
    const hit = cache.get(key);
    if (hit && hit.generation === place.generation) return hit;
    const computed = await statusesOf(db, place, playerIds, asOf);
    // A slower computation under an older count never replaces a newer one.
    const current = cache.get(key);
    if (!current || current.generation <= computed.generation) cache.set(key, computed);
    return computed;
  }

  async function report(place: TeamPlace, playerIds: string[] | null, date: string | null): Promise<StatusReport> {
    if (date !== null && !isLocalDate(date)) throw errors.badInput('date must be a calendar date (YYYY-MM-DD)');
    const asOf = date ?? todayIn(place.timeZone, clock.now());
    const { ruleId, ruleName, unit, pitchers } = await pitchersOf(place, playerIds, asOf);
    // One query for every pitcher of the report, and only when a caller asks for it; never cached,
    // since it reads today's games from the clock.
    let live: Promise<LiveGame[]> | null = null;
    const liveGames = () => {
      live ??= liveGamesOf(place);
      return live;
    };
    return {
      asOf,
      teamId: place.id,
      teamName: place.name,
      leagueId: place.leagueId,
      leagueName: place.leagueName,
      seasonName: place.seasonName,
      seasonStart: place.seasonStart,
      ruleId,
      ruleName,
      unit,
      pitchers: pitchers.map((p) => ({ ...p, liveGames })),
    };
  }

  return {
    /**
     * The whole rule of a report the caller was allowed (coaches and parents cannot list rules, but
     * the outing form runs the engine with the rule their team plays by).
     */
    /**
     * A team's report as of today, for a caller another service already authorized (the plate
     * meeting's card, which the other dugout opens by its signed link). Null for no such team.
     */
    async reportOfTeam(teamId: string): Promise<StatusReport | null> {
      const [place] = await selectTeamPlace(db).where(eq(teams.id, teamId));
      return place ? report(place, null, null) : null;
    },

    async ruleOf(report: Pick<StatusReport, 'ruleId'>): Promise<RestRuleRecord | null> {
      if (!report.ruleId) return null;
      return (await loadRestRules(db, [report.ruleId])).get(report.ruleId) ?? null;
    },

    /**
     * Pitcher Status: for a team, each rostered pitcher's status on the date (today in
     * the organization's time zone by default), the next days, recent outings and the season's
     * workload. For one player (a parent's child), the same for the team of their latest season.
     */
    async pitcherStatus(
      actor: Actor | null,
      input: { teamId?: string | null; playerId?: string | null; date?: string | null },
    ): Promise<StatusReport> {
      const me = authorizeSome(actor, 'Query.pitcherStatus');
      if (input.teamId != null) {
        // A team the caller cannot read is missing, not forbidden.
        const [place] = await selectTeamPlace(db).where(
          and(eq(teams.id, requireUuid(input.teamId, 'Team')), readableTeams(me)),
        );
        if (!place) throw errors.notFound('Team');
        authorize(me, 'Query.pitcherStatus', {
          organizationId: place.organizationId,
          leagueId: place.leagueId,
          teamIds: [place.id],
        });
        const onlyPlayer = input.playerId != null ? [requireUuid(input.playerId, 'Player')] : null;
        return report(place, onlyPlayer, input.date ?? null);
      }
      if (input.playerId == null) throw errors.badInput({ id: 'errors.status.chooseTeamOrPlayer' });
      const playerId = requireUuid(input.playerId, 'Player');
      const readable = readablePlayers(me);
      const [player] = await db
        .select({ id: players.id, organizationId: players.organizationId })
        .from(players)
        .where(and(eq(players.id, playerId), readable));
      if (!player) throw errors.notFound('Player');
      // The team of their latest season: the rule they play by now.
      const places = await selectTeamPlace(db)
        .innerJoin(rosterEntries, eq(rosterEntries.teamId, teams.id))
        .where(eq(rosterEntries.playerId, player.id))
        .orderBy(desc(seasons.startDate), asc(teams.name));
      const place = places[0];
      authorize(me, 'Query.pitcherStatus', {
        organizationId: player.organizationId,
        leagueIds: places.map((p) => p.leagueId),
        teamIds: places.map((p) => p.id),
        playerId: player.id,
      });
      if (!place) throw errors.badInput({ id: 'errors.status.noTeam' });
      return report(place, [player.id], input.date ?? null);
    },
  };
}

export type StatusService = ReturnType<typeof createStatusService>;
