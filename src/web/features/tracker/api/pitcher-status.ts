import { useQueries, useQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { RULE_FIELDS, type WireRule } from '../../../lib/rule-of-wire.ts';
import { STATUS_KEY } from './tracker-refresh.ts';

/** What the server says one pitcher owes on the game's date, and the rest each recent outing owed. */
export interface GamePitcherStatus {
  playerId: string;
  today: { age: number; dailyMax: number | null; pitchedToday: number } | null;
  recentOutings: { outingId: string; daysRest: number; firstEligibleDate: string }[];
}

export interface GameStatusReport {
  /** Null: the league has no rest rule. */
  ruleName: string | null;
  /** The whole rule the team plays by, for the engine in the browser (null: none). */
  rule: WireRule | null;
  unit: 'pitches' | 'innings';
  pitchers: GamePitcherStatus[];
}

export const GAME_PITCHER_STATUS = `query GamePitcherStatus($teamId: ID, $date: String) {
  pitcherStatus(teamId: $teamId, date: $date) {
    ruleName unit
    rule { ${RULE_FIELDS} }
    pitchers { playerId today { age dailyMax pitchedToday } recentOutings { outingId daysRest firstEligibleDate } }
  }
}`;

/**
 * The team's pitchers on a game's date, computed by the server from each one's whole history (the
 * rest owed and next eligible date of the outings table), and the rule the team plays by, which
 * the preview runs in the browser. Under ['status'], so saving an outing refreshes it.
 */
export function useGamePitcherStatus(teamId: string | null, date: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...STATUS_KEY, 'game', teamId, date],
    queryFn: async () =>
      (await graphqlText<{ pitcherStatus: GameStatusReport }>(GAME_PITCHER_STATUS, { teamId, date })).pitcherStatus,
    enabled: enabled && teamId !== null && date !== null,
  });
}

export const CHILD_PITCHER_STATUS = `query ChildPitcherStatus($playerId: ID, $date: String) {
  pitcherStatus(playerId: $playerId, date: $date) {
    ruleName unit
    rule { ${RULE_FIELDS} }
    pitchers { playerId today { age dailyMax pitchedToday } recentOutings { outingId daysRest firstEligibleDate } }
  }
}`;

/**
 * A parent's view of a game's rest: the team's report is the coaches' and admins', so a parent reads
 * each of their children's (the rest each outing owed, the next eligible date), merged into one.
 */
export function useChildrenPitcherStatus(playerIds: readonly string[], date: string | null, enabled: boolean) {
  const results = useQueries({
    queries: playerIds.map((playerId) => ({
      queryKey: [...STATUS_KEY, 'child', playerId, date],
      queryFn: async () =>
        (await graphqlText<{ pitcherStatus: GameStatusReport }>(CHILD_PITCHER_STATUS, { playerId, date }))
          .pitcherStatus,
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
