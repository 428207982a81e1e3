import { Stack, Text } from '@mantine/core';
import { INTERVAL_LIMITS } from '../../../../core/admin-inputs.ts';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import { type IntervalRow, newInterval } from './rule-form.ts';
import { CellNumber } from './rule-inputs.tsx';
import { type RulePartProps, RuleRows } from './rule-rows.tsx';

/** The spec's Intervals table: from this many pitches on, this many days of rest. */
export function RuleIntervals({ ids, form, edit, busy, isInvalid, focus }: RulePartProps) {
  return (
    <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        Intervals
      </Text>
      <Text size="xs" c="dimmed">
        From this many {form.unit === 'innings' ? 'innings' : 'pitches'} on, this many days of rest; ages empty for any
        age.
      </Text>
      <RuleRows<IntervalRow>
        label="Intervals"
        rowName="interval"
        columns={['Pitch Count', 'Days Rest', 'Min age', 'Max age']}
        empty="No intervals yet."
        rows={form.rows}
        update={(change) => edit((current) => ({ rows: change(current.rows) }))}
        // The spec: a new interval starts at 0 and 0.
        create={newInterval}
        idPrefix={`${ids}-pitch`}
        addId={`${ids}-add-interval`}
        addLabel="+ Add Interval"
        busy={busy}
        focus={focus}
        cells={(r, { index, n, id, set }) => [
          <CellNumber
            key="pitchCount"
            id={id}
            width={{ base: 52, xs: 72 }}
            label={`Pitch count, interval ${n}`}
            value={r.pitchCount}
            onChange={(pitchCount) => set({ pitchCount })}
            max={INTERVAL_LIMITS.maxPitchCount}
            disabled={busy}
            invalid={isInvalid(`pitchLimits.${index}.pitchCount`)}
          />,
          <CellNumber
            key="daysRest"
            label={`Days rest, interval ${n}`}
            value={r.daysRest}
            onChange={(daysRest) => set({ daysRest })}
            max={INTERVAL_LIMITS.maxDaysRest}
            disabled={busy}
            invalid={isInvalid(`pitchLimits.${index}.daysRest`)}
          />,
          <CellNumber
            key="minAge"
            label={`Min age, interval ${n}`}
            value={r.minAge}
            onChange={(minAge) => set({ minAge })}
            max={RULE_LIMITS.maxAge}
            placeholder="any"
            width={{ base: 44, xs: 56 }}
            disabled={busy}
            invalid={isInvalid(`pitchLimits.${index}.minAge`)}
          />,
          <CellNumber
            key="maxAge"
            label={`Max age, interval ${n}`}
            value={r.maxAge}
            onChange={(maxAge) => set({ maxAge })}
            max={RULE_LIMITS.maxAge}
            placeholder="any"
            width={{ base: 44, xs: 56 }}
            disabled={busy}
            invalid={isInvalid(`pitchLimits.${index}.maxAge`)}
          />,
        ]}
      />
    </Stack>
  );
}
