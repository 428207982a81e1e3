import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { emailSchema, INPUT_MESSAGES, userNameSchema } from '../../../core/admin-inputs.ts';
import { useT } from '../../lib/i18n.ts';
import { AdminModal } from './admin-modal.tsx';
import { type ShownPassword, TemporaryPasswordModal } from './temporary-password-modal.tsx';

export interface InviteInput {
  email: string;
  givenName: string;
  familyName: string;
}

export interface InviteModalProps {
  opened: boolean;
  /** 'Invite Coach to Tigers' or 'Invite Admin to Majors'. */
  title: string;
  /** What happens, in a sentence. */
  explanation: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  /** Sends the invitation; resolves with the temporary password the server generated for someone new, if any. */
  onInvite: (input: InviteInput) => Promise<string | null | undefined>;
  /** The page's modal runner: keeps the modal open with the error when the invitation fails. */
  run: (work: () => Promise<void>) => void;
  /** After the generated password was shown and closed: forget the answer that held it. */
  onPasswordClosed?: () => void;
}

// Names are asked every time, as the server does: the answer never tells whether the email has an account.
const inviteSchema = z.object({ email: emailSchema }).and(userNameSchema);

/**
 * Someone by email: linked if they have an account, else invited with a temporary password, which is
 * then shown once to the inviter (decisions/0026, 0030).
 */
export function InviteModal({ onInvite, run, onPasswordClosed, ...props }: InviteModalProps) {
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const onSave = (input: InviteInput) =>
    run(async () => {
      const password = await onInvite(input);
      if (password) setShown({ email: input.email, password });
    });
  return (
    <>
      {props.opened ? <InviteForm {...props} onSave={onSave} /> : null}
      <TemporaryPasswordModal
        shown={shown}
        onClose={() => {
          setShown(null);
          onPasswordClosed?.();
        }}
      />
    </>
  );
}

function InviteForm({
  title,
  explanation,
  busy,
  error,
  onClose,
  onSave,
}: Omit<InviteModalProps, 'onInvite' | 'run'> & { onSave: (input: InviteInput) => void }) {
  const t = useT();
  const [values, setValues] = useState({ email: '', givenName: '', familyName: '' });
  // The first problem, shown under the field it belongs to.
  const [problem, setProblem] = useState<{ field: keyof typeof values; message: string } | null>(null);
  const field = (key: keyof typeof values) => ({
    value: values[key],
    disabled: busy,
    // A core validation message (an id, or a sentence) in the reader's language.
    error: problem?.field === key ? t.said(problem.message) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
      setProblem(null);
    },
  });

  const onConfirm = () => {
    const parsed = inviteSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'givenName' || issue?.path[0] === 'familyName' ? issue.path[0] : 'email';
      setProblem({ field, message: issue?.message ?? INPUT_MESSAGES.emailRequired });
      return;
    }
    onSave(parsed.data);
  };

  return (
    <AdminModal opened title={title} onClose={onClose} onConfirm={onConfirm} busy={busy} error={error}>
      <Text size="sm">{explanation}</Text>
      <TextInput label={t('common.email')} type="email" required data-autofocus {...field('email')} />
      <TextInput label={t('admin.person.firstName')} required {...field('givenName')} />
      <TextInput label={t('admin.person.lastName')} required {...field('familyName')} />
    </AdminModal>
  );
}
