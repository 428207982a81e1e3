import { useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';

export const LIST_ROSTER = graphql(`
  query ListRoster($filter: PlayerFilter, $limit: Int, $nextToken: String) {
    listPlayers(filter: $filter, limit: $limit, nextToken: $nextToken) {
      items { id firstName lastName jerseyNumber birthDate } nextToken
    }
  }
`);

/** A player of the roster, with the birth date the rules read their age from. */
export type RosterPlayer = ResultOf<typeof LIST_ROSTER>['listPlayers']['items'][number];

/** A team's roster by last name, all pages. Under ['players'], so roster changes refresh it. */
export function useRoster(teamId: string | null) {
  return useQuery({
    queryKey: ['players', 'roster', teamId],
    queryFn: () =>
      readAllPages(async (nextToken) => {
        const data = await execute(LIST_ROSTER, {
          filter: { teamId: { eq: teamId } },
          limit: PAGE_LIMIT,
          nextToken,
        });
        return data.listPlayers;
      }),
    enabled: teamId !== null,
  });
}
