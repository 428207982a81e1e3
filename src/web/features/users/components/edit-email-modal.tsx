import { TextInput } from '@mantine/core';
import { emailSchema, firstProblem } from '../../../../core/admin-inputs.ts';
import { type AdminFormProps, AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { User } from '../api/list-users.ts';
import { useFormOnOpen } from './use-form-on-open.ts';

/** Edit Email: 'New Email', required (docs/screens.md, Validation). */
export function EditEmailModal({ user, onSave, ...shown }: AdminFormProps<string> & { user: User | null }) {
  const t = useT();
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
    <AdminModal {...shown} title={t('admin.users.editEmailOf', { email: form.of })} onConfirm={onConfirm}>
      <TextInput
        label={t('admin.users.newEmail')}
        type="email"
        autoComplete="off"
        required
        data-autofocus
        disabled={shown.busy}
        value={form.email}
        error={form.problem && t.said(form.problem)}
        onChange={(event) => {
          const email = event.currentTarget.value;
          setForm((current) => ({ ...current, email, problem: null }));
        }}
      />
    </AdminModal>
  );
}
