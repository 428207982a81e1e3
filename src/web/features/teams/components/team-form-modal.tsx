import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { firstProblem, teamNameSchema } from '../../../../core/admin-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { LeagueOption } from '../../../lib/league-options.ts';

export interface TeamFormModalProps {
  opened: boolean;
  /** 'Add Team to Spring 2027' or 'Edit Team'. */
  title: string;
  /** Adding asks for the league; editing only renames. */
  leagues: LeagueOption[] | null;
  initialName: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (input: { name: string; leagueId: string | null }) => void;
}

/** Add or rename a team: its name (and, when adding, its league), checked before anything is sent. */
export function TeamFormModal(props: TeamFormModalProps) {
  return props.opened ? <TeamForm {...props} /> : null;
}

function TeamForm({ title, leagues, initialName, busy, error, onClose, onSave }: TeamFormModalProps) {
  const t = useT();
  const [name, setName] = useState(initialName);
  const [leagueId, setLeagueId] = useState<string | null>(leagues?.length === 1 ? (leagues[0]?.id ?? null) : null);
  const [problems, setProblems] = useState<{ name?: string; league?: string }>({});

  const onConfirm = () => {
    const parsed = teamNameSchema.safeParse(name);
    const found = {
      name: parsed.success ? undefined : firstProblem(parsed.error),
      league: leagues && !leagueId ? t('admin.teams.leagueRequired') : undefined,
    };
    setProblems(found);
    if (parsed.success && !found.league) onSave({ name: parsed.data, leagueId });
  };

  return (
    <AdminModal opened title={title} onClose={onClose} onConfirm={onConfirm} busy={busy} error={error}>
      <TextInput
        label={t('common.name')}
        required
        data-autofocus
        disabled={busy}
        value={name}
        error={problems.name && t.said(problems.name)}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setProblems((p) => ({ ...p, name: undefined }));
        }}
      />
      {leagues ? (
        <Select
          label={t('admin.teams.league')}
          required
          data={leagues.map((l) => ({ value: l.id, label: l.name }))}
          value={leagueId}
          onChange={(value) => {
            setLeagueId(value);
            setProblems((p) => ({ ...p, league: undefined }));
          }}
          error={problems.league}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
    </AdminModal>
  );
}
