import type { InviteInput } from '../../../components/admin/invite-modal.tsx';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TEAM_FIELDS } from './list-teams.ts';
import { TEAM_REFRESH } from './team-refresh.ts';

export const INVITE_COACH = graphql(
  `
  mutation InviteCoach($input: InviteCoachInput!) {
    inviteCoach(input: $input) { ...TeamFields invitedTemporaryPassword invitedPending { email givenName familyName } }
  }
`,
  [TEAM_FIELDS],
);

/** The team, and the temporary password of a coach this call created (answered once, else null). */
export type InvitedTeam = ResultOf<typeof INVITE_COACH>['inviteCoach'];

/** A coach by email: linked if they have an account, else created with a temporary password sent by email. */
export function useInviteCoach() {
  return useRefreshingMutation(
    (input: InviteInput & { teamId: string }) => execute(INVITE_COACH, { input }).then((d) => d.inviteCoach),
    TEAM_REFRESH,
  );
}
