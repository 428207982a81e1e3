import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TEAM_REFRESH } from './team-refresh.ts';

export const DELETE_TEAM = 'mutation DeleteTeam($input: DeleteTeamInput!) { deleteTeam(input: $input) { id } }';

/** Its roster entries go with it; the players stay in the organization. */
export function useDeleteTeam() {
  return useRefreshingMutation((id: string) => graphqlText(DELETE_TEAM, { input: { id } }), TEAM_REFRESH);
}
