import { execute } from './api.ts';
import { graphql } from './graphql.ts';
import { BOOK_FIELDS, type BookCount } from './offline/types.ts';
import { onReconnect, subscribe } from './realtime.ts';

export const GAME_COUNTS = graphql(
  `
  query GameCounts($gameId: ID!) { gameCounts(gameId: $gameId) { ...BookFields } }
`,
  [BOOK_FIELDS],
);

/** Each book as it changes (the other dugout's taps too), over graphql-ws. */
export const ON_GAME_COUNT = graphql(
  `
  subscription OnGameCount($gameId: ID!) { onGameCount(gameId: $gameId) { ...BookFields } }
`,
  [BOOK_FIELDS],
);

/** Every book of a game: both dugouts' counts of each pitcher. */
export async function fetchGameCounts(gameId: string): Promise<BookCount[]> {
  return (await execute(GAME_COUNTS, { gameId })).gameCounts;
}

export interface GameCountsHandlers {
  /** Every book of the game, read whole (at the start, on reconnecting, on coming back online). */
  all: (counts: BookCount[]) => void;
  /** One book as it changed. */
  one: (count: BookCount) => void;
  /** Reading the books failed (offline, or no access): what was shown may stay. */
  failed?: (error: unknown) => void;
}

/**
 * Follows a game's counts: read once (and again on reconnecting or coming back online, when updates
 * may have been missed), then each book as it changes from the subscription, so taps show within a
 * second. Answers the function that stops following.
 */
export function watchGameCounts(gameId: string, handlers: GameCountsHandlers): () => void {
  let active = true;
  const load = () => {
    fetchGameCounts(gameId)
      .then((counts) => active && handlers.all(counts))
      .catch((error: unknown) => active && handlers.failed?.(error));
  };
  load();
  const stop = subscribe(ON_GAME_COUNT, { gameId }, { next: (data) => active && handlers.one(data.onGameCount) });
  const stopReconnect = onReconnect(load);
  window.addEventListener('online', load);
  return () => {
    active = false;
    stop();
    stopReconnect();
    window.removeEventListener('online', load);
  };
}
