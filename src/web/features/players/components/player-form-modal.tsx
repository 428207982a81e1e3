import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { playerSchema } from '../../../../core/player-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { localToday } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { type TeamOption, teamLabel } from '../../../lib/team-options.ts';
import type { PlayerInput } from '../api/create-player.ts';
import type { Player } from '../api/list-players.ts';

export interface PlayerFormModalProps {
  opened: boolean;
  player: Player | null;
  /** When adding: the season's teams to put the player on (optional). */
  teams: TeamOption[] | null;
  initialTeamId: string | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (input: PlayerInput & { teamId: string | null }) => void;
}

/** Add or Edit a player: names, birth date, jersey; checked with the core schema before sending. */
export function PlayerFormModal(props: PlayerFormModalProps) {
  return props.opened ? <PlayerForm {...props} /> : null;
}

function PlayerForm({ player, teams, initialTeamId, busy, error, onClose, onSave }: PlayerFormModalProps) {
  const t = useT();
  const [values, setValues] = useState({
    firstName: player?.firstName ?? '',
    lastName: player?.lastName ?? '',
    birthDate: player?.birthDate ?? '',
    jerseyNumber: player?.jerseyNumber ?? '',
  });
  const [teamId, setTeamId] = useState<string | null>(initialTeamId);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const field = (key: keyof typeof values) => ({
    value: values[key],
    disabled: busy,
    error: problems[key] ? t.said(problems[key]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
      setProblems((current) => ({ ...current, [key]: '' }));
    },
  });

  const onConfirm = () => {
    const parsed = playerSchema(localToday()).safeParse({
      ...values,
      jerseyNumber: values.jerseyNumber.trim() || null,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setProblems(found);
      return;
    }
    onSave({ ...parsed.data, jerseyNumber: parsed.data.jerseyNumber ?? null, teamId });
  };

  return (
    <AdminModal
      opened
      title={
        player
          ? t('players.form.editTitle', { name: `${player.firstName} ${player.lastName}` })
          : t('players.form.addTitle')
      }
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <TextInput
        label={t('players.field.firstName')}
        required
        data-autofocus
        autoComplete="off"
        {...field('firstName')}
      />
      <TextInput label={t('players.field.lastName')} required autoComplete="off" {...field('lastName')} />
      <TextInput label={t('players.field.birthDate')} type="date" required {...field('birthDate')} />
      <TextInput
        label={t('players.field.jerseyNumber')}
        inputMode="numeric"
        maxLength={3}
        autoComplete="off"
        {...field('jerseyNumber')}
      />
      {teams ? (
        <Select
          label={t('players.field.team')}
          description={t('players.form.teamHint')}
          data={teams.map((team) => ({ value: team.id, label: teamLabel(team) }))}
          value={teamId}
          onChange={setTeamId}
          clearable
          disabled={busy}
        />
      ) : null}
    </AdminModal>
  );
}
