/** One interval of a rest rule (spec §3 RestProfile): from `pitchCount` pitches on, `daysRest` days of rest. */
export interface Interval {
  pitchCount: number;
  daysRest: number;
}

/** Intervals as the spec shows them: sorted by daysRest ascending, then by pitch count (spec §9). */
export function sortIntervals<T extends Interval>(intervals: readonly T[]): T[] {
  return [...intervals].sort((a, b) => a.daysRest - b.daysRest || a.pitchCount - b.pitchCount);
}

/** One interval as the spec's tooltip reads it: 'pitchCount → daysRest d' (spec §2, §9). */
export function formatInterval(interval: Interval): string {
  return `${interval.pitchCount} → ${interval.daysRest} d`;
}

/** The tooltip lines of a rule, in the spec's order. */
export function describeIntervals(intervals: readonly Interval[]): string[] {
  return sortIntervals(intervals).map(formatInterval);
}
