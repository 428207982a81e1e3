import { Text } from '@mantine/core';
import { useState } from 'react';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { Outing } from '../api/list-pitch-outings.ts';
import type { OutingModalProps } from './correct-outing-modal.tsx';
import { playerLabel } from './labels.ts';
import { checkedReason, ReasonField } from './reason-field.tsx';

/** 'Delete outing': a required reason; the outing stays in the history but counts for nothing. */
export function DeleteOutingModal(props: OutingModalProps & { onDelete: (reason: string) => void }) {
  return props.outing ? <DeleteOutingForm {...props} outing={props.outing} /> : null;
}

function DeleteOutingForm({
  outing,
  busy,
  error,
  onClose,
  onProblem,
  onDelete,
}: Parameters<typeof DeleteOutingModal>[0] & { outing: Outing }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const onConfirm = () => {
    const why = checkedReason(reason, onProblem);
    if (why !== null) onDelete(why);
  };
  return (
    <AdminModal
      opened
      title={t('games.deleteOuting.title')}
      kind="delete"
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <Text>
        {t('games.deleteOuting.question', {
          player: playerLabel(outing.jerseyNumber, outing.playerName),
          pitches: outing.pitches,
        })}
      </Text>
      <ReasonField first disabled={busy} value={reason} onChange={setReason} />
    </AdminModal>
  );
}
