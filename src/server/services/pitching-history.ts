import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Message } from '../../core/i18n/messages.ts';
import { appearanceOf } from '../../core/outing-inputs.ts';
import { type Appearance, evaluate, type Violation } from '../../core/rules/engine.ts';
import { type RestRule, ruleFromStored, type StoredRule } from '../../core/rules/rule.ts';
import type { Db } from '../db/client.ts';
import {
  games,
  leagues,
  outsideOutings,
  pitchOutings,
  players,
  restProfiles,
  restRules,
  seasons,
  teams,
  violations,
} from '../db/schema.ts';

/**
 * A pitcher's history as the rules engine reads it, and the violations it holds: one place that
 * turns stored outings into appearances, so the status screen, the outing form's server checks
 * and the violations list never disagree. Writing violations is violations.repository.ts's.
 */

export interface HistoryOuting {
  id: string;
  /** The game's id; an outside outing (no game of ours) uses its own id. */
  gameId: string;
  playerId: string;
  /** Null for an outside outing. */
  teamId: string | null;
  date: string;
  pitches: number;
  pitchesBeforeLastBatter: number | null;
  pitchedInnings: number[];
  caughtInnings: number[];
  outs: number;
  intentionalWalks: number;
  /** Null for an outside outing: no league judges it, but it counts for rest and caps. */
  leagueId: string | null;
  seasonId: string | null;
  organizationId: string;
  /** The team, or for an outside outing where it was pitched ('Travel team vs Eagles'). */
  teamName: string;
  /** The other side: the other team or the outside opponent. */
  opponent: string;
  /** 'league': a game of ours; 'parent': reported by a parent. */
  source: 'league' | 'parent';
}

/** An outing in a game of ours (a league judges it). */
export type LeagueOuting = HistoryOuting & { leagueId: string; seasonId: string; teamId: string };

export const isLeagueOuting = (o: HistoryOuting): o is LeagueOuting => o.source === 'league';

/** The other side of an outing's game, as the log names it: the other team, or the outside opponent. */
export const opponentOfOuting = sql<string>`coalesce((select t.name from ${teams} t where t.id = case when ${games.homeTeamId} = ${pitchOutings.teamId} then ${games.awayTeamId} else ${games.homeTeamId} end), ${games.opponentName}, '')`;

/** The ids of these players as a list for `in (...)`. */
const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Rows of (item, and what orders them) for every live outing of these players, optionally only
 * between two dates (both included): the one definition of a history item, in JSON.
 */
function historyItems(playerIds: readonly string[], dates: { from?: string; to?: string }) {
  const players = idList(playerIds);
  const between = (column: string) =>
    sql.join(
      [
        dates.from ? sql`and ${sql.raw(column)} >= ${dates.from}` : sql``,
        dates.to ? sql`and ${sql.raw(column)} <= ${dates.to}` : sql``,
      ],
      sql` `,
    );
  return sql`
      select json_build_object(
          'id', o.id, 'gameId', o.game_id, 'playerId', o.player_id, 'teamId', o.team_id, 'date', o.date,
          'pitches', o.pitches, 'pitchesBeforeLastBatter', o.pitches_before_last_batter,
          'pitchedInnings', o.pitched_innings, 'caughtInnings', o.caught_innings, 'outs', o.outs,
          'intentionalWalks', o.intentional_walks, 'leagueId', g.league_id, 'seasonId', g.season_id,
          'organizationId', g.organization_id, 'teamName', t.name,
          'opponent', coalesce(other.name, g.opponent_name, ''), 'source', 'league') as item,
        o.date, g.start_time, g.created_at as game_created, o.created_at as created,
        g.league_id, g.season_id
      from ${pitchOutings} o
      join ${games} g on g.id = o.game_id
      join ${teams} t on t.id = o.team_id
      left join ${teams} other
        on other.id = case when g.home_team_id = o.team_id then g.away_team_id else g.home_team_id end
      where o.player_id in (${players}) and o.deleted_at is null ${between('o.date')}
      union all
      select json_build_object(
          'id', x.id, 'gameId', x.id, 'playerId', x.player_id, 'teamId', null, 'date', x.date,
          'pitches', x.pitches, 'pitchesBeforeLastBatter', x.pitches_before_last_batter,
          'pitchedInnings', x.pitched_innings, 'caughtInnings', '[]'::json, 'outs', x.outs,
          'intentionalWalks', x.intentional_walks, 'leagueId', null, 'seasonId', null,
          'organizationId', x.organization_id, 'teamName', x.description, 'opponent', '', 'source', 'parent'),
        x.date, null, x.created_at, x.created_at, null, null
      from ${outsideOutings} x
      where x.player_id in (${players}) and x.deleted_at is null ${between('x.date')}`;
}

