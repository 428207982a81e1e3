import { useQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';

export interface OpponentTeam {
  id: string;
  name: string;
}

export const LIST_OPPONENT_TEAMS = `query ListOpponentTeams($teamId: ID!) {
  listOpponentTeams(teamId: $teamId) { id name }
}`;

/** The other teams of the team's league and season: who it can play. Under ['teams'], so team changes refresh it. */
export function useOpponentTeams(teamId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['teams', 'opponents', teamId],
    queryFn: async () =>
      (await graphqlText<{ listOpponentTeams: OpponentTeam[] }>(LIST_OPPONENT_TEAMS, { teamId })).listOpponentTeams,
    enabled: enabled && teamId !== null,
  });
}
