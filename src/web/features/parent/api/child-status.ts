import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { RULE_FIELDS, type WireRule } from '../../../lib/rule-of-wire.ts';

/** A game of the child's team today, scheduled or in progress: where the live count shows. */
export interface LiveGame {
  id: string;
  date: string;
  startTime: string | null;
  teamId: string;
  opponent: string;
  state: 'scheduled' | 'in_progress';
}

/** One child's status today and their latest outing, from Pitcher Status for one player. */
export interface ChildStatus {
  asOf: string;
  teamName: string;
  leagueName: string;
  /** Null: the child's league has no rest rule. */
  ruleName: string | null;
  unit: 'pitches' | 'innings';
  /** The rule the team plays by: the live count's rest runs the engine with it. */
  rule: WireRule | null;
  pitchers: {
    playerId: string;
    today: {
      canPitch: boolean;
      remainingToday: number | null;
      restDaysOwed: number;
      nextEligibleDate: string | null;
      reason: { code: string; message: string } | null;
    } | null;
    recentOutings: { outingId: string; date: string; opponent: string; pitches: number; daysRest: number }[];
    liveGames: LiveGame[];
  }[];
}

export const CHILD_STATUS = `query ChildStatus($playerId: ID) {
  pitcherStatus(playerId: $playerId) {
    asOf teamName leagueName ruleName unit
    rule { ${RULE_FIELDS} }
    pitchers {
      playerId
      today { canPitch remainingToday restDaysOwed nextEligibleDate reason { code message } }
      recentOutings { outingId date opponent pitches daysRest }
      liveGames { id date startTime teamId opponent state }
    }
  }
}`;

/** Today in the organization's time zone, for the team of the child's latest season. */
export async function fetchChildStatus(playerId: string): Promise<ChildStatus> {
  const data = await graphqlText<{ pitcherStatus: ChildStatus }>(CHILD_STATUS, { playerId });
  return data.pitcherStatus;
}

export function useChildStatus(playerId: string) {
  return useQuery(
    queryOptions({ queryKey: ['pitcherStatus', 'player', playerId], queryFn: () => fetchChildStatus(playerId) }),
  );
}
