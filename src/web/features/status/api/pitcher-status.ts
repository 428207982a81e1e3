import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';

/** Why a pitcher may not pitch on a day: a rule code (PITCHED_BEFORE_ELIGIBLE...) and the server's sentence. */
export interface NotAllowed {
  code: string;
  message: string;
}

export interface TodayStatus {
  age: number;
  dailyMax: number | null;
  pitchedToday: number;
  remainingToday: number | null;
  /** Rest owed for the latest day pitched. */
  restDaysOwed: number;
  nextEligibleDate: string | null;
  canPitch: boolean;
  reason: NotAllowed | null;
}

export interface DayStatus {
  date: string;
  canPitch: boolean;
  /** Pitches (or innings) left; 0 when they may not pitch; null when no daily max applies. */
  remaining: number | null;
  nextEligibleDate: string | null;
  reason: NotAllowed | null;
}

export interface RecentOuting {
  outingId: string;
  date: string;
  teamName: string;
  opponent: string;
  /** In the rule's unit. */
  count: number;
  pitches: number;
  caughtInnings: number;
  daysRest: number;
  firstEligibleDate: string;
}

export interface PitcherStatus {
  playerId: string;
  firstName: string;
  lastName: string;
  jerseyNumber: string | null;
  /** Null when the league has no rest rule. */
  today: TodayStatus | null;
  /** The report's date and the 6 days after it; empty without a rule. */
  days: DayStatus[];
  recentOutings: RecentOuting[];
  workload: { date: string; count: number }[];
}

export interface PitcherStatusReport {
  asOf: string;
  teamId: string;
  teamName: string;
  leagueName: string;
  seasonName: string;
  seasonStart: string;
  /** Null: the league has no rest rule. */
  ruleName: string | null;
  unit: 'pitches' | 'innings';
  pitchers: PitcherStatus[];
}

const REASON = 'reason { code message }';

export const PITCHER_STATUS = `query PitcherStatus($teamId: ID, $date: String) {
  pitcherStatus(teamId: $teamId, date: $date) {
    asOf teamId teamName leagueName seasonName seasonStart ruleName unit
    pitchers {
      playerId firstName lastName jerseyNumber
      today { age dailyMax pitchedToday remainingToday restDaysOwed nextEligibleDate canPitch ${REASON} }
      days { date canPitch remaining nextEligibleDate ${REASON} }
      recentOutings { outingId date teamName opponent count pitches caughtInnings daysRest firstEligibleDate }
      workload { date count }
    }
  }
}`;

/** A team's pitchers on `date` (null: today in the organization's time zone) and the 6 days after. */
export async function fetchPitcherStatus(teamId: string, date: string | null): Promise<PitcherStatusReport> {
  const data = await graphqlText<{ pitcherStatus: PitcherStatusReport }>(PITCHER_STATUS, { teamId, date });
  return data.pitcherStatus;
}

export function pitcherStatusQueryOptions(teamId: string | null, date: string | null) {
  return queryOptions({
    queryKey: ['pitcherStatus', 'team', teamId, date],
    queryFn: () => fetchPitcherStatus(teamId ?? '', date),
    enabled: teamId !== null,
    // Another date of the same team keeps the grid on screen until the new one arrives.
    placeholderData: (previous, query) => (query?.queryKey[2] === teamId ? keepPreviousData(previous) : undefined),
  });
}

export function usePitcherStatus(teamId: string | null, date: string | null) {
  return useQuery(pitcherStatusQueryOptions(teamId, date));
}
