import { graphqlText } from '../../../lib/api.ts';
import { SEASON_FIELDS, type SeasonOption, type SeasonState } from '../../../lib/season-options.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { SEASON_REFRESH } from './season-refresh.ts';

export interface SeasonInput {
  name: string;
  startDate: string;
  endDate: string;
  state?: SeasonState;
}

export const CREATE_SEASON = `mutation CreateSeason($input: CreateSeasonInput!) {
  createSeason(input: $input) { ${SEASON_FIELDS} }
}`;

export function useCreateSeason() {
  return useRefreshingMutation(
    (input: SeasonInput & { organizationId: string }) =>
      graphqlText<{ createSeason: SeasonOption }>(CREATE_SEASON, { input }).then((d) => d.createSeason),
    SEASON_REFRESH,
  );
}
