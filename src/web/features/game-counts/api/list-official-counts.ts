import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CountStatus } from '../../../../core/official-count.ts';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { confirmOfficialCount, OFFICIAL_COUNT_FIELDS, type OfficialCount } from '../../../lib/official-count.ts';

export const LIST_OFFICIAL_COUNTS = graphql(
  `
  query ListOfficialCounts($leagueId: ID!, $seasonId: ID, $statuses: [CountStatus!]) {
    listOfficialCounts(leagueId: $leagueId, seasonId: $seasonId, statuses: $statuses) { ...OfficialCountFields }
  }
`,
  [OFFICIAL_COUNT_FIELDS],
);

export interface OfficialCountFilter {
  leagueId: string;
  seasonId: string | null;
  statuses: CountStatus[];
}

/** A league's games (up to today) whose count has one of these statuses, newest first. */
export async function listOfficialCounts(filter: OfficialCountFilter): Promise<OfficialCount[]> {
  return (await execute(LIST_OFFICIAL_COUNTS, { ...filter })).listOfficialCounts;
}

export const OFFICIAL_COUNTS_KEY = ['officialCounts'] as const;

export function officialCountsQueryOptions(filter: OfficialCountFilter | null) {
  return queryOptions({
    queryKey: [...OFFICIAL_COUNTS_KEY, filter],
    queryFn: () => (filter ? listOfficialCounts(filter) : Promise.resolve([])),
    enabled: filter !== null,
  });
}

export function useOfficialCounts(filter: OfficialCountFilter | null) {
  return useQuery(officialCountsQueryOptions(filter));
}

/** A league admin confirms a game's counts for one of its teams; the list is read again. */
export function useConfirmForTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOfficialCount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OFFICIAL_COUNTS_KEY }),
  });
}

export const LATEST_GAME_LEAGUE = graphql(`
  query LatestGameLeague($seasonId: ID!, $today: String!) {
    listGames(filter: { seasonId: { eq: $seasonId }, date: { to: $today } }, limit: 1) { items { leagueId } }
  }
`);

/**
 * The league of the season's latest game played (up to today), to open the page on a league with
 * games rather than the first by name; null when the season has none.
 */
export function useLatestGameLeague(seasonId: string | null, today: string) {
  return useQuery({
    queryKey: ['games', 'latestLeague', seasonId, today],
    // Enabled only with a season.
    queryFn: async () =>
      seasonId === null
        ? null
        : ((await execute(LATEST_GAME_LEAGUE, { seasonId, today })).listGames.items[0]?.leagueId ?? null),
    enabled: seasonId !== null,
    retry: false,
  });
}
