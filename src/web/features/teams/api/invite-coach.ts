import { graphql } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TEAM_FIELDS, type Team } from './list-teams.ts';
import { TEAM_REFRESH } from './team-refresh.ts';

export const INVITE_COACH = `mutation InviteCoach($input: InviteCoachInput!) { inviteCoach(input: $input) { ${TEAM_FIELDS} } }`;

export interface InviteInput {
  email: string;
  givenName: string;
  familyName: string;
}

/** A coach by email: linked if they have an account, else created with a temporary password sent by email. */
export function useInviteCoach() {
  return useRefreshingMutation(
    (input: InviteInput & { teamId: string }) =>
      graphql<{ inviteCoach: Team }>(INVITE_COACH, { input }).then((d) => d.inviteCoach),
    TEAM_REFRESH,
  );
}
