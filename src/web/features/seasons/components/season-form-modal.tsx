import { Checkbox, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { seasonSchema } from '../../../../core/admin-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { type Translate, useT } from '../../../lib/i18n.ts';
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

const stateOptions = (t: Translate): { value: SeasonState; label: string }[] => [
  { value: 'upcoming', label: t('admin.seasons.state.upcoming') },
  { value: 'active', label: t('admin.seasons.state.active') },
  { value: 'archived', label: t('admin.seasons.archivedReadOnly') },
];

/** Add, Edit or Roll a season: name and calendar dates, checked with the core schema before sending. */
export function SeasonFormModal(props: SeasonFormModalProps) {
  return props.opened ? <SeasonForm {...props} /> : null;
}

function SeasonForm({ mode, season, busy, error, onClose, onSave }: SeasonFormModalProps) {
  const t = useT();
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
      ? t('admin.seasons.addTitle')
      : mode === 'edit'
        ? t('admin.seasons.editTitle', { name: season?.name ?? '' })
        : t('admin.seasons.rollTitle', { name: season?.name ?? '' });

  return (
    <AdminModal
      opened
      title={title}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
      confirmLabel={mode === 'roll' ? t('admin.seasons.roll') : undefined}
    >
      {mode === 'roll' && season ? (
        <Text size="sm">{t('admin.seasons.rollExplanation', { name: season.name, teams: season.teamCount })}</Text>
      ) : null}
      <TextInput
        label={mode === 'roll' ? t('admin.seasons.nextName') : t('common.name')}
        placeholder={t('admin.seasons.namePlaceholder')}
        required
        data-autofocus
        disabled={busy}
        value={values.name}
        error={problems.name ? t.said(problems.name) : undefined}
        onChange={(event) => set('name')(event.currentTarget.value)}
      />
      <Stack gap="sm">
        <TextInput
          label={t('admin.seasons.startDate')}
          type="date"
          required
          disabled={busy}
          value={values.startDate}
          error={problems.startDate ? t.said(problems.startDate) : undefined}
          onChange={(event) => set('startDate')(event.currentTarget.value)}
        />
        <TextInput
          label={t('admin.seasons.endDate')}
          type="date"
          required
          disabled={busy}
          value={values.endDate}
          error={problems.endDate ? t.said(problems.endDate) : undefined}
          onChange={(event) => set('endDate')(event.currentTarget.value)}
        />
      </Stack>
      {mode === 'roll' ? (
        <Checkbox
          label={t('admin.seasons.copyRosters')}
          checked={values.copyRosters}
          disabled={busy}
          onChange={(event) => set('copyRosters')(event.currentTarget.checked)}
        />
      ) : (
        <Select
          label={t('admin.seasons.state')}
          description={t('admin.seasons.stateHint')}
          data={mode === 'add' ? stateOptions(t).slice(0, 2) : stateOptions(t)}
          value={values.state}
          onChange={(value) => value && set('state')(value)}
          allowDeselect={false}
          disabled={busy}
        />
      )}
    </AdminModal>
  );
}
