import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { execute } from '../../lib/api.ts';
import { graphql } from '../../lib/graphql.ts';
import { USER_SUMMARY_FIELDS, type UserSummary } from './user-summary.ts';

/** How many matches the picker's dropdown lists. */
export const USER_SEARCH_LIMIT = 20;

export const SEARCH_USERS = graphql(
  `
  query SearchUsers($search: String, $limit: Int) {
    listUsers(search: $search, limit: $limit) { items { ...UserSummaryFields } nextToken }
  }
`,
  [USER_SUMMARY_FIELDS],
);

/**
 * Users matching `search` on the server (case-insensitive over names and email, docs/screens.md, Validation); the
 * first page only.
 */
export async function searchUsers(search: string): Promise<UserSummary[]> {
  const data = await execute(SEARCH_USERS, {
    search: search.trim() || null,
    limit: USER_SEARCH_LIMIT,
  });
  return data.listUsers.items;
}

/** The picker's query; keeps the last matches on screen while the next search runs. */
export function searchUsersQueryOptions(search: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['searchUsers', search.trim()],
    queryFn: () => searchUsers(search),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
