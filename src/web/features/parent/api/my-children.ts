import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from '../../../lib/read-all-pages.ts';
import type { SeasonState } from '../../../lib/season-options.ts';

export interface Child {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  jerseyNumber: string | null;
  leagueAge: number;
  /** Today on the child's organization's calendar: outings are dated by it, never after it. */
  organizationToday: string;
  teams: { id: string; name: string; leagueName: string; seasonName: string; seasonState: SeasonState }[];
}

export const MY_CHILDREN = `query MyChildren($limit: Int, $nextToken: String) {
  listPlayers(limit: $limit, nextToken: $nextToken) {
    items { id firstName lastName birthDate jerseyNumber leagueAge organizationToday teams { id name leagueName seasonName seasonState } }
    nextToken
  }
}`;

/** The players linked to the signed-in parent (the server lists a parent their own children only). */
export function listMyChildren(): Promise<Child[]> {
  return readAllPages(async (nextToken) => {
    const data = await graphqlText<{ listPlayers: Page<Child> }>(MY_CHILDREN, { limit: PAGE_LIMIT, nextToken });
    return data.listPlayers;
  });
}

export function useMyChildren() {
  return useQuery(queryOptions({ queryKey: ['players', 'mine'], queryFn: listMyChildren }));
}
