import { Checkbox, Group, NumberInput, Radio, Select, Stack } from '@mantine/core';
import type { RuleUnit } from '../../../../core/rules/rule.ts';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import { useT } from '../../../lib/i18n.ts';
import type { RulePartProps } from './rule-rows.tsx';

const UNITS: RuleUnit[] = ['pitches', 'innings'];

/** The 'Unit and age' section: what the rule counts, how ages are read, and how a count is credited. */
export function RuleCounting({ form, edit, busy, isInvalid }: RulePartProps) {
  const t = useT();
  const unitOptions = UNITS.map((value) => ({ value, label: t(`restRules.unit.${value}`) }));
  // '1' (January) to '12' (December), by name.
  const monthOptions = Array.from({ length: 12 }, (_, index) => ({
    value: String(index + 1),
    label: t.day(`2023-${String(index + 1).padStart(2, '0')}-01`, 'monthName'),
  }));
  const yearOptions = [
    { value: '0', label: t('restRules.counting.thisYear') },
    { value: '-1', label: t('restRules.counting.previousYear') },
  ];
  return (
    <Stack gap="sm">
      <Select
        label={t('restRules.counting.unit')}
        description={t('restRules.counting.unitHint')}
        data={unitOptions}
        value={form.unit}
        onChange={(value) => value && edit(() => ({ unit: value as RuleUnit }))}
        allowDeselect={false}
        disabled={busy}
        error={isInvalid('unit')}
      />
      <Radio.Group
        label={t('restRules.counting.ageBasis')}
        value={form.ageKind}
        onChange={(value) => edit(() => ({ ageKind: value === 'actual' ? 'actual' : 'cutoff' }))}
      >
        <Stack gap={6} mt={6}>
          <Radio value="cutoff" label={t('restRules.counting.cutoff')} disabled={busy} />
          <Radio value="actual" label={t('restRules.counting.actual')} disabled={busy} />
        </Stack>
      </Radio.Group>
      {form.ageKind === 'cutoff' ? (
        <Group gap="xs" align="flex-start" wrap="wrap">
          <Select
            label={t('restRules.counting.cutoffMonth')}
            data={monthOptions}
            value={form.cutoffMonth}
            onChange={(value) => value && edit(() => ({ cutoffMonth: value }))}
            allowDeselect={false}
            disabled={busy}
            error={isInvalid('ageBasis.month')}
            w={140}
          />
          <NumberInput
            label={t('restRules.counting.cutoffDay')}
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
            label={t('restRules.counting.year')}
            data={yearOptions}
            value={form.yearOffset}
            onChange={(value) => value && edit(() => ({ yearOffset: value }))}
            allowDeselect={false}
            disabled={busy}
            w={150}
          />
        </Group>
      ) : null}
      <Checkbox
        label={t('restRules.counting.finishBatter')}
        description={t('restRules.counting.finishBatterHint')}
        checked={form.finishBatter}
        onChange={(event) => {
          const finishBatter = event.currentTarget.checked;
          edit(() => ({ finishBatter }));
        }}
        disabled={busy}
      />
      <NumberInput
        label={t('restRules.counting.walkCredit')}
        description={t('restRules.counting.walkCreditHint')}
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
