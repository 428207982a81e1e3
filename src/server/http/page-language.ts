import { isLocale, type Locale, negotiateLocale } from '../../core/i18n/locales.ts';

/**
 * The language of the page the server sends: the device's choice (the `bullpen.language` cookie
 * the web app writes, src/web/lib/language-choice.ts) first, else what
 * the browser asks for in `Accept-Language`. The login page is in that page's HTML, already in
 * the reader's language before any script runs (vite.config.ts writes one per language).
 */
export function pageLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const chosen = cookieHeader?.match(/(?:^|;)\s*bullpen\.language=([^;]*)/)?.[1]?.trim();
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(acceptLanguage);
}

/** The built page of each language: index.html is English, index.es.html Spanish. */
export function pageFile(locale: Locale): string {
  return locale === 'en' ? 'index.html' : `index.${locale}.html`;
}
