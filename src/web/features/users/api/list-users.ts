import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';

export interface User {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  roles: string[];
  adminOrganizationIds: string[];
  adminLeagueIds: string[];
}

export interface UserPage {
  items: User[];
  nextToken: string | null;
}

/** Users shown per page: enough to scan, few enough that 100,000 users never load at once. */
export const USERS_PAGE_SIZE = 50;

export const USER_FIELDS = 'id email givenName familyName roles adminOrganizationIds adminLeagueIds';

export const LIST_USERS = `query ListUsers($search: String, $limit: Int, $nextToken: String) {
  listUsers(search: $search, limit: $limit, nextToken: $nextToken) { items { ${USER_FIELDS} } nextToken }
}`;

export async function listUsers(input: { search?: string; nextToken?: string | null }): Promise<UserPage> {
  const data = await graphqlText<{ listUsers: UserPage }>(LIST_USERS, {
    search: input.search || null,
    limit: USERS_PAGE_SIZE,
    nextToken: input.nextToken ?? null,
  });
  return data.listUsers;
}

/** Every cached users list, whatever its search: what a change to a user refreshes. */
export const usersQueryKey = ['users'] as const;

/** One search's users, a page at a time; `fetchNextPage` follows the server's nextToken. */
export function useUsers(search: string) {
  return useInfiniteQuery({
    queryKey: [...usersQueryKey, 'list', search],
    queryFn: ({ pageParam }) => listUsers({ search, nextToken: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken ?? undefined,
    // Keeps the last answer on screen while the next search's answer comes in.
    placeholderData: keepPreviousData,
  });
}
