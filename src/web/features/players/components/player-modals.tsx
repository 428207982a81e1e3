import { Text } from '@mantine/core';
import { DeleteModal } from '../../../components/admin/delete-modal.tsx';
import type { AdminModalState } from '../../../components/admin/use-admin-modal.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import type { LeagueOption } from '../../../lib/league-options.ts';
import type { SeasonOption } from '../../../lib/season-options.ts';
import type { TeamOption } from '../../../lib/team-options.ts';
import { useCreatePlayer } from '../api/create-player.ts';
import { useDeletePlayer } from '../api/delete-player.ts';
import type { Player } from '../api/list-players.ts';
import { useUpdatePlayer } from '../api/update-player.ts';
import { GuardiansModal } from './guardians-modal.tsx';
import { ImportModal } from './import-modal.tsx';
import { PlayerFormModal } from './player-form-modal.tsx';
import { PlayerTeamsModal } from './player-teams-modal.tsx';
import { removalAskedWords } from './players-table.tsx';

/** The confirmation of a deletion that cannot be undone (children's data, docs/reliability.md, security requirement 27). */
export function deleteQuestion(t: Translate, player: Pick<Player, 'firstName' | 'lastName'>): string {
  return t('players.delete.question', { name: `${player.firstName} ${player.lastName}` });
}

/** What Player Management's buttons open: add or edit, teams, parents, the roster import, delete. */
export function PlayerModals({
  modal,
  organizationId,
  season,
  teams,
  teamId,
  leagues,
}: {
  modal: AdminModalState<Player>;
  organizationId: string;
  season: SeasonOption | null;
  /** The season's teams. */
  teams: TeamOption[];
  /** The team the screen shows, if one: a new player joins it unless another is chosen. */
  teamId: string | null;
  /** The organization's leagues, for the import. */
  leagues: LeagueOption[];
}) {
  const t = useT();
  const create = useCreatePlayer();
  const update = useUpdatePlayer();
  const remove = useDeletePlayer();
  const target = modal.target;

  return (
    <>
      <PlayerFormModal
        {...modal.props}
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        player={modal.mode === 'edit' ? target : null}
        teams={modal.mode === 'add' ? teams : null}
        initialTeamId={teamId}
        onSave={({ teamId: chosenTeam, ...input }) =>
          modal.run(
            () =>
              target
                ? update.mutateAsync({ id: target.id, version: target.version, ...input })
                : create.mutateAsync({ organizationId, teamId: chosenTeam, ...input }),
            t('players.form.saveFailed'),
          )
        }
      />

      {modal.mode === 'manageTeams' && season ? (
        <PlayerTeamsModal player={target} seasonId={season.id} teams={teams} onClose={modal.close} />
      ) : null}
      {modal.mode === 'manageGuardians' ? <GuardiansModal player={target} onClose={modal.close} /> : null}
      {season ? (
        <ImportModal
          opened={modal.mode === 'import'}
          organizationId={organizationId}
          seasonId={season.id}
          seasonName={season.name}
          leagues={leagues}
          teams={teams}
          initialTeamId={teamId}
          onClose={modal.close}
        />
      ) : null}

      <DeleteModal
        modal={modal}
        title={t('players.delete.title')}
        failed={t('players.delete.failed')}
        onDelete={(player) => remove.mutateAsync(player.id)}
      >
        {target ? <Text>{deleteQuestion(t, target)}</Text> : null}
        {target?.removalRequest ? <Text size="sm">{removalAskedWords(t, target.removalRequest)}</Text> : null}
      </DeleteModal>
    </>
  );
}
