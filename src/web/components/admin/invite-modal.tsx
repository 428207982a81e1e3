import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
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
  /**
   * Sends the invitation; resolves with the server's answer: the temporary password it generated for someone
   * new, or the invitation sent to someone with an account elsewhere (what was typed), if either.
   */
  onInvite: (input: InviteInput) => Promise<InviteAnswer | null | undefined>;
  /** The page's modal runner: keeps the modal open with the error when the invitation fails. */
  run: (work: () => Promise<void>) => void;
  /** After the generated password was shown and closed: forget the answer that held it. */
  onPasswordClosed?: () => void;
}

export interface InviteAnswer {
  invitedTemporaryPassword?: string | null;
  invitedPending?: InviteInput | null;
}

// Names are asked every time, as the server does: the answer never tells whether the email has an account.
const inviteSchema = z.object({ email: emailSchema }).and(userNameSchema);

/**
 * Someone by email: linked if the inviter already knows them, invited with a temporary password if new (shown
 * once to the inviter, decisions/0026, 0030), or sent an invitation they accept or decline if they have an
 * account elsewhere: the inviter is told so in the names they typed (decision 0049).
 */
export function InviteModal({ onInvite, run, onPasswordClosed, ...props }: InviteModalProps) {
  const t = useT();
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const [pending, setPending] = useState<InviteInput | null>(null);
  const onSave = (input: InviteInput) =>
    run(async () => {
      const answer = await onInvite(input);
      if (answer?.invitedTemporaryPassword) setShown({ email: input.email, password: answer.invitedTemporaryPassword });
      if (answer?.invitedPending) setPending(answer.invitedPending);
    });
  return (
    <>
      {props.opened ? <InviteForm {...props} onSave={onSave} /> : null}
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('admin.invite.pendingTitle')}>
        <Stack gap="md">
          <Text size="sm">{pending ? t('admin.invite.pending', { ...pending }) : null}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setPending(null)}>{t('common.close')}</Button>
          </Group>
        </Stack>
      </Modal>
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
