import { Text, Tooltip } from '@mantine/core';
import { type AgedInterval, sortIntervals } from '../../../core/rest-rules.ts';
import { type Translate, useT } from '../../lib/i18n.ts';

export interface RestRuleNameProps {
  /** The rule: its name and intervals (RestRule.pitchLimits), with their ages when limited to some. */
  rule: { name: string; pitchLimits: readonly AgedInterval[] };
}

/** The ages an interval applies to, as a league writes them ('15-16', '13+', 'up to 14'), or ''. */
function agesOf(t: Translate, { minAge, maxAge }: AgedInterval): string {
  if (minAge == null && maxAge == null) return '';
  if (minAge != null && maxAge != null) {
    return minAge === maxAge ? t.number(minAge) : t('admin.restRule.agesBetween', { min: minAge, max: maxAge });
  }
  return minAge != null
    ? t('admin.restRule.agesFrom', { min: minAge })
    : t('admin.restRule.agesUpTo', { max: maxAge ?? 0 });
}

/**
 * A rule's intervals as the spec's tooltip reads them, by daysRest: 'pitchCount → daysRest d' (docs/screens.md,
 * Screens and Constants), with the ages of an age-limited one: '1 → 0 d (ages 15-16)'.
 */
export function describeIntervals(t: Translate, intervals: readonly AgedInterval[]): string[] {
  return sortIntervals(intervals).map((interval) => {
    const ages = agesOf(t, interval);
    const values = { pitches: interval.pitchCount, days: interval.daysRest };
    return ages ? t('admin.restRule.intervalForAges', { ...values, ages }) : t('admin.restRule.interval', values);
  });
}

/**
 * A rest rule's name; hover or focus shows its intervals as 'pitchCount → daysRest d', by daysRest
 * (docs/screens.md, Screens and Constants), with the ages of an age-limited one: '1 → 0 d (ages 15+)'.
 */
export function RestRuleName({ rule }: RestRuleNameProps) {
  const t = useT();
  const lines = describeIntervals(t, rule.pitchLimits);
  const label =
    lines.length === 0 ? (
      t('admin.restRule.noIntervals')
    ) : (
      <span style={{ display: 'block' }}>
        {lines.map((line) => (
          <span key={line} style={{ display: 'block' }}>
            {line}
          </span>
        ))}
      </span>
    );
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: true }} withArrow multiline>
      {/* Focusable so keyboard users get the tooltip too. */}
      <Text component="span" size="sm" tabIndex={0} style={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {rule.name}
      </Text>
    </Tooltip>
  );
}

/** A chosen rule's intervals in one line, under the picker that chose it. */
export function RestRuleIntervals({ rule }: { rule: { pitchLimits: readonly AgedInterval[] } }) {
  const t = useT();
  const lines = describeIntervals(t, rule.pitchLimits);
  return (
    <Text size="sm" c="dimmed">
      {lines.length > 0
        ? t('admin.restRule.intervals', { intervals: lines.join(', ') })
        : t('admin.restRule.intervalsNone')}
    </Text>
  );
}
