import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

export const PITCHER_STATUS = graphql(`
  query PitcherStatus($teamId: ID, $date: String) {
    pitcherStatus(teamId: $teamId, date: $date) {
      asOf teamId teamName leagueName seasonName seasonStart ruleName unit
      pitchers {
        playerId firstName lastName jerseyNumber
        today {
          age dailyMax pitchedToday remainingToday restDaysOwed nextEligibleDate canPitch
          reason { code message said { id values } }
          reasons { code said { id values } until }
        }
        days {
          date canPitch remaining nextEligibleDate
          reason { code message said { id values } }
          reasons { code said { id values } until }
        }
        recentOutings { outingId date teamName opponent count pitches caughtInnings daysRest firstEligibleDate }
        workload { date count }
      }
    }
  }
`);

/** A team's report; `ruleName` null: the league has no rest rule. */
export type PitcherStatusReport = ResultOf<typeof PITCHER_STATUS>['pitcherStatus'];
/**
 * One pitcher: `today` null when the league has no rest rule; `days`, the report's date and the 6 days after it
 * (empty without a rule).
 */
export type PitcherStatus = PitcherStatusReport['pitchers'][number];
/** `restDaysOwed`: rest owed for the latest day pitched. */
export type TodayStatus = NonNullable<PitcherStatus['today']>;
/** `remaining`: pitches (or innings) left; 0 when they may not pitch; null when no daily max applies. */
export type DayStatus = PitcherStatus['days'][number];
/** `count`: in the rule's unit. */
export type RecentOuting = PitcherStatus['recentOutings'][number];
/** Why a pitcher may not pitch on a day: a rule code (PITCHED_BEFORE_ELIGIBLE...) and the server's sentence. */
export type NotAllowed = NonNullable<TodayStatus['reason']>;

/** A team's pitchers on `date` (null: today in the organization's time zone) and the 6 days after. */
export async function fetchPitcherStatus(teamId: string, date: string | null): Promise<PitcherStatusReport> {
  const data = await execute(PITCHER_STATUS, { teamId, date });
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
