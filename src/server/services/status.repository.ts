import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, minDate, todayIn } from '../../core/local-date.ts';
import {
  type Appearance,
  appearanceCount,
  type DayAvailability,
  outingRest,
  type Status,
  statusOn,
} from '../../core/rules/engine.ts';
import type { RestRule, RuleUnit } from '../../core/rules/rule.ts';
import { type Db, readTogether } from '../db/client.ts';
import { leagues, organizations, pitchingGeneration, players, rosterEntries, seasons, teams } from '../db/schema.ts';
import { appearancesOf, type HistoryOuting, loadHistory, rulesOfLeagues } from './pitching-history.ts';

/**
 * "May this child pitch, and from when?": Pitcher Status's answer, computed here from the whole
 * record (every game of the day, earlier days, outside outings, catching) by the rules engine, and
 * read by every screen, email, card and export that says it (docs/architecture.md, One answer).
 */

/** How many days the availability grid shows (who can pitch on Saturday?). */
export const STATUS_DAYS = 7;
/**
 * How far back a status reads, beyond the season: the longest a rule looks back (a rolling 12
 * months or 366 rolling days; rest tiers and consecutive days look back 30 at most).
 */
const LOOKBACK_DAYS = 366;
const RECENT_OUTINGS = 5;

export interface RecentOuting {
  outingId: string;
  gameId: string;
  date: string;
  /** The team, or where an outside outing was pitched. */
  teamName: string;
  opponent: string;
  /** Reported by a parent: pitching outside the league. */
  reportedByParent: boolean;
  /** In the rule's unit. */
  count: number;
  pitches: number;
  caughtInnings: number;
  /** The rest that day's pitching owed by the rule's tiers (a fact of the day, not the answer). */
  daysRest: number;
  /**
   * Pitcher Status's answer on that day, from the whole record up to it: the first day the pitcher
   * could pitch again. Null without a rule, or when no day is within the caps.
   */
  firstEligibleDate: string | null;
}

export interface PitcherStatusRecord {
  playerId: string;
  /** What the rule reads the age from (never sent: a parent's and a coach's screens do not show it). */
  birthDate: string;
  firstName: string;
  lastName: string;
  jerseyNumber: string | null;
  /** Null when the league has no rest rule. */
  today: Status['today'] | null;
  days: DayAvailability[];
  recentOutings: RecentOuting[];
  /** The day totals of the season up to the status date, for the workload chart. */
  workload: { date: string; count: number }[];
  /**
   * What the answer was computed from: each outing within the rules' look-back, oldest first (the
   * live count adds its own count to it and asks the same engine: statusInGame).
   */
  record: Appearance[];
}

export interface TeamPlace {
  id: string;
  name: string;
  organizationId: string;
  leagueId: string;
  leagueName: string;
  seasonName: string;
  seasonStart: string;
  timeZone: string;
  /** The organization's pitching_generation count, read with the team and before anything else. */
  generation: number;
}

/** What a report holds beyond its team's place: computed once per change count. */
export interface CachedReport {
  generation: number;
  /** The rule itself (the intentional-walk credit an email says), null when the league has none. */
  rule: RestRule | null;
  ruleId: string | null;
  ruleName: string | null;
  unit: RuleUnit;
  pitchers: PitcherStatusRecord[];
}

