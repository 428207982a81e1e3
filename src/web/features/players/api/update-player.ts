import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import type { PlayerInput } from './create-player.ts';
import { PLAYER_FIELDS, type Player } from './list-players.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export const UPDATE_PLAYER = `mutation UpdatePlayer($input: UpdatePlayerInput!) { updatePlayer(input: $input) { ${PLAYER_FIELDS} } }`;

export function useUpdatePlayer() {
  return useRefreshingMutation(
    (input: PlayerInput & { id: string }) =>
      graphqlText<{ updatePlayer: Player }>(UPDATE_PLAYER, { input }).then((d) => d.updatePlayer),
    PLAYER_REFRESH,
  );
}
