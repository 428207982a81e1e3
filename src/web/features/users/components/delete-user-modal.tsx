import { Text } from '@mantine/core';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { User } from '../api/list-users.ts';
import { useFormOnOpen } from './use-form-on-open.ts';

export const DELETE_USER_FAILED = 'Failed to delete user';

/** Delete: 'Confirm deletion of {email}?' (docs/screens.md, Screens). */
export function DeleteUserModal({
  opened,
  user,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  user: User | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  // The email stays on screen while the modal fades out.
  const [email] = useFormOnOpen(opened, () => user?.email ?? '');
  return (
    <AdminModal
      opened={opened}
      title="Delete User"
      kind="delete"
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <Text>{`Confirm deletion of ${email}?`}</Text>
    </AdminModal>
  );
}
