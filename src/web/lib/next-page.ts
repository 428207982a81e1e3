import { paths } from '../../core/paths.ts';

/** The page a sign-in comes back to: one of this app's own paths, never another site's address. */
export function nextAfterSignIn(next: string | null): string {
  return next && /^\/(?!\/)[^\\]*$/.test(next) && !next.startsWith(paths.login) ? next : paths.dashboard;
}
