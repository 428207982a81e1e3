import { intlLocale, type UiLocale } from './locales.ts';

/**
 * Dates, numbers and lists as the reader's language writes them, through `Intl` ("Thu, Nov 26" in
 * English is "jue, 26 nov" in Spanish). Pure: the caller passes the locale. Building a formatter
 * costs tens of microseconds, so one per locale and style is kept.
 */
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();

function keep<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(key: string, make: () => T): T {
  let format = kept.get(key) as T | undefined;
  if (!format) {
    format = make();
    kept.set(key, format);
  }
  return format;
}

/** The ways Bullpen writes a calendar day. */
export const DAY_STYLES = {
  /** "Mar 1, 2027" / "1 mar 2027" */
  medium: { dateStyle: 'medium' },
  /** "Thu, Nov 26" / "jue, 26 nov": the seven-day grid and short lists */
  weekdayShort: { weekday: 'short', month: 'short', day: 'numeric' },
  /** "Thursday, November 26" / "jueves, 26 de noviembre": where a day is spoken in full */
  weekdayLong: { weekday: 'long', month: 'long', day: 'numeric' },
  /** "Thu" / "jue" */
  weekday: { weekday: 'short' },
  /** "Nov 26" / "26 nov" */
  monthDay: { month: 'short', day: 'numeric' },
  /** "Thu, Nov 26, 2026" / "jue, 26 nov 2026": a day that may be of another year (the status page's date) */
  weekdayShortYear: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  /** "November" / "noviembre": a month's name alone (a rule's cutoff month) */
  monthName: { month: 'long' },
  /** "Thursday" / "jueves": a weekday's name alone (the day a rule's week starts) */
  weekdayName: { weekday: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DayStyle = keyof typeof DAY_STYLES;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a value is a calendar date 'YYYY-MM-DD' (a message's value a reader's format writes). */
export const isCalendarDay = (value: unknown): value is string =>
  typeof value === 'string' && CALENDAR_DATE.test(value);

/**
 * A calendar day 'YYYY-MM-DD' in the reader's language. Calendar days are the league's own, so
 * they are written in UTC and no reader's time zone shifts them; the text itself when not a date.
 */
export function formatDay(locale: UiLocale, day: string, style: DayStyle = 'medium'): string {
  const match = CALENDAR_DATE.exec(day);
  if (!match) return day;
  const format = keep(
    `day:${locale}:${style}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { ...DAY_STYLES[style], timeZone: 'UTC' }),
  );
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

const WALL_CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A wall-clock time 'HH:MM' (a game's start, the league's own) as the reader's language writes times: "5:30 PM" in
 * English, "17:30" in Spanish, as the moments beside it are; the text itself if not such a time.
 */
export function formatClock(locale: UiLocale, time: string): string {
  const match = WALL_CLOCK.exec(time);
  if (!match) return time;
  const format = keep(
    `clock:${locale}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  );
  return format.format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
}

/** The ways Bullpen writes a moment. */
export const MOMENT_STYLES = {
  /** "Mar 4, 2025, 6:30 PM" / "4 mar 2025, 18:30" */
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  /** "6:30:12 PM" / "18:30:12": a tap in the live count */
  timeWithSeconds: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  /** "Tue, May 4, 7:41 PM" / "mar, 4 may, 19:41": an entry of a change history */
  weekdayShortTime: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "Thursday, November 26, 6:30 PM" */
  weekdayTime: { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type MomentStyle = keyof typeof MOMENT_STYLES;

/**
 * A moment in the reader's language, in `timeZone` (the league's, for an email) or the reader's
 * own (a page); '—' when unknown or not a date.
 */
export function formatMoment(
  locale: UiLocale,
  value: string | number | Date | null | undefined,
  style: MomentStyle = 'medium',
  timeZone?: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const format = keep(
    `moment:${locale}:${style}:${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { ...MOMENT_STYLES[style], ...(timeZone ? { timeZone } : {}) }),
  );
  return format.format(date);
}

/** A number as the reader's language writes it ("1,234" / "1234", "0.5" / "0,5"). */
export function formatNumber(locale: UiLocale, value: number, options?: Intl.NumberFormatOptions): string {
  return keep(
    `number:${locale}:${JSON.stringify(options ?? {})}`,
    () => new Intl.NumberFormat(intlLocale(locale), options),
  ).format(value);
}

/** "Ivy, Max and Sam" / "Ivy, Max y Sam" ('disjunction': "Ivy or Max" / "Ivy o Max"). */
export function formatList(
  locale: UiLocale,
  items: readonly string[],
  type: 'conjunction' | 'disjunction' = 'conjunction',
): string {
  return keep(`list:${locale}:${type}`, () => new Intl.ListFormat(intlLocale(locale), { type })).format(items);
}

/** The seven weekday names, Sunday first, short ("Sun" / "dom"): column heads that need no date. */
export function weekdayNames(locale: UiLocale): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => formatDay(locale, `2023-01-0${i + 1}`, 'weekday'));
}
