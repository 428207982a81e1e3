import { firstProblem } from '../../../core/admin-inputs.ts';
import { type PitchEvent, pitchEventSchema } from '../../../core/pitch-events.ts';
import type { BookCount, NewTap, StoredTap } from './types.ts';

/**
 * The rules both stores follow (IndexedDB in the app, memory in tests), kept pure so they are
 * tested once: the device's clock, which tap an undo takes back, and how the server's counts are
 * kept beside taps that still wait.
 */

/** The key of the device's identity and clock in the store's meta table. */
export const DEVICE_KEY = 'device';
/** The key of the user last seen signed in. */
export const LAST_USER_KEY = 'lastUser';

/** This device's id (made once, kept) and the seq and time of its last tap. */
export interface DeviceClock {
  deviceId: string;
  seq: number;
  /** ms since the epoch */
  at: number;
}

/** The next tap's clock: the same device, the next seq, and a time never before the last one. */
export function nextClock(previous: DeviceClock | undefined, now: number, newId: () => string): DeviceClock {
  return {
    deviceId: previous?.deviceId ?? newId(),
    seq: (previous?.seq ?? 0) + 1,
    at: Math.max(previous?.at ?? 0, now),
  };
}

export interface Book {
  gameId: string;
  pitcherId: string;
  bookTeamId: string;
}

export const bookKey = (book: Pick<Book, 'pitcherId' | 'bookTeamId'>) => `${book.pitcherId}/${book.bookTeamId}`;

export const inBook = (event: PitchEvent, book: Book) =>
  event.gameId === book.gameId && event.pitcherId === book.pitcherId && event.bookTeamId === book.bookTeamId;

/** The cache key of a game's counts. */
export const countsKey = (gameId: string) => `counts:${gameId}`;

/**
 * The tap an undo takes back: this device's last tap of the book, waiting or sent, that is not an
 * undo and not already taken back. Refused taps never counted, so they are skipped.
 */
export function undoTarget(taps: readonly StoredTap[], book: Book): StoredTap | null {
  const mine = taps.filter((t) => t.state !== 'refused' && inBook(t.event, book)).sort((a, b) => b.seq - a.seq);
  const undone = new Set(mine.flatMap((t) => (t.event.kind === 'undo' && t.event.undoes ? [t.event.undoes] : [])));
  return mine.find((t) => t.event.kind !== 'undo' && !undone.has(t.id)) ?? null;
}

/** A tap ready to store, checked with the server's own schema so a bad one never blocks the queue. */
export function buildTap(input: NewTap, clock: DeviceClock, id: string, undoes: string | null, now: number): StoredTap {
  const event: PitchEvent = {
    id,
    gameId: input.gameId,
    pitcherId: input.pitcherId,
    bookTeamId: input.bookTeamId,
    deviceId: clock.deviceId,
    seq: clock.seq,
    at: new Date(clock.at).toISOString(),
    kind: input.kind,
    ...(undoes ? { undoes } : {}),
  };
  const checked = pitchEventSchema.safeParse(event);
  // A message in one string: whoever shows the error reads it with `t.said`.
  if (!checked.success) throw new Error(firstProblem(checked.error));
  return {
    id,
    userId: input.userId,
    state: 'pending',
    seq: clock.seq,
    gameId: input.gameId,
    event,
    pitcherName: input.pitcherName,
    message: null,
    savedAt: now,
  };
}

/** The books of a game that have taps of this user still waiting. */
export function waitingBooks(taps: readonly StoredTap[], gameId: string): Set<string> {
  return new Set(taps.filter((t) => t.state === 'pending' && t.gameId === gameId).map((t) => bookKey(t.event)));
}

/**
 * The counts to keep after hearing from the server (gameCounts or the subscription). A book with
 * taps still waiting keeps what was kept: its taps may be in flight, already in the server's
 * count but not yet acknowledged, and would be counted twice; the answer to them brings its count.
 */
export function mergeCounts(
  kept: readonly BookCount[] | null | undefined,
  heard: readonly BookCount[],
  whole: boolean,
  waiting: ReadonlySet<string>,
): BookCount[] {
  const result = new Map<string, BookCount>();
  if (!whole) for (const count of kept ?? []) result.set(bookKey(count), count);
  for (const count of heard) if (!waiting.has(bookKey(count))) result.set(bookKey(count), count);
  if (whole) {
    for (const count of kept ?? []) if (waiting.has(bookKey(count))) result.set(bookKey(count), count);
  }
  return [...result.values()];
}

/** The counts after an answer to sent taps: the books it carries replace the kept ones. */
export function settleCounts(kept: readonly BookCount[] | null | undefined, answer: readonly BookCount[]): BookCount[] {
  const result = new Map<string, BookCount>();
  for (const count of kept ?? []) result.set(bookKey(count), count);
  for (const count of answer) result.set(bookKey(count), count);
  return [...result.values()];
}

/** Refused taps newest first, then by device order. */
export const newestFirst = (a: StoredTap, b: StoredTap) => b.seq - a.seq;
