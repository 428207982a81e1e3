import { formatDay, formatMoment } from '../../core/i18n/format.ts';
import { currentLocale } from './i18n.ts';

/** A date-time in the page's language and the reader's time zone, e.g. "Mar 4, 2025, 6:30 PM"; '—' when unknown. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  return formatMoment(currentLocale(), value);
}

/** A calendar date 'YYYY-MM-DD' in the page's language, e.g. "Mar 1, 2027" / "1 mar 2027"; the text itself if not a date. */
export function formatDate(value: string): string {
  return formatDay(currentLocale(), value);
}

/** A moment as the calendar day it was in the reader's own time zone, written as `formatDate` writes days. */
export function formatDayOf(moment: string | number | Date): string {
  return formatDate(localToday(new Date(moment)));
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
