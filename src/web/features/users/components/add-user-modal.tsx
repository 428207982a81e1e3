import { Checkbox, PasswordInput, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { newUserSchema } from '../../../../core/admin-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { CreateUserInput } from '../api/create-user.ts';
import { fieldErrors } from './field-errors.ts';
import { useFormOnOpen } from './use-form-on-open.ts';

type Field = 'email' | 'temporaryPassword' | 'givenName' | 'familyName';

const EMPTY_FORM = {
  values: { email: '', temporaryPassword: '', givenName: '', familyName: '' },
  // The spec's form asks for the password; generating it is this project's option (shown once after Save).
  generate: false,
  errors: {} as Record<string, string>,
};

const generatedSchema = newUserSchema.omit({ temporaryPassword: true });

/**
 * Add User: the four fields checked with the core schema (values trimmed except the password, docs/screens.md,
 * Validation).
 */
export function AddUserModal({
  opened,
  busy,
  error,
  onClose,
  onSave,
}: {
  opened: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (input: CreateUserInput) => void;
}) {
  const t = useT();
  const [form, setForm] = useFormOnOpen(opened, () => EMPTY_FORM);
  const problem = form.errors;
  const field = (key: Field) => ({
    value: form.values[key],
    error: problem[key] && t.said(problem[key]),
    disabled: busy,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setForm((current) => ({
        ...current,
        values: { ...current.values, [key]: value },
        errors: { ...current.errors, [key]: undefined } as Record<string, string>,
      }));
    },
  });

  const onConfirm = () => {
    const parsed = form.generate ? generatedSchema.safeParse(form.values) : newUserSchema.safeParse(form.values);
    if (!parsed.success) {
      setForm((current) => ({ ...current, errors: fieldErrors(parsed.error) }));
      return;
    }
    onSave(parsed.data);
  };

  return (
    <AdminModal
      opened={opened}
      title={t('admin.users.addTitle')}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <TextInput
        label={t('common.email')}
        type="email"
        autoComplete="off"
        required
        data-autofocus
        {...field('email')}
      />
      {form.generate ? null : (
        <PasswordInput
          label={t('admin.users.temporaryPassword')}
          description={t('admin.users.temporaryPasswordHint')}
          autoComplete="new-password"
          required
          {...field('temporaryPassword')}
        />
      )}
      <Checkbox
        label={t('admin.users.generatePassword')}
        description={t('admin.users.generatePasswordHint')}
        checked={form.generate}
        disabled={busy}
        onChange={(event) => {
          const generate = event.currentTarget.checked;
          setForm((current) => ({
            values: { ...current.values, temporaryPassword: '' },
            generate,
            errors: Object.fromEntries(Object.entries(current.errors).filter(([key]) => key !== 'temporaryPassword')),
          }));
        }}
      />
      <TextInput label={t('admin.person.firstName')} autoComplete="off" required {...field('givenName')} />
      <TextInput label={t('admin.person.lastName')} autoComplete="off" required {...field('familyName')} />
    </AdminModal>
  );
}
