import { Group, NumberInput, Stack, Text } from '@mantine/core';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import { useT } from '../../../lib/i18n.ts';
import { type DailyLimitRow, newDailyLimit } from './rule-form.ts';
import { CellNumber } from './rule-inputs.tsx';
import { type RulePartProps, RuleRows } from './rule-rows.tsx';

/** The 'Daily limits' section: the most a day by age, games a day, days in a row. */
export function RuleDailyLimits({ ids, form, edit, busy, isInvalid, focus }: RulePartProps) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {t('restRules.daily.hint', { unit: form.unit })}
        </Text>
        <RuleRows<DailyLimitRow>
          label={t('restRules.details.daily')}
          removeLabel={(n) => t('restRules.daily.remove', { n })}
          columns={[t('restRules.field.minAge'), t('restRules.field.maxAge'), t('restRules.daily.maxPerDay')]}
          empty={t('restRules.daily.empty')}
          rows={form.dailyLimits}
          update={(change) => edit((current) => ({ dailyLimits: change(current.dailyLimits) }))}
          create={newDailyLimit}
          idPrefix={`${ids}-daily`}
          addId={`${ids}-add-daily`}
          addLabel={t('restRules.daily.add')}
          busy={busy}
          focus={focus}
          cells={(d, { index, n, id, set }) => [
            <CellNumber
              key="minAge"
              id={id}
              label={t('restRules.daily.minAgeOf', { n })}
              value={d.minAge}
              onChange={(minAge) => set({ minAge })}
              max={RULE_LIMITS.maxAge}
              disabled={busy}
              invalid={isInvalid(`dailyLimits.${index}.minAge`)}
            />,
            <CellNumber
              key="maxAge"
              label={t('restRules.daily.maxAgeOf', { n })}
              value={d.maxAge}
              onChange={(maxAge) => set({ maxAge })}
              max={RULE_LIMITS.maxAge}
              disabled={busy}
              invalid={isInvalid(`dailyLimits.${index}.maxAge`)}
            />,
            <CellNumber
              key="max"
              label={t('restRules.daily.maxPerDayOf', { n })}
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
          label={t('restRules.daily.games')}
          description={t('restRules.daily.gamesHint')}
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
          label={t('restRules.daily.days')}
          description={t('restRules.daily.daysHint')}
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
