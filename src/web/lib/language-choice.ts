import { isUiLocale, negotiateLocale, type UiLocale } from '../../core/i18n/locales.ts';

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
