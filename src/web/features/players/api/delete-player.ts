import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export const DELETE_PLAYER = graphql(
  'mutation DeletePlayer($input: DeletePlayerInput!) { deletePlayer(input: $input) { id } }',
);

/** Removes a child's personal data; their pitching record stays under a pseudonym (decisions/0033). */
export function useDeletePlayer() {
  return useRefreshingMutation((id: string) => execute(DELETE_PLAYER, { input: { id } }), PLAYER_REFRESH);
}
