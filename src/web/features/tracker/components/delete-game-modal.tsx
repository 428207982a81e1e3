import { Text } from '@mantine/core';
import { useState } from 'react';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { Game } from '../api/list-games.ts';
import { gameTitle, TRACKER_TEXT } from './labels.ts';
import { checkedReason, ReasonField } from './reason-field.tsx';

export interface DeleteGameModalProps {
  game: Game | null;
  teamId: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onProblem: (message: string) => void;
  /** `reason`: why a game holding pitching is withdrawn (needed then, kept in its history). */
  onDelete: (reason?: string) => void;
}

/**
 * 'Delete Game' for a game that holds nothing; 'Withdraw Game' for one that holds pitching: kept,
 * with its history, its outings deleted with the reason (an admin's correction, decision 0034).
 */
export function DeleteGameModal(props: DeleteGameModalProps) {
  return props.game ? <DeleteGameForm key={props.game.id} {...props} game={props.game} /> : null;
}

function DeleteGameForm({
  game,
  teamId,
  busy,
  error,
  onClose,
  onProblem,
  onDelete,
}: DeleteGameModalProps & { game: Game }) {
  const [reason, setReason] = useState('');
  const withdraw = game.holdsPitching;
  const onConfirm = () => {
    if (!withdraw) {
      onDelete();
      return;
    }
    const why = checkedReason(reason, onProblem);
    if (why !== null) onDelete(why);
  };
  return (
    <AdminModal
      opened
      title={withdraw ? 'Withdraw Game' : 'Delete Game'}
      kind="delete"
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <Text>{withdraw ? TRACKER_TEXT.withdrawGameQuestion : TRACKER_TEXT.deleteGameQuestion}</Text>
      <Text fw={600} size="sm">
        {gameTitle(game, teamId)}
      </Text>
      {withdraw ? (
        <ReasonField
          description="Kept in the game’s history and on each of its outings"
          first
          disabled={busy}
          value={reason}
          onChange={setReason}
        />
      ) : null}
    </AdminModal>
  );
}
