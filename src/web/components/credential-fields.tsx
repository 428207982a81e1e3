import { PasswordInput, TextInput } from '@mantine/core';

/** The inputs every sign-in and password screen shares, labelled the same way everywhere. */
interface FieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function EmailField({ value, onChange }: FieldProps) {
  return (
    <TextInput
      label="Email"
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
  return (
    <PasswordInput
      label={label}
      name={kind === 'new' ? 'newPassword' : 'password'}
      autoComplete={kind === 'new' ? 'new-password' : 'current-password'}
      description={description ?? (kind === 'new' ? 'At least 8 characters.' : undefined)}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
