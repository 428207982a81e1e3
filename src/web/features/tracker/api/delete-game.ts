import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

export const DELETE_GAME = graphql(`
  mutation DeleteGame($input: DeleteGameInput!) { deleteGame(input: $input) { id } }
`);

/**
 * Deletes a game that holds nothing; one that holds pitching is withdrawn (an admin, with a reason:
 * kept, its outings deleted with it). The server refuses anyone else, and says why.
 */
export function useDeleteGame() {
  return useRefreshingMutation(
    (input: { id: string; version: number; reason?: string }) => execute(DELETE_GAME, { input }),
    TRACKER_REFRESH,
  );
}
