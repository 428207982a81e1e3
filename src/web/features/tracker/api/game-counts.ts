import { graphql } from '../../../lib/api.ts';
import { BOOK_FIELDS, type BookCount } from '../../../lib/offline/types.ts';

export const GAME_COUNTS = `query GameCounts($gameId: ID!) { gameCounts(gameId: $gameId) { ${BOOK_FIELDS} } }`;

/** Each book as it changes (the other dugout's taps too), over graphql-ws. */
export const ON_GAME_COUNT = `subscription OnGameCount($gameId: ID!) { onGameCount(gameId: $gameId) { ${BOOK_FIELDS} } }`;

/** Every book of a game: both dugouts' counts of each pitcher. */
export async function fetchGameCounts(gameId: string): Promise<BookCount[]> {
  return (await graphql<{ gameCounts: BookCount[] }>(GAME_COUNTS, { gameId })).gameCounts;
}
