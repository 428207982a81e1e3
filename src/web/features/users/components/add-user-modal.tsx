import { Checkbox, PasswordInput, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { newUserSchema } from '../../../../core/admin-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import type { CreateUserInput } from '../api/create-user.ts';
import { fieldErrors } from './field-errors.ts';
import { useFormOnOpen } from './use-form-on-open.ts';

export const CREATE_USER_FAILED = 'Failed to create user';

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
  const [form, setForm] = useFormOnOpen(opened, () => EMPTY_FORM);
  const field = (key: Field) => ({
    value: form.values[key],
    error: form.errors[key],
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
    <AdminModal opened={opened} title="Add User" onClose={onClose} onConfirm={onConfirm} busy={busy} error={error}>
      <TextInput label="Email" type="email" autoComplete="off" required data-autofocus {...field('email')} />
      {form.generate ? null : (
        <PasswordInput
          label="Temporary Password"
          description="The user gets it by email and chooses a new password at first sign-in."
          autoComplete="new-password"
          required
          {...field('temporaryPassword')}
        />
      )}
      <Checkbox
        label="Generate the temporary password"
        description="Bullpen emails it and shows it to you once, to hand over if the email does not arrive."
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
      <TextInput label="First Name" autoComplete="off" required {...field('givenName')} />
      <TextInput label="Last Name" autoComplete="off" required {...field('familyName')} />
    </AdminModal>
  );
}
