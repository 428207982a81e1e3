import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { SEASON_FIELDS, type SeasonState } from '../../../lib/season-options.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { SEASON_REFRESH } from './season-refresh.ts';

export interface SeasonInput {
  name: string;
  startDate: string;
  endDate: string;
  state?: SeasonState;
}

export const CREATE_SEASON = graphql(
  `
  mutation CreateSeason($input: CreateSeasonInput!) {
    createSeason(input: $input) { ...SeasonFields }
  }
`,
  [SEASON_FIELDS],
);

export function useCreateSeason() {
  return useRefreshingMutation(
    (input: SeasonInput & { organizationId: string }) => execute(CREATE_SEASON, { input }).then((d) => d.createSeason),
    SEASON_REFRESH,
  );
}
