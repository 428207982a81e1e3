import type account from './catalogues/en/account.json';
import type admin from './catalogues/en/admin.json';
import type errors from './catalogues/en/errors.json';
import type games from './catalogues/en/games.json';
import type login from './catalogues/en/login.json';
import type players from './catalogues/en/players.json';
import type restRules from './catalogues/en/rest-rules.json';
import type rules from './catalogues/en/rules.json';
import type email from './catalogues/en/server-side/email.json';
import type reports from './catalogues/en/server-side/reports.json';
import type shell from './catalogues/en/shell.json';
import type status from './catalogues/en/status.json';
import type tracker from './catalogues/en/tracker.json';

/**
 * Every message's id: the keys of the English catalogues (the source). An id names where the
 * message is and what it says ('login.signIn', 'rules.alreadyPitchedToday'); a message is written
 * in ICU MessageFormat ("{pitches, plural, one {# pitch} other {# pitches}}").
 *
 * The areas: `login` (the login page and what shows before the app, loaded first), `shell` (the
 * header, menu, dashboard, Account and the shared pieces), `account` (Account's language section and
 * its errors), `admin` (organizations, leagues, users,
 * seasons, teams), `players` (players and roster imports), `restRules` (the rest rules' screens),
 * `tracker` (the live count), `games` (games, outings, final and official counts, the printed log),
 * `status` (status, parents, violations),
 * `rules` (the rules engine's reasons and the inputs' validation, shared with the server),
 * `errors` (the server's errors, by code); `server-side/` holds what only the server writes (emails,
 * PDF and CSV).
 */
export type MessageId =
  | keyof typeof login
  | keyof typeof shell
  | keyof typeof account
  | keyof typeof admin
  | keyof typeof players
  | keyof typeof restRules
  | keyof typeof tracker
  | keyof typeof games
  | keyof typeof status
  | keyof typeof rules
  | keyof typeof errors
  | keyof typeof email
  | keyof typeof reports;

/** A message's placeholders' values: text, a number (plurals) or a moment. */
export type MessageValues = Record<string, string | number | Date>;

/**
 * A message not yet in words: what the core and the server hand over where the reader's language
 * is not theirs to know (a rule's reason, an error), put in words by whoever shows it.
 */
export interface Message {
  id: MessageId;
  values?: MessageValues;
}

/** A Message as the API sends it (GraphQL's `Message { id values }`): any id, values or null. */
export interface WireMessage {
  id: string;
  values?: MessageValues | null;
}

/**
 * A message in one string, where only a string fits (a zod issue's message): its id alone, or
 * `{"id":…,"values":…}` when it has values. `readMessage` reads either back.
 */
export function encodeMessage(message: Message): string {
  return message.values ? JSON.stringify(message) : message.id;
}

/** `encodeMessage` of an id and values: a zod schema's message, a row's problem, a constant the web shows with `t.said`. */
export function encoded(id: MessageId, values?: MessageValues): string {
  return encodeMessage(values ? { id, values } : { id });
}

/** A message read back from `encodeMessage`, or null when `text` is not one (a plain sentence). */
export function readMessage(text: string): Message | null {
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as Partial<Message>;
      if (typeof parsed.id === 'string') return { id: parsed.id as MessageId, values: parsed.values };
    } catch {
      return null;
    }
    return null;
  }
  return /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/.test(text) ? { id: text as MessageId } : null;
}

let english: (message: Message) => string = (message) => message.id;

/**
 * How a message reads in English, for an error's `message` (API clients and the server's log read
 * English). The server gives it its catalogues at start-up (src/server/i18n.ts); the core has no
 * I/O to read them, and a browser never needs it.
 */
export function inEnglish(message: Message): string {
  return english(message);
}

/** A text that may be an encoded message (a zod issue's message) in English; a plain sentence as it is. */
export function textInEnglish(text: string): string {
  const message = readMessage(text);
  return message ? inEnglish(message) : text;
}

export function setEnglish(render: (message: Message) => string): void {
  english = render;
}
