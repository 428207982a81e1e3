import type { GameState } from '../../../../core/outing-inputs.ts';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { GAME_FIELDS } from './list-games.ts';
import { TRACKER_REFRESH } from './tracker-refresh.ts';

/** What the game form sends, checked with gameSchema first. */
export interface GameFields {
  date: string;
  startTime: string | null;
  homeTeamId: string | null;
  awayTeamId: string | null;
  opponentName: string | null;
  /** Edit Game only: a new game is scheduled. */
  state?: GameState;
}

export const CREATE_GAME = graphql(
  `
  mutation CreateGame($input: CreateGameInput!) {
    createGame(input: $input) { ...GameFields }
  }
`,
  [GAME_FIELDS],
);

export function useCreateGame() {
  return useRefreshingMutation(
    (input: GameFields) => execute(CREATE_GAME, { input }).then((d) => d.createGame),
    TRACKER_REFRESH,
  );
}
