import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { SEASON_FIELDS } from '../../../lib/season-options.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import type { SeasonInput } from './create-season.ts';
import { SEASON_REFRESH } from './season-refresh.ts';

export const UPDATE_SEASON = graphql(
  `
  mutation UpdateSeason($input: UpdateSeasonInput!) {
    updateSeason(input: $input) { ...SeasonFields }
  }
`,
  [SEASON_FIELDS],
);

/** Name, dates or state; what is left out stays. */
export function useUpdateSeason() {
  return useRefreshingMutation(
    (input: Partial<SeasonInput> & { id: string }) => execute(UPDATE_SEASON, { input }).then((d) => d.updateSeason),
    SEASON_REFRESH,
  );
}
