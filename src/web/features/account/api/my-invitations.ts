import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';

export const MY_INVITATIONS = graphql(`
  query MyInvitations {
    myInvitations { id role organizationName leagueName teamName seasonName childName invitedByName createdAt }
  }
`);

export type MyInvitation = ResultOf<typeof MY_INVITATIONS>['myInvitations'][number];

export const RESPOND_TO_INVITATION = graphql(`
  mutation RespondToInvitation($input: RespondToInvitationInput!) {
    respondToInvitation(input: $input) { id state }
  }
`);

export const myInvitationsQueryOptions = queryOptions({
  queryKey: ['myInvitations'],
  queryFn: async () => (await execute(MY_INVITATIONS)).myInvitations,
});

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions);
}

/** Accepts or declines one invitation, then reads the list (and what accepting gave) again. */
export function useRespondToInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; accept: boolean }) =>
      (await execute(RESPOND_TO_INVITATION, { input })).respondToInvitation,
    onSettled: () => queryClient.invalidateQueries(),
  });
}
