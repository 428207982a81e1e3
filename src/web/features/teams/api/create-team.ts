import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TEAM_FIELDS, type Team } from './list-teams.ts';
import { TEAM_REFRESH } from './team-refresh.ts';

export const CREATE_TEAM = `mutation CreateTeam($input: CreateTeamInput!) { createTeam(input: $input) { ${TEAM_FIELDS} } }`;

export interface CreateTeamInput {
  leagueId: string;
  seasonId: string;
  name: string;
  coaches?: string[];
}

export function useCreateTeam() {
  return useRefreshingMutation(
    (input: CreateTeamInput) => graphqlText<{ createTeam: Team }>(CREATE_TEAM, { input }).then((d) => d.createTeam),
    TEAM_REFRESH,
  );
}
