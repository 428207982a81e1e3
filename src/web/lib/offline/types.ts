import type { PitchEvent, PitchEventKind } from '../../../core/pitch-events.ts';
import { graphql, type ResultOf } from '../graphql.ts';

/**
 * Live counting offline (decision 0016): every tap is kept in the browser first, then
 * sent in order. These are the shapes the browser keeps; `OfflineStore` is the storage the queue,
 * the sync loop and the live view share (IndexedDB in the app, memory in unit tests).
 */

/**
 * Where a tap stands: `pending` waits to be sent (the queue); `sent` was acknowledged by the
 * server after its commit (kept a while as this device's log of the book, for Undo and the count
 * shown before the server answers); `refused` was answered `refused` (the "Not accepted" list).
 */
export type TapState = 'pending' | 'sent' | 'refused';

export interface StoredTap {
  /** The event's id (a UUID this device made). */
  id: string;
  /** The user who tapped: only their own session sends it. */
  userId: string;
  state: TapState;
  /** The device's order (the event's seq), the queue's order. */
  seq: number;
  gameId: string;
  event: PitchEvent;
  /** For the lists the user reads; never sent. */
  pitcherName: string;
  /** Why the server refused it: a message in one string (`t.said` reads it) or the server's words. */
  message: string | null;
  /** When it was stored (ms), for pruning old acknowledged taps. */
  savedAt: number;
}

/** A tap as the live view asks for it; the store adds the id, device, seq and time. */
export interface NewTap {
  userId: string;
  gameId: string;
  pitcherId: string;
  bookTeamId: string;
  pitcherName: string;
  /** For `undo`, the store picks the tap taken back: this device's last one in the book not yet undone. */
  kind: PitchEventKind;
}

/** One team's count of one pitcher in one game, as the server answers it (BookCount). */
export const BOOK_FIELDS = graphql(`
  fragment BookFields on BookCount {
    gameId pitcherId pitcherName bookTeamId bookTeamName official pitches intentionalWalks pitchesBeforeLastBatter
    batters
  }
`);

export type BookCount = ResultOf<typeof BOOK_FIELDS>;

/** What one sending step settles, written at once so counts and taps never disagree on screen. */
export interface Settlement {
  /** Acknowledged (accepted or duplicate): leave the queue. */
  sent: readonly string[];
  /** Refused by the server: leave the queue for the "Not accepted" list, with the reason. */
  refused: readonly { id: string; message: string }[];
  /** The books the answer carried, newest from the server. */
  counts: readonly BookCount[];
}

/** What the live view reads for one game, in one read. */
export interface GameSnapshot {
  /** This user's taps of the game on this device (every state), in the device's order. */
  taps: StoredTap[];
  /** This user's taps waiting to be sent, every game. */
  pending: number;
  /** This user's refused taps, every game, newest first. */
  refused: StoredTap[];
  /** The server's books of the game as last heard, or null if never heard. */
  counts: BookCount[] | null;
}

export interface OfflineStore {
  /**
   * Stores a tap made now: a new id, this device's id, the next seq and a time never before the
   * previous tap's. An undo with nothing left to take back stores nothing and answers null.
   */
  record(tap: NewTap, now?: number): Promise<StoredTap | null>;
  /** This user's oldest waiting taps, in the device's order. */
  pending(userId: string, limit: number): Promise<StoredTap[]>;
  pendingCount(userId: string): Promise<number>;
  /** Whether any user's taps wait on this device (so the server is asked who is signed in only then). */
  anyPending(): Promise<boolean>;
  /** Applies a server answer: taps leave the queue and the books' counts are updated, at once. */
  settle(userId: string, settlement: Settlement): Promise<void>;
  /**
   * Keeps the server's counts of a game: `whole` (gameCounts) replaces the game's books, else each
   * book given is updated. A book with taps of this user still waiting keeps its count until the
   * answer to those taps (which carries it), so a tap in flight is never counted twice.
   */
  putCounts(userId: string, gameId: string, counts: readonly BookCount[], whole: boolean): Promise<void>;
  snapshot(userId: string, gameId: string): Promise<GameSnapshot>;
  /** The last answers the live view needs offline (roster, rule, the game), per user. */
  readCache<T>(userId: string, key: string): Promise<T | undefined>;
  writeCache(userId: string, key: string, value: unknown): Promise<void>;
  /** The user last seen signed in on this device: who counts while the server cannot be asked. */
  lastUser(): Promise<string | null>;
  setLastUser(userId: string | null): Promise<void>;
  /** Sign-out: forgets the user's cached answers and acknowledged taps; keeps what waits or was refused. */
  forgetUser(userId: string): Promise<void>;
  /** Forgets acknowledged taps stored before `before` (ms). */
  prune(before: number): Promise<void>;
  /** Called after every change (and, for IndexedDB, changes made in other tabs). */
  subscribe(listener: () => void): () => void;
}

/** The taps sent, and the server's answer for each with the books they changed. */
export const SUBMIT_PITCH_EVENTS = graphql(
  `
  mutation SubmitPitchEvents($input: SubmitPitchEventsInput!) {
    submitPitchEvents(input: $input) { results { id status message said { id values } } counts { ...BookFields } }
  }
`,
  [BOOK_FIELDS],
);
