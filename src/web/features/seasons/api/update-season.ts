import { graphqlText } from '../../../lib/api.ts';
import { SEASON_FIELDS, type SeasonOption } from '../../../lib/season-options.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import type { SeasonInput } from './create-season.ts';
import { SEASON_REFRESH } from './season-refresh.ts';

export const UPDATE_SEASON = `mutation UpdateSeason($input: UpdateSeasonInput!) {
  updateSeason(input: $input) { ${SEASON_FIELDS} }
}`;

/** Name, dates or state; what is left out stays. */
export function useUpdateSeason() {
  return useRefreshingMutation(
    (input: Partial<SeasonInput> & { id: string }) =>
      graphqlText<{ updateSeason: SeasonOption }>(UPDATE_SEASON, { input }).then((d) => d.updateSeason),
    SEASON_REFRESH,
  );
}
