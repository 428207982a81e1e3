import { Text } from '@mantine/core';
import { useState } from 'react';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { Game } from '../api/list-games.ts';
import { gameTitle } from './game-words.ts';
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
  const t = useT();
  const [reason, setReason] = useState('');
  const withdraw = game.holdsPitching;
  const onConfirm = () => {
    if (!withdraw) {
      onDelete();
      return;
    }
    const why = checkedReason(reason, onProblem, t, t('games.delete.reasonNeeded'));
    if (why !== null) onDelete(why);
  };
  return (
    <AdminModal
      opened
      title={t(withdraw ? 'games.delete.withdrawTitle' : 'games.delete.deleteTitle')}
      kind="delete"
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <Text>{t(withdraw ? 'games.delete.withdrawQuestion' : 'games.delete.deleteQuestion')}</Text>
      <Text fw={600} size="sm">
        {gameTitle(t, game, teamId)}
      </Text>
      {withdraw ? (
        <ReasonField
          description={t('games.delete.reasonHelp')}
          first
          disabled={busy}
          value={reason}
          onChange={setReason}
        />
      ) : null}
    </AdminModal>
  );
}
