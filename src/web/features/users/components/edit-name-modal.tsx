import { TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { firstProblem, userNameSchema } from '../../../../core/admin-inputs.ts';
import { type AdminFormProps, AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { User } from '../api/list-users.ts';
import { useFormOnOpen } from './use-form-on-open.ts';

type NameKey = 'givenName' | 'familyName';

/** Edit Name: first and last name, both required (docs/screens.md, Validation). */
export function EditNameModal({
  user,
  onSave,
  ...shown
}: AdminFormProps<{ givenName: string; familyName: string }> & { user: User | null }) {
  const t = useT();
  const [form, setForm] = useFormOnOpen(shown.opened, () => ({
    of: user?.email ?? '',
    values: { givenName: user?.givenName ?? '', familyName: user?.familyName ?? '' },
    invalid: [] as string[],
    problem: null as string | null,
  }));
  const field = (key: NameKey) => ({
    value: form.values[key],
    error: form.invalid.includes(key),
    disabled: shown.busy,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, values: { ...current.values, [key]: value }, invalid: [], problem: null }));
    },
  });

  const onConfirm = () => {
    const parsed = userNameSchema.safeParse(form.values);
    if (!parsed.success) {
      // One message for both fields, in the error box; the empty fields are marked.
      const invalid = parsed.error.issues.map((issue) => String(issue.path[0]));
      setForm((current) => ({ ...current, invalid, problem: firstProblem(parsed.error) }));
      return;
    }
    onSave(parsed.data);
  };

  return (
    <AdminModal
      {...shown}
      title={t('admin.users.editNameOf', { email: form.of })}
      onConfirm={onConfirm}
      error={form.problem ? t.said(form.problem) : shown.error}
    >
      <TextInput
        label={t('admin.person.firstName')}
        autoComplete="off"
        required
        data-autofocus
        {...field('givenName')}
      />
      <TextInput label={t('admin.person.lastName')} autoComplete="off" required {...field('familyName')} />
    </AdminModal>
  );
}
