import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECORD_FIELDS } from '../../../lib/answer.ts';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { RULE_FIELDS } from '../../../lib/rule-of-wire.ts';

export const CHILD_STATUS = graphql(
  `
  query ChildStatus($playerId: ID) {
    pitcherStatus(playerId: $playerId) {
      asOf teamName leagueName ruleName unit seasonStart
      rule { ...RuleFields }
      pitchers {
        playerId
        today {
          canPitch remainingToday restDaysOwed nextEligibleDate
          reason { code message said { id values } }
          reasons { code said { id values } until }
        }
        record { ...RecordFields }
        recentOutings { outingId date opponent pitches daysRest }
        liveGames { id date startTime teamId opponent state }
      }
    }
  }
`,
  [RULE_FIELDS, RECORD_FIELDS],
);

/**
 * One child's status today and their latest outing, from Pitcher Status for one player. `ruleName` null: the
 * child's league has no rest rule; `rule`: the rule the team plays by, the live count's rest runs the engine with it.
 */
export type ChildStatus = ResultOf<typeof CHILD_STATUS>['pitcherStatus'];

/** A game of the child's team today, scheduled or in progress: where the live count shows. */
export type LiveGame = ChildStatus['pitchers'][number]['liveGames'][number];

/** Today in the organization's time zone, for the team of the child's latest season. */
export async function fetchChildStatus(playerId: string): Promise<ChildStatus> {
  const data = await execute(CHILD_STATUS, { playerId });
  return data.pitcherStatus;
}

export function useChildStatus(playerId: string) {
  return useQuery(
    queryOptions({ queryKey: ['pitcherStatus', 'player', playerId], queryFn: () => fetchChildStatus(playerId) }),
  );
}
