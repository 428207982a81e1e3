import { translatorNow } from '../../../lib/i18n.ts';
import type { DayStatus, TodayStatus } from '../api/pitcher-status.ts';

// Calendar dates are the league's own days: formatted in UTC so no reader's time zone shifts them.
const utcDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const fullDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const spokenDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' });
const chartDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Mon, Apr 12, 2027'. */
export const formatFullDay = (date: string) => fullDay.format(utcDate(date));
/** 'Sat, Apr 17': the dates of the badges and the outings. */
export const formatShortDay = (date: string) => shortDay.format(utcDate(date));
/** 'Saturday, April 17': what a screen reader says for a grid cell. */
export const formatSpokenDay = (date: string) => spokenDay.format(utcDate(date));
/** 'Apr 17': the chart's axis. */
export const formatChartDay = (date: string) => chartDay.format(utcDate(date));
/** 'Sat 17': a grid column's heading. */
export const formatColumnDay = (date: string) => `${weekday.format(utcDate(date))} ${utcDate(date).getUTCDate()}`;

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The few words a grid cell says for each rule a pitch would break. */
const SHORT_REASONS: Record<string, string> = {
  PITCHED_BEFORE_ELIGIBLE: 'rest',
  PITCHED_AFTER_CATCHING_LIMIT: 'caught too many innings',
  TOO_MANY_GAMES_IN_DAY: 'already pitched that day',
  DAILY_MAX_EXCEEDED: 'daily max reached',
  CONSECUTIVE_DAYS_EXCEEDED: 'too many days in a row',
  WINDOW_LIMIT_EXCEEDED: 'cap reached',
};

export function shortReason(reason: { code: string; message: string } | null): string {
  if (!reason) return 'not allowed';
  return SHORT_REASONS[reason.code] ?? reason.message;
}

/** '75 left', or null when no daily max applies. */
export const leftWords = (remaining: number | null) => (remaining === null ? null : `${remaining} left`);

/** 'Saturday, April 17: can pitch, 75 left' / 'Tuesday, April 13: cannot pitch (rest)'. */
export function dayCellName(day: DayStatus): string {
  const when = formatSpokenDay(day.date);
  if (!day.canPitch) return `${when}: cannot pitch (${shortReason(day.reason)})`;
  const left = leftWords(day.remaining);
  return left ? `${when}: can pitch, ${left}` : `${when}: can pitch, no daily max`;
}

export type TodayKind = 'available' | 'resting' | 'not-today';

/**
 * The Today column and the parent's card say the same: 'Available · 75 left', 'Resting · eligible
 * Sat, Apr 17' (the first day they may pitch again), or 'Not today' with the rule's sentence.
 */
export function todayWords(today: TodayStatus): { kind: TodayKind; label: string; detail: string | null } {
  if (today.canPitch) {
    const left = leftWords(today.remainingToday);
    return { kind: 'available', label: left ? `Available · ${left}` : 'Available', detail: null };
  }
  if (today.reason?.code === 'PITCHED_BEFORE_ELIGIBLE' && today.nextEligibleDate) {
    return {
      kind: 'resting',
      label: `Resting · eligible ${formatShortDay(today.nextEligibleDate)}`,
      detail: translatorNow().said(today.reason.said),
    };
  }
  return {
    kind: 'not-today',
    label: 'Not today',
    detail: today.reason ? translatorNow().said(today.reason.said) : null,
  };
}
