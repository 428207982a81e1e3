import { Alert, Button, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/credential-fields.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.ts';
import { changePassword } from '../api/change-password.ts';
import { mySessionsQueryOptions } from '../api/list-my-sessions.ts';

export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const t = useT();
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
      setResult({ ok: true, message: t('shell.account.passwordChanged') });
      // The other devices were signed out; show the shorter list.
      await queryClient.invalidateQueries({ queryKey: mySessionsQueryOptions.queryKey });
    } catch (caught) {
      setResult({ ok: false, message: errorMessage(caught, t('shell.account.changeFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="change-password-title" maw={420}>
      <Title order={2} id="change-password-title">
        {t('shell.account.changePassword')}
      </Title>
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <PasswordField
            label={t('shell.account.currentPassword')}
            kind="current"
            value={currentPassword}
            onChange={setCurrentPassword}
          />
          <PasswordField
            label={t('shell.account.newPassword')}
            kind="new"
            description={t('shell.account.newPasswordHint')}
            value={newPassword}
            onChange={setNewPassword}
          />
          {result ? (
            <Alert color={result.ok ? 'green' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          ) : null}
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t('shell.account.changePassword')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
