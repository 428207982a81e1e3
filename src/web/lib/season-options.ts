import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { PAGE_LIMIT, readAllPages } from './read-all-pages.ts';

export type SeasonState = 'upcoming' | 'active' | 'archived';

/** A season as selectors and screens show it. */
export const SEASON_FIELDS = graphql(`
  fragment SeasonFields on Season { id organizationId organizationName name startDate endDate state teamCount }
`);

export type SeasonOption = ResultOf<typeof SEASON_FIELDS>;

export const LIST_SEASONS = graphql(
  `
  query ListSeasons($filter: SeasonFilter, $limit: Int, $nextToken: String) {
    listSeasons(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ...SeasonFields } nextToken }
  }
`,
  [SEASON_FIELDS],
);

/** An organization's seasons (or, without one, every season the user may read), newest first, all pages. */
export function listSeasons(organizationId: string | null): Promise<SeasonOption[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_SEASONS, {
      filter: organizationId ? { organizationId: { eq: organizationId } } : null,
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listSeasons;
  });
}

export const SEASONS_KEY = ['seasons'] as const;

export function seasonsQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: [...SEASONS_KEY, organizationId],
    queryFn: () => listSeasons(organizationId ?? ''),
    enabled: organizationId !== null,
  });
}

export function useSeasons(organizationId: string | null) {
  return useQuery(seasonsQueryOptions(organizationId));
}

/**
 * The organizations of every season the user may read, by name: how a coach or parent, who may
 * not list organizations, picks among the ones they belong to.
 */
export function useSeasonOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: [...SEASONS_KEY, 'organizations'],
    queryFn: async () => {
      const byId = new Map((await listSeasons(null)).map((s) => [s.organizationId, s.organizationName]));
      return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled,
  });
}

/** The season a screen opens on: the active one, else the newest. */
export function defaultSeason(seasons: readonly SeasonOption[]): SeasonOption | undefined {
  return seasons.find((s) => s.state === 'active') ?? seasons[0];
}
