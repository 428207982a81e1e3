import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TEAM_FIELDS, type Team } from './list-teams.ts';
import { TEAM_REFRESH } from './team-refresh.ts';

export const UPDATE_TEAM = `mutation UpdateTeam($input: UpdateTeamInput!) { updateTeam(input: $input) { ${TEAM_FIELDS} } }`;

/** A new name, or the whole coaches list. */
export function useUpdateTeam() {
  return useRefreshingMutation(
    (input: { id: string; name?: string; coaches?: string[] }) =>
      graphqlText<{ updateTeam: Team }>(UPDATE_TEAM, { input }).then((d) => d.updateTeam),
    TEAM_REFRESH,
  );
}
