import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYER_FIELDS, type Player } from './list-players.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export const ADD_PLAYER_TO_TEAM = `mutation AddPlayerToTeam($input: RosterInput!) { addPlayerToTeam(input: $input) { ${PLAYER_FIELDS} } }`;
export const REMOVE_PLAYER_FROM_TEAM = `mutation RemovePlayerFromTeam($input: RosterInput!) {
  removePlayerFromTeam(input: $input) { ${PLAYER_FIELDS} }
}`;

type RosterInput = { playerId: string; teamId: string };

export function useAddPlayerToTeam() {
  return useRefreshingMutation(
    (input: RosterInput) =>
      graphqlText<{ addPlayerToTeam: Player }>(ADD_PLAYER_TO_TEAM, { input }).then((d) => d.addPlayerToTeam),
    PLAYER_REFRESH,
  );
}

export function useRemovePlayerFromTeam() {
  return useRefreshingMutation(
    (input: RosterInput) =>
      graphqlText<{ removePlayerFromTeam: Player }>(REMOVE_PLAYER_FROM_TEAM, { input }).then(
        (d) => d.removePlayerFromTeam,
      ),
    PLAYER_REFRESH,
  );
}
