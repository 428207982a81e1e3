import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { DEFAULT_LOCALE, PSEUDO_LOCALE, type UiLocale } from '../../core/i18n/locales.ts';
import type { MessageId, MessageValues } from '../../core/i18n/messages.ts';
import { type CompiledMessage, pseudoMessage } from '../../core/i18n/pseudo.ts';
import { type Translate, translator } from '../../core/i18n/translator.ts';

export type { Translate };

/**
 * The browser's catalogues (docs/i18n.md). Each file of src/core/i18n/catalogues/<locale>/ is an
 * area, loaded on its own: the login page needs only `login`, loaded before the app's first
 * render; every other page loads the other areas with its own code (`loadAppAreas`). Only the
 * chosen language's files are ever fetched. The build compiles each file (vite.config.ts), so the
 * browser carries no message parser.
 */
const catalogues = import.meta.glob<Messages>(['../../core/i18n/catalogues/*/*.json'], { import: 'default' });

function areaFile(locale: 'en' | 'es', area: string): string {
  return `../../core/i18n/catalogues/${locale}/${area}.json`;
}

/** Every area the web app has, from the English files (the source). */
export const AREAS = Object.keys(catalogues)
  .map((path) => /\/en\/([^/]+)\.json$/.exec(path)?.[1])
  .filter((area): area is string => area !== undefined);
export const LOGIN_AREA = 'login';
const APP_AREAS = AREAS.filter((area) => area !== LOGIN_AREA);

export const i18n: I18n = setupI18n();

export { initialLocale, rememberLocale } from './language-choice.ts';

/** The areas loaded so far, per language: a switch loads the same ones in the new language. */
const loaded = new Map<UiLocale, Set<string>>();

function markLoaded(locale: UiLocale, area: string): void {
  const done = loaded.get(locale) ?? new Set<string>();
  done.add(area);
  loaded.set(locale, done);
}

/** The pseudo-locale's messages: the English ones, accented and lengthened. */
function inLocale(locale: UiLocale, messages: Messages): Messages {
  if (locale !== PSEUDO_LOCALE) return messages;
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [id, pseudoMessage(message as CompiledMessage)]),
  ) as Messages;
}

async function loadArea(locale: UiLocale, area: string): Promise<void> {
  if (loaded.get(locale)?.has(area)) return;
  const load = catalogues[areaFile(locale === PSEUDO_LOCALE ? 'en' : locale, area)];
  if (!load) throw new Error(`No catalogue for ${locale}/${area}`);
  i18n.load(locale, inLocale(locale, await load()));
  markLoaded(locale, area);
}

/**
 * The area holding message `id` ('errors.…' is `errors`), loaded in the active language if it is
 * not yet: a server's error on the login page, which has only its own area, is then written in
 * the reader's language too. An id of no area of its own name loads nothing.
 */
export async function loadAreaOf(id: string): Promise<void> {
  const area = id.slice(0, id.indexOf('.'));
  if (AREAS.includes(area)) await loadArea(currentLocale(), area);
}

/**
 * Every area of `locale` at once, from catalogues already in hand: the prerender (Node) and the
 * unit tests, which import the files eagerly rather than fetch them.
 */
export function loadEagerly(locale: UiLocale, files: Record<string, Messages>): void {
  // The files' keys are paths from the importing module: what matters is their end.
  const byEnd = new Map(
    Object.entries(files).map(([path, messages]) => [path.replace(/^.*\/catalogues\//, ''), messages]),
  );
  for (const area of AREAS) {
    const messages = byEnd.get(`${locale === PSEUDO_LOCALE ? 'en' : locale}/${area}.json`);
    if (!messages) throw new Error(`No catalogue for ${locale}/${area}`);
    i18n.load(locale, inLocale(locale, messages));
    markLoaded(locale, area);
  }
  i18n.activate(locale);
}

/** Loads the areas every page but the login page needs, in the active language (a lazy page's code waits for it). */
export function loadAppAreas(): Promise<void> {
  const locale = currentLocale();
  return Promise.all(APP_AREAS.map((area) => loadArea(locale, area))).then(() => undefined);
}

/** Makes `locale` the page's language: loads what the page had in the old one, then switches, and tells the HTML. */
export async function activateLocale(locale: UiLocale): Promise<void> {
  const areas = new Set([LOGIN_AREA, ...(loaded.get(currentLocale()) ?? [])]);
  await Promise.all([...areas].map((area) => loadArea(locale, area)));
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === PSEUDO_LOCALE ? 'en' : locale;
}

/** The active language, for `Intl` and for the API. */
export function currentLocale(): UiLocale {
  return (i18n.locale || DEFAULT_LOCALE) as UiLocale;
}

/** A message of the active language. Outside React (a thrown error, a notification); in a component, `useT`. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

/** The active language's translator, outside React (an error thrown by an API call, a download's file). */
export function translatorNow(): Translate {
  return translator((id, values) => i18n._(id, values), currentLocale());
}

/** What a component translates and formats with; it re-renders when the language changes. */
export function useT() {
  // Lingui gives a new `_` on each activation: components using it re-render in the new language.
  const { _ } = useLingui();
  return useMemo(() => translator(_ as (id: string, values?: MessageValues) => string, currentLocale()), [_]);
}
