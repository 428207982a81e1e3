import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.ts';
import { type MyInvitation, useMyInvitations, useRespondToInvitation } from '../api/my-invitations.ts';

/**
 * Invitations waiting for the user's answer (docs/decisions/0049-answers-within-what-you-can-read.md): who
 * invited them to what; nothing changes until they accept. Shows nothing when there are none.
 */
export function InvitationsSection({ quietOnError = false }: { quietOnError?: boolean }) {
  const t = useT();
  const invitations = useMyInvitations();
  const respond = useRespondToInvitation();

  const sentence = (i: MyInvitation) => {
    const common = { inviter: i.invitedByName, organization: i.organizationName };
    if (i.role === 'coach') {
      return t('shell.invitations.coach', {
        ...common,
        team: i.teamName ?? '',
        league: i.leagueName ?? '',
        season: i.seasonName ?? '',
      });
    }
    if (i.role === 'guardian') return t('shell.invitations.guardian', { ...common, child: i.childName ?? '' });
    return t('shell.invitations.leagueAdmin', { ...common, league: i.leagueName ?? '' });
  };

  // A secondary section: its failure to load is said in place, without taking the page's alert.
  if (invitations.isError && !quietOnError) {
    return (
      <Text size="sm" c="red">
        {errorMessage(invitations.error, t('shell.invitations.loadFailed'))}
      </Text>
    );
  }
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="invitations-title">
      <Title order={2} id="invitations-title">
        {t('shell.invitations.title')}
      </Title>
      {invitations.data.map((invitation) => {
        const what = sentence(invitation);
        const busy = respond.isPending && respond.variables?.id === invitation.id;
        return (
          <Paper key={invitation.id} withBorder p="sm">
            <Stack gap="xs">
              <Text size="sm">{what}</Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  loading={busy && respond.variables?.accept === true}
                  aria-label={t('shell.invitations.acceptNamed', { what })}
                  onClick={() => respond.mutate({ id: invitation.id, accept: true })}
                >
                  {t('shell.invitations.accept')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  loading={busy && respond.variables?.accept === false}
                  aria-label={t('shell.invitations.declineNamed', { what })}
                  onClick={() => respond.mutate({ id: invitation.id, accept: false })}
                >
                  {t('shell.invitations.decline')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {respond.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(respond.error, t('shell.invitations.respondFailed'))}
        </Alert>
      ) : null}
    </Stack>
  );
}
