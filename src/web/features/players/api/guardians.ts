import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYER_FIELDS, type Player } from './list-players.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export const LINK_GUARDIAN = `mutation LinkGuardian($input: LinkGuardianInput!) { linkGuardian(input: $input) { ${PLAYER_FIELDS} invitedTemporaryPassword } }`;
export const UNLINK_GUARDIAN = `mutation UnlinkGuardian($input: UnlinkGuardianInput!) { unlinkGuardian(input: $input) { ${PLAYER_FIELDS} } }`;

/** The player, and the temporary password of a parent this call created (answered once, else null). */
export type LinkedPlayer = Player & { invitedTemporaryPassword: string | null };

/** A parent by email: linked if they have an account, else invited with a temporary password. */
export function useLinkGuardian() {
  return useRefreshingMutation(
    (input: { playerId: string; email: string; givenName: string; familyName: string }) =>
      graphqlText<{ linkGuardian: LinkedPlayer }>(LINK_GUARDIAN, { input }).then((d) => d.linkGuardian),
    PLAYER_REFRESH,
  );
}

export function useUnlinkGuardian() {
  return useRefreshingMutation(
    (input: { playerId: string; userId: string }) =>
      graphqlText<{ unlinkGuardian: Player }>(UNLINK_GUARDIAN, { input }).then((d) => d.unlinkGuardian),
    PLAYER_REFRESH,
  );
}
