import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

export const REQUEST_PLAYER_REMOVAL = graphql(`
  mutation RequestPlayerRemoval($input: DeletePlayerInput!) {
    requestPlayerRemoval(input: $input) { id removalRequest { requestedAt requestedByName } }
  }
`);

/**
 * A parent asks the league to remove their child (docs/decisions/0047-a-parent-asks-to-remove-a-child.md); the
 * children are read again, so the card says it was asked.
 */
export function useRequestPlayerRemoval() {
  return useRefreshingMutation(
    (id: string) => execute(REQUEST_PLAYER_REMOVAL, { input: { id } }),
    [['players', 'mine']],
  );
}
