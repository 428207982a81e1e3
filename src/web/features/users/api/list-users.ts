import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

/** A user as User Management shows them: their roles, and the organizations and leagues they administer. */
export const USER_FIELDS = graphql(`
  fragment UserFields on User { id email givenName familyName roles adminOrganizationIds adminLeagueIds }
`);

export type User = ResultOf<typeof USER_FIELDS>;

/** Users shown per page: enough to scan, few enough that 100,000 users never load at once. */
export const USERS_PAGE_SIZE = 50;

export const LIST_USERS = graphql(
  `
  query ListUsers($search: String, $limit: Int, $nextToken: String) {
    listUsers(search: $search, limit: $limit, nextToken: $nextToken) { items { ...UserFields } nextToken }
  }
`,
  [USER_FIELDS],
);

export type UserPage = ResultOf<typeof LIST_USERS>['listUsers'];

export async function listUsers(input: { search?: string; nextToken?: string | null }): Promise<UserPage> {
  const data = await execute(LIST_USERS, {
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
