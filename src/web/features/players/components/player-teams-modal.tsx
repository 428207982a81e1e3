import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { DoneFooter } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import { type TeamOption, teamLabel } from '../../../lib/team-options.ts';
import type { Player } from '../api/list-players.ts';
import { useAddPlayerToTeam, useRemovePlayerFromTeam } from '../api/roster.ts';

/** A player's teams this season: take them off one, or put them on another (rosters). */
export function PlayerTeamsModal({
  player,
  seasonId,
  teams,
  onClose,
}: {
  player: Player | null;
  seasonId: string;
  teams: TeamOption[];
  onClose: () => void;
}) {
  const t = useT();
  const add = useAddPlayerToTeam();
  const remove = useRemovePlayerFromTeam();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = add.isPending || remove.isPending;
  if (!player) return null;
  // The modal shows the player as the last answer has them, so each change is seen at once.
  const current =
    (add.data?.id === player.id ? add.data : null) ?? (remove.data?.id === player.id ? remove.data : null) ?? player;
  const onTeams = current.teams.filter((team) => team.seasonId === seasonId);
  const choices = teams.filter((team) => !onTeams.some((on) => on.id === team.id));

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      setTeamId(null);
    } catch (caught) {
      setError(adminErrorMessage(caught, t('players.teams.failed')));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={t('players.teamsOf', { name: `${player.firstName} ${player.lastName}` })}
    >
      <Stack gap="md">
        {onTeams.length === 0 ? <Text size="sm">{t('players.teams.none')}</Text> : null}
        {onTeams.map((team) => (
          <Group key={team.id} justify="space-between">
            <Text size="sm">{teamLabel(team)}</Text>
            <Button
              size="xs"
              variant="default"
              color="red"
              disabled={busy}
              aria-label={t('players.teams.removeFrom', { team: team.name })}
              onClick={() => run(() => remove.mutateAsync({ playerId: player.id, teamId: team.id }))}
            >
              {t('common.remove')}
            </Button>
          </Group>
        ))}
        <Group align="flex-end" gap="sm">
          <Select
            label={t('players.teams.addTo')}
            data={choices.map((team) => ({ value: team.id, label: teamLabel(team) }))}
            value={teamId}
            onChange={setTeamId}
            disabled={busy || choices.length === 0}
            placeholder={t(choices.length === 0 ? 'players.teams.noOther' : 'players.teams.choose')}
            style={{ flex: 1 }}
          />
          <Button
            disabled={!teamId || busy}
            loading={add.isPending}
            onClick={() => teamId && run(() => add.mutateAsync({ playerId: player.id, teamId }))}
          >
            {t('common.add')}
          </Button>
        </Group>
        <DoneFooter error={error} busy={busy} onDone={onClose} />
      </Stack>
    </Modal>
  );
}
