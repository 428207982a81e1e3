import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { usersQueryKey } from './list-users.ts';

export const DELETE_USER = graphql(`
  mutation DeleteUser($input: DeleteUserInput!) {
    deleteUser(input: $input) { id }
  }
`);

export async function deleteUser(id: string): Promise<{ id: string }> {
  const data = await execute(DELETE_USER, { input: { id } });
  return data.deleteUser;
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
