import { authPost } from './api.ts';

/** Ends this device's session on the server. The caller clears the browser's state either way. */
export async function signOut(): Promise<void> {
  await authPost('/sign-out', {});
}
