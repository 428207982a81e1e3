import { Checkbox, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { seasonSchema } from '../../../../core/admin-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { SeasonOption, SeasonState } from '../../../lib/season-options.ts';
import type { SeasonInput } from '../api/create-season.ts';

export interface SeasonFormModalProps {
  opened: boolean;
  /** Add (no season), Edit (the season) or Roll (the active season, into a new one). */
  mode: 'add' | 'edit' | 'roll';
  season: SeasonOption | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (input: SeasonInput & { copyRosters: boolean }) => void;
}

const STATE_OPTIONS: { value: SeasonState; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived (read-only)' },
];

/** Add, Edit or Roll a season: name and calendar dates, checked with the core schema before sending. */
export function SeasonFormModal(props: SeasonFormModalProps) {
  return props.opened ? <SeasonForm {...props} /> : null;
}

function SeasonForm({ mode, season, busy, error, onClose, onSave }: SeasonFormModalProps) {
  const [values, setValues] = useState({
    name: mode === 'edit' ? (season?.name ?? '') : '',
    startDate: mode === 'edit' ? (season?.startDate ?? '') : '',
    endDate: mode === 'edit' ? (season?.endDate ?? '') : '',
    state: (mode === 'edit' ? season?.state : 'upcoming') ?? 'upcoming',
    copyRosters: true,
  });
  const [problems, setProblems] = useState<Record<string, string>>({});

  const set = (key: keyof typeof values) => (value: string | boolean) => {
    setValues((current) => ({ ...current, [key]: value }));
    setProblems((current) => ({ ...current, [key]: '' }));
  };

  const onConfirm = () => {
    const parsed = seasonSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setProblems(found);
      return;
    }
    onSave({ ...parsed.data, state: values.state as SeasonState, copyRosters: values.copyRosters });
  };

  const title =
    mode === 'add'
      ? 'Add Season'
      : mode === 'edit'
        ? `Edit Season: ${season?.name ?? ''}`
        : `Roll ${season?.name ?? ''}`;

  return (
    <AdminModal
      opened
      title={title}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
      confirmLabel={mode === 'roll' ? 'Roll Season' : undefined}
    >
      {mode === 'roll' && season ? (
        <Text size="sm">
          {season.name} will be archived: its teams, rosters and pitch history stay, read-only, and still count for
          rest. Its {season.teamCount} team(s) and their coaches start the new season.
        </Text>
      ) : null}
      <TextInput
        label={mode === 'roll' ? 'Name of the next season' : 'Name'}
        placeholder="Spring 2027"
        required
        data-autofocus
        disabled={busy}
        value={values.name}
        error={problems.name || undefined}
        onChange={(event) => set('name')(event.currentTarget.value)}
      />
      <Stack gap="sm">
        <TextInput
          label="Start Date"
          type="date"
          required
          disabled={busy}
          value={values.startDate}
          error={problems.startDate || undefined}
          onChange={(event) => set('startDate')(event.currentTarget.value)}
        />
        <TextInput
          label="End Date"
          type="date"
          required
          disabled={busy}
          value={values.endDate}
          error={problems.endDate || undefined}
          onChange={(event) => set('endDate')(event.currentTarget.value)}
        />
      </Stack>
      {mode === 'roll' ? (
        <Checkbox
          label="Copy rosters: returning players stay on the team of the same name"
          checked={values.copyRosters}
          disabled={busy}
          onChange={(event) => set('copyRosters')(event.currentTarget.checked)}
        />
      ) : (
        <Select
          label="State"
          description="One season per organization may be active. An archived season is read-only."
          data={mode === 'add' ? STATE_OPTIONS.slice(0, 2) : STATE_OPTIONS}
          value={values.state}
          onChange={(value) => value && set('state')(value)}
          allowDeselect={false}
          disabled={busy}
        />
      )}
    </AdminModal>
  );
}
