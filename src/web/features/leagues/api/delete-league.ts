import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { LEAGUES_KEY } from './list-leagues.ts';

export const DELETE_LEAGUE = `mutation DeleteLeague($input: DeleteLeagueInput!) {
  deleteLeague(input: $input) { id }
}`;

/** Deletes a league; the server refuses one that still has teams, with a message. */
export async function deleteLeague(id: string): Promise<{ id: string }> {
  const data = await graphqlText<{ deleteLeague: { id: string } }>(DELETE_LEAGUE, { input: { id } });
  return data.deleteLeague;
}

export function useDeleteLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLeague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEAGUES_KEY }),
  });
}
