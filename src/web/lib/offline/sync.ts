import { encodeMessage, type Message } from '../../../core/i18n/messages.ts';
import type { PitchEvent } from '../../../core/pitch-events.ts';
import { ApiError } from '../api.ts';
import type { ResultOf } from '../graphql.ts';
import { i18n } from '../i18n.ts';
import type { OfflineStore, StoredTap, SUBMIT_PITCH_EVENTS } from './types.ts';

/**
 * The sync loop: sends the signed-in user's waiting taps in the device's order, in batches of up
 * to 100, one batch at a time. A tap leaves the queue only when the server's answer (given after
 * its commit) says accepted or duplicate; refused ones go to the "Not accepted" list with the
 * reason. Without a connection, or with a session that ended, everything stays and waits.
 */

export const SYNC_BATCH = 100;

export type SyncPhase = 'idle' | 'sending' | 'offline' | 'signed-out' | 'failed';

export interface SyncState {
  phase: SyncPhase;
  /** The last failure's message (phase failed). */
  message: string | null;
}

/** The server's answer to one batch: each tap's fate and the books it changed. */
export type SubmitAnswer = ResultOf<typeof SUBMIT_PITCH_EVENTS>['submitPitchEvents'];

export interface SyncDeps {
  store: OfflineStore;
  submit: (events: PitchEvent[]) => Promise<SubmitAnswer>;
  /** The signed-in user's id, asked of the server (only their own taps are sent with their session). */
  currentUser: () => Promise<string>;
  /** Runs one sending round at a time across tabs (Web Locks in the app). */
  exclusive?: (run: () => Promise<void>) => Promise<void>;
  batchSize?: number;
}

export interface Sync {
  /** Sends what waits; resolves when this round (and one asked for meanwhile) is over. */
  syncNow(): Promise<void>;
  getState(): SyncState;
  subscribe(listener: () => void): () => void;
}

type Failure = 'offline' | 'signed-out' | 'invalid' | 'forbidden' | 'failed';

/** What a failed call means for the queue. */
export function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'offline'; // fetch itself failed: no connection
  if (error.code === 'UNAUTHENTICATED' || error.code === 'PASSWORD_CHANGE_REQUIRED') return 'signed-out';
  if (error.code === 'BAD_USER_INPUT') return 'invalid';
  if (error.code === 'FORBIDDEN') return 'forbidden';
  return 'failed';
}

/**
 * A failure's message as kept (the refused taps' list, the failed phase): the server's message by id
 * when it gave one this page knows (`encodeMessage`, shown with `t.said` in the reader's language),
 * else its words, else `fallback`.
 */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.said && i18n._(error.said.id) !== error.said.id) {
    return encodeMessage(error.said);
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

// Kept as ids (shown with `t.said`): a tap refused while the page was in English reads in Spanish after a switch.
const REFUSED = encodeMessage({ id: 'tracker.live.refused.refused' });

/** A refused tap's reason: by id when the server gave one (as messageOf keeps it), else its words. */
const reasonOf = (result: { message: string | null; said: { id: string; values: unknown } | null }) =>
  result.said ? encodeMessage(result.said as Message) : (result.message ?? REFUSED);

export function createSync(deps: SyncDeps): Sync {
  const size = deps.batchSize ?? SYNC_BATCH;
  const exclusive = deps.exclusive ?? ((run) => run());
  let state: SyncState = { phase: 'idle', message: null };
  const listeners = new Set<() => void>();
  const set = (next: SyncState) => {
    if (next.phase === state.phase && next.message === state.message) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const stop = (error: unknown) => {
    const failure = failureOf(error);
    if (failure === 'offline') set({ phase: 'offline', message: null });
    else if (failure === 'signed-out') set({ phase: 'signed-out', message: null });
    else
      set({ phase: 'failed', message: messageOf(error, encodeMessage({ id: 'tracker.live.refused.serverFailed' })) });
  };

  /** Sends one batch; answers whether anything left the queue (else the round stops). */
  async function sendBatch(userId: string, batch: StoredTap[]): Promise<boolean> {
    try {
      const answer = await deps.submit(batch.map((t) => t.event));
      const sent: string[] = [];
      const refused: { id: string; message: string }[] = [];
      for (const result of answer.results) {
        if (result.status === 'refused') refused.push({ id: result.id, message: reasonOf(result) });
        else sent.push(result.id);
      }
      await deps.store.settle(userId, { sent, refused, counts: answer.counts });
      return sent.length + refused.length > 0;
    } catch (error) {
      const failure = failureOf(error);
      if (failure === 'forbidden' || (failure === 'invalid' && batch.length === 1)) {
        // The server will never take these: list them with its reason rather than retry forever.
        const message = messageOf(error, REFUSED);
        await deps.store.settle(userId, { sent: [], refused: batch.map((t) => ({ id: t.id, message })), counts: [] });
        return true;
      }
      if (failure === 'invalid') {
        // A malformed batch is refused whole: send its taps one by one to find the bad one.
        for (const tap of batch) if (!(await sendBatch(userId, [tap]))) return false;
        return true;
      }
      throw error;
    }
  }

  async function round(): Promise<void> {
    let userId: string;
    try {
      // Nothing waits: no need to ask the server anything.
      if (!(await deps.store.anyPending())) {
        set({ phase: 'idle', message: null });
        return;
      }
      userId = await deps.currentUser();
    } catch (error) {
      stop(error);
      return;
    }
    for (;;) {
      const batch = await deps.store.pending(userId, size);
      if (batch.length === 0) {
        set({ phase: 'idle', message: null });
        return;
      }
      set({ phase: 'sending', message: null });
      try {
        if (!(await sendBatch(userId, batch))) {
          set({ phase: 'failed', message: encodeMessage({ id: 'tracker.live.refused.noAnswer' }) });
          return;
        }
      } catch (error) {
        stop(error);
        return;
      }
    }
  }

  let running: Promise<void> | null = null;
  let again = false;
  function syncNow(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await exclusive(round);
        } while (again && state.phase === 'idle');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    syncNow,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
