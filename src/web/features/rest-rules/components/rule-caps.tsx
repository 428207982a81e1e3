import { Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { WindowPeriod, WindowUnit } from '../../../../core/rules/rule.ts';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import { type CapRow, newCap } from './rule-form.ts';
import { CellNumber } from './rule-inputs.tsx';
import { type RulePartProps, RuleRows } from './rule-rows.tsx';

const CAP_UNIT_OPTIONS: { value: WindowUnit; label: string }[] = [
  { value: 'pitches', label: 'Pitches' },
  { value: 'innings', label: 'Innings' },
  { value: 'outs', label: 'Outs' },
  { value: 'appearances', label: 'Appearances' },
];
const PERIOD_OPTIONS: { value: WindowPeriod; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'season', label: 'Season' },
  { value: 'rolling12Months', label: 'Rolling 12 months' },
  { value: 'rollingDays', label: 'Rolling days' },
];
const WEEKDAY_OPTIONS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
  (label, index) => ({ value: String(index), label }),
);

// Narrow selects in the Caps table.
const CELL_SELECT = { allowDeselect: false, comboboxProps: { width: 'target', withinPortal: true } } as const;

/** The 'Caps' section: the most over a week, a season, 12 rolling months or rolling days. */
export function RuleCaps({ ids, form, edit, busy, isInvalid, focus }: RulePartProps) {
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        The most over a week, a season, 12 rolling months or rolling days; ages empty for any age.
      </Text>
      <RuleRows<CapRow>
        label="Caps"
        rowName="cap"
        columns={['Unit', 'Period', 'Week starts on', 'Days', 'Max', 'Min age', 'Max age']}
        empty="No cap."
        rows={form.caps}
        update={(change) => edit((current) => ({ caps: change(current.caps) }))}
        create={newCap}
        idPrefix={`${ids}-cap`}
        addId={`${ids}-add-cap`}
        addLabel="+ Add Cap"
        busy={busy}
        focus={focus}
        minWidth={640}
        cells={(c, { index, n, id, set }) => [
          <Select
            key="unit"
            {...CELL_SELECT}
            id={id}
            aria-label={`Unit, cap ${n}`}
            data={CAP_UNIT_OPTIONS}
            value={c.unit}
            onChange={(value) => value && set({ unit: value as WindowUnit })}
            disabled={busy}
            error={isInvalid(`windows.${index}.unit`)}
            w={124}
          />,
          <Select
            key="period"
            {...CELL_SELECT}
            aria-label={`Period, cap ${n}`}
            data={PERIOD_OPTIONS}
            value={c.period}
            onChange={(value) => value && set({ period: value as WindowPeriod })}
            disabled={busy}
            error={isInvalid(`windows.${index}.period`)}
            w={150}
          />,
          c.period === 'week' ? (
            <Select
              key="weekStartsOn"
              {...CELL_SELECT}
              aria-label={`Week starts on, cap ${n}`}
              data={WEEKDAY_OPTIONS}
              value={c.weekStartsOn}
              onChange={(value) => value && set({ weekStartsOn: value })}
              disabled={busy}
              error={isInvalid(`windows.${index}.weekStartsOn`)}
              w={120}
            />
          ) : (
            <NotApplicable key="weekStartsOn" />
          ),
          c.period === 'rollingDays' ? (
            <CellNumber
              key="days"
              label={`Days, cap ${n}`}
              value={c.days}
              onChange={(days) => set({ days })}
              min={1}
              max={RULE_LIMITS.maxWindowDays}
              disabled={busy}
              invalid={isInvalid(`windows.${index}.days`)}
            />
          ) : (
            <NotApplicable key="days" />
          ),
          <CellNumber
            key="max"
            label={`Max, cap ${n}`}
            value={c.max}
            onChange={(max) => set({ max })}
            min={1}
            max={RULE_LIMITS.maxWindowCap}
            width={80}
            disabled={busy}
            invalid={isInvalid(`windows.${index}.max`)}
          />,
          <CellNumber
            key="minAge"
            label={`Min age, cap ${n}`}
            value={c.minAge}
            onChange={(minAge) => set({ minAge })}
            max={RULE_LIMITS.maxAge}
            placeholder="any"
            width={56}
            disabled={busy}
            invalid={isInvalid(`windows.${index}.minAge`)}
          />,
          <CellNumber
            key="maxAge"
            label={`Max age, cap ${n}`}
            value={c.maxAge}
            onChange={(maxAge) => set({ maxAge })}
            max={RULE_LIMITS.maxAge}
            placeholder="any"
            width={56}
            disabled={busy}
            invalid={isInvalid(`windows.${index}.maxAge`)}
          />,
        ]}
      />
    </Stack>
  );
}

/** A cell whose field does not apply to the row's period. */
function NotApplicable() {
  return (
    <Text size="sm" c="dimmed" ta="center">
      <span aria-hidden="true">—</span>
      <VisuallyHidden>Not applicable</VisuallyHidden>
    </Text>
  );
}
