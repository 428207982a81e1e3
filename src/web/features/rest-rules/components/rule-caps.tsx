import { Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { WindowPeriod, WindowUnit } from '../../../../core/rules/rule.ts';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import { useT } from '../../../lib/i18n.ts';
import { type CapRow, newCap } from './rule-form.ts';
import { CellNumber } from './rule-inputs.tsx';
import { type RulePartProps, RuleRows } from './rule-rows.tsx';

const CAP_UNITS: WindowUnit[] = ['pitches', 'innings', 'outs', 'appearances'];
const PERIODS: WindowPeriod[] = ['week', 'season', 'rolling12Months', 'rollingDays'];

// Narrow selects in the Caps table.
const CELL_SELECT = { allowDeselect: false, comboboxProps: { width: 'target', withinPortal: true } } as const;

/** The 'Caps' section: the most over a week, a season, 12 rolling months or rolling days. */
export function RuleCaps({ ids, form, edit, busy, isInvalid, focus }: RulePartProps) {
  const t = useT();
  const unitOptions = CAP_UNITS.map((value) => ({ value, label: t(`restRules.unit.${value}`) }));
  const periodOptions = PERIODS.map((value) => ({ value, label: t(`restRules.period.${value}`) }));
  // Sunday ('0') to Saturday ('6'), by name: 2023-01-01 was a Sunday.
  const weekdayOptions = Array.from({ length: 7 }, (_, index) => ({
    value: String(index),
    label: t.day(`2023-01-0${index + 1}`, 'weekdayName'),
  }));
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        {t('restRules.caps.hint')}
      </Text>
      <RuleRows<CapRow>
        label={t('restRules.details.caps')}
        removeLabel={(n) => t('restRules.caps.remove', { n })}
        columns={[
          t('restRules.caps.unit'),
          t('restRules.caps.period'),
          t('restRules.caps.weekStartsOn'),
          t('restRules.caps.days'),
          t('restRules.caps.max'),
          t('restRules.field.minAge'),
          t('restRules.field.maxAge'),
        ]}
        empty={t('restRules.caps.empty')}
        rows={form.caps}
        update={(change) => edit((current) => ({ caps: change(current.caps) }))}
        create={newCap}
        idPrefix={`${ids}-cap`}
        addId={`${ids}-add-cap`}
        addLabel={t('restRules.caps.add')}
        busy={busy}
        focus={focus}
        minWidth={640}
        cells={(c, { index, n, id, set }) => [
          <Select
            key="unit"
            {...CELL_SELECT}
            id={id}
            aria-label={t('restRules.caps.unitOf', { n })}
            data={unitOptions}
            value={c.unit}
            onChange={(value) => value && set({ unit: value as WindowUnit })}
            disabled={busy}
            error={isInvalid(`windows.${index}.unit`)}
            w={124}
          />,
          <Select
            key="period"
            {...CELL_SELECT}
            aria-label={t('restRules.caps.periodOf', { n })}
            data={periodOptions}
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
              aria-label={t('restRules.caps.weekStartsOnOf', { n })}
              data={weekdayOptions}
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
              label={t('restRules.caps.daysOf', { n })}
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
            label={t('restRules.caps.maxOf', { n })}
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
            label={t('restRules.caps.minAgeOf', { n })}
            value={c.minAge}
            onChange={(minAge) => set({ minAge })}
            max={RULE_LIMITS.maxAge}
            placeholder={t('restRules.field.any')}
            width={56}
            disabled={busy}
            invalid={isInvalid(`windows.${index}.minAge`)}
          />,
          <CellNumber
            key="maxAge"
            label={t('restRules.caps.maxAgeOf', { n })}
            value={c.maxAge}
            onChange={(maxAge) => set({ maxAge })}
            max={RULE_LIMITS.maxAge}
            placeholder={t('restRules.field.any')}
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
  const t = useT();
  return (
    <Text size="sm" c="dimmed" ta="center">
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{t('restRules.caps.notApplicable')}</VisuallyHidden>
    </Text>
  );
}
