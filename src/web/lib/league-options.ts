import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from './api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from './read-all-pages.ts';

/** A league as a selector shows it. */
export interface LeagueOption {
  id: string;
  name: string;
  organizationId: string;
}

export const LIST_LEAGUE_OPTIONS = `query ListLeagueOptions($limit: Int, $nextToken: String) {
  listLeagues(limit: $limit, nextToken: $nextToken) { items { id name organizationId } nextToken }
}`;

/** Every league the user may see, sorted by name: a choice list, so every page is read. */
export function listLeagueOptions(): Promise<LeagueOption[]> {
  return readAllPages(async (nextToken) => {
    const data = await graphql<{ listLeagues: Page<LeagueOption> }>(LIST_LEAGUE_OPTIONS, {
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
