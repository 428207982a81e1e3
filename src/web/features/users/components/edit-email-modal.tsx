import { TextInput } from '@mantine/core';
import { emailSchema, firstProblem } from '../../../../core/admin-inputs.ts';
import { type AdminFormProps, AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { User } from '../api/list-users.ts';
import { useFormOnOpen } from './use-form-on-open.ts';

export const UPDATE_EMAIL_FAILED = 'Failed to update email';

/** Edit Email: 'New Email', required (docs/screens.md, Validation). */
export function EditEmailModal({ user, onSave, ...shown }: AdminFormProps<string> & { user: User | null }) {
  const [form, setForm] = useFormOnOpen(shown.opened, () => ({
    of: user?.email ?? '',
    email: user?.email ?? '',
    problem: null as string | null,
  }));

  const onConfirm = () => {
    const parsed = emailSchema.safeParse(form.email);
    if (!parsed.success) {
      setForm((current) => ({ ...current, problem: firstProblem(parsed.error) }));
      return;
    }
    onSave(parsed.data);
  };

  return (
    <AdminModal {...shown} title={`Edit Email of ${form.of}`} onConfirm={onConfirm}>
      <TextInput
        label="New Email"
        type="email"
        autoComplete="off"
        required
        data-autofocus
        disabled={shown.busy}
        value={form.email}
        error={form.problem}
        onChange={(event) => {
          const email = event.currentTarget.value;
          setForm((current) => ({ ...current, email, problem: null }));
        }}
      />
    </AdminModal>
  );
}
