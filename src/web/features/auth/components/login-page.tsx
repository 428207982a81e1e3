import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SESSION_END_REASONS } from '../../../../core/errors.ts';
import { paths } from '../../../../core/paths.ts';
import { normalizeRoles } from '../../../../core/roles.ts';
import { EmailField, PasswordField } from '../../../components/credential-fields.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { fetchMe, meQueryOptions } from '../../../lib/me.ts';
import { useSession } from '../../../lib/session-store.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { completeNewPassword } from '../api/complete-new-password.ts';
import { PENDING_SIGN_IN_MESSAGE, signIn } from '../api/sign-in.ts';

export const LOGIN_FAILED = 'Failed to log in';
export const NEW_PASSWORD_FAILED = 'Failed to set new password';
export const UNKNOWN_REASON = 'Your session has ended. Please sign in again.';
export const NO_ROLE = 'Your account has no role yet. Ask your league administrator to give you one.';
/** After Set Your New Password, for an account with no role: what worked, then what to ask for. */
export const PASSWORD_SET_NO_ROLE =
  'Your new password is set. Your account has no role yet: ask your league administrator to give you one, then sign in here with your new password.';

/** The text for /login?reason=X: the reason the server gave when it ended the session. */
export function sessionEndedMessage(reason: string): string {
  return Object.hasOwn(SESSION_END_REASONS, reason)
    ? `You were signed out: ${SESSION_END_REASONS[reason as keyof typeof SESSION_END_REASONS]}`
    : UNKNOWN_REASON;
}

type Step = 'credentials' | 'newPassword';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const session = useSession();

  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordSet, setPasswordSet] = useState(false);
  const [busy, setBusy] = useState(false);
  // The temporary password answers the challenge; it is kept only until the new one is set.
  const temporaryPassword = useRef('');

  const reason = searchParams.get('reason');
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  /** After either step: read the roles from the server, keep them, and open the dashboard. */
  const finish = async (newPasswordSet = false) => {
    const me = await fetchMe();
    queryClient.setQueryData(meQueryOptions.queryKey, me);
    const roles = normalizeRoles(me.roles);
    if (roles.length === 0) {
      // Every page but this one needs a role (docs/screens.md, Screens), so stay here and say why; a password just
      // set is not an error: back to signing in, told it worked.
      await signOut().catch(() => undefined);
      if (newPasswordSet) {
        setNewPassword('');
        setPasswordSet(true);
        setStep('credentials');
      } else setError(NO_ROLE);
      return;
    }
    session.setRoles(roles);
    navigate(paths.dashboard, { replace: true });
  };

  const onSignIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setPasswordSet(false);
    setBusy(true);
    try {
      const result = await signIn({ email: email.trim(), password });
      if (result?.challengeName === 'NEW_PASSWORD_REQUIRED') {
        temporaryPassword.current = password;
        setPassword('');
        setStep('newPassword');
        return;
      }
      await finish();
    } catch (caught) {
      const pending = caught instanceof Error && caught.message === PENDING_SIGN_IN_MESSAGE;
      setError(pending ? PENDING_SIGN_IN_MESSAGE : errorMessage(caught, LOGIN_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const onNewPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await completeNewPassword({ temporaryPassword: temporaryPassword.current, newPassword });
      temporaryPassword.current = '';
      await finish(true);
    } catch (caught) {
      setError(errorMessage(caught, NEW_PASSWORD_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const errorLine = error ? (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  ) : null;

  return (
    <Container size={440} px="md" py={{ base: 'xl', sm: 80 }} component="main">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        {step === 'credentials' ? (
          <form onSubmit={onSignIn}>
            <Stack gap="md">
              <Title order={1} size="h2">
                Sign in to Bullpen
              </Title>
              {reason ? (
                <Alert color="blue" variant="light" role="status">
                  {sessionEndedMessage(reason)}
                </Alert>
              ) : null}
              {passwordSet ? (
                <Alert color="green" variant="light" role="status">
                  {PASSWORD_SET_NO_ROLE}
                </Alert>
              ) : null}
              {typeof notice === 'string' ? (
                <Alert color="green" variant="light" role="status">
                  {notice}
                </Alert>
              ) : null}
              <EmailField value={email} onChange={setEmail} />
              <PasswordField label="Password" kind="current" value={password} onChange={setPassword} />
              {errorLine}
              <Button type="submit" loading={busy} fullWidth>
                Sign In
              </Button>
              <Text ta="center" size="sm">
                <Anchor component={Link} to={paths.forgotPassword}>
                  Forgot password?
                </Anchor>
              </Text>
            </Stack>
          </form>
        ) : (
          <form onSubmit={onNewPassword}>
            <Stack gap="md">
              <Title order={1} size="h2">
                Set Your New Password
              </Title>
              <Text size="sm">Your temporary password worked. Choose your own password to continue.</Text>
              <PasswordField label="New Password" kind="new" value={newPassword} onChange={setNewPassword} />
              {errorLine}
              <Button type="submit" loading={busy} fullWidth>
                Submit
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
