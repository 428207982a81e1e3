import { queryOptions } from '@tanstack/react-query';
import { graphql } from './api.ts';

/** The signed-in user; shared by sign-in (to read the roles) and the signed-in layout (to notice a revoked session). */
export interface Me {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  roles: string[];
}

export const ME_QUERY = 'query Me { me { id email givenName familyName roles } }';

export async function fetchMe(): Promise<Me> {
  const data = await graphql<{ me: Me }>(ME_QUERY);
  return data.me;
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: fetchMe,
  // Asking again when the tab regains focus is how a session revoked elsewhere is noticed.
  refetchOnWindowFocus: true,
  staleTime: 0,
});
