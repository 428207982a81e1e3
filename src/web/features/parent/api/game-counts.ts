import { useEffect, useState } from 'react';
import { watchGameCounts } from '../../../lib/game-counts.ts';
import type { BookCount } from '../../../lib/offline/types.ts';

const sameBook = (a: BookCount, b: BookCount) =>
  a.gameId === b.gameId && a.pitcherId === b.pitcherId && a.bookTeamId === b.bookTeamId;

/**
 * A game's books, kept current while the page is open (the tracker's feed, without its offline
 * copy): null until first read; `failed` when it could not be read (no connection, no access).
 */
export function useGameCounts(gameId: string): { counts: BookCount[] | null; failed: boolean } {
  const [state, setState] = useState<{ counts: BookCount[] | null; failed: boolean }>({
    counts: null,
    failed: false,
  });
  useEffect(() => {
    setState({ counts: null, failed: false });
    return watchGameCounts(gameId, {
      all: (counts) => setState({ counts, failed: false }),
      one: (count) =>
        setState(({ counts }) => ({
          counts: [...(counts ?? []).filter((c) => !sameBook(c, count)), count],
          failed: false,
        })),
      // What was shown stays; with nothing shown yet, say so.
      failed: () => setState((current) => ({ ...current, failed: true })),
    });
  }, [gameId]);
  return state;
}
