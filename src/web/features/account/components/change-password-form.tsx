import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
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
          <PasswordInput
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            description="At least 8 characters. Your other devices will be signed out."
            required
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
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
