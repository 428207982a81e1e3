import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { USER_FIELDS, usersQueryKey } from './list-users.ts';

export interface CreateUserInput {
  email: string;
  /** Left out: the server generates one and answers it once in `temporaryPassword`. */
  temporaryPassword?: string;
  givenName: string;
  familyName: string;
}

export const CREATE_USER = graphql(
  `
  mutation CreateUser($input: CreateUserInput!) {
    createUser(input: $input) { ...UserFields temporaryPassword }
  }
`,
  [USER_FIELDS],
);

/** The user, and the generated temporary password (only when the input left it out); never readable again. */
export type CreatedUser = ResultOf<typeof CREATE_USER>['createUser'];

/** One call: the server creates the sign-in and the profile together and emails the temporary password. */
export async function createUser(input: CreateUserInput): Promise<CreatedUser> {
  const data = await execute(CREATE_USER, { input });
  return data.createUser;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
