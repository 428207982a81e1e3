import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

export const OUTSIDE_KEY = ['outsideOutings'] as const;
// A report changes the child's rest: their status is read again too.
const REFRESH = [OUTSIDE_KEY, ['pitcherStatus']] as const;

export const LIST_OUTSIDE_OUTINGS = graphql(`
  query ListOutsideOutings($limit: Int, $nextToken: String) {
    listOutsideOutings(limit: $limit, nextToken: $nextToken) {
      items { id playerId playerName date description pitches innings reportedByName } nextToken
    }
  }
`);

/** Pitching outside the league a parent reported. */
export type OutsideOuting = ResultOf<typeof LIST_OUTSIDE_OUTINGS>['listOutsideOutings']['items'][number];

/** The outside outings of the parent's children (the server lists a parent their own children's only). */
export function useOutsideOutings() {
  return useQuery(
    queryOptions({
      queryKey: OUTSIDE_KEY,
      queryFn: () =>
        readAllPages(async (nextToken) => {
          const data = await execute(LIST_OUTSIDE_OUTINGS, { limit: PAGE_LIMIT, nextToken });
          return data.listOutsideOutings;
        }),
    }),
  );
}

export const CREATE_OUTSIDE_OUTING = graphql(`
  mutation CreateOutsideOuting($input: CreateOutsideOutingInput!) {
    createOutsideOuting(input: $input) { id }
  }
`);

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
  return useRefreshingMutation((input: OutsideOutingInput) => execute(CREATE_OUTSIDE_OUTING, { input }), REFRESH);
}

export const DELETE_OUTSIDE_OUTING = graphql(`
  mutation DeleteOutsideOuting($input: DeleteOutsideOutingInput!) {
    deleteOutsideOuting(input: $input) { id }
  }
`);

export function useDeleteOutsideOuting() {
  return useRefreshingMutation((id: string) => execute(DELETE_OUTSIDE_OUTING, { input: { id } }), REFRESH);
}
