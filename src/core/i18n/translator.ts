import {
  type DayStyle,
  formatClock,
  formatDay,
  formatList,
  formatMoment,
  formatNumber,
  isCalendarDay,
  type MomentStyle,
} from './format.ts';
import type { UiLocale } from './locales.ts';
import { type Message, type MessageId, type MessageValues, readMessage, type WireMessage } from './messages.ts';

/**
 * Everything that writes for a reader in one language: messages by id, a `Message` handed over by
 * the core or the server (`said`), and dates, numbers and lists through `Intl`. The browser makes
 * one per language change (src/web/lib/i18n.ts), the server one per recipient (src/server/i18n.ts).
 */
export function translator(translate: (id: string, values?: MessageValues) => string, locale: UiLocale) {
  const t = (id: MessageId, values?: MessageValues) => translate(id, values);
  return Object.assign(t, {
    locale,
    /**
     * A Message (as the core hands it over, or as GraphQL sends it: `said { id values }`), or a
     * string that may be one (a zod issue): a plain sentence is shown as it is.
     */
    said: (message: Message | WireMessage | string) => {
      const read = typeof message === 'string' ? readMessage(message) : message;
      return read ? translate(read.id, read.values ?? undefined) : (message as string);
    },
    /** `said`, with its calendar dates written as this reader writes days (an email: "eligible May 15, 2027"). */
    saidWithDays: (message: Message | WireMessage, style?: DayStyle) => {
      const values = message.values ?? undefined;
      if (!values) return translate(message.id);
      const dated: MessageValues = {};
      for (const [key, value] of Object.entries(values)) {
        dated[key] = isCalendarDay(value) ? formatDay(locale, value, style) : value;
      }
      return translate(message.id, dated);
    },
    day: (day: string, style?: DayStyle) => formatDay(locale, day, style),
    /** A wall-clock time 'HH:MM' (a game's start) as this reader writes times. */
    clock: (time: string) => formatClock(locale, time),
    moment: (value: string | number | Date | null | undefined, style?: MomentStyle, timeZone?: string) =>
      formatMoment(locale, value, style, timeZone),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(locale, value, options),
    list: (items: readonly string[], type?: 'conjunction' | 'disjunction') => formatList(locale, items, type),
  });
}
export type Translate = ReturnType<typeof translator>;
