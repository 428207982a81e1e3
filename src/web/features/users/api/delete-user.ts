import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { usersQueryKey } from './list-users.ts';

export const DELETE_USER = `mutation DeleteUser($input: DeleteUserInput!) {
  deleteUser(input: $input) { id }
}`;

export async function deleteUser(id: string): Promise<{ id: string }> {
  const data = await graphqlText<{ deleteUser: { id: string } }>(DELETE_USER, { input: { id } });
  return data.deleteUser;
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
