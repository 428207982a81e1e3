import { Group, NumberInput, Stack, Text } from '@mantine/core';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import { type DailyLimitRow, newDailyLimit } from './rule-form.ts';
import { CellNumber } from './rule-inputs.tsx';
import { type RulePartProps, RuleRows } from './rule-rows.tsx';

/** The 'Daily limits' section: the most a day by age, games a day, days in a row. */
export function RuleDailyLimits({ ids, form, edit, busy, isInvalid, focus }: RulePartProps) {
  return (
    <Stack gap="sm">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          The most a pitcher of these ages may {form.unit === 'innings' ? 'pitch, in innings,' : 'throw'} in a day.
        </Text>
        <RuleRows<DailyLimitRow>
          label="Daily limits"
          rowName="daily limit"
          columns={['Min age', 'Max age', 'Max per day']}
          empty="No daily limit."
          rows={form.dailyLimits}
          update={(change) => edit((current) => ({ dailyLimits: change(current.dailyLimits) }))}
          create={newDailyLimit}
          idPrefix={`${ids}-daily`}
          addId={`${ids}-add-daily`}
          addLabel="+ Add Daily Limit"
          busy={busy}
          focus={focus}
          cells={(d, { index, n, id, set }) => [
            <CellNumber
              key="minAge"
              id={id}
              label={`Min age, daily limit ${n}`}
              value={d.minAge}
              onChange={(minAge) => set({ minAge })}
              max={RULE_LIMITS.maxAge}
              disabled={busy}
              invalid={isInvalid(`dailyLimits.${index}.minAge`)}
            />,
            <CellNumber
              key="maxAge"
              label={`Max age, daily limit ${n}`}
              value={d.maxAge}
              onChange={(maxAge) => set({ maxAge })}
              max={RULE_LIMITS.maxAge}
              disabled={busy}
              invalid={isInvalid(`dailyLimits.${index}.maxAge`)}
            />,
            <CellNumber
              key="max"
              label={`Max per day, daily limit ${n}`}
              value={d.max}
              onChange={(max) => set({ max })}
              min={1}
              max={RULE_LIMITS.maxDailyCount}
              width={80}
              disabled={busy}
              invalid={isInvalid(`dailyLimits.${index}.max`)}
            />,
          ]}
        />
      </Stack>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NumberInput
          label="Games per day"
          description="Empty: no limit"
          value={form.maxGamesPerDay}
          onChange={(maxGamesPerDay) => edit(() => ({ maxGamesPerDay }))}
          min={1}
          max={RULE_LIMITS.maxGamesPerDay}
          allowDecimal={false}
          clampBehavior="none"
          disabled={busy}
          error={isInvalid('maxGamesPerDay')}
          w={{ base: '100%', xs: 180 }}
        />
        <NumberInput
          label="Days in a row"
          description="Most in a row; empty: no rule"
          value={form.maxConsecutiveDays}
          onChange={(maxConsecutiveDays) => edit(() => ({ maxConsecutiveDays }))}
          min={1}
          max={RULE_LIMITS.maxConsecutiveDays}
          allowDecimal={false}
          clampBehavior="none"
          disabled={busy}
          error={isInvalid('maxConsecutiveDays')}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
    </Stack>
  );
}
