import { useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYERS_KEY } from './list-players.ts';

export const POSSIBLE_DUPLICATES = graphql(`
  query PossibleDuplicatePlayers($organizationId: ID!) {
    listPossibleDuplicatePlayers(organizationId: $organizationId) {
      firstName lastName birthDate
      players { id teams { id name leagueName seasonName } }
    }
  }
`);

export type PossibleDuplicate = ResultOf<typeof POSSIBLE_DUPLICATES>['listPossibleDuplicatePlayers'][number];

export const MERGE_PLAYERS = graphql(`
  mutation MergePlayers($input: MergePlayersInput!) { mergePlayers(input: $input) { id } }
`);

const DUPLICATES_KEY = ['possibleDuplicates'] as const;

/** The organization's records with the same names and birth date (its admins' to merge). */
export function usePossibleDuplicates(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...DUPLICATES_KEY, organizationId],
    queryFn: async () => (await execute(POSSIBLE_DUPLICATES, { organizationId })).listPossibleDuplicatePlayers,
    enabled,
    retry: false,
  });
}

/** Merges the second record into the first, then reads the players and the duplicates again. */
export function useMergePlayers() {
  return useRefreshingMutation(
    (input: { keepId: string; mergeId: string }) => execute(MERGE_PLAYERS, { input }).then((d) => d.mergePlayers),
    [PLAYERS_KEY, DUPLICATES_KEY, ['teams']],
  );
}
