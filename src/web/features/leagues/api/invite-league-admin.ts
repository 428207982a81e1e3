import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { LEAGUE_FIELDS, LEAGUES_KEY } from './list-leagues.ts';

export const INVITE_LEAGUE_ADMIN = graphql(
  `
  mutation InviteLeagueAdmin($input: InviteLeagueAdminInput!) {
    inviteLeagueAdmin(input: $input) { ...LeagueFields invitedTemporaryPassword invitedPending { email givenName familyName } }
  }
`,
  [LEAGUE_FIELDS],
);

export interface InviteLeagueAdminInput {
  leagueId: string;
  email: string;
  givenName: string;
  familyName: string;
}

/**
 * Someone by email as an admin of the league: added if they have an account, else created with a
 * temporary password (answered once). The answer does not say which; then reads the leagues again.
 */
export function useInviteLeagueAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteLeagueAdminInput) =>
      execute(INVITE_LEAGUE_ADMIN, { input }).then((d) => d.inviteLeagueAdmin),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEAGUES_KEY }),
  });
}
