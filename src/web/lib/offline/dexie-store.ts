import Dexie, { type EntityTable, type Table } from 'dexie';
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
import type { BookCount, GameSnapshot, OfflineStore, StoredTap, TapState } from './types.ts';

/**
 * The offline store in IndexedDB (dexie): taps (the queue, this device's log of each book, the
 * refused ones), the device's id and clock, and the last answers the live view needs offline.
 * Everything of a user is keyed by their id; only their own session sends their taps.
 */

interface MetaRow {
  key: string;
  value: unknown;
}

interface CacheRow {
  userId: string;
  key: string;
  value: unknown;
  savedAt: number;
}

class BullpenDb extends Dexie {
  taps!: EntityTable<StoredTap, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  cache!: Table<CacheRow, [string, string]>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      taps: 'id, [userId+state+seq], [userId+gameId], [state+savedAt]',
      meta: 'key',
      cache: '[userId+key], userId',
    });
  }
}

export const OFFLINE_DB_NAME = 'bullpen';

export function createDexieStore(name = OFFLINE_DB_NAME): OfflineStore {
  const db = new BullpenDb(name);
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  // Changes made in another tab of the app (dexie tells every tab).
  Dexie.on('storagemutated', changed);

  const inState = (userId: string, state: TapState) =>
    db.taps.where('[userId+state+seq]').between([userId, state, Dexie.minKey], [userId, state, Dexie.maxKey]);
  const ofGame = (userId: string, gameId: string) => db.taps.where('[userId+gameId]').equals([userId, gameId]);
  const readCounts = async (userId: string, gameId: string) =>
    (await db.cache.get([userId, countsKey(gameId)]))?.value as BookCount[] | undefined;
  const writeCounts = (userId: string, gameId: string, counts: BookCount[]) =>
    db.cache.put({ userId, key: countsKey(gameId), value: counts, savedAt: Date.now() });

  return {
    async record(input, now = Date.now()) {
      const tap = await db.transaction('rw', db.taps, db.meta, async () => {
        let undoes: string | null = null;
        if (input.kind === 'undo') {
          const target = undoTarget(await ofGame(input.userId, input.gameId).toArray(), input);
          if (!target) return null;
          undoes = target.id;
        }
        const previous = (await db.meta.get(DEVICE_KEY))?.value as DeviceClock | undefined;
        const clock = nextClock(previous, now, () => crypto.randomUUID());
        const made = buildTap(input, clock, crypto.randomUUID(), undoes, now);
        await db.meta.put({ key: DEVICE_KEY, value: clock });
        await db.taps.add(made);
        return made;
      });
      changed();
      return tap;
    },
    async pending(userId, limit) {
      return inState(userId, 'pending').limit(limit).toArray();
    },
    async pendingCount(userId) {
      return inState(userId, 'pending').count();
    },
    async anyPending() {
      return (
        (await db.taps.where('[state+savedAt]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]).count()) >
        0
      );
    },
    async settle(userId, settlement) {
      await db.transaction('rw', db.taps, db.cache, async () => {
        const ids = [...settlement.sent, ...settlement.refused.map((r) => r.id)];
        const found = new Map(
          (await db.taps.bulkGet(ids)).filter((t): t is StoredTap => t !== undefined).map((t) => [t.id, t]),
        );
        const updates: StoredTap[] = [];
        const take = (id: string, state: TapState, message: string | null) => {
          const tap = found.get(id);
          if (tap?.userId === userId && tap.state === 'pending') updates.push({ ...tap, state, message });
        };
        for (const id of settlement.sent) take(id, 'sent', null);
        for (const { id, message } of settlement.refused) take(id, 'refused', message);
        await db.taps.bulkPut(updates);
        for (const gameId of new Set(settlement.counts.map((c) => c.gameId))) {
          const answer = settlement.counts.filter((c) => c.gameId === gameId);
          await writeCounts(userId, gameId, settleCounts(await readCounts(userId, gameId), answer));
        }
      });
      changed();
    },
    async putCounts(userId, gameId, counts, whole) {
      await db.transaction('rw', db.taps, db.cache, async () => {
        const waiting = waitingBooks(await ofGame(userId, gameId).toArray(), gameId);
        await writeCounts(userId, gameId, mergeCounts(await readCounts(userId, gameId), counts, whole, waiting));
      });
      changed();
    },
    async snapshot(userId, gameId): Promise<GameSnapshot> {
      return db.transaction('r', db.taps, db.cache, async () => ({
        taps: (await ofGame(userId, gameId).toArray()).sort((a, b) => a.seq - b.seq),
        pending: await inState(userId, 'pending').count(),
        refused: (await inState(userId, 'refused').toArray()).sort(newestFirst),
        counts: (await readCounts(userId, gameId)) ?? null,
      }));
    },
    async readCache<T>(userId: string, key: string) {
      return (await db.cache.get([userId, key]))?.value as T | undefined;
    },
    async writeCache(userId, key, value) {
      await db.cache.put({ userId, key, value, savedAt: Date.now() });
      changed();
    },
    async lastUser() {
      return ((await db.meta.get(LAST_USER_KEY))?.value as string | undefined) ?? null;
    },
    async setLastUser(userId) {
      if (userId) await db.meta.put({ key: LAST_USER_KEY, value: userId });
      else await db.meta.delete(LAST_USER_KEY);
    },
    async forgetUser(userId) {
      await db.transaction('rw', db.taps, db.cache, async () => {
        await db.cache.where('userId').equals(userId).delete();
        await inState(userId, 'sent').delete();
      });
      changed();
    },
    async prune(before) {
      await db.taps.where('[state+savedAt]').between(['sent', Dexie.minKey], ['sent', before]).delete();
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
