import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';

/** A player as the roster screens show them: their teams across seasons and their parents. */
export const PLAYER_FIELDS = graphql(`
  fragment PlayerFields on Player {
    id organizationId firstName lastName birthDate jerseyNumber leagueAge
    teams { id name leagueId leagueName seasonId seasonName seasonState }
    guardians { id email givenName familyName }
    removalRequest { requestedAt requestedByName }
    version
  }
`);

export type Player = ResultOf<typeof PLAYER_FIELDS>;
export type PlayerTeam = Player['teams'][number];

export const LIST_PLAYERS = graphql(
  `
  query ListPlayers($filter: PlayerFilter, $search: String, $limit: Int, $nextToken: String) {
    listPlayers(filter: $filter, search: $search, limit: $limit, nextToken: $nextToken) {
      items { ...PlayerFields } nextToken
    }
  }
`,
  [PLAYER_FIELDS],
);

export interface PlayerFilter {
  organizationId: string;
  seasonId: string | null;
  teamId: string | null;
  search: string;
}

/** Players a page shows at a time; 'Load more' reads the next. */
export const PLAYERS_PAGE = 100;

function variables(filter: PlayerFilter, limit: number, nextToken: string | null) {
  return {
    filter: {
      organizationId: { eq: filter.organizationId },
      ...(filter.teamId
        ? { teamId: { eq: filter.teamId } }
        : filter.seasonId
          ? { seasonId: { eq: filter.seasonId } }
          : {}),
    },
    search: filter.search || null,
    limit,
    nextToken,
  };
}

export const PLAYERS_KEY = ['players'] as const;

/** The roster a screen shows: a team's, or the season's, searched by name, a page at a time. */
export function usePlayers(filter: PlayerFilter | null) {
  return useInfiniteQuery({
    queryKey: [...PLAYERS_KEY, filter],
    queryFn: async ({ pageParam }) => {
      const data = await execute(LIST_PLAYERS, variables(filter as PlayerFilter, PLAYERS_PAGE, pageParam));
      return data.listPlayers;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken,
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every player of the filter, for the CSV export. */
export function listAllPlayers(filter: PlayerFilter): Promise<Player[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_PLAYERS, variables(filter, PAGE_LIMIT, nextToken));
    return data.listPlayers;
  });
}
