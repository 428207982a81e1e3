import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileCatalogue } from './compile.ts';
import { useEnglish } from './english.ts';
import type { Locale } from './locales.ts';
import type { MessageValues } from './messages.ts';
import { type Translate, translator } from './translator.ts';

/**
 * For tests only: the catalogues read from their files, as the server reads them at start-up
 * (src/server/i18n.ts), which the core cannot (no I/O). Importing this module makes `inEnglish`
 * (and so the rules engine's `message` and an error's English) read the English catalogue.
 */
const FOLDER = join(import.meta.dirname, 'catalogues');

function messagesOf(locale: Locale): Record<string, string> {
  const folder = join(FOLDER, locale);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))) {
    Object.assign(messages, JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>);
  }
  return messages;
}

/** A translator in `locale`, from every catalogue file of that language. */
export function translatorIn(locale: Locale): Translate {
  const i18n = setupI18n({ locale, messages: { [locale]: compileCatalogue(messagesOf(locale), locale) } });
  return translator((id: string, values?: MessageValues) => i18n._(id, values), locale);
}

export const english = translatorIn('en');

useEnglish(messagesOf('en'));
