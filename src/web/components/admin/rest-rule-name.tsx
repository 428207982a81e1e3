import { Text, Tooltip } from '@mantine/core';
import { describeIntervals, type Interval } from '../../../core/rest-rules.ts';

export interface RestRuleNameProps {
  /** The rule: its name and intervals (RestRule.pitchLimits). */
  rule: { name: string; pitchLimits: readonly Interval[] };
}

/** A rest rule's name; hover or focus shows its intervals as 'pitchCount → daysRest d', by daysRest (spec §2, §9). */
export function RestRuleName({ rule }: RestRuleNameProps) {
  const lines = describeIntervals(rule.pitchLimits);
  const label =
    lines.length === 0 ? (
      'No intervals'
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
