import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { SEASON_FIELDS } from '../../../lib/season-options.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { SEASON_REFRESH } from './season-refresh.ts';

export const ROLL_SEASON = graphql(
  `
  mutation RollSeason($input: RollSeasonInput!) {
    rollSeason(input: $input) { archived { ...SeasonFields } season { ...SeasonFields } }
  }
`,
  [SEASON_FIELDS],
);

export interface RollInput {
  /** The active season. */
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  /** Returning players stay on the team of the same name. */
  copyRosters: boolean;
}

/** Archives the active season and starts the next, with its teams and coaches. */
export function useRollSeason() {
  return useRefreshingMutation(
    (input: RollInput) => execute(ROLL_SEASON, { input }).then((d) => d.rollSeason),
    SEASON_REFRESH,
  );
}
