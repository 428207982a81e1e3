import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { LEAGUES_KEY } from './list-leagues.ts';

export const DELETE_LEAGUE = graphql(`
  mutation DeleteLeague($input: DeleteLeagueInput!) {
    deleteLeague(input: $input) { id }
  }
`);

/** Deletes a league; the server refuses one that still has teams, with a message. */
export async function deleteLeague(id: string): Promise<{ id: string }> {
  const data = await execute(DELETE_LEAGUE, { input: { id } });
  return data.deleteLeague;
}

export function useDeleteLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLeague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEAGUES_KEY }),
  });
}
