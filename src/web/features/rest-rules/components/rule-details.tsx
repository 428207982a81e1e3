import { Accordion, NumberInput, Stack, Text } from '@mantine/core';
import { INTERVAL_LIMITS } from '../../../../core/admin-inputs.ts';
import { useT } from '../../../lib/i18n.ts';
import { RuleCaps } from './rule-caps.tsx';
import { RuleCounting } from './rule-counting.tsx';
import { RuleDailyLimits } from './rule-daily-limits.tsx';
import type { CatcherField } from './rule-form.ts';
import type { RulePartProps } from './rule-rows.tsx';

const CATCHER_FIELDS: CatcherField[] = [
  'noCatchingAfterPitches',
  'noPitchingAfterCaughtInnings',
  'noCatchingAgainAfterPitches',
];

/**
 * The rule beyond the spec's fields, in collapsible sections so the spec's modal stays first and
 * simple: what is counted and how ages are read, daily limits, caps over longer periods, catchers.
 */
export function RuleDetails({
  sections,
  onSectionsChange,
  ...part
}: RulePartProps & { sections: string[]; onSectionsChange: (sections: string[]) => void }) {
  const t = useT();
  return (
    <Accordion multiple value={sections} onChange={onSectionsChange} variant="contained" order={3}>
      <Accordion.Item value="counting">
        <Accordion.Control>{t('restRules.details.counting')}</Accordion.Control>
        <Accordion.Panel>
          <RuleCounting {...part} />
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="daily">
        <Accordion.Control>{t('restRules.details.daily')}</Accordion.Control>
        <Accordion.Panel>
          <RuleDailyLimits {...part} />
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="caps">
        <Accordion.Control>{t('restRules.details.caps')}</Accordion.Control>
        <Accordion.Panel>
          <RuleCaps {...part} />
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="catcher">
        <Accordion.Control>{t('restRules.details.catcher')}</Accordion.Control>
        <Accordion.Panel>
          <RuleCatcher {...part} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/** The 'Catcher rules' section: each a limit, empty for off. */
function RuleCatcher({ form, edit, busy, isInvalid }: RulePartProps) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {t('restRules.catcher.off')}
      </Text>
      {CATCHER_FIELDS.map((field) => (
        <NumberInput
          key={field}
          label={t(`restRules.catcher.${field}`)}
          description={t(`restRules.catcher.${field}Hint`)}
          value={form.catcher[field]}
          onChange={(value) => edit((current) => ({ catcher: { ...current.catcher, [field]: value } }))}
          min={1}
          max={INTERVAL_LIMITS.maxPitchCount}
          allowDecimal={false}
          clampBehavior="none"
          disabled={busy}
          error={isInvalid(`catcher.${field}`)}
          w={{ base: '100%', xs: 220 }}
        />
      ))}
    </Stack>
  );
}
