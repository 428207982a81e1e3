import { Text } from '@mantine/core';
import { useState } from 'react';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
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
  const [reason, setReason] = useState('');
  const onConfirm = () => {
    const why = checkedReason(reason, onProblem);
    if (why !== null) onDelete(why);
  };
  return (
    <AdminModal
      opened
      title="Delete outing"
      kind="delete"
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <Text>
        Delete the outing of {playerLabel(outing.jerseyNumber, outing.playerName)} ({outing.pitches} pitches)? It stays
        in the history with your reason, but no longer counts for rest.
      </Text>
      <ReasonField first disabled={busy} value={reason} onChange={setReason} />
    </AdminModal>
  );
}
