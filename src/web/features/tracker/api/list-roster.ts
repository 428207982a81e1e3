import { useQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from '../../../lib/read-all-pages.ts';

/** A player of the roster, with the birth date the rules read their age from. */
export interface RosterPlayer {
  id: string;
  firstName: string;
  lastName: string;
  jerseyNumber: string | null;
  birthDate: string;
}

export const LIST_ROSTER = `query ListRoster($filter: PlayerFilter, $limit: Int, $nextToken: String) {
  listPlayers(filter: $filter, limit: $limit, nextToken: $nextToken) {
    items { id firstName lastName jerseyNumber birthDate } nextToken
  }
}`;

/** A team's roster by last name, all pages. Under ['players'], so roster changes refresh it. */
export function useRoster(teamId: string | null) {
  return useQuery({
    queryKey: ['players', 'roster', teamId],
    queryFn: () =>
      readAllPages(async (nextToken) => {
        const data = await graphqlText<{ listPlayers: Page<RosterPlayer> }>(LIST_ROSTER, {
          filter: { teamId: { eq: teamId } },
          limit: PAGE_LIMIT,
          nextToken,
        });
        return data.listPlayers;
      }),
    enabled: teamId !== null,
  });
}
