import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import type { GameFields } from './create-game.ts';
import { GAME_FIELDS } from './list-games.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

export const UPDATE_GAME = graphql(
  `
  mutation UpdateGame($input: UpdateGameInput!) {
    updateGame(input: $input) { ...GameFields }
  }
`,
  [GAME_FIELDS],
);

/**
 * Date, start time, opponent and state (only the fields given change); a new date moves the game's
 * outings, so their rest and violations follow, and a game made final tells its live count's parents.
 */
export function useUpdateGame() {
  return useRefreshingMutation(
    // Ending a game names no version: ending it twice ends it once.
    (input: Partial<GameFields> & { id: string; version?: number; reason?: string }) =>
      execute(UPDATE_GAME, { input }).then((d) => d.updateGame),
    TRACKER_REFRESH,
  );
}
