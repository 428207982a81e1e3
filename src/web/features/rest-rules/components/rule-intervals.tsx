import { Stack, Text } from '@mantine/core';
import { INTERVAL_LIMITS } from '../../../../core/admin-inputs.ts';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import { useT } from '../../../lib/i18n.ts';
import { type IntervalRow, newInterval } from './rule-form.ts';
import { CellNumber } from './rule-inputs.tsx';
import { type RulePartProps, RuleRows } from './rule-rows.tsx';

/** The spec's Intervals table: from this many pitches on, this many days of rest. */
export function RuleIntervals({ ids, form, edit, busy, isInvalid, focus }: RulePartProps) {
  const t = useT();
  return (
    <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        {t('restRules.intervals.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('restRules.intervals.hint', { unit: form.unit })}
      </Text>
      <RuleRows<IntervalRow>
        label={t('restRules.intervals.title')}
        removeLabel={(n) => t('restRules.intervals.remove', { n })}
        columns={[
          t('restRules.intervals.pitchCount'),
          t('restRules.intervals.daysRest'),
          t('restRules.field.minAge'),
          t('restRules.field.maxAge'),
        ]}
        empty={t('restRules.intervals.empty')}
        rows={form.rows}
        update={(change) => edit((current) => ({ rows: change(current.rows) }))}
        // The spec: a new interval starts at 0 and 0.
        create={newInterval}
        idPrefix={`${ids}-pitch`}
        addId={`${ids}-add-interval`}
        addLabel={t('restRules.intervals.add')}
        busy={busy}
        focus={focus}
        cells={(r, { index, n, id, set }) => [
          <CellNumber
            key="pitchCount"
            id={id}
            width={{ base: 52, xs: 72 }}
            label={t('restRules.intervals.pitchCountOf', { n })}
            value={r.pitchCount}
            onChange={(pitchCount) => set({ pitchCount })}
            max={INTERVAL_LIMITS.maxPitchCount}
            disabled={busy}
            invalid={isInvalid(`pitchLimits.${index}.pitchCount`)}
          />,
          <CellNumber
            key="daysRest"
            label={t('restRules.intervals.daysRestOf', { n })}
            value={r.daysRest}
            onChange={(daysRest) => set({ daysRest })}
            max={INTERVAL_LIMITS.maxDaysRest}
            disabled={busy}
            invalid={isInvalid(`pitchLimits.${index}.daysRest`)}
          />,
          <CellNumber
            key="minAge"
            label={t('restRules.intervals.minAgeOf', { n })}
            value={r.minAge}
            onChange={(minAge) => set({ minAge })}
            max={RULE_LIMITS.maxAge}
            placeholder={t('restRules.field.any')}
            width={{ base: 44, xs: 56 }}
            disabled={busy}
            invalid={isInvalid(`pitchLimits.${index}.minAge`)}
          />,
          <CellNumber
            key="maxAge"
            label={t('restRules.intervals.maxAgeOf', { n })}
            value={r.maxAge}
            onChange={(maxAge) => set({ maxAge })}
            max={RULE_LIMITS.maxAge}
            placeholder={t('restRules.field.any')}
            width={{ base: 44, xs: 56 }}
            disabled={busy}
            invalid={isInvalid(`pitchLimits.${index}.maxAge`)}
          />,
        ]}
      />
    </Stack>
  );
}
