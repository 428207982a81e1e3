import { Alert, List, Text } from '@mantine/core';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { AdminModalState } from '../../../components/admin/use-admin-modal.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import type { GameBookRow } from './live-count-model.ts';

export interface EndGameModalProps {
  modal: AdminModalState<unknown>;
  /** 'May 3 vs Lions': the game as the coach knows it. */
  title: string;
  /** The books this team counted: who pitched, and their counts so far. */
  pitched: readonly GameBookRow[];
  /** Taps of this device not yet sent. */
  waiting: number;
  /** Sends what waits, then ends the game; a failure shows in the modal. */
  onEnd: () => void;
}

/**
 * The live count's finish step: the counts so far and who pitched, asked once. Taps
 * still on the device must reach the server first, or they would come after the end and be refused.
 */
export function EndGameModal({ modal, title, pitched, waiting, onEnd }: EndGameModalProps) {
  const t = useT();
  return (
    <AdminModal
      opened={modal.mode === 'edit'}
      title={t('games.endGame.title')}
      confirmLabel={t('games.endGame.title')}
      onClose={modal.close}
      onConfirm={onEnd}
      busy={modal.busy}
      error={modal.error}
    >
      <Text size="sm">{t('games.endGame.intro', { game: title })}</Text>
      {pitched.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('games.endGame.nobody')}
        </Text>
      ) : (
        <List size="sm" aria-label={t('games.endGame.whoPitched')} spacing={4}>
          {pitched.map((row) => (
            <List.Item key={row.key}>
              <Text span fw={600} size="sm">
                {row.pitcherName}
              </Text>
              : {pitchedText(t, row)}
            </List.Item>
          ))}
        </List>
      )}
      {waiting > 0 ? (
        <Alert color="yellow" variant="light" role="status">
          {t('games.endGame.waiting', { count: waiting })}
        </Alert>
      ) : null}
    </AdminModal>
  );
}

/** '7 pitches, 1 intentional walk, 3 batters': as the outing will hold it (and the parents' email say it). */
function pitchedText(t: Translate, row: GameBookRow): string {
  const { pitches, intentionalWalks: walks, batters } = row.view;
  return walks > 0
    ? t('games.endGame.pitchedWithWalks', { pitches, walks, batters })
    : t('games.endGame.pitched', { pitches, batters });
}
