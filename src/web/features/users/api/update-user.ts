import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { USER_FIELDS, type User, usersQueryKey } from './list-users.ts';

/** Only the fields given change: the email, the names, or the roles with the admin scopes. */
export interface UpdateUserInput {
  id: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  roles?: string[];
  adminOrganizationIds?: string[];
  adminLeagueIds?: string[];
}

export const UPDATE_USER = graphql(
  `
  mutation UpdateUser($input: UpdateUserInput!) {
    updateUser(input: $input) { ...UserFields }
  }
`,
  [USER_FIELDS],
);

export async function updateUser(input: UpdateUserInput): Promise<User> {
  const data = await execute(UPDATE_USER, { input });
  return data.updateUser;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
