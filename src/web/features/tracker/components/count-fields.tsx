import { Button, Chip, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type OutingCounts, outingCountsSchema } from '../../../../core/outing-inputs.ts';
import { useT } from '../../../lib/i18n.ts';

/** The count fields as typed: text for the numbers, inning numbers for the innings. */
export interface CountValues {
  pitches: string;
  pitchesBeforeLastBatter: string;
  pitchedInnings: number[];
  caughtInnings: number[];
  outs: string;
  intentionalWalks: string;
}

export const EMPTY_COUNTS: CountValues = {
  pitches: '',
  pitchesBeforeLastBatter: '',
  pitchedInnings: [],
  caughtInnings: [],
  outs: '',
  intentionalWalks: '',
};

/** The fields of a stored outing, to correct it. */
export function countValuesOf(counts: OutingCounts): CountValues {
  return {
    pitches: String(counts.pitches),
    pitchesBeforeLastBatter: counts.pitchesBeforeLastBatter === null ? '' : String(counts.pitchesBeforeLastBatter),
    pitchedInnings: [...counts.pitchedInnings],
    caughtInnings: [...counts.caughtInnings],
    outs: String(counts.outs),
    intentionalWalks: String(counts.intentionalWalks),
  };
}

/** A typed number: empty is `empty`, anything but a plain number is NaN (the schema says what is wrong). */
function numberOf(text: string, empty: number | null): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  return /^[-+]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The typed counts checked with the core's outingCountsSchema, as the server checks them. */
export function parseCounts(values: CountValues) {
  return outingCountsSchema.safeParse({
    pitches: numberOf(values.pitches, 0),
    pitchesBeforeLastBatter: numberOf(values.pitchesBeforeLastBatter, null),
    pitchedInnings: values.pitchedInnings,
    caughtInnings: values.caughtInnings,
    outs: numberOf(values.outs, 0),
    intentionalWalks: numberOf(values.intentionalWalks, 0),
  });
}

/** The innings a picker shows at first; 'More innings' adds up to the extra-inning games' 12. */
const REGULAR_INNINGS = 9;
const MOST_INNINGS = 12;

/** Inning numbers as chips (checkboxes): Tab to reach, Space to toggle, named 'Inning 3' in a group. */
function InningsPicker(props: {
  label: string;
  value: number[];
  onChange: (innings: number[]) => void;
  disabled: boolean;
}) {
  const t = useT();
  const [more, setMore] = useState(props.value.some((inning) => inning > REGULAR_INNINGS));
  const shown = more ? MOST_INNINGS : REGULAR_INNINGS;
  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Text component="span" size="md" fw="var(--mantine-font-weight-medium)">
          {props.label}
        </Text>
      }
      styles={{ legend: { marginBottom: 6 } }}
    >
      <Chip.Group
        multiple
        value={props.value.map(String)}
        onChange={(values) => props.onChange(values.map(Number).sort((a, b) => a - b))}
      >
        <Group gap={6}>
          {Array.from({ length: shown }, (_, i) => i + 1).map((inning) => (
            <Chip
              key={inning}
              value={String(inning)}
              size="md"
              disabled={props.disabled}
              aria-label={t('tracker.counts.inning', { inning })}
            >
              {inning}
            </Chip>
          ))}
          {more ? null : (
            <Button variant="subtle" size="compact-md" onClick={() => setMore(true)} disabled={props.disabled}>
              {t('tracker.counts.moreInnings')}
            </Button>
          )}
        </Group>
      </Chip.Group>
    </Fieldset>
  );
}

/** Pitches, the count at the last batter, innings pitched and caught, outs and intentional walks. */
export function CountFields(props: {
  values: CountValues;
  onChange: (values: CountValues) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Shown between the numbers and the innings (the rest preview on a phone, in sight while typing). */
  between?: ReactNode;
}) {
  const { values, disabled = false } = props;
  const t = useT();
  const set =
    <K extends keyof CountValues>(key: K) =>
    (value: CountValues[K]) =>
      props.onChange({ ...values, [key]: value });
  const numberInput = (key: 'pitches' | 'pitchesBeforeLastBatter' | 'outs' | 'intentionalWalks') => ({
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    size: 'md' as const,
    disabled,
    value: values[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.value),
  });
  return (
    <Stack gap="md">
      {/* Bottom-aligned: a label that wraps, or a description, keeps the boxes side by side in line. */}
      <SimpleGrid cols={2} spacing="md" style={{ alignItems: 'end' }}>
        <TextInput
          label={t('tracker.counts.pitches')}
          data-autofocus={props.autoFocus || undefined}
          {...numberInput('pitches')}
        />
        <TextInput
          label={t('tracker.counts.pitchesBeforeLastBatter')}
          description={t('tracker.text.pitchesBeforeHelp')}
          {...numberInput('pitchesBeforeLastBatter')}
        />
        <TextInput label={t('tracker.counts.outs')} {...numberInput('outs')} />
        <TextInput label={t('tracker.counts.intentionalWalks')} {...numberInput('intentionalWalks')} />
      </SimpleGrid>
      {props.between}
      <InningsPicker
        label={t('tracker.counts.inningsPitched')}
        value={values.pitchedInnings}
        onChange={set('pitchedInnings')}
        disabled={disabled}
      />
      <InningsPicker
        label={t('tracker.counts.inningsCaught')}
        value={values.caughtInnings}
        onChange={set('caughtInnings')}
        disabled={disabled}
      />
    </Stack>
  );
}
