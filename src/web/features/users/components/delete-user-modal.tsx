import { Text } from '@mantine/core';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { User } from '../api/list-users.ts';
import { useFormOnOpen } from './use-form-on-open.ts';

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
  const t = useT();
  // The email stays on screen while the modal fades out.
  const [email] = useFormOnOpen(opened, () => user?.email ?? '');
  return (
    <AdminModal
      opened={opened}
      title={t('admin.users.deleteTitle')}
      kind="delete"
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <Text>{t('admin.users.deleteQuestion', { email })}</Text>
    </AdminModal>
  );
}
