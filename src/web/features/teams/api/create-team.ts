import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TEAM_FIELDS } from './list-teams.ts';
import { TEAM_REFRESH } from './team-refresh.ts';

export const CREATE_TEAM = graphql(
  'mutation CreateTeam($input: CreateTeamInput!) { createTeam(input: $input) { ...TeamFields } }',
  [TEAM_FIELDS],
);

export interface CreateTeamInput {
  leagueId: string;
  seasonId: string;
  name: string;
  coaches?: string[];
}

export function useCreateTeam() {
  return useRefreshingMutation(
    (input: CreateTeamInput) => execute(CREATE_TEAM, { input }).then((d) => d.createTeam),
    TEAM_REFRESH,
  );
}
