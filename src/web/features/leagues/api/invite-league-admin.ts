import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { LEAGUE_FIELDS, LEAGUES_KEY, type League } from './list-leagues.ts';

export const INVITE_LEAGUE_ADMIN = `mutation InviteLeagueAdmin($input: InviteLeagueAdminInput!) {
  inviteLeagueAdmin(input: $input) { ${LEAGUE_FIELDS} invitedTemporaryPassword }
}`;

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
      graphqlText<{ inviteLeagueAdmin: League & { invitedTemporaryPassword: string | null } }>(INVITE_LEAGUE_ADMIN, {
        input,
      }).then((d) => d.inviteLeagueAdmin),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEAGUES_KEY }),
  });
}
