import { Divider, Stack, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

/** /account: invitations waiting for an answer, the user's password and the devices where they are signed in. */
export function AccountPage() {
  const t = useT();
  return (
    <Stack gap="xl">
      <Title order={1}>{t('shell.account.title')}</Title>
      <InvitationsSection />
      <ChangePasswordForm />
      <Divider />
      <SessionsSection />
      <LanguageSection />
    </Stack>
  );
}
