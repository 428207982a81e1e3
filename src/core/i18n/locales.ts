/**
 * The languages Bullpen speaks. English is the source: the spec's texts are English and stay as
 * it writes them; every other catalogue translates the English one key by key (docs/i18n.md).
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The pseudo-locale of the browser tests: English with every letter accented and every message
 * lengthened, so text that skips the catalogue and layouts that clip a longer language show. It
 * is never offered to a person; a browser asks for it by name (docs/i18n.md, Testing).
 */
export const PSEUDO_LOCALE = 'en-XA';
export type UiLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language's own name, as its speakers write it (the language switch shows these). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isUiLocale(value: unknown): value is UiLocale {
  return value === PSEUDO_LOCALE || isLocale(value);
}

/**
 * The locale `Intl` formats dates and numbers in. The pseudo-locale writes them as Greek does, in
 * letters no English or Spanish word has: a date that skipped `Intl` (a hard-coded "Nov 26") shows.
 */
export function intlLocale(locale: UiLocale): string {
  return locale === PSEUDO_LOCALE ? 'el' : locale;
}

/**
 * The language a browser asks for, from an `Accept-Language` header or `navigator.languages`:
 * the first of its ranges, by weight, whose language Bullpen speaks ("es-MX" is Spanish), else
 * English. A weight of 0 refuses a language (RFC 9110, section 12.5.4).
 */
export function negotiateLocale(accepted: string | readonly string[] | null | undefined): Locale {
  if (!accepted) return DEFAULT_LOCALE;
  const ranges = (typeof accepted === 'string' ? accepted.split(',') : accepted)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return {
        language: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isNaN(weight) ? 0 : weight,
        index,
      };
    })
    .filter((range) => range.weight > 0 && range.language !== '')
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) if (isLocale(range.language)) return range.language;
  return DEFAULT_LOCALE;
}
