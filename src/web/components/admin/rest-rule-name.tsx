import { Text, Tooltip } from '@mantine/core';
import { type AgedInterval, describeIntervals } from '../../../core/rest-rules.ts';
import { useT } from '../../lib/i18n.ts';

export interface RestRuleNameProps {
  /** The rule: its name and intervals (RestRule.pitchLimits), with their ages when limited to some. */
  rule: { name: string; pitchLimits: readonly AgedInterval[] };
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
      t('restRules.name.noIntervals')
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
  return (
    <Text size="sm" c="dimmed">
      {t('restRules.name.intervals', {
        intervals: describeIntervals(t, rule.pitchLimits).join(', ') || t('restRules.name.none'),
      })}
    </Text>
  );
}
