import { useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { AdminModal } from './admin-modal.tsx';
import { UserPicker } from './user-picker.tsx';
import type { UserSummary } from './user-summary.ts';

export interface AdminsModalProps {
  /** Whether the modal shows; the picker starts from `initialAdmins` each time it opens. */
  opened: boolean;
  /** E.g. 'Manage Admins: Riverside Youth Baseball'. */
  title: string;
  /** The picker's placeholder: 'Type name or email' or 'Search users'. */
  placeholder: string;
  /** The admins now. */
  initialAdmins: UserSummary[];
  /** A hint under the picker's label. */
  description?: string;
  /** The picker's label (default 'Admins'; a team's list is 'Coaches'). */
  label?: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  /** Called with the chosen users' ids, in the order chosen. */
  onSave: (adminIds: string[]) => void;
}

/** Manage Admins: the UserPicker in an AdminModal (docs/screens.md, Screens). */
export function AdminsModal(props: AdminsModalProps) {
  return props.opened ? <AdminsForm {...props} /> : null;
}

function AdminsForm({
  title,
  placeholder,
  initialAdmins,
  description,
  label,
  busy,
  error,
  onClose,
  onSave,
}: AdminsModalProps) {
  const t = useT();
  const [admins, setAdmins] = useState(initialAdmins);
  return (
    <AdminModal
      opened
      title={title}
      onClose={onClose}
      onConfirm={() => onSave(admins.map((user) => user.id))}
      busy={busy}
      error={error}
    >
      <UserPicker
        label={label ?? t('admin.admins')}
        placeholder={placeholder}
        description={description}
        value={admins}
        onChange={setAdmins}
        disabled={busy}
      />
    </AdminModal>
  );
}
