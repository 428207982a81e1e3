import { useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

export const LIST_OPPONENT_TEAMS = graphql(`
  query ListOpponentTeams($teamId: ID!) {
    listOpponentTeams(teamId: $teamId) { id name }
  }
`);

export type OpponentTeam = ResultOf<typeof LIST_OPPONENT_TEAMS>['listOpponentTeams'][number];

/** The other teams of the team's league and season: who it can play. Under ['teams'], so team changes refresh it. */
export function useOpponentTeams(teamId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['teams', 'opponents', teamId],
    // Enabled only with a team.
    queryFn: async () => (teamId === null ? [] : (await execute(LIST_OPPONENT_TEAMS, { teamId })).listOpponentTeams),
    enabled: enabled && teamId !== null,
  });
}
