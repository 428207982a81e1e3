import { Alert, Button, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/credential-fields.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { changePassword } from '../api/change-password.ts';
import { mySessionsQueryOptions } from '../api/list-my-sessions.ts';

export const PASSWORD_CHANGED = 'Password changed.';
export const CHANGE_FAILED = 'Failed to change password';

export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    setBusy(true);
    try {
      await changePassword({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      setResult({ ok: true, message: PASSWORD_CHANGED });
      // The other devices were signed out; show the shorter list.
      await queryClient.invalidateQueries({ queryKey: mySessionsQueryOptions.queryKey });
    } catch (caught) {
      setResult({ ok: false, message: errorMessage(caught, CHANGE_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="change-password-title" maw={420}>
      <Title order={2} id="change-password-title">
        Change password
      </Title>
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <PasswordField
            label="Current Password"
            kind="current"
            value={currentPassword}
            onChange={setCurrentPassword}
          />
          <PasswordField
            label="New Password"
            kind="new"
            description="At least 8 characters. Your other devices will be signed out."
            value={newPassword}
            onChange={setNewPassword}
          />
          {result ? (
            <Alert color={result.ok ? 'green' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          ) : null}
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
