import { Button, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { firstProblem, INTERVAL_LIMITS, restRuleSchema } from '../../../../core/admin-inputs.ts';
import { sortIntervals } from '../../../../core/rest-rules.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { RestRuleInput } from '../api/create-rest-rule.ts';
import type { RestRule } from '../api/list-rest-rules.ts';

export const OPERATION_FAILED = 'Operation failed';

/** A row of the Intervals table; `key` keeps React's rows apart while rows are removed. */
interface IntervalRow {
  key: number;
  pitchCount: number | string;
  daysRest: number | string;
}

interface RuleForm {
  name: string;
  ageGroup: string;
  rows: IntervalRow[];
  /** Fields to mark as wrong: 'name', 'ageGroup', 'pitchCount.0', 'daysRest.2', ... */
  invalid: string[];
  problem: string | null;
}

let nextRowKey = 1;
const row = (pitchCount: number, daysRest: number): IntervalRow => ({ key: nextRowKey++, pitchCount, daysRest });

function formFor(rule: RestRule | null): RuleForm {
  return {
    name: rule?.name ?? '',
    ageGroup: rule?.ageGroup ?? '',
    rows: sortIntervals(rule?.pitchLimits ?? []).map((interval) => row(interval.pitchCount, interval.daysRest)),
    invalid: [],
    problem: null,
  };
}

/** An empty number field is not a number; the schema then asks for whole numbers. */
const asNumber = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

/**
 * Add or Edit of a rest rule: Name, Age Group and the Intervals table (spec §2), checked with the core
 * schema; the page sends it as one call that stores the rule and all its intervals together.
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
  const [title, setTitle] = useState('');
  const [wasOpened, setWasOpened] = useState(opened);
  // Each opening starts from the rule (or empty), with no stale message.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setForm(formFor(rule));
      setTitle(rule ? 'Edit Rest Rule' : 'Add Rest Rule');
    }
  }

  // Keyboard users land on the row they added, or on '+ Add Interval' after removing one.
  const ids = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ row: number } | 'add' | null>(null);
  useEffect(() => {
    if (focusAfter === null) return;
    if (focusAfter === 'add') addButton.current?.focus();
    else document.getElementById(`${ids}-pitch-${focusAfter.row}`)?.focus();
    setFocusAfter(null);
  }, [focusAfter, ids]);

  const edit = (change: Partial<RuleForm>) =>
    setForm((current) => ({ ...current, ...change, invalid: [], problem: null }));
  const editRow = (key: number, change: Partial<IntervalRow>) =>
    setForm((current) => ({
      ...current,
      rows: current.rows.map((r) => (r.key === key ? { ...r, ...change } : r)),
      invalid: [],
      problem: null,
    }));

  const onConfirm = () => {
    const owner = rule ? { global: rule.global, organizationId: rule.organizationId } : scope;
    const parsed = restRuleSchema.safeParse({
      name: form.name,
      ageGroup: form.ageGroup,
      global: owner.global,
      organizationId: owner.global ? null : owner.organizationId,
      pitchLimits: form.rows.map((r) => ({ pitchCount: asNumber(r.pitchCount), daysRest: asNumber(r.daysRest) })),
    });
    if (!parsed.success) {
      const invalid = parsed.error.issues.map((issue) =>
        issue.path[0] === 'pitchLimits' && issue.path.length === 3
          ? `${String(issue.path[2])}.${String(issue.path[1])}`
          : String(issue.path[0]),
      );
      setForm((current) => ({ ...current, invalid, problem: firstProblem(parsed.error) }));
      return;
    }
    onSave({ ...parsed.data, organizationId: parsed.data.organizationId ?? null });
  };

  const isInvalid = (field: string) => form.invalid.includes(field);

  return (
    <AdminModal
      opened={opened}
      title={title}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={form.problem ?? error}
    >
      <TextInput
        label="Name"
        required
        data-autofocus
        disabled={busy}
        value={form.name}
        error={isInvalid('name')}
        onChange={(event) => edit({ name: event.currentTarget.value })}
      />
      <TextInput
        label="Age Group"
        placeholder="e.g. 9-10"
        required
        disabled={busy}
        value={form.ageGroup}
        error={isInvalid('ageGroup')}
        onChange={(event) => edit({ ageGroup: event.currentTarget.value })}
      />
      <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" size="sm" fw={500} p={0}>
          Intervals
        </Text>
        <Text size="xs" c="dimmed">
          From this many pitches on, this many days of rest.
        </Text>
        <Table verticalSpacing={4} horizontalSpacing="xs" aria-label="Intervals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Pitch Count</Table.Th>
              <Table.Th scope="col">Days Rest</Table.Th>
              <Table.Th scope="col">Remove</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed">
                    No intervals yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              form.rows.map((r, index) => (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    <NumberInput
                      id={`${ids}-pitch-${r.key}`}
                      aria-label={`Pitch count, interval ${index + 1}`}
                      value={r.pitchCount}
                      onChange={(pitchCount) => editRow(r.key, { pitchCount })}
                      min={0}
                      max={INTERVAL_LIMITS.maxPitchCount}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      disabled={busy}
                      error={isInvalid(`pitchCount.${index}`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Days rest, interval ${index + 1}`}
                      value={r.daysRest}
                      onChange={(daysRest) => editRow(r.key, { daysRest })}
                      min={0}
                      max={INTERVAL_LIMITS.maxDaysRest}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      disabled={busy}
                      error={isInvalid(`daysRest.${index}`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      // Mantine's subtle red text is shade 6 (3.3:1 on white); shade 9 reaches 4.5:1.
                      c="red.9"
                      size="compact-sm"
                      aria-label={`Remove interval ${index + 1}`}
                      disabled={busy}
                      onClick={() => {
                        edit({ rows: form.rows.filter((other) => other.key !== r.key) });
                        setFocusAfter('add');
                      }}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
        <div>
          <Button
            variant="default"
            size="compact-sm"
            disabled={busy}
            ref={addButton}
            onClick={() => {
              const added = row(0, 0);
              edit({ rows: [...form.rows, added] });
              setFocusAfter({ row: added.key });
            }}
          >
            + Add Interval
          </Button>
        </div>
      </Stack>
    </AdminModal>
  );
}
