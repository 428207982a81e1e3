import { authPost } from './api.ts';
import { type Translate, translatorNow } from './i18n.ts';

/** Ends this device's session on the server. The caller clears the browser's state either way. */
export async function signOut(): Promise<void> {
  await authPost('/sign-out', {});
}

/**
 * Before signing out: tries to send the live-count taps that wait and answers how many still do
 * (0 when none). The offline code loads only here, so the login page's bundle stays small.
 */
export async function tapsWaitingBeforeSignOut(): Promise<number> {
  try {
    const offline = await import('./offline/app-sync.ts');
    return (await offline.waitingAfterLastTry()).waiting;
  } catch {
    return 0;
  }
}

/**
 * Signs out, keeping the taps that wait for the same user's next session: forgets the user's
 * cached answers and acknowledged taps on this device, then ends the session.
 */
export async function signOutKeepingTaps(): Promise<void> {
  try {
    const offline = await import('./offline/app-sync.ts');
    await offline.forgetOnSignOut(await offline.knownUser());
  } catch {
    // No IndexedDB: nothing was kept.
  }
  await signOut();
}

/** '3 taps are not sent yet: they stay on this device and are sent when you sign in again'. */
export function waitingTapsWarning(count: number, t: Translate = translatorNow()): string {
  return t('shell.signOut.waiting', { count });
}