/** The history items of `historyItems` rows named `h`, in the order they happened, as one JSON array. */
const historyInOrder = sql`coalesce(json_agg(h.item order by h.date, h.start_time nulls first, h.game_created, h.created), '[]'::json)`;

function byPlayer(playerIds: readonly string[], history: readonly HistoryOuting[]): Map<string, HistoryOuting[]> {
  const map = new Map<string, HistoryOuting[]>(playerIds.map((id) => [id, []]));
  for (const outing of history) map.get(outing.playerId)?.push(outing);
  return map;
}

/**
 * Every live outing of these players, in the order they happened (date, start time, then entry),
 * optionally only between two dates (both included). Read as one JSON value: the embedded
 * database decodes one value many times faster than hundreds of rows of uuids, dates and arrays
 * (docs/performance.md), and PostgreSQL builds it as fast as the rows.
 */
export async function loadHistory(
  db: Db,
  playerIds: readonly string[],
  dates: { from?: string; to?: string } = {},
): Promise<Map<string, HistoryOuting[]>> {
  const unique = [...new Set(playerIds)];
  if (unique.length === 0) return new Map();
  const result = (await db.execute(
    sql`select ${historyInOrder} as history from (${historyItems(unique, dates)}) h`,
  )) as unknown as { rows: { history: HistoryOuting[] }[] };
  return byPlayer(unique, result.rows[0]?.history ?? []);
}

export const appearancesOf = (history: readonly HistoryOuting[]): Appearance[] => history.map(appearanceOf);

export interface LeagueRule {
  leagueId: string;
  ruleId: string | null;
  ruleName: string | null;
  rule: RestRule | null;
}

/**
 * The rule of each league of the subquery (leagues `l`, rules `r`) as one JSON value per league:
 * its ids and the rule as stored (StoredRule), tiers included.
 */
function leagueRules(leagueIds: SQL) {
  return sql`
    select json_build_object(
      'leagueId', l.id, 'ruleId', r.id, 'name', r.name, 'ageGroup', r.age_group, 'unit', r.unit,
      'ageBasis', r.age_basis, 'dailyLimits', r.daily_limits, 'finishBatter', r.finish_batter,
      'intentionalWalkPitches', r.intentional_walk_pitches, 'maxGamesPerDay', r.max_games_per_day,
      'maxConsecutiveDays', r.max_consecutive_days, 'windows', r.windows, 'catcher', r.catcher,
      'pitchLimits', coalesce((select json_agg(json_build_object('pitchCount', p.pitch_count, 'daysRest', p.days_rest,
        'minAge', p.min_age, 'maxAge', p.max_age)) from ${restProfiles} p where p.rest_rule_id = r.id), '[]'::json)
    ) as rule
    from ${leagues} l left join ${restRules} r on r.id = l.rest_rule_id
    where l.id in ${leagueIds}`;
}

type StoredLeagueRule = StoredRule & { leagueId: string; ruleId: string | null };

function ruleMap(rows: readonly StoredLeagueRule[]): Map<string, LeagueRule> {
  return new Map(
    rows.map(({ leagueId, ruleId, ...stored }) => [
      leagueId,
      { leagueId, ruleId, ruleName: stored.name, rule: ruleId === null ? null : ruleFromStored(stored) },
    ]),
  );
}

/** The rest rule each league plays by (null where an admin has not chosen one), in one query. */
export async function rulesOfLeagues(db: Db, leagueIds: readonly string[]): Promise<Map<string, LeagueRule>> {
  const unique = [...new Set(leagueIds)];
  if (unique.length === 0) return new Map();
  const result = (await db.execute(leagueRules(sql`(${idList(unique)})`))) as unknown as {
    rows: { rule: StoredLeagueRule }[];
  };
  return ruleMap(result.rows.map((r) => r.rule));
}

interface StoredViolation {
  id: string;
  outingId: string;
  code: string;
  message: string;
  said: Message | null;
  state: string;
  withdrawnAt: string | null;
}

