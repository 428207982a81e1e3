import {
  Accordion,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { INTERVAL_LIMITS } from '../../../../core/admin-inputs.ts';
import type { RuleUnit, WindowPeriod, WindowUnit } from '../../../../core/rules/rule.ts';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import {
  type CapRow,
  type CatcherField,
  type DailyLimitRow,
  type NumberValue,
  newCap,
  newDailyLimit,
  type RuleForm,
} from './rule-form.ts';
import { AddRowButton, CellNumber, RemoveButton } from './rule-inputs.tsx';

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

// Narrow selects in the Caps table.
const CELL_SELECT = { allowDeselect: false, comboboxProps: { width: 'target', withinPortal: true } } as const;

/**
 * The rule beyond the spec's fields, in collapsible sections so the spec's modal stays first and
 * simple: what is counted and how ages are read, daily limits, caps over longer periods, catchers.
 */
export function RuleDetails({
  ids,
  form,
  edit,
  busy,
  isInvalid,
  sections,
  onSectionsChange,
  focus,
}: {
  /** The modal's id prefix, for the rows' first fields and the add buttons. */
  ids: string;
  form: RuleForm;
  edit: (change: (current: RuleForm) => Partial<RuleForm>) => void;
  busy: boolean;
  isInvalid: (field: string) => boolean;
  sections: string[];
  onSectionsChange: (sections: string[]) => void;
  /** Moves the keyboard focus to the element with this id once it is on screen. */
  focus: (id: string) => void;
}) {
  const editDaily = (key: number, change: Partial<DailyLimitRow>) =>
    edit((current) => ({ dailyLimits: current.dailyLimits.map((d) => (d.key === key ? { ...d, ...change } : d)) }));
  const editCap = (key: number, change: Partial<CapRow>) =>
    edit((current) => ({ caps: current.caps.map((c) => (c.key === key ? { ...c, ...change } : c)) }));
  const editCatcher = (field: CatcherField, value: NumberValue) =>
    edit((current) => ({ catcher: { ...current.catcher, [field]: value } }));
  const addDailyId = `${ids}-add-daily`;
  const addCapId = `${ids}-add-cap`;

  return (
    <Accordion multiple value={sections} onChange={onSectionsChange} variant="contained" order={3}>
      <Accordion.Item value="counting">
        <Accordion.Control>Unit and age</Accordion.Control>
        <Accordion.Panel>
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
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="daily">
        <Accordion.Control>Daily limits</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Stack gap={6}>
              <Text size="xs" c="dimmed">
                The most a pitcher of these ages may {form.unit === 'innings' ? 'pitch, in innings,' : 'throw'} in a
                day.
              </Text>
              <Table verticalSpacing={4} horizontalSpacing={4} aria-label="Daily limits">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Min age</Table.Th>
                    <Table.Th scope="col">Max age</Table.Th>
                    <Table.Th scope="col">Max per day</Table.Th>
                    <Table.Th scope="col">Remove</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {form.dailyLimits.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text size="sm" c="dimmed">
                          No daily limit.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    form.dailyLimits.map((d, index) => (
                      <Table.Tr key={d.key}>
                        <Table.Td>
                          <CellNumber
                            id={`${ids}-daily-${d.key}`}
                            label={`Min age, daily limit ${index + 1}`}
                            value={d.minAge}
                            onChange={(minAge) => editDaily(d.key, { minAge })}
                            max={RULE_LIMITS.maxAge}
                            disabled={busy}
                            invalid={isInvalid(`dailyLimits.${index}.minAge`)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <CellNumber
                            label={`Max age, daily limit ${index + 1}`}
                            value={d.maxAge}
                            onChange={(maxAge) => editDaily(d.key, { maxAge })}
                            max={RULE_LIMITS.maxAge}
                            disabled={busy}
                            invalid={isInvalid(`dailyLimits.${index}.maxAge`)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <CellNumber
                            label={`Max per day, daily limit ${index + 1}`}
                            value={d.max}
                            onChange={(max) => editDaily(d.key, { max })}
                            min={1}
                            max={RULE_LIMITS.maxDailyCount}
                            width={80}
                            disabled={busy}
                            invalid={isInvalid(`dailyLimits.${index}.max`)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <RemoveButton
                            label={`Remove daily limit ${index + 1}`}
                            disabled={busy}
                            onClick={() => {
                              edit((current) => ({
                                dailyLimits: current.dailyLimits.filter((other) => other.key !== d.key),
                              }));
                              focus(addDailyId);
                            }}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
              <AddRowButton
                id={addDailyId}
                disabled={busy}
                onClick={() => {
                  const added = newDailyLimit();
                  edit((current) => ({ dailyLimits: [...current.dailyLimits, added] }));
                  focus(`${ids}-daily-${added.key}`);
                }}
              >
                + Add Daily Limit
              </AddRowButton>
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
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="caps">
        <Accordion.Control>Caps</Accordion.Control>
        <Accordion.Panel>
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              The most over a week, a season, 12 rolling months or rolling days; ages empty for any age.
            </Text>
            <Table.ScrollContainer minWidth={640} type="native">
              <Table verticalSpacing={4} horizontalSpacing={4} aria-label="Caps">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Unit</Table.Th>
                    <Table.Th scope="col">Period</Table.Th>
                    <Table.Th scope="col">Week starts on</Table.Th>
                    <Table.Th scope="col">Days</Table.Th>
                    <Table.Th scope="col">Max</Table.Th>
                    <Table.Th scope="col">Min age</Table.Th>
                    <Table.Th scope="col">Max age</Table.Th>
                    <Table.Th scope="col">Remove</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {form.caps.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={8}>
                        <Text size="sm" c="dimmed">
                          No cap.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    form.caps.map((c, index) => {
                      const n = index + 1;
                      return (
                        <Table.Tr key={c.key}>
                          <Table.Td>
                            <Select
                              {...CELL_SELECT}
                              id={`${ids}-cap-${c.key}`}
                              aria-label={`Unit, cap ${n}`}
                              data={CAP_UNIT_OPTIONS}
                              value={c.unit}
                              onChange={(value) => value && editCap(c.key, { unit: value as WindowUnit })}
                              disabled={busy}
                              error={isInvalid(`windows.${index}.unit`)}
                              w={124}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Select
                              {...CELL_SELECT}
                              aria-label={`Period, cap ${n}`}
                              data={PERIOD_OPTIONS}
                              value={c.period}
                              onChange={(value) => value && editCap(c.key, { period: value as WindowPeriod })}
                              disabled={busy}
                              error={isInvalid(`windows.${index}.period`)}
                              w={150}
                            />
                          </Table.Td>
                          <Table.Td>
                            {c.period === 'week' ? (
                              <Select
                                {...CELL_SELECT}
                                aria-label={`Week starts on, cap ${n}`}
                                data={WEEKDAY_OPTIONS}
                                value={c.weekStartsOn}
                                onChange={(value) => value && editCap(c.key, { weekStartsOn: value })}
                                disabled={busy}
                                error={isInvalid(`windows.${index}.weekStartsOn`)}
                                w={120}
                              />
                            ) : (
                              <NotApplicable />
                            )}
                          </Table.Td>
                          <Table.Td>
                            {c.period === 'rollingDays' ? (
                              <CellNumber
                                label={`Days, cap ${n}`}
                                value={c.days}
                                onChange={(days) => editCap(c.key, { days })}
                                min={1}
                                max={RULE_LIMITS.maxWindowDays}
                                disabled={busy}
                                invalid={isInvalid(`windows.${index}.days`)}
                              />
                            ) : (
                              <NotApplicable />
                            )}
                          </Table.Td>
                          <Table.Td>
                            <CellNumber
                              label={`Max, cap ${n}`}
                              value={c.max}
                              onChange={(max) => editCap(c.key, { max })}
                              min={1}
                              max={RULE_LIMITS.maxWindowCap}
                              width={80}
                              disabled={busy}
                              invalid={isInvalid(`windows.${index}.max`)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <CellNumber
                              label={`Min age, cap ${n}`}
                              value={c.minAge}
                              onChange={(minAge) => editCap(c.key, { minAge })}
                              max={RULE_LIMITS.maxAge}
                              placeholder="any"
                              width={56}
                              disabled={busy}
                              invalid={isInvalid(`windows.${index}.minAge`)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <CellNumber
                              label={`Max age, cap ${n}`}
                              value={c.maxAge}
                              onChange={(maxAge) => editCap(c.key, { maxAge })}
                              max={RULE_LIMITS.maxAge}
                              placeholder="any"
                              width={56}
                              disabled={busy}
                              invalid={isInvalid(`windows.${index}.maxAge`)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <RemoveButton
                              label={`Remove cap ${n}`}
                              disabled={busy}
                              onClick={() => {
                                edit((current) => ({ caps: current.caps.filter((other) => other.key !== c.key) }));
                                focus(addCapId);
                              }}
                            />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <AddRowButton
              id={addCapId}
              disabled={busy}
              onClick={() => {
                const added = newCap();
                edit((current) => ({ caps: [...current.caps, added] }));
                focus(`${ids}-cap-${added.key}`);
              }}
            >
              + Add Cap
            </AddRowButton>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>

      <Accordion.Item value="catcher">
        <Accordion.Control>Catcher rules</Accordion.Control>
        <Accordion.Panel>
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
                onChange={(value) => editCatcher(field, value)}
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
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
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
