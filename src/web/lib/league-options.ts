import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { PAGE_LIMIT, readAllPages } from './read-all-pages.ts';

export const LIST_LEAGUE_OPTIONS = graphql(`
  query ListLeagueOptions($limit: Int, $nextToken: String) {
    listLeagues(limit: $limit, nextToken: $nextToken) { items { id name organizationId } nextToken }
  }
`);

/** A league as a selector shows it. */
export type LeagueOption = ResultOf<typeof LIST_LEAGUE_OPTIONS>['listLeagues']['items'][number];

/** Every league the user may see, sorted by name: a choice list, so every page is read. */
export function listLeagueOptions(): Promise<LeagueOption[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_LEAGUE_OPTIONS, {
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listLeagues;
  });
}

export const leagueOptionsQueryOptions = queryOptions({ queryKey: ['leagues', 'options'], queryFn: listLeagueOptions });

export function useLeagueOptions(enabled = true) {
  return useQuery({ ...leagueOptionsQueryOptions, enabled });
}
