import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import type { PlayerInput } from './create-player.ts';
import { PLAYER_FIELDS } from './list-players.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export const UPDATE_PLAYER = graphql(
  'mutation UpdatePlayer($input: UpdatePlayerInput!) { updatePlayer(input: $input) { ...PlayerFields } }',
  [PLAYER_FIELDS],
);

/** A player's names, birth date or jersey, with the version read (a change made meanwhile is refused, CONFLICT). */
export function useUpdatePlayer() {
  return useRefreshingMutation(
    (input: PlayerInput & { id: string; version: number }) =>
      execute(UPDATE_PLAYER, { input }).then((d) => d.updatePlayer),
    PLAYER_REFRESH,
  );
}
