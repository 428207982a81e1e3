import type { Translate } from './i18n/translator.ts';

/**
 * One interval of a rest rule (docs/screens.md, Records: RestProfile): from `pitchCount` pitches on, `daysRest` days
 * of rest.
 */
export interface Interval {
  pitchCount: number;
  daysRest: number;
}

/** Intervals as the spec shows them: sorted by daysRest ascending, then by pitch count (docs/screens.md, Constants). */
export function sortIntervals<T extends Interval>(intervals: readonly T[]): T[] {
  return [...intervals].sort((a, b) => a.daysRest - b.daysRest || a.pitchCount - b.pitchCount);
}

/** An interval limited to ages (Little League's 15-16 tiers); null or absent ends are open. */
export interface AgedInterval extends Interval {
  minAge?: number | null;
  maxAge?: number | null;
}

/** The ages an interval applies to, as a league writes them ('15-16', '13+', 'up to 14'), or ''. */
export function formatAges(t: Translate, interval: AgedInterval): string {
  const { minAge, maxAge } = interval;
  if (minAge == null && maxAge == null) return '';
  if (minAge != null && maxAge != null) return minAge === maxAge ? `${minAge}` : `${minAge}-${maxAge}`;
  return minAge != null ? t('restRules.ages.from', { min: minAge }) : t('restRules.ages.upTo', { max: maxAge ?? 0 });
}

/**
 * One interval as the spec's tooltip reads it: 'pitchCount → daysRest d' (docs/screens.md, Screens and Constants),
 * with its ages after it when it is limited to some ('1 → 0 d (ages 15-16)'), in the reader's language.
 */
export function formatInterval(t: Translate, interval: AgedInterval): string {
  const ages = formatAges(t, interval);
  const values = { pitchCount: interval.pitchCount, daysRest: interval.daysRest };
  return ages ? t('restRules.intervalForAges', { ...values, ages }) : t('restRules.interval', values);
}

/** The tooltip lines of a rule, in the spec's order. */
export function describeIntervals(t: Translate, intervals: readonly AgedInterval[]): string[] {
  return sortIntervals(intervals).map((interval) => formatInterval(t, interval));
}
