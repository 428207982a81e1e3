import type { InviteInput } from '../../../components/admin/invite-modal.tsx';
import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TEAM_FIELDS, type Team } from './list-teams.ts';
import { TEAM_REFRESH } from './team-refresh.ts';

export const INVITE_COACH = `mutation InviteCoach($input: InviteCoachInput!) { inviteCoach(input: $input) { ${TEAM_FIELDS} invitedTemporaryPassword } }`;

/** The team, and the temporary password of a coach this call created (answered once, else null). */
export type InvitedTeam = Team & { invitedTemporaryPassword: string | null };

/** A coach by email: linked if they have an account, else created with a temporary password sent by email. */
export function useInviteCoach() {
  return useRefreshingMutation(
    (input: InviteInput & { teamId: string }) =>
      graphqlText<{ inviteCoach: InvitedTeam }>(INVITE_COACH, { input }).then((d) => d.inviteCoach),
    TEAM_REFRESH,
  );
}
