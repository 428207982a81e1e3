import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SESSION_END_REASONS } from '../../../../core/errors.ts';
import { paths } from '../../../../core/paths.ts';
import { normalizeRoles } from '../../../../core/roles.ts';
import { EmailField, PasswordField } from '../../../components/credential-fields.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import { fetchMe, meQueryOptions } from '../../../lib/me.ts';
import { nextAfterSignIn } from '../../../lib/next-page.ts';
import { useSession } from '../../../lib/session-store.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { completeNewPassword } from '../api/complete-new-password.ts';
import { PENDING_SIGN_IN_MESSAGE, signIn } from '../api/sign-in.ts';

/** The text for /login?reason=X: the reason the server gave when it ended the session. */
export function sessionEndedMessage(t: Translate, reason: string): string {
  return Object.hasOwn(SESSION_END_REASONS, reason)
    ? t('login.signedOut', { reason: t(`login.reason.${reason as keyof typeof SESSION_END_REASONS}`) })
    : t('login.unknownReason');
}

type Step = 'credentials' | 'newPassword';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const session = useSession();
  const t = useT();

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

  /** After either step: read the roles from the server, keep them, and open the page asked for or the dashboard. */
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
      } else setError(t('login.noRole'));
      return;
    }
    session.setRoles(roles);
    // Back to the page that sent here (a plate card's link scanned while signed out), else the dashboard.
    navigate(nextAfterSignIn(searchParams.get('next')), { replace: true });
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
      setError(pending ? t('login.pendingSignIn') : errorMessage(caught, t('login.failed')));
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
      setError(errorMessage(caught, t('login.newPassword.failed')));
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
                {t('login.title')}
              </Title>
              {reason ? (
                <Alert color="blue" variant="light" role="status">
                  {sessionEndedMessage(t, reason)}
                </Alert>
              ) : null}
              {passwordSet ? (
                <Alert color="green" variant="light" role="status">
                  {t('login.passwordSetNoRole')}
                </Alert>
              ) : null}
              {typeof notice === 'string' ? (
                <Alert color="green" variant="light" role="status">
                  {notice}
                </Alert>
              ) : null}
              <EmailField value={email} onChange={setEmail} />
              <PasswordField label={t('login.password')} kind="current" value={password} onChange={setPassword} />
              {errorLine}
              <Button type="submit" loading={busy} fullWidth>
                {t('login.signIn')}
              </Button>
              <Text ta="center" size="sm">
                <Anchor component={Link} to={paths.forgotPassword}>
                  {t('login.forgotPassword')}
                </Anchor>
              </Text>
            </Stack>
          </form>
        ) : (
          <form onSubmit={onNewPassword}>
            <Stack gap="md">
              <Title order={1} size="h2">
                {t('login.newPassword.title')}
              </Title>
              <Text size="sm">{t('login.newPassword.intro')}</Text>
              <PasswordField
                label={t('login.newPassword.label')}
                kind="new"
                value={newPassword}
                onChange={setNewPassword}
              />
              {errorLine}
              <Button type="submit" loading={busy} fullWidth>
                {t('login.newPassword.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
      <LanguageSwitch />
    </Container>
  );
}
