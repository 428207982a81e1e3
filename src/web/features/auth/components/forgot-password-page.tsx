import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../core/paths.ts';
import { EmailField, PasswordField } from '../../../components/credential-fields.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { resetPassword } from '../api/reset-password.ts';

/** Two steps: ask for a code by email, then set a new password with it. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const t = useT();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught, t('shell.forgotPassword.failed')));
    } finally {
      setBusy(false);
    }
  };

  const onSendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      await requestPasswordReset({ email: email.trim() });
      setStep('code');
    });
  };

  const onReset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      await resetPassword({ email: email.trim(), otp: otp.trim(), password });
      navigate(paths.login, { replace: true, state: { notice: t('shell.forgotPassword.changed') } });
    });
  };

  const errorLine = error ? (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  ) : null;

  return (
    <Container size={440} px="md" py={{ base: 'xl', sm: 80 }} component="main">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('shell.forgotPassword.title')}
          </Title>
          {step === 'email' ? (
            <form onSubmit={onSendCode}>
              <Stack gap="md">
                <Text size="sm">{t('shell.forgotPassword.intro')}</Text>
                <EmailField value={email} onChange={setEmail} />
                {errorLine}
                <Button type="submit" loading={busy} fullWidth>
                  {t('shell.forgotPassword.sendCode')}
                </Button>
              </Stack>
            </form>
          ) : (
            <form onSubmit={onReset}>
              <Stack gap="md">
                <Alert color="blue" variant="light" role="status">
                  {t('shell.forgotPassword.codeSent')}
                </Alert>
                <TextInput
                  label={t('shell.forgotPassword.code')}
                  name="otp"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  value={otp}
                  onChange={(event) => setOtp(event.currentTarget.value)}
                />
                <PasswordField
                  label={t('shell.forgotPassword.newPassword')}
                  kind="new"
                  value={password}
                  onChange={setPassword}
                />
                {errorLine}
                <Button type="submit" loading={busy} fullWidth>
                  {t('shell.forgotPassword.reset')}
                </Button>
              </Stack>
            </form>
          )}
          <Text ta="center" size="sm">
            <Anchor component={Link} to={paths.login}>
              {t('shell.forgotPassword.backToSignIn')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
