import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminModal } from './admin-modal.tsx';
import type { AdminModalState } from './use-admin-modal.ts';

/**
 * The screen's Delete modal: the question, then what is deleted (`children`, by default the row's
 * name in bold). Delete runs `onDelete` on the row; a failure stays in the modal as `failed`.
 */
export function DeleteModal<Row extends object>({
  modal,
  title,
  question,
  failed,
  onDelete,
  children,
}: {
  modal: AdminModalState<Row>;
  /** 'Delete League'. */
  title: string;
  question?: string;
  failed: string;
  onDelete: (row: Row) => Promise<unknown>;
  children?: ReactNode;
}) {
  const target = modal.target;
  const name = target && 'name' in target && typeof target.name === 'string' ? target.name : null;
  return (
    <AdminModal
      opened={modal.mode === 'delete'}
      title={title}
      kind="delete"
      onClose={modal.close}
      onConfirm={() => target && modal.run(() => onDelete(target), failed)}
      busy={modal.busy}
      error={modal.error}
    >
      {question ? <Text>{question}</Text> : null}
      {children === undefined && name ? (
        <Text fw={600} size="sm">
          {name}
        </Text>
      ) : (
        children
      )}
    </AdminModal>
  );
}
