import { Alert, List, Text } from '@mantine/core';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { AdminModalState } from '../../../components/admin/use-admin-modal.ts';
import { END_GAME_TEXT } from './labels.ts';
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
  return (
    <AdminModal
      opened={modal.mode === 'edit'}
      title={END_GAME_TEXT.title}
      confirmLabel={END_GAME_TEXT.confirm}
      onClose={modal.close}
      onConfirm={onEnd}
      busy={modal.busy}
      error={modal.error}
    >
      <Text size="sm">{END_GAME_TEXT.intro(title)}</Text>
      {pitched.length === 0 ? (
        <Text size="sm" c="dimmed">
          {END_GAME_TEXT.nobody}
        </Text>
      ) : (
        <List size="sm" aria-label="Who pitched" spacing={4}>
          {pitched.map((row) => (
            <List.Item key={row.key}>
              <Text span fw={600} size="sm">
                {row.pitcherName}
              </Text>
              : {pitchedText(row)}
            </List.Item>
          ))}
        </List>
      )}
      {waiting > 0 ? (
        <Alert color="yellow" variant="light" role="status">
          {END_GAME_TEXT.waiting(waiting)}
        </Alert>
      ) : null}
    </AdminModal>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '7 pitches, 1 intentional walk, 3 batters': as the outing will hold it (and the parents' email say it). */
function pitchedText(row: GameBookRow): string {
  const parts = [plural(row.view.pitches, 'pitch', 'pitches')];
  if (row.view.intentionalWalks > 0)
    parts.push(plural(row.view.intentionalWalks, 'intentional walk', 'intentional walks'));
  parts.push(plural(row.view.batters, 'batter', 'batters'));
  return parts.join(', ');
}
