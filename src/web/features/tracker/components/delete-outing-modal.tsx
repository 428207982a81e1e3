import { Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { correctionReasonSchema } from '../../../../core/outing-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { Outing } from '../api/list-pitch-outings.ts';
import type { OutingModalProps } from './correct-outing-modal.tsx';
import { playerLabel } from './labels.ts';

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
    const why = correctionReasonSchema.safeParse(reason);
    if (!why.success) {
      onProblem(why.error.issues[0]?.message ?? 'Say why');
      return;
    }
    onDelete(why.data);
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
      <Textarea
        label="Reason"
        required
        rows={2}
        size="md"
        data-autofocus
        disabled={busy}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </AdminModal>
  );
}
