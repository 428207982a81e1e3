import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { UserSummary } from '../../../components/admin/user-summary.ts';
import { graphqlText } from '../../../lib/api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from '../../../lib/read-all-pages.ts';
import type { SeasonState } from '../../../lib/season-options.ts';

export interface PlayerTeam {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
  seasonName: string;
  seasonState: SeasonState;
}

export interface Player {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  jerseyNumber: string | null;
  leagueAge: number;
  teams: PlayerTeam[];
  guardians: UserSummary[];
}

export const PLAYER_FIELDS = `id organizationId firstName lastName birthDate jerseyNumber leagueAge
  teams { id name leagueId leagueName seasonId seasonName seasonState }
  guardians { id email givenName familyName }`;

export const LIST_PLAYERS = `query ListPlayers($filter: PlayerFilter, $search: String, $limit: Int, $nextToken: String) {
  listPlayers(filter: $filter, search: $search, limit: $limit, nextToken: $nextToken) {
    items { ${PLAYER_FIELDS} } nextToken
  }
}`;

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
      const data = await graphqlText<{ listPlayers: Page<Player> }>(
        LIST_PLAYERS,
        variables(filter as PlayerFilter, PLAYERS_PAGE, pageParam),
      );
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
    const data = await graphqlText<{ listPlayers: Page<Player> }>(
      LIST_PLAYERS,
      variables(filter, PAGE_LIMIT, nextToken),
    );
    return data.listPlayers;
  });
}
