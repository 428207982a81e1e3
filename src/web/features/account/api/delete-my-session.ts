import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { mySessionsQueryOptions } from './list-my-sessions.ts';

export const DELETE_MY_SESSION = graphql(`
  mutation DeleteMySession($input: DeleteMySessionInput!) {
    deleteMySession(input: $input) { id }
  }
`);

export async function deleteMySession(id: string): Promise<{ id: string }> {
  const data = await execute(DELETE_MY_SESSION, { input: { id } });
  return data.deleteMySession;
}

/** Signs out one of the user's other devices, then reads the list again. */
export function useDeleteMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMySession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryOptions.queryKey }),
  });
}
