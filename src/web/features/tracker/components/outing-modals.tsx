import type { AdminModalState } from '../../../components/admin/use-admin-modal.ts';
import { useT } from '../../../lib/i18n.ts';
import { useDeletePitchOuting } from '../api/delete-pitch-outing.ts';
import type { Outing } from '../api/list-pitch-outings.ts';
import { useUpdatePitchOuting } from '../api/update-pitch-outing.ts';
import { CorrectOutingModal } from './correct-outing-modal.tsx';
import { DeleteOutingModal } from './delete-outing-modal.tsx';

/** Correct and Delete of an outing, each sending the version of the outing as last read (`current`). */
export function OutingModals({
  modal,
  current,
}: {
  modal: AdminModalState<Outing>;
  current: (outing: Outing | null) => Outing | null;
}) {
  const t = useT();
  const update = useUpdatePitchOuting();
  const remove = useDeletePitchOuting();
  return (
    <>
      <CorrectOutingModal
        outing={modal.mode === 'edit' ? current(modal.target) : null}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onProblem={modal.setError}
        onSave={(input) => {
          const target = current(modal.target);
          if (target) {
            void modal.run(
              () => update.mutateAsync({ id: target.id, version: target.version, ...input }),
              t('games.game.saveFailed'),
            );
          }
        }}
      />
      <DeleteOutingModal
        outing={modal.mode === 'delete' ? current(modal.target) : null}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onProblem={modal.setError}
        onDelete={(reason) => {
          const target = current(modal.target);
          if (target) {
            void modal.run(
              () => remove.mutateAsync({ id: target.id, reason, version: target.version }),
              t('games.game.deleteFailed'),
            );
          }
        }}
      />
    </>
  );
}
