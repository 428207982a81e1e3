import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';

export const MY_CHILDREN = graphql(`
  query MyChildren($limit: Int, $nextToken: String) {
    listPlayers(limit: $limit, nextToken: $nextToken) {
      items {
        id firstName lastName birthDate jerseyNumber leagueAge organizationToday
        teams { id name leagueName seasonName seasonState }
        removalRequest { requestedAt requestedByName }
      }
      nextToken
    }
  }
`);

/** `organizationToday`: today on the child's organization's calendar; outings are dated by it, never after it. */
export type Child = ResultOf<typeof MY_CHILDREN>['listPlayers']['items'][number];

/** The players linked to the signed-in parent (the server lists a parent their own children only). */
export function listMyChildren(): Promise<Child[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(MY_CHILDREN, { limit: PAGE_LIMIT, nextToken });
    return data.listPlayers;
  });
}

export function useMyChildren() {
  return useQuery(queryOptions({ queryKey: ['players', 'mine'], queryFn: listMyChildren }));
}
