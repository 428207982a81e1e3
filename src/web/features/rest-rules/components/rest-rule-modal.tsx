import { Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { INTERVAL_LIMITS } from '../../../../core/admin-inputs.ts';
import { PRESET_LIST } from '../../../../core/rules/presets.ts';
import { RULE_LIMITS } from '../../../../core/rules/rule.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { RestRuleInput } from '../api/create-rest-rule.ts';
import type { RestRule } from '../api/list-rest-rules.ts';
import { RuleDetails } from './rule-details.tsx';
import {
  checkForm,
  formFor,
  type IntervalRow,
  isMarked,
  newInterval,
  type RuleForm,
  type RuleSection,
} from './rule-form.ts';
import { AddRowButton, CellNumber, RemoveButton } from './rule-inputs.tsx';

export const OPERATION_FAILED = 'Operation failed';

/** Where a preset rule's numbers come from (a small 'Source:' line in the modal). */
function presetSource(rule: RestRule | null): string | null {
  if (!rule?.global || !rule.presetId) return null;
  return PRESET_LIST.find((preset) => preset.id === rule.presetId)?.source ?? null;
}

/**
 * Add or Edit of a rest rule: the spec's Name, Age Group and Intervals table first (docs/screens.md, Screens), then
 * the rest of the rule in collapsible sections. The whole rule is checked with the core schemas
 * before the page sends it as one call that stores the rule and all its intervals together.
 */
export function RestRuleModal({
  opened,
  rule,
  scope,
  busy,
  error,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** The rule to edit; null to add one. */
  rule: RestRule | null;
  /** Where a new rule belongs: global, or the organization chosen as the scope. */
  scope: { global: boolean; organizationId: string | null };
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (input: RestRuleInput) => void;
}) {
  const [form, setForm] = useState<RuleForm>(() => formFor(rule));
  const [marks, setMarks] = useState<{ invalid: string[]; problem: string | null }>({ invalid: [], problem: null });
  const [sections, setSections] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [source, setSource] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  // Each opening starts from the rule (or empty), with no stale message and every section closed.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setForm(formFor(rule));
      setMarks({ invalid: [], problem: null });
      setSections([]);
      setTitle(rule ? 'Edit Rest Rule' : 'Add Rest Rule');
      setSource(presetSource(rule));
    }
  }

  // Keyboard users land on the row they added, or on the section's add button after removing one.
  const ids = useId();
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const edit = (change: (current: RuleForm) => Partial<RuleForm>) => {
    setForm((current) => ({ ...current, ...change(current) }));
    setMarks({ invalid: [], problem: null });
  };
  const editRow = (key: number, change: Partial<IntervalRow>) =>
    edit((current) => ({ rows: current.rows.map((r) => (r.key === key ? { ...r, ...change } : r)) }));

  const onConfirm = () => {
    const owner = rule ? { global: rule.global, organizationId: rule.organizationId } : scope;
    const checked = checkForm(form, owner);
    if (!checked.ok) {
      setMarks({ invalid: checked.invalid, problem: checked.problem });
      const section: RuleSection | null = checked.section;
      if (section) setSections((open) => (open.includes(section) ? open : [...open, section]));
      return;
    }
    onSave(checked.input);
  };

  const isInvalid = (field: string) => isMarked(marks.invalid, field);
  const addIntervalId = `${ids}-add-interval`;

  return (
    <AdminModal
      opened={opened}
      title={title}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={marks.problem ?? error}
      size="xl"
    >
      {source ? (
        <Text size="xs" c="dimmed">
          Source: {source}
        </Text>
      ) : null}
      <TextInput
        label="Name"
        required
        data-autofocus
        disabled={busy}
        value={form.name}
        error={isInvalid('name')}
        onChange={(event) => {
          const name = event.currentTarget.value;
          edit(() => ({ name }));
        }}
      />
      <TextInput
        label="Age Group"
        placeholder="e.g. 9-10"
        required
        disabled={busy}
        value={form.ageGroup}
        error={isInvalid('ageGroup')}
        onChange={(event) => {
          const ageGroup = event.currentTarget.value;
          edit(() => ({ ageGroup }));
        }}
      />
      <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" size="sm" fw={500} p={0}>
          Intervals
        </Text>
        <Text size="xs" c="dimmed">
          From this many {form.unit === 'innings' ? 'innings' : 'pitches'} on, this many days of rest; ages empty for
          any age.
        </Text>
        <Table verticalSpacing={4} horizontalSpacing={4} aria-label="Intervals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Pitch Count</Table.Th>
              <Table.Th scope="col">Days Rest</Table.Th>
              <Table.Th scope="col">Min age</Table.Th>
              <Table.Th scope="col">Max age</Table.Th>
              <Table.Th scope="col">Remove</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    No intervals yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              form.rows.map((r, index) => (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    <CellNumber
                      id={`${ids}-pitch-${r.key}`}
                      width={{ base: 52, xs: 72 }}
                      label={`Pitch count, interval ${index + 1}`}
                      value={r.pitchCount}
                      onChange={(pitchCount) => editRow(r.key, { pitchCount })}
                      max={INTERVAL_LIMITS.maxPitchCount}
                      disabled={busy}
                      invalid={isInvalid(`pitchLimits.${index}.pitchCount`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <CellNumber
                      label={`Days rest, interval ${index + 1}`}
                      value={r.daysRest}
                      onChange={(daysRest) => editRow(r.key, { daysRest })}
                      max={INTERVAL_LIMITS.maxDaysRest}
                      disabled={busy}
                      invalid={isInvalid(`pitchLimits.${index}.daysRest`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <CellNumber
                      label={`Min age, interval ${index + 1}`}
                      value={r.minAge}
                      onChange={(minAge) => editRow(r.key, { minAge })}
                      max={RULE_LIMITS.maxAge}
                      placeholder="any"
                      width={{ base: 44, xs: 56 }}
                      disabled={busy}
                      invalid={isInvalid(`pitchLimits.${index}.minAge`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <CellNumber
                      label={`Max age, interval ${index + 1}`}
                      value={r.maxAge}
                      onChange={(maxAge) => editRow(r.key, { maxAge })}
                      max={RULE_LIMITS.maxAge}
                      placeholder="any"
                      width={{ base: 44, xs: 56 }}
                      disabled={busy}
                      invalid={isInvalid(`pitchLimits.${index}.maxAge`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RemoveButton
                      label={`Remove interval ${index + 1}`}
                      disabled={busy}
                      onClick={() => {
                        edit((current) => ({ rows: current.rows.filter((other) => other.key !== r.key) }));
                        setFocusId(addIntervalId);
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
        <AddRowButton
          id={addIntervalId}
          disabled={busy}
          onClick={() => {
            // The spec: a new interval starts at 0 and 0.
            const added = newInterval();
            edit((current) => ({ rows: [...current.rows, added] }));
            setFocusId(`${ids}-pitch-${added.key}`);
          }}
        >
          + Add Interval
        </AddRowButton>
      </Stack>
      <RuleDetails
        ids={ids}
        form={form}
        edit={edit}
        busy={busy}
        isInvalid={isInvalid}
        sections={sections}
        onSectionsChange={setSections}
        focus={setFocusId}
      />
    </AdminModal>
  );
}
