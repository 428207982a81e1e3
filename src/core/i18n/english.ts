import { setupI18n } from '@lingui/core';
import { compileCatalogue } from './compile.ts';
import { type Message, setEnglish } from './messages.ts';

/**
 * Makes `inEnglish` read these English messages (a catalogue file's contents, or several merged):
 * for a program that runs the core without the server, such as `bullpen eligibility`, which reads
 * the rules catalogue itself (the core does no I/O), and for the core's tests.
 */
export function useEnglish(messages: Record<string, string>): void {
  const i18n = setupI18n({ locale: 'en', messages: { en: compileCatalogue(messages, 'en') } });
  setEnglish((message: Message) => i18n._(message.id, message.values));
}
