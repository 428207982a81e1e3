import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { emailSchema, INPUT_MESSAGES } from '../../../core/admin-inputs.ts';
import { AdminModal } from './admin-modal.tsx';

export interface InviteModalProps {
  opened: boolean;
  /** 'Invite Coach to Tigers' or 'Link Parent of Ana Diaz'. */
  title: string;
  /** What happens, in a sentence. */
  explanation: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (input: { email: string; givenName: string; familyName: string }) => void;
}

// Names are needed only for someone new; the server says so when they are missing.
const inviteSchema = z.object({
  email: emailSchema,
  givenName: z.string().trim().max(100),
  familyName: z.string().trim().max(100),
});

/** Someone by email: linked if they have an account, else invited with a temporary password (issue 4). */
export function InviteModal(props: InviteModalProps) {
  return props.opened ? <InviteForm {...props} /> : null;
}

function InviteForm({ title, explanation, busy, error, onClose, onSave }: InviteModalProps) {
  const [values, setValues] = useState({ email: '', givenName: '', familyName: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const field = (key: keyof typeof values) => ({
    value: values[key],
    disabled: busy,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
      setProblem(null);
    },
  });

  const onConfirm = () => {
    const parsed = inviteSchema.safeParse(values);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? INPUT_MESSAGES.emailRequired);
      return;
    }
    onSave(parsed.data);
  };

  return (
    <AdminModal opened title={title} onClose={onClose} onConfirm={onConfirm} busy={busy} error={error}>
      <Text size="sm">{explanation}</Text>
      <TextInput label="Email" type="email" required data-autofocus error={problem} {...field('email')} />
      <TextInput label="First Name" description="Needed if they have no account yet" {...field('givenName')} />
      <TextInput label="Last Name" description="Needed if they have no account yet" {...field('familyName')} />
    </AdminModal>
  );
}
