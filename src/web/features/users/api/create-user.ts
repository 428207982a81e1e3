import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { USER_FIELDS, type User, usersQueryKey } from './list-users.ts';

export interface CreateUserInput {
  email: string;
  /** Left out: the server generates one and answers it once in `temporaryPassword`. */
  temporaryPassword?: string;
  givenName: string;
  familyName: string;
}

export interface CreatedUser extends User {
  /** The generated temporary password (only when the input left it out); never readable again. */
  temporaryPassword: string | null;
}

export const CREATE_USER = `mutation CreateUser($input: CreateUserInput!) {
  createUser(input: $input) { ${USER_FIELDS} temporaryPassword }
}`;

/** One call: the server creates the sign-in and the profile together and emails the temporary password. */
export async function createUser(input: CreateUserInput): Promise<CreatedUser> {
  const data = await graphqlText<{ createUser: CreatedUser }>(CREATE_USER, { input });
  return data.createUser;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
