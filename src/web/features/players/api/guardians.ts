import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYER_FIELDS } from './list-players.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export const LINK_GUARDIAN = graphql(
  `
  mutation LinkGuardian($input: LinkGuardianInput!) {
    linkGuardian(input: $input) { ...PlayerFields invitedTemporaryPassword invitedPending { email givenName familyName } }
  }
`,
  [PLAYER_FIELDS],
);
export const UNLINK_GUARDIAN = graphql(
  'mutation UnlinkGuardian($input: UnlinkGuardianInput!) { unlinkGuardian(input: $input) { ...PlayerFields } }',
  [PLAYER_FIELDS],
);

/** The player, and the temporary password of a parent this call created (answered once, else null). */
export type LinkedPlayer = ResultOf<typeof LINK_GUARDIAN>['linkGuardian'];

/** A parent by email: linked if they have an account, else invited with a temporary password. */
export function useLinkGuardian() {
  return useRefreshingMutation(
    (input: { playerId: string; email: string; givenName: string; familyName: string }) =>
      execute(LINK_GUARDIAN, { input }).then((d) => d.linkGuardian),
    PLAYER_REFRESH,
  );
}

export function useUnlinkGuardian() {
  return useRefreshingMutation(
    (input: { playerId: string; userId: string }) => execute(UNLINK_GUARDIAN, { input }).then((d) => d.unlinkGuardian),
    PLAYER_REFRESH,
  );
}
