import { useState } from 'react';
import { type ShownPassword, TemporaryPasswordModal } from '../../../components/admin/temporary-password-modal.tsx';
import type { AdminModalState } from '../../../components/admin/use-admin-modal.ts';
import { useT } from '../../../lib/i18n.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import type { User } from '../api/list-users.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { AddUserModal } from './add-user-modal.tsx';
import { DeleteUserModal } from './delete-user-modal.tsx';
import { EditEmailModal } from './edit-email-modal.tsx';
import { EditNameModal } from './edit-name-modal.tsx';
import { UserRolesModal } from './user-roles-modal.tsx';

/** What User Management's buttons open, each sending its change for the user (or the new one). */
export function UserModals({ modal }: { modal: AdminModalState<User> }) {
  const t = useT();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  // A generated temporary password, shown once after Add User; closing forgets it.
  const [shownPassword, setShownPassword] = useState<ShownPassword | null>(null);
  const target = modal.target;

  return (
    <>
      <AddUserModal
        {...modal.props}
        opened={modal.mode === 'add'}
        onSave={(input) =>
          modal.run(async () => {
            const created = await createUser.mutateAsync(input);
            if (created.temporaryPassword)
              setShownPassword({ email: created.email, password: created.temporaryPassword });
          }, t('admin.users.createFailed'))
        }
      />
      <TemporaryPasswordModal
        shown={shownPassword}
        onClose={() => {
          setShownPassword(null);
          // The mutation's answer holds it too: let it go with the dialog.
          createUser.reset();
        }}
      />
      <EditEmailModal
        {...modal.props}
        opened={modal.mode === 'editEmail'}
        user={target}
        onSave={(email) =>
          target &&
          modal.run(() => updateUser.mutateAsync({ id: target.id, email }), t('admin.users.updateEmailFailed'))
        }
      />
      <EditNameModal
        {...modal.props}
        opened={modal.mode === 'editName'}
        user={target}
        onSave={(name) =>
          target &&
          modal.run(() => updateUser.mutateAsync({ id: target.id, ...name }), t('admin.users.updateNameFailed'))
        }
      />
      <UserRolesModal
        {...modal.props}
        opened={modal.mode === 'roles'}
        user={target}
        onSave={(input) =>
          target &&
          modal.run(() => updateUser.mutateAsync({ id: target.id, ...input }), t('admin.users.updateRolesFailed'))
        }
      />
      <DeleteUserModal
        {...modal.props}
        opened={modal.mode === 'delete'}
        user={target}
        onConfirm={() => target && modal.run(() => deleteUser.mutateAsync(target.id), t('admin.users.deleteFailed'))}
      />
    </>
  );
}
