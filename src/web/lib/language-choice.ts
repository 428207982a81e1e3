import { isLocale, isUiLocale, type Locale, negotiateLocale, type UiLocale } from '../../core/i18n/locales.ts';

/**
 * Which language this device shows, before anyone signs in: kept small (main.tsx reads it before
 * the app loads). A signed-in user's own language, saved on Account, replaces it on every device.
 */

/** The device's last choice: written by the login page's switch and by a signed-in user's language. */
export const LANGUAGE_STORAGE_KEY = 'bullpen.language';
/** The same choice for the server, which serves the login page in it (src/server/http/page-language.ts). */
export const LANGUAGE_COOKIE = 'bullpen.language';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the device's choice, for the next visit and for the server's login page. */
export function rememberLocale(locale: UiLocale): void {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, locale);
  if (typeof document !== 'undefined') {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and from Safari before 18.4.
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${60 * 60 * 24 * 400}; samesite=lax`;
  }
}

/** The language to start in: the device's last choice, else what the browser asks for (its Accept-Language). */
export function initialLocale(): UiLocale {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  if (isUiLocale(stored)) return stored;
  return negotiateLocale(typeof navigator === 'undefined' ? null : navigator.languages);
}

/** A language picked with the login page's switch, until the next sign-in (this tab only). */
const PICKED_KEY = 'bullpen.language.picked';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The login page's switch: the page's language now, and the account's once signed in (fetchMe
 * saves it). Only a language picked in this tab before signing in is saved, so a shared
 * tablet's last choice does not change the next person's account.
 */
export function pickOnLoginPage(locale: Locale): void {
  rememberLocale(locale);
  tabStorage()?.setItem(PICKED_KEY, locale);
}

/** The language picked on the login page before this sign-in, once (then forgotten). */
export function takeLoginPageChoice(): Locale | null {
  const picked = tabStorage()?.getItem(PICKED_KEY);
  tabStorage()?.removeItem(PICKED_KEY);
  return isLocale(picked) ? picked : null;
}
