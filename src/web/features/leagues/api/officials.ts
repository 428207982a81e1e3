import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

export const LIST_LEAGUE_OFFICIALS = graphql(`
  query LeagueOfficials($leagueId: ID!) {
    leagueOfficials(leagueId: $leagueId) { id name email }
  }
`);

export type LeagueOfficial = ResultOf<typeof LIST_LEAGUE_OFFICIALS>['leagueOfficials'][number];

const officialsKey = (leagueId: string) => ['leagueOfficials', leagueId] as const;

/** A league's officials, with their emails (its admins read them). */
export function useLeagueOfficialsList(leagueId: string | null) {
  return useQuery({
    queryKey: officialsKey(leagueId ?? ''),
    queryFn: () => execute(LIST_LEAGUE_OFFICIALS, { leagueId: leagueId as string }).then((d) => d.leagueOfficials),
    enabled: leagueId !== null,
  });
}

export const ADD_OFFICIAL = graphql(`
  mutation AddOfficial($leagueId: ID!, $input: OfficialInput!) {
    addOfficial(leagueId: $leagueId, input: $input) { id name email }
  }
`);

export const REMOVE_OFFICIAL = graphql(`
  mutation RemoveOfficial($id: ID!) { removeOfficial(id: $id) }
`);

/** Adds an official to the league's list, then reads the list again. */
export function useAddOfficial(leagueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; email: string }) =>
      execute(ADD_OFFICIAL, { leagueId, input }).then((d) => d.addOfficial),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officialsKey(leagueId) }),
  });
}

/** Takes an official off the list (the games they signed still name them), then reads the list again. */
export function useRemoveOfficial(leagueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => execute(REMOVE_OFFICIAL, { id }).then((d) => d.removeOfficial),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officialsKey(leagueId) }),
  });
}
