import { PasswordInput, TextInput } from '@mantine/core';
import { useT } from '../lib/i18n.ts';

/** The inputs every sign-in and password screen shares, labelled the same way everywhere. */
interface FieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function EmailField({ value, onChange }: FieldProps) {
  const t = useT();
  return (
    <TextInput
      label={t('login.email')}
      type="email"
      name="email"
      autoComplete="username"
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export function PasswordField({
  value,
  onChange,
  label,
  kind,
  description,
}: FieldProps & { label: string; kind: 'current' | 'new'; description?: string }) {
  const t = useT();
  return (
    <PasswordInput
      label={label}
      name={kind === 'new' ? 'newPassword' : 'password'}
      autoComplete={kind === 'new' ? 'new-password' : 'current-password'}
      description={description ?? (kind === 'new' ? t('login.newPassword.hint') : undefined)}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
