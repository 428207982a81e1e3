import { Accordion, NumberInput, Stack, Text } from '@mantine/core';
import { INTERVAL_LIMITS } from '../../../../core/admin-inputs.ts';
import { RuleCaps } from './rule-caps.tsx';
import { RuleCounting } from './rule-counting.tsx';
import { RuleDailyLimits } from './rule-daily-limits.tsx';
import type { CatcherField } from './rule-form.ts';
import type { RulePartProps } from './rule-rows.tsx';

const CATCHER_FIELDS: { field: CatcherField; label: string; description: string }[] = [
  {
    field: 'noCatchingAfterPitches',
    label: 'No catching after pitches',
    description: 'This many pitches in a day or more: no catching for the rest of the day',
  },
  {
    field: 'noPitchingAfterCaughtInnings',
    label: 'No pitching after innings caught',
    description: 'This many innings caught or more: no pitching that day',
  },
  {
    field: 'noCatchingAgainAfterPitches',
    label: 'No catching again after pitches',
    description: 'Caught, then this many pitches or more: no return to catching that day',
  },
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
  return (
    <Accordion multiple value={sections} onChange={onSectionsChange} variant="contained" order={3}>
      <Accordion.Item value="counting">
        <Accordion.Control>Unit and age</Accordion.Control>
        <Accordion.Panel>
          <RuleCounting {...part} />
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="daily">
        <Accordion.Control>Daily limits</Accordion.Control>
        <Accordion.Panel>
          <RuleDailyLimits {...part} />
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="caps">
        <Accordion.Control>Caps</Accordion.Control>
        <Accordion.Panel>
          <RuleCaps {...part} />
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="catcher">
        <Accordion.Control>Catcher rules</Accordion.Control>
        <Accordion.Panel>
          <RuleCatcher {...part} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/** The 'Catcher rules' section: each a limit, empty for off. */
function RuleCatcher({ form, edit, busy, isInvalid }: RulePartProps) {
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        Empty: that rule is off.
      </Text>
      {CATCHER_FIELDS.map(({ field, label, description }) => (
        <NumberInput
          key={field}
          label={label}
          description={description}
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