export function selectTeamPlace(from: Db) {
  return from
    .select({
      id: teams.id,
      name: teams.name,
      organizationId: teams.organizationId,
      leagueId: teams.leagueId,
      leagueName: leagues.name,
      seasonName: seasons.name,
      seasonStart: seasons.startDate,
      timeZone: organizations.timeZone,
      generation:
        sql<number>`coalesce((select ${pitchingGeneration.n} from ${pitchingGeneration} where ${pitchingGeneration.organizationId} = ${teams.organizationId}), 0)`.mapWith(
          Number,
        ),
    })
    .from(teams)
    .innerJoin(leagues, eq(leagues.id, teams.leagueId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .innerJoin(organizations, eq(organizations.id, teams.organizationId));
}

/** One pitcher's status on a date under a rule: pure, from their whole history (any team, any league). */
export function statusOf(
  rule: RestRule | null,
  player: { id: string; firstName: string; lastName: string; jerseyNumber: string | null; birthDate: string },
  history: readonly HistoryOuting[],
  asOf: string,
  seasonStart: string,
): PitcherStatusRecord {
  const upTo = history.filter((o) => o.date <= asOf);
  const appearances: Appearance[] = appearancesOf(upTo);
  const base = {
    playerId: player.id,
    birthDate: player.birthDate,
    firstName: player.firstName,
    lastName: player.lastName,
    jerseyNumber: player.jerseyNumber,
  };
  const recent = upTo.slice(-RECENT_OUTINGS).reverse();
  if (!rule) {
    return {
      ...base,
      today: null,
      days: [],
      recentOutings: recent.map((o) => ({
        outingId: o.id,
        gameId: o.gameId,
        date: o.date,
        teamName: o.teamName,
        opponent: o.opponent,
        reportedByParent: o.source === 'parent',
        count: o.pitches,
        pitches: o.pitches,
        caughtInnings: o.caughtInnings.length,
        daysRest: 0,
        firstEligibleDate: null,
      })),
      workload: [],
      record: appearances,
    };
  }
  const { today, days } = statusOn({ rule, birthDate: player.birthDate, seasonStart, appearances }, asOf, STATUS_DAYS);
  // Each recent outing's day has one answer, whichever of the day's games it was.
  const answers = new Map<string, string | null>([[asOf, today.nextEligibleDate]]);
  const totals = new Map<string, number>();
  upTo.forEach((o, i) => {
    if (o.date >= seasonStart)
      totals.set(o.date, (totals.get(o.date) ?? 0) + appearanceCount(rule, appearances[i] as Appearance));
  });
  return {
    ...base,
    today,
    days,
    recentOutings: recent.map((o) => {
      const rest = outingRest(rule, player.birthDate, o.date, appearances);
      let answer = answers.get(o.date);
      if (answer === undefined) {
        const through = appearances.filter((a) => a.date <= o.date);
        answer = statusOn({ rule, birthDate: player.birthDate, seasonStart, appearances: through }, o.date, 1).today
          .nextEligibleDate;
        answers.set(o.date, answer);
      }
      return {
        outingId: o.id,
        gameId: o.gameId,
        date: o.date,
        teamName: o.teamName,
        opponent: o.opponent,
        reportedByParent: o.source === 'parent',
        count: appearanceCount(rule, appearances[upTo.indexOf(o)] as Appearance),
        pitches: o.pitches,
        caughtInnings: o.caughtInnings.length,
        daysRest: rest.daysRest,
        firstEligibleDate: answer,
      };
    }),
    workload: [...totals].map(([date, count]) => ({ date, count })),
    record: appearances,
  };
}

/**
 * Pitcher Status's answer for a team's pitchers (all, or these) on a date, read through `from` (a
 * transaction sees its own writes): the one computation every screen, email, card and export of
 * "may this child pitch, and from when?" reads.
 */
export async function statusesOf(
  from: Db,
  place: TeamPlace,
  playerIds: readonly string[] | null,
  asOf: string,
): Promise<CachedReport> {
  const roster = await from
    .select({
      id: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      jerseyNumber: players.jerseyNumber,
      birthDate: players.birthDate,
    })
    .from(rosterEntries)
    .innerJoin(players, eq(players.id, rosterEntries.playerId))
    .where(and(eq(rosterEntries.teamId, place.id), playerIds ? inArray(players.id, [...playerIds]) : undefined))
    .orderBy(asc(sql`lower(${players.lastName})`), asc(sql`lower(${players.firstName})`), asc(players.id))
    // A removed child is on no roster and has no birth date: never one of these (a guard for the types).
    .then((rows) => rows.flatMap(({ birthDate, ...p }) => (birthDate === null ? [] : [{ ...p, birthDate }])));
  const lookback = addDays(asOf, -LOOKBACK_DAYS);
  const [history, rules] = await readTogether(from, [
    () =>
      loadHistory(
        from,
        roster.map((p) => p.id),
        { from: minDate(place.seasonStart, lookback), to: asOf },
      ),
    () => rulesOfLeagues(from, [place.leagueId]),
  ]);
  const league = rules.get(place.leagueId);
  const rule = league?.rule ?? null;
  return {
    generation: place.generation,
    rule,
    ruleId: league?.ruleId ?? null,
    ruleName: league?.ruleName ?? null,
    unit: rule?.unit ?? 'pitches',
    pitchers: roster.map((p) => statusOf(rule, p, history.get(p.id) ?? [], asOf, place.seasonStart)),
  };
}

/** Each player's team of their latest season (the rule they play by now), as the parent's page reads it. */
export async function latestPlacesOf(from: Db, playerIds: readonly string[]): Promise<Map<string, TeamPlace>> {
  if (playerIds.length === 0) return new Map();
  const entries = await from
    .select({ playerId: rosterEntries.playerId, teamId: rosterEntries.teamId })
    .from(rosterEntries)
    .innerJoin(teams, eq(teams.id, rosterEntries.teamId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId))
    .where(inArray(rosterEntries.playerId, [...new Set(playerIds)]))
    .orderBy(desc(seasons.startDate), asc(teams.name));
  const teamOf = new Map<string, string>();
  for (const e of entries) if (!teamOf.has(e.playerId)) teamOf.set(e.playerId, e.teamId);
  if (teamOf.size === 0) return new Map();
  const places = await selectTeamPlace(from).where(inArray(teams.id, [...new Set(teamOf.values())]));
  const byId = new Map(places.map((p) => [p.id, p]));
  const answer = new Map<string, TeamPlace>();
  for (const [playerId, teamId] of teamOf) {
    const place = byId.get(teamId);
    if (place) answer.set(playerId, place);
  }
  return answer;
}

/**
 * The answer for each of these players today (their organization's date, from `now`), under the
 * rule of their latest season's team: Pitcher Status's for a parent's child. A player on no team
 * has none.
 */
export async function answersToday(
  from: Db,
  playerIds: readonly string[],
  now: Date,
): Promise<Map<string, { place: TeamPlace; asOf: string; status: PitcherStatusRecord; unit: RuleUnit }>> {
  const places = await latestPlacesOf(from, playerIds);
  const byTeam = new Map<string, { place: TeamPlace; ids: string[] }>();
  for (const [playerId, place] of places) {
    const group = byTeam.get(place.id) ?? { place, ids: [] };
    group.ids.push(playerId);
    byTeam.set(place.id, group);
  }
  const answers = new Map<string, { place: TeamPlace; asOf: string; status: PitcherStatusRecord; unit: RuleUnit }>();
  for (const { place, ids } of byTeam.values()) {
    const asOf = todayIn(place.timeZone, now);
    const report = await statusesOf(from, place, ids, asOf);
    for (const status of report.pitchers) answers.set(status.playerId, { place, asOf, status, unit: report.unit });
  }
  return answers;
}
