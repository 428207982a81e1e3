const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date-time in the reader's own locale and time zone, e.g. "Mar 4, 2025, 6:30 PM"; '—' when unknown. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

// Calendar dates are the league's own days: formatted in UTC so no reader's time zone shifts them.
const calendarDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar date 'YYYY-MM-DD' as the reader writes dates, e.g. "Mar 1, 2027"; the text itself if not a date. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return calendarDate.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** "Mar 1, 2027 – Jun 30, 2027". */
export function formatDateRange(start: string, end: string): string {
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/** Today on the reader's own calendar, 'YYYY-MM-DD' (a birth date may not be later). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A server's or the rules engine's sentence with its calendar dates written as the reader writes
 * dates ("eligible 2027-04-16" reads "eligible Apr 16, 2027"): one format on every page.
 */
export function withLocalDates(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (date) => formatDate(date));
}
