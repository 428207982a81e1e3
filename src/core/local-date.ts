/**
 * Calendar dates as the league lives them: 'YYYY-MM-DD' strings, never instants. Rest is counted
 * in calendar days in the league's own time zone (docs/domain.md, What leagues ask of a tracker: one that added
 * milliseconds and converted to UTC was a day off east of UTC), so no function here reads the
 * machine's time zone: arithmetic runs on UTC midnights, which have no daylight-saving gaps.
 */
export type LocalDate = string;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The year of a real calendar date written 'YYYY-MM-DD' (2027-02-30 is not one), or null. */
function yearOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = PATTERN.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const back = new Date(Date.UTC(y, m - 1, d));
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? y : null;
}

/**
 * True for a real calendar date written 'YYYY-MM-DD' that a person may enter: years 1900 to 2999,
 * so the rules' arithmetic (windows, rest, league age) stays inside four-digit years.
 */
export function isLocalDate(value: unknown): value is LocalDate {
  const year = yearOf(value);
  return year !== null && year >= 1900 && year <= 2999;
}

type DateParts = Readonly<{ year: number; month: number; day: number }>;

// The rules engine does date arithmetic on the same few hundred dates over and over: each is checked
// and split once (a bound, not an LRU: beyond it, start again).
const parsed = new Map<string, DateParts>();
const PARSED_MAX = 10_000;

export function parseLocalDate(value: LocalDate): DateParts {
  const known = parsed.get(value);
  if (known) return known;
  if (yearOf(value) === null) throw new RangeError(`Not a date (YYYY-MM-DD): ${String(value)}`);
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const parts = Object.freeze({ year, month, day });
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(value, parts);
  return parts;
}

export function formatLocalDate(year: number, month: number, day: number): LocalDate {
  const date = new Date(Date.UTC(year, month - 1, day));
  const y = String(date.getUTCFullYear()).padStart(4, '0');
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

function dayNumber(value: LocalDate): number {
  const { year, month, day } = parseLocalDate(value);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The date `days` calendar days later (earlier when negative). */
export function addDays(value: LocalDate, days: number): LocalDate {
  const { year, month, day } = parseLocalDate(value);
  return formatLocalDate(year, month, day + days);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(value: LocalDate): number {
  const { year, month, day } = parseLocalDate(value);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function compareDates(a: LocalDate, b: LocalDate): number {
  // ISO dates sort as strings.
  return a < b ? -1 : a > b ? 1 : 0;
}

export function maxDate(a: LocalDate, b: LocalDate): LocalDate {
  return a >= b ? a : b;
}

export function minDate(a: LocalDate, b: LocalDate): LocalDate {
  return a <= b ? a : b;
}

// Building an Intl.DateTimeFormat costs tens of microseconds; one per time zone is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function formatIn(
  formats: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, ...options });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * Today's date in a time zone (an IANA name such as 'America/Chicago'), from an instant. The one
 * place an instant becomes a calendar date; everything after works on dates.
 */
export function todayIn(timeZone: string, now: Date = new Date()): LocalDate {
  const parts = formatIn(dayFormats, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    now,
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The wall-clock time in a time zone, 'YYYY-MM-DDTHH:MM' (compares as text with others like it). */
export function localDateTimeIn(timeZone: string, now: Date = new Date()): string {
  const parts = formatIn(timeFormats, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
    now,
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${todayIn(timeZone, now)}T${get('hour')}:${get('minute')}`;
}

/** Whether a time zone name is one this runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
