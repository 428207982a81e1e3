import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { SEASON_REFRESH } from './season-refresh.ts';

export const DELETE_SEASON = graphql(
  'mutation DeleteSeason($input: DeleteSeasonInput!) { deleteSeason(input: $input) { id } }',
);

/** The server refuses a season that still has teams, and says so. */
export function useDeleteSeason() {
  return useRefreshingMutation((id: string) => execute(DELETE_SEASON, { input: { id } }), SEASON_REFRESH);
}
