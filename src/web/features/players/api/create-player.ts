import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYER_FIELDS, type Player } from './list-players.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export const CREATE_PLAYER = `mutation CreatePlayer($input: CreatePlayerInput!) { createPlayer(input: $input) { ${PLAYER_FIELDS} } }`;

export interface PlayerInput {
  firstName: string;
  lastName: string;
  birthDate: string;
  jerseyNumber: string | null;
}

/** A new player, on a team when one is given; the same child already there is put on the team instead. */
export function useCreatePlayer() {
  return useRefreshingMutation(
    (input: PlayerInput & { organizationId: string; teamId: string | null }) =>
      graphqlText<{ createPlayer: Player }>(CREATE_PLAYER, { input }).then((d) => d.createPlayer),
    PLAYER_REFRESH,
  );
}
