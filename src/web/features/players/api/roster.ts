import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYER_FIELDS } from './list-players.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export const ADD_PLAYER_TO_TEAM = graphql(
  'mutation AddPlayerToTeam($input: RosterInput!) { addPlayerToTeam(input: $input) { ...PlayerFields } }',
  [PLAYER_FIELDS],
);
export const REMOVE_PLAYER_FROM_TEAM = graphql(
  `
  mutation RemovePlayerFromTeam($input: RosterInput!) {
    removePlayerFromTeam(input: $input) { ...PlayerFields }
  }
`,
  [PLAYER_FIELDS],
);

type RosterInput = { playerId: string; teamId: string };

export function useAddPlayerToTeam() {
  return useRefreshingMutation(
    (input: RosterInput) => execute(ADD_PLAYER_TO_TEAM, { input }).then((d) => d.addPlayerToTeam),
    PLAYER_REFRESH,
  );
}

export function useRemovePlayerFromTeam() {
  return useRefreshingMutation(
    (input: RosterInput) => execute(REMOVE_PLAYER_FROM_TEAM, { input }).then((d) => d.removePlayerFromTeam),
    PLAYER_REFRESH,
  );
}
