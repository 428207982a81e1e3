import { useQueries, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { RULE_FIELDS } from '../../../lib/rule-of-wire.ts';
import { STATUS_KEY } from './tracker-refresh.ts';

/** What a game's outings table and rest preview read of a report: the rule, and each pitcher's rest owed. */
const GAME_STATUS_FIELDS = graphql(
  `
  fragment GameStatusFields on PitcherStatusReport {
    ruleName unit
    rule { ...RuleFields }
    pitchers { playerId today { age dailyMax pitchedToday } recentOutings { outingId daysRest firstEligibleDate } }
  }
`,
  [RULE_FIELDS],
);

export const GAME_PITCHER_STATUS = graphql(
  `
  query GamePitcherStatus($teamId: ID, $date: String) {
    pitcherStatus(teamId: $teamId, date: $date) { ...GameStatusFields }
  }
`,
  [GAME_STATUS_FIELDS],
);

/**
 * The rest a game's pitchers owe: `ruleName` null, the league has no rest rule; `rule`, the whole rule the team
 * plays by, for the engine in the browser (null: none).
 */
export type GameStatusReport = ResultOf<typeof GAME_PITCHER_STATUS>['pitcherStatus'];

/** What the server says one pitcher owes on the game's date, and the rest each recent outing owed. */
export type GamePitcherStatus = GameStatusReport['pitchers'][number];

/**
 * The team's pitchers on a game's date, computed by the server from each one's whole history (the
 * rest owed and next eligible date of the outings table), and the rule the team plays by, which
 * the preview runs in the browser. Under ['status'], so saving an outing refreshes it.
 */
export function useGamePitcherStatus(teamId: string | null, date: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...STATUS_KEY, 'game', teamId, date],
    queryFn: async () => (await execute(GAME_PITCHER_STATUS, { teamId, date })).pitcherStatus,
    enabled: enabled && teamId !== null && date !== null,
  });
}

export const CHILD_PITCHER_STATUS = graphql(
  `
  query ChildPitcherStatus($playerId: ID, $date: String) {
    pitcherStatus(playerId: $playerId, date: $date) { ...GameStatusFields }
  }
`,
  [GAME_STATUS_FIELDS],
);

/**
 * A parent's view of a game's rest: the team's report is the coaches' and admins', so a parent reads
 * each of their children's (the rest each outing owed, the next eligible date), merged into one.
 */
export function useChildrenPitcherStatus(playerIds: readonly string[], date: string | null, enabled: boolean) {
  const results = useQueries({
    queries: playerIds.map((playerId) => ({
      queryKey: [...STATUS_KEY, 'child', playerId, date],
      queryFn: async () => (await execute(CHILD_PITCHER_STATUS, { playerId, date })).pitcherStatus,
      enabled: enabled && date !== null,
    })),
  });
  const failed = results.find((r) => r.isError);
  const reports = results.map((r) => r.data).filter((r): r is GameStatusReport => r !== undefined);
  const first = reports[0];
  const data: GameStatusReport | undefined =
    first && reports.length === results.length ? { ...first, pitchers: reports.flatMap((r) => r.pitchers) } : undefined;
  return { data, isError: failed !== undefined, error: failed?.error ?? null };
}