/**
 * What judging these players' outings reads, in one query: their history, the rule of each
 * league in it, those seasons' starts, their birth dates, and the violations stored for them.
 * A removed child has no birth date to judge by: their violations stay as they were judged
 * (docs/decisions/0033-removing-a-child.md), neither added to nor withdrawn.
 */
export async function judgingFacts(db: Db, playerIds: readonly string[]) {
  const ids = idList(playerIds);
  const result = (await db.execute(sql`
    with h as (${historyItems(playerIds, {})})
    select
      (select ${historyInOrder} from h) as history,
      (select coalesce(json_agg(x.rule), '[]'::json)
        from (${leagueRules(sql`(select h.league_id from h)`)}) x) as rules,
      (select coalesce(json_object_agg(s.id, s.start_date), '{}'::json)
        from ${seasons} s where s.id in (select h.season_id from h)) as season_starts,
      (select coalesce(json_object_agg(p.id, p.birth_date), '{}'::json)
        from ${players} p where p.id in (${ids}) and p.removed_at is null) as births,
      (select coalesce(json_agg(json_build_object('id', v.id, 'outingId', v.outing_id, 'code', v.code,
          'message', v.message, 'said', v.said, 'state', v.state, 'withdrawnAt', v.withdrawn_at)), '[]'::json)
        from ${violations} v join ${players} p on p.id = v.player_id
        where v.player_id in (${ids}) and p.removed_at is null) as stored`)) as unknown as {
    rows: {
      history: HistoryOuting[];
      rules: StoredLeagueRule[];
      season_starts: Record<string, string>;
      births: Record<string, string>;
      stored: StoredViolation[];
    }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('the judging query answered no row');
  return {
    history: byPlayer(playerIds, row.history),
    rules: ruleMap(row.rules),
    seasonStart: new Map(Object.entries(row.season_starts)),
    births: Object.entries(row.births),
    stored: row.stored,
  };
}

interface Found {
  outing: LeagueOuting;
  /** The engine's: its `said`, and its `message` in English (written when read). */
  violation: Violation;
}

/**
 * The rules these players' outings broke. A game is judged by its league's rule, reading all the
 * pitcher did before it, in any league or team (rest owed after a travel game counts too); per
 * season, so caps per season count from that season's start.
 */
export function findViolations({ history, rules, seasonStart, births }: Awaited<ReturnType<typeof judgingFacts>>) {
  const found = new Map<string, Found[]>();
  for (const [id, birthDate] of births) {
    const outings = history.get(id) ?? [];
    const appearances = appearancesOf(outings);
    const list: Found[] = [];
    const groups = new Map<string, LeagueOuting[]>();
    // Only a league's games are judged by its rule; outside outings count in the history they read.
    for (const o of outings.filter(isLeagueOuting)) {
      const key = `${o.leagueId}/${o.seasonId}`;
      groups.set(key, [...(groups.get(key) ?? []), o]);
    }
    for (const group of groups.values()) {
      const first = group[0] as LeagueOuting;
      const rule = rules.get(first.leagueId)?.rule;
      if (!rule) continue;
      const inGroup = new Map(group.map((o) => [o.gameId, o]));
      const { violations: broken } = evaluate({
        rule,
        birthDate,
        asOf: (group.at(-1) as HistoryOuting).date,
        seasonStart: seasonStart.get(first.seasonId),
        appearances,
      });
      for (const v of broken) {
        const outing = inGroup.get(v.game);
        if (outing) list.push({ outing, violation: v });
      }
    }
    found.set(id, list);
  }
  return found;
}

/** Players with live outings in these leagues (a rule change reaches their violations). */
export async function pitchersOfLeagues(db: Db, leagueIds: readonly string[]): Promise<string[]> {
  if (leagueIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ playerId: pitchOutings.playerId })
    .from(pitchOutings)
    .innerJoin(games, eq(games.id, pitchOutings.gameId))
    .where(and(inArray(games.leagueId, [...leagueIds]), isNull(pitchOutings.deletedAt)));
  return rows.map((r) => r.playerId);
}

/** Leagues playing by a rule. */
export async function leaguesUsingRule(db: Db, restRuleId: string): Promise<string[]> {
  const rows = await db.select({ id: leagues.id }).from(leagues).where(eq(leagues.restRuleId, restRuleId));
  return rows.map((r) => r.id);
}
