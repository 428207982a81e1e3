import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TEAM_REFRESH } from './team-refresh.ts';

export const DELETE_TEAM = graphql(
  'mutation DeleteTeam($input: DeleteTeamInput!) { deleteTeam(input: $input) { id } }',
);

/** Its roster entries go with it; the players stay in the organization. */
export function useDeleteTeam() {
  return useRefreshingMutation((id: string) => execute(DELETE_TEAM, { input: { id } }), TEAM_REFRESH);
}
