import { graphqlText } from '../../../lib/api.ts';
import { SEASON_FIELDS, type SeasonOption } from '../../../lib/season-options.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { SEASON_REFRESH } from './season-refresh.ts';

export const ROLL_SEASON = `mutation RollSeason($input: RollSeasonInput!) {
  rollSeason(input: $input) { archived { ${SEASON_FIELDS} } season { ${SEASON_FIELDS} } }
}`;

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
    (input: RollInput) =>
      graphqlText<{ rollSeason: { archived: SeasonOption; season: SeasonOption } }>(ROLL_SEASON, { input }).then(
        (d) => d.rollSeason,
      ),
    SEASON_REFRESH,
  );
}
