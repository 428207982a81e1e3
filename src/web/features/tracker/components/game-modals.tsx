import { useQuery } from '@tanstack/react-query';
import type { AdminModalState } from '../../../components/admin/use-admin-modal.ts';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import { useCreateGame } from '../api/create-game.ts';
import { useDeleteGame } from '../api/delete-game.ts';
import type { Game } from '../api/list-games.ts';
import { useOpponentTeams } from '../api/list-opponent-teams.ts';
import { useUpdateGame } from '../api/update-game.ts';
import { DeleteGameModal } from './delete-game-modal.tsx';
import { GameFormModal } from './game-form-modal.tsx';

/** What the Games section's buttons open: New Game or Edit (a new game opens once saved), and Delete. */
export function GameModals({
  modal,
  team,
  onOpen,
  onDeleted,
}: {
  modal: AdminModalState<Game>;
  team: CurrentTeam;
  onOpen: (gameId: string) => void;
  onDeleted: (gameId: string) => void;
}) {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const create = useCreateGame();
  const update = useUpdateGame();
  const remove = useDeleteGame();
  const formOpen = modal.mode === 'add' || modal.mode === 'edit';
  const opponents = useOpponentTeams(team.id, formOpen && hasAbility(me.data, 'Query.listOpponentTeams'));
  const target = modal.target;

  return (
    <>
      <GameFormModal
        opened={formOpen}
        teamId={team.id}
        game={modal.mode === 'edit' ? target : null}
        opponents={opponents.data ?? []}
        mayMove={(me.data?.roles ?? []).some((role) => role === 'SuperAdmin' || role === 'admin')}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onProblem={modal.setError}
        onSave={(fields, reason) => {
          if (modal.mode === 'edit' && target) {
            void modal.run(
              () =>
                update.mutateAsync({
                  id: target.id,
                  version: target.version,
                  ...fields,
                  ...(reason ? { reason } : {}),
                }),
              t('games.game.saveFailed'),
            );
          } else {
            void modal.run(async () => {
              const created = await create.mutateAsync(fields);
              onOpen(created.id);
            }, t('games.game.saveFailed'));
          }
        }}
      />

      <DeleteGameModal
        game={modal.mode === 'delete' ? target : null}
        teamId={team.id}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onProblem={modal.setError}
        onDelete={(reason) =>
          target &&
          modal.run(async () => {
            await remove.mutateAsync({ id: target.id, version: target.version, ...(reason ? { reason } : {}) });
            onDeleted(target.id);
          }, t('games.game.deleteFailed'))
        }
      />
    </>
  );
}
