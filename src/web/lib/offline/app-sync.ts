import type { PitchEvent } from '../../../core/pitch-events.ts';
import { execute } from '../api.ts';
import { fetchMe } from '../me.ts';
import { closeRealtime } from '../realtime.ts';
import { createDexieStore } from './dexie-store.ts';
import { createSync, type SubmitAnswer, type Sync } from './sync.ts';
import { type OfflineStore, SUBMIT_PITCH_EVENTS } from './types.ts';

/**
 * The app's offline store and sync loop, one of each per page. start.tsx starts the loop when a
 * user is signed in (on app start and after signing in) and stops it when the session ends; the
 * loop then sends on reconnect (the `online` event), every 15 seconds while taps wait, after each
 * tap and on 'Sync now'. Loaded on demand: never part of the login page's bundle.
 */

/** Acknowledged taps are kept this long as the device's log of a book (Undo, the count before the answer). */
const KEEP_SENT_MS = 3 * 86_400_000;
const RETRY_MS = 15_000;
const TAP_DELAY_MS = 150;

let store: OfflineStore | null = null;

// The user the server last said is signed in. Asked again at the start of every sending round:
// the browser's session may have changed since (another user signed in, in this tab or another),
// and a user's taps go only with their own session.
let verifiedUser: string | null = null;

/** The store; tests install a memory one first. */
export function offlineStore(): OfflineStore {
  store ??= createDexieStore();
  return store;
}

export function installOfflineStore(replacement: OfflineStore | null): void {
  store = replacement;
  verifiedUser = null;
  sync = null;
}

async function currentUser(): Promise<string> {
  const me = await fetchMe();
  if (me.id !== verifiedUser) {
    verifiedUser = me.id;
    await offlineStore().setLastUser(me.id);
  }
  return me.id;
}

async function submit(events: PitchEvent[]): Promise<SubmitAnswer> {
  const data = await execute(SUBMIT_PITCH_EVENTS, { input: { events } });
  return data.submitPitchEvents;
}

function exclusive(run: () => Promise<void>): Promise<void> {
  // One tab sends at a time (a second one would only get "duplicate" answers).
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('bullpen-pitch-sync', run) : run();
}

let sync: Sync | null = null;

export function appSync(): Sync {
  sync ??= createSync({ store: offlineStore(), submit, currentUser, exclusive });
  return sync;
}

/** Sends what waits now ('Sync now', reconnecting); never throws. */
export function syncSoon(): Promise<void> {
  return appSync()
    .syncNow()
    .catch(() => undefined);
}

let tapTimer: ReturnType<typeof setTimeout> | null = null;

/** After a tap: sends shortly, so a quick run of taps goes in one request. */
export function syncAfterTap(): void {
  if (tapTimer) return;
  tapTimer = setTimeout(() => {
    tapTimer = null;
    void syncSoon();
  }, TAP_DELAY_MS);
}

let started = false;
let timer: ReturnType<typeof setInterval> | null = null;
const onOnline = () => void syncSoon();

/** A user is signed in: send what waits now, on reconnect and every 15 seconds while some wait. */
export function startSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', onOnline);
  timer = setInterval(() => {
    const phase = appSync().getState().phase;
    if (phase !== 'signed-out' && phase !== 'sending' && navigator.onLine !== false) void syncSoon();
  }, RETRY_MS);
  void offlineStore()
    .prune(Date.now() - KEEP_SENT_MS)
    .catch(() => undefined);
  void syncSoon();
}

/** The session ended (signed out, expired): stop sending; the next session is asked who it is. */
export function stopSync(): void {
  started = false;
  verifiedUser = null;
  window.removeEventListener('online', onOnline);
  if (timer) clearInterval(timer);
  timer = null;
  // The socket was opened with the old session's cookie.
  closeRealtime();
}

/** The signed-in user as this device last knew them (the server is asked when it can be). */
export async function knownUser(): Promise<string | null> {
  return verifiedUser ?? offlineStore().lastUser();
}

/** Remembers the user the app has seen signed in (the live view calls it with `me`). */
export async function rememberUser(userId: string): Promise<void> {
  verifiedUser = userId;
  await offlineStore().setLastUser(userId);
}

/**
 * Before signing out: tries to send what waits (for at most `timeoutMs`) and answers how many taps
 * of the user are still waiting (they stay on this device for the same user's next session).
 */
export async function waitingAfterLastTry(timeoutMs = 5000): Promise<{ userId: string | null; waiting: number }> {
  const userId = await knownUser();
  if (!userId) return { userId: null, waiting: 0 };
  const store = offlineStore();
  if ((await store.pendingCount(userId)) > 0) {
    await Promise.race([syncSoon(), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  }
  return { userId, waiting: await store.pendingCount(userId) };
}

/** Signing out: forgets the user's cached answers and sent taps; what waits or was refused stays. */
export async function forgetOnSignOut(userId: string | null): Promise<void> {
  stopSync();
  if (!userId) return;
  const store = offlineStore();
  await store.forgetUser(userId);
  await store.setLastUser(null);
}
