import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type I18n, setupI18n } from '@lingui/core';
import { compileCatalogue } from '../core/i18n/compile.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../core/i18n/locales.ts';
import { type Message, type MessageValues, setEnglish } from '../core/i18n/messages.ts';
import { type Translate, translator } from '../core/i18n/translator.ts';
import { CATALOGUES_FOLDER } from './paths.ts';

/**
 * The server's words in every language (docs/i18n.md): what it writes to a person (emails, the
 * PDF log, CSV headers) is in that person's language, and its errors carry an id the web shows in
 * the reader's. Every catalogue is read and compiled once, at start-up: a broken message stops the
 * server there, not in front of a reader.
 */
function readCatalogue(locale: Locale): Record<string, string> {
  const folder = join(CATALOGUES_FOLDER, locale);
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
  const messages: Record<string, string> = {};
  for (const file of files) {
    const area = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>;
    for (const [id, message] of Object.entries(area)) {
      if (Object.hasOwn(messages, id)) throw new Error(`The message ${id} is in two files of ${folder}`);
      messages[id] = message;
    }
  }
  return messages;
}

const languages = new Map<Locale, I18n>(
  LOCALES.map((locale) => [
    locale,
    setupI18n({
      locale,
      messages: { [locale]: compileCatalogue(readCatalogue(locale), `${CATALOGUES_FOLDER}/${locale}`) },
    }),
  ]),
);

function language(locale: Locale): I18n {
  return languages.get(locale) ?? (languages.get(DEFAULT_LOCALE) as I18n);
}

/** What writes to a person in `locale` (any stored value; an unknown one writes English). */
export function translatorFor(locale: string | null | undefined): Translate {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const i18n = language(chosen);
  return translator((id: string, values?: MessageValues) => i18n._(id, values), chosen);
}

export const english = translatorFor(DEFAULT_LOCALE);

// Errors built with a Message say it in English too (AppError.message), for API clients and the log.
setEnglish((message: Message) => english(message.id, message.values));
