import { queryOptions } from '@tanstack/react-query';
import { graphqlText } from './api.ts';

/** The signed-in user; shared by sign-in (to read the roles) and the signed-in layout (to notice a revoked session). */
export interface Me {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  roles: string[];
  /** Operations of the server's policy table this user may call somewhere; screens hide the rest. */
  abilities: string[];
}

export const ME_QUERY = 'query Me { me { id email givenName familyName roles abilities } }';

export async function fetchMe(): Promise<Me> {
  const data = await graphqlText<{ me: Me }>(ME_QUERY);
  return data.me;
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: fetchMe,
  // Asking again when the tab regains focus is how a session revoked elsewhere is noticed.
  refetchOnWindowFocus: true,
  staleTime: 0,
});

/** Whether the signed-in user may call an operation (e.g. 'Mutation.createRestRule'); the server checks again. */
export function hasAbility(me: Pick<Me, 'abilities'> | undefined, operation: string): boolean {
  return me?.abilities.includes(operation) ?? false;
}
