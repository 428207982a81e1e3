import { Checkbox, Group, NumberInput, Radio, Select, Stack } from '@mantine/core';
import type { RuleUnit } from '../../../../core/rules/rule.ts';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import type { RulePartProps } from './rule-rows.tsx';

const UNIT_OPTIONS: { value: RuleUnit; label: string }[] = [
  { value: 'pitches', label: 'Pitches' },
  { value: 'innings', label: 'Innings' },
];
const MONTH_OPTIONS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
].map((label, index) => ({ value: String(index + 1), label }));
const YEAR_OPTIONS = [
  { value: '0', label: 'This year' },
  { value: '-1', label: 'Previous year' },
];

/** The 'Unit and age' section: what the rule counts, how ages are read, and how a count is credited. */
export function RuleCounting({ form, edit, busy, isInvalid }: RulePartProps) {
  return (
    <Stack gap="sm">
      <Select
        label="Unit"
        description="What the intervals and daily limits count"
        data={UNIT_OPTIONS}
        value={form.unit}
        onChange={(value) => value && edit(() => ({ unit: value as RuleUnit }))}
        allowDeselect={false}
        disabled={busy}
        error={isInvalid('unit')}
      />
      <Radio.Group
        label="Age basis"
        value={form.ageKind}
        onChange={(value) => edit(() => ({ ageKind: value === 'actual' ? 'actual' : 'cutoff' }))}
      >
        <Stack gap={6} mt={6}>
          <Radio value="cutoff" label="League age on a cutoff date" disabled={busy} />
          <Radio value="actual" label="Actual age on the game date" disabled={busy} />
        </Stack>
      </Radio.Group>
      {form.ageKind === 'cutoff' ? (
        <Group gap="xs" align="flex-start" wrap="wrap">
          <Select
            label="Cutoff month"
            data={MONTH_OPTIONS}
            value={form.cutoffMonth}
            onChange={(value) => value && edit(() => ({ cutoffMonth: value }))}
            allowDeselect={false}
            disabled={busy}
            error={isInvalid('ageBasis.month')}
            w={140}
          />
          <NumberInput
            label="Cutoff day"
            value={form.cutoffDay}
            onChange={(cutoffDay) => edit(() => ({ cutoffDay }))}
            min={1}
            max={31}
            allowDecimal={false}
            clampBehavior="none"
            disabled={busy}
            error={isInvalid('ageBasis.day')}
            w={96}
          />
          <Select
            label="Year"
            data={YEAR_OPTIONS}
            value={form.yearOffset}
            onChange={(value) => value && edit(() => ({ yearOffset: value }))}
            allowDeselect={false}
            disabled={busy}
            w={150}
          />
        </Group>
      ) : null}
      <Checkbox
        label="Finish the batter"
        description="Rest and the daily max read the count when the last batter came up"
        checked={form.finishBatter}
        onChange={(event) => {
          const finishBatter = event.currentTarget.checked;
          edit(() => ({ finishBatter }));
        }}
        disabled={busy}
      />
      <NumberInput
        label="Intentional walk credit"
        description="Pitches added for an intentional walk granted without pitches"
        value={form.intentionalWalkPitches}
        onChange={(intentionalWalkPitches) => edit(() => ({ intentionalWalkPitches }))}
        min={0}
        max={RULE_LIMITS.maxIntentionalWalkPitches}
        allowDecimal={false}
        clampBehavior="none"
        disabled={busy}
        error={isInvalid('intentionalWalkPitches')}
        w={{ base: '100%', xs: 220 }}
      />
    </Stack>
  );
}
