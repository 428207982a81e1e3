import { graphql } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

export const DELETE_GAME = 'mutation DeleteGame($input: DeleteGameInput!) { deleteGame(input: $input) { id } }';

/** The server refuses a game that still has outings, and says so. */
export function useDeleteGame() {
  return useRefreshingMutation((id: string) => graphql(DELETE_GAME, { input: { id } }), TRACKER_REFRESH);
}
