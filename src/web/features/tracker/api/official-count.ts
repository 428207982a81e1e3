import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { HISTORY_KEY } from '../../../lib/change-history.ts';
import { ON_GAME_COUNT } from '../../../lib/game-counts.ts';
import {
  confirmOfficialCount,
  fetchOfficialCount,
  ON_OFFICIAL_COUNT,
  officialCountKey,
} from '../../../lib/official-count.ts';
import { onReconnect, subscribe } from '../../../lib/realtime.ts';
import { GAMES_KEY } from './tracker-refresh.ts';

// Taps come several a second while both dugouts count: read the count again once they pause.
const REFETCH_AFTER_MS = 800;

/**
 * A game's official count, kept current: replaced by each confirmation pushed by the server
 * (onOfficialCount), and read again a moment after the counts change, either because `changeKey`
 * changed (the live view already follows the books) or, with `followCounts`, from the game's
 * book updates (onGameCount).
 */
export function useOfficialCount(
  gameId: string,
  options: { enabled: boolean; changeKey?: string; followCounts?: boolean },
) {
  const { enabled, changeKey, followCounts = false } = options;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: officialCountKey(gameId),
    queryFn: () => fetchOfficialCount(gameId),
    enabled,
  });

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const refetchSoon = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void queryClient.invalidateQueries({ queryKey: officialCountKey(gameId) });
        // Someone confirmed or changed the counts: the game's history holds it.
        void queryClient.invalidateQueries({ queryKey: [...HISTORY_KEY, { gameId }] });
      }, REFETCH_AFTER_MS);
    };
    const stops = [
      subscribe(
        ON_OFFICIAL_COUNT,
        { gameId },
        {
          next: (data) => {
            if (data.onOfficialCount) queryClient.setQueryData(officialCountKey(gameId), data.onOfficialCount);
          },
        },
      ),
      onReconnect(refetchSoon),
    ];
    if (followCounts) stops.push(subscribe(ON_GAME_COUNT, { gameId }, { next: refetchSoon }));
    window.addEventListener('online', refetchSoon);
    return () => {
      for (const stop of stops) stop();
      window.removeEventListener('online', refetchSoon);
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [enabled, gameId, followCounts, queryClient]);

  // The books changed (the live view's feed, or an outing saved): the record may have too.
  const seen = useRef(changeKey);
  useEffect(() => {
    if (!enabled || changeKey === seen.current) return;
    seen.current = changeKey;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: officialCountKey(gameId) });
    }, REFETCH_AFTER_MS);
  }, [enabled, changeKey, gameId, queryClient]);

  return query;
}

/** A team confirms the game's final counts; the answer is the count as it now stands. */
export function useConfirmOfficialCount(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => confirmOfficialCount({ gameId, teamId }),
    onSuccess: async (count) => {
      queryClient.setQueryData(officialCountKey(gameId), count);
      // The confirmation is in the game's history, and it may have ended the game.
      await queryClient.invalidateQueries({ queryKey: [...HISTORY_KEY, { gameId }] });
      await queryClient.invalidateQueries({ queryKey: GAMES_KEY });
    },
  });
}
