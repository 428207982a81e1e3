import {
  buildTap,
  countsKey,
  DEVICE_KEY,
  type DeviceClock,
  LAST_USER_KEY,
  mergeCounts,
  newestFirst,
  nextClock,
  settleCounts,
  undoTarget,
  waitingBooks,
} from './logic.ts';
import type { BookCount, GameSnapshot, OfflineStore, StoredTap } from './types.ts';

/**
 * The offline store in memory: the same rules as the IndexedDB one (logic.ts), for unit tests of
 * the sync loop and the live view, where jsdom has no IndexedDB.
 */
export function createMemoryStore(options: { newId?: () => string } = {}): OfflineStore & {
  /** Every tap kept, for tests. */
  all(): StoredTap[];
} {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const taps = new Map<string, StoredTap>();
  const meta = new Map<string, unknown>();
  const cache = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  const cacheKey = (userId: string, key: string) => `${userId}\u0000${key}`;
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const ofUser = (userId: string) => [...taps.values()].filter((t) => t.userId === userId);
  const copy = <T>(value: T): T => structuredClone(value);

  return {
    async record(input, now = Date.now()) {
      const book = { gameId: input.gameId, pitcherId: input.pitcherId, bookTeamId: input.bookTeamId };
      let undoes: string | null = null;
      if (input.kind === 'undo') {
        const target = undoTarget(ofUser(input.userId), book);
        if (!target) return null;
        undoes = target.id;
      }
      const clock = nextClock(meta.get(DEVICE_KEY) as DeviceClock | undefined, now, newId);
      const tap = buildTap(input, clock, newId(), undoes, now);
      meta.set(DEVICE_KEY, clock);
      taps.set(tap.id, tap);
      changed();
      return copy(tap);
    },
    async pending(userId, limit) {
      return copy(
        ofUser(userId)
          .filter((t) => t.state === 'pending')
          .sort((a, b) => a.seq - b.seq)
          .slice(0, limit),
      );
    },
    async pendingCount(userId) {
      return ofUser(userId).filter((t) => t.state === 'pending').length;
    },
    async anyPending() {
      return [...taps.values()].some((t) => t.state === 'pending');
    },
    async settle(userId, settlement) {
      for (const id of settlement.sent) {
        const tap = taps.get(id);
        if (tap?.userId === userId && tap.state === 'pending') taps.set(id, { ...tap, state: 'sent' });
      }
      for (const { id, message } of settlement.refused) {
        const tap = taps.get(id);
        if (tap?.userId === userId && tap.state === 'pending') taps.set(id, { ...tap, state: 'refused', message });
      }
      const games = new Set(settlement.counts.map((c) => c.gameId));
      for (const gameId of games) {
        const key = cacheKey(userId, countsKey(gameId));
        const answer = settlement.counts.filter((c) => c.gameId === gameId);
        cache.set(key, settleCounts(cache.get(key) as BookCount[] | undefined, answer));
      }
      changed();
    },
    async putCounts(userId, gameId, counts, whole) {
      const key = cacheKey(userId, countsKey(gameId));
      const waiting = waitingBooks(ofUser(userId), gameId);
      cache.set(key, mergeCounts(cache.get(key) as BookCount[] | undefined, counts, whole, waiting));
      changed();
    },
    async snapshot(userId, gameId): Promise<GameSnapshot> {
      const mine = ofUser(userId);
      return copy({
        taps: mine.filter((t) => t.gameId === gameId).sort((a, b) => a.seq - b.seq),
        pending: mine.filter((t) => t.state === 'pending').length,
        refused: mine.filter((t) => t.state === 'refused').sort(newestFirst),
        counts: (cache.get(cacheKey(userId, countsKey(gameId))) as BookCount[] | undefined) ?? null,
      });
    },
    async readCache<T>(userId: string, key: string) {
      const value = cache.get(cacheKey(userId, key));
      return value === undefined ? undefined : copy(value as T);
    },
    async writeCache(userId, key, value) {
      cache.set(cacheKey(userId, key), copy(value));
      changed();
    },
    async lastUser() {
      return (meta.get(LAST_USER_KEY) as string | undefined) ?? null;
    },
    async setLastUser(userId) {
      if (userId) meta.set(LAST_USER_KEY, userId);
      else meta.delete(LAST_USER_KEY);
    },
    async forgetUser(userId) {
      for (const key of [...cache.keys()]) if (key.startsWith(`${userId}\u0000`)) cache.delete(key);
      for (const tap of ofUser(userId)) if (tap.state === 'sent') taps.delete(tap.id);
      changed();
    },
    async prune(before) {
      for (const tap of [...taps.values()]) if (tap.state === 'sent' && tap.savedAt < before) taps.delete(tap.id);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    all: () => copy([...taps.values()]),
  };
}
