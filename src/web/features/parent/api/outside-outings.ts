import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from '../../../lib/read-all-pages.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

/** Pitching outside the league a parent reported. */
export interface OutsideOuting {
  id: string;
  playerId: string;
  playerName: string;
  date: string;
  description: string;
  pitches: number;
  innings: number;
  reportedByName: string;
}

export const OUTSIDE_KEY = ['outsideOutings'] as const;
// A report changes the child's rest: their status is read again too.
const REFRESH = [OUTSIDE_KEY, ['pitcherStatus']] as const;

export const LIST_OUTSIDE_OUTINGS = `query ListOutsideOutings($limit: Int, $nextToken: String) {
  listOutsideOutings(limit: $limit, nextToken: $nextToken) {
    items { id playerId playerName date description pitches innings reportedByName } nextToken
  }
}`;

/** The outside outings of the parent's children (the server lists a parent their own children's only). */
export function useOutsideOutings() {
  return useQuery(
    queryOptions({
      queryKey: OUTSIDE_KEY,
      queryFn: () =>
        readAllPages(async (nextToken) => {
          const data = await graphqlText<{ listOutsideOutings: Page<OutsideOuting> }>(LIST_OUTSIDE_OUTINGS, {
            limit: PAGE_LIMIT,
            nextToken,
          });
          return data.listOutsideOutings;
        }),
    }),
  );
}

export const CREATE_OUTSIDE_OUTING = `mutation CreateOutsideOuting($input: CreateOutsideOutingInput!) {
  createOutsideOuting(input: $input) { id }
}`;

export interface OutsideOutingInput {
  id: string;
  playerId: string;
  date: string;
  description: string;
  pitches: number;
  innings: number;
  pitchesBeforeLastBatter: number | null;
}

export function useCreateOutsideOuting() {
  return useRefreshingMutation((input: OutsideOutingInput) => graphqlText(CREATE_OUTSIDE_OUTING, { input }), REFRESH);
}

export const DELETE_OUTSIDE_OUTING = `mutation DeleteOutsideOuting($input: DeleteOutsideOutingInput!) {
  deleteOutsideOuting(input: $input) { id }
}`;

export function useDeleteOutsideOuting() {
  return useRefreshingMutation((id: string) => graphqlText(DELETE_OUTSIDE_OUTING, { input: { id } }), REFRESH);
}
