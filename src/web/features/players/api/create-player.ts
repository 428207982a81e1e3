import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYER_FIELDS } from './list-players.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export const CREATE_PLAYER = graphql(
  'mutation CreatePlayer($input: CreatePlayerInput!) { createPlayer(input: $input) { ...PlayerFields } }',
  [PLAYER_FIELDS],
);

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
      execute(CREATE_PLAYER, { input }).then((d) => d.createPlayer),
    PLAYER_REFRESH,
  );
}
