import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../core/paths.ts';
import { EmailField, PasswordField } from '../../../components/credential-fields.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { resetPassword } from '../api/reset-password.ts';

export const RESET_FAILED = 'Failed to reset password';
export const CODE_SENT = 'If an account exists for that email, we sent a code to it.';
export const PASSWORD_CHANGED_NOTICE = 'Your password was changed. Sign in with your new password.';

/** Two steps: ask for a code by email, then set a new password with it. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
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
      setError(errorMessage(caught, RESET_FAILED));
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
      navigate(paths.login, { replace: true, state: { notice: PASSWORD_CHANGED_NOTICE } });
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
            Reset your password
          </Title>
          {step === 'email' ? (
            <form onSubmit={onSendCode}>
              <Stack gap="md">
                <Text size="sm">Enter the email you sign in with. We will send you a code to set a new password.</Text>
                <EmailField value={email} onChange={setEmail} />
                {errorLine}
                <Button type="submit" loading={busy} fullWidth>
                  Send code
                </Button>
              </Stack>
            </form>
          ) : (
            <form onSubmit={onReset}>
              <Stack gap="md">
                <Alert color="blue" variant="light" role="status">
                  {CODE_SENT}
                </Alert>
                <TextInput
                  label="Code"
                  name="otp"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  value={otp}
                  onChange={(event) => setOtp(event.currentTarget.value)}
                />
                <PasswordField label="New Password" kind="new" value={password} onChange={setPassword} />
                {errorLine}
                <Button type="submit" loading={busy} fullWidth>
                  Reset password
                </Button>
              </Stack>
            </form>
          )}
          <Text ta="center" size="sm">
            <Anchor component={Link} to={paths.login}>
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
