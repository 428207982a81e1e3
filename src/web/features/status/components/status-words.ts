import type { WireMessage } from '../../../../core/i18n/messages.ts';
import { reasonLines } from '../../../lib/answer.ts';
import type { Translate } from '../../../lib/i18n.ts';
import type { DayStatus, TodayStatus } from '../api/pitcher-status.ts';

// Calendar dates are the league's own days: `t.day` writes them in UTC, so no reader's time zone shifts them.

/** 'Mon, Apr 12, 2027'. */
export const formatFullDay = (t: Translate, date: string) => t.day(date, 'weekdayShortYear');
/** 'Sat, Apr 17': the dates of the badges and the outings. */
export const formatShortDay = (t: Translate, date: string) => t.day(date, 'weekdayShort');
/** 'Saturday, April 17': what a screen reader says for a grid cell. */
export const formatSpokenDay = (t: Translate, date: string) => t.day(date, 'weekdayLong');
/** 'Apr 17': the chart's axis. */
export const formatChartDay = (t: Translate, date: string) => t.day(date, 'monthDay');
/** 'Sat 17': a grid column's heading. */
export const formatColumnDay = (t: Translate, date: string) =>
  t('status.grid.columnDay', { weekday: t.day(date, 'weekday'), day: t.number(Number(date.slice(8, 10))) });

/** '1 day', '4 days'. */
export const daysWords = (t: Translate, days: number) => t('status.days', { days });

/** The codes a grid cell has a few words for: the rules a pitch would break. */
const SHORT_REASON_CODES = [
  'PITCHED_BEFORE_ELIGIBLE',
  'PITCHED_AFTER_CATCHING_LIMIT',
  'TOO_MANY_GAMES_IN_DAY',
  'DAILY_MAX_EXCEEDED',
  'CONSECUTIVE_DAYS_EXCEEDED',
  'WINDOW_LIMIT_EXCEEDED',
] as const;
type ShortReasonCode = (typeof SHORT_REASON_CODES)[number];

/** The few words a grid cell says for the rule a pitch would break; the rule's sentence for a code it has none for. */
export function shortReason(t: Translate, reason: { code: string; said: WireMessage } | null): string {
  if (!reason) return t('status.shortReason.notAllowed');
  return (SHORT_REASON_CODES as readonly string[]).includes(reason.code)
    ? t(`status.shortReason.${reason.code as ShortReasonCode}`)
    : t.said(reason.said);
}

/** 'Saturday, April 17: can pitch, 75 left' / 'Tuesday, April 13: cannot pitch (rest)'. */
export function dayCellName(t: Translate, day: DayStatus): string {
  const when = formatSpokenDay(t, day.date);
  if (!day.canPitch) return t('status.grid.cellCannotPitch', { day: when, reason: shortReason(t, day.reason) });
  return day.remaining === null
    ? t('status.grid.cellCanPitchNoMax', { day: when })
    : t('status.grid.cellCanPitchLeft', { day: when, remaining: day.remaining });
}

export type TodayKind = 'available' | 'resting' | 'not-today';

/**
 * The Today column and the parent's card say the same: 'Available · 75 left', 'Resting · eligible
 * Sat, Apr 17' (the first day they may pitch again), or 'Not today' with the rule's sentence.
 */
export function todayWords(
  t: Translate,
  today: TodayStatus,
): { kind: TodayKind; label: string; detail: string | null } {
  // Every rule that holds the pitcher out, each with its date (the plate card and the emails say the same).
  const every = today.reasons.length ? reasonLines(t, today.reasons).join(' ') : null;
  if (today.canPitch) {
    const label =
      today.remainingToday === null
        ? t('status.today.available')
        : t('status.today.availableLeft', { remaining: today.remainingToday });
    return { kind: 'available', label, detail: null };
  }
  if (today.reason?.code === 'PITCHED_BEFORE_ELIGIBLE' && today.nextEligibleDate) {
    return {
      kind: 'resting',
      label: t('status.today.resting', { date: formatShortDay(t, today.nextEligibleDate) }),
      detail: every ?? t.said(today.reason.said),
    };
  }
  return {
    kind: 'not-today',
    label: t('status.today.notToday'),
    detail: every ?? (today.reason ? t.said(today.reason.said) : null),
  };
}
