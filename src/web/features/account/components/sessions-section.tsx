import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { describeDevice } from '../../../../core/device.ts';
import { paths } from '../../../../core/paths.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useDeleteMySession } from '../api/delete-my-session.ts';
import { useMySessions } from '../api/list-my-sessions.ts';
import { signOutEverywhere } from '../api/sign-out-everywhere.ts';

/** The devices where the user is signed in, with a way to end any of them. */
export function SessionsSection() {
  const session = useSession();
  const t = useT();
  const navigate = useNavigate();
  const sessions = useMySessions();
  const deleteSession = useDeleteMySession();
  const [everywhereBusy, setEverywhereBusy] = useState(false);
  const [everywhereError, setEverywhereError] = useState<string | null>(null);

  const onSignOutEverywhere = async () => {
    setEverywhereError(null);
    setEverywhereBusy(true);
    try {
      await signOutEverywhere();
      session.clear();
      navigate(paths.login, { replace: true });
    } catch (caught) {
      setEverywhereError(errorMessage(caught, t('shell.sessions.signOutEverywhereFailed')));
      setEverywhereBusy(false);
    }
  };

  let body: ReactNode;
  if (sessions.isPending) {
    body = <PageLoader label={t('shell.sessions.loading')} />;
  } else if (sessions.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(sessions.error, t('shell.sessions.loadFailed'))}
      </Alert>
    );
  } else {
    body = (
      // Two columns, the action under the date: fits a phone without sideways scrolling.
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('shell.sessions.device')}</Table.Th>
            <Table.Th scope="col">{t('shell.sessions.lastSeen')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.data.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{describeDevice(t, row.userAgent)}</Text>
                  {row.ipAddress ? (
                    <Text size="xs" c="dimmed">
                      {row.ipAddress}
                    </Text>
                  ) : null}
                  {row.current ? (
                    <Badge color="blue" variant="light">
                      {t('shell.sessions.thisDevice')}
                    </Badge>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={6} align="flex-start">
                  <Text size="sm">{t.moment(row.lastSeenAt ?? row.createdAt)}</Text>
                  {row.current ? null : (
                    <Button
                      variant="default"
                      size="xs"
                      loading={deleteSession.isPending && deleteSession.variables === row.id}
                      onClick={() => deleteSession.mutate(row.id)}
                    >
                      {t('shell.sessions.signOutDevice')}
                    </Button>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="sessions-title">
      <Title order={2} id="sessions-title">
        {t('shell.sessions.title')}
      </Title>
      <Text size="sm">{t('shell.sessions.intro')}</Text>
      {body}
      {deleteSession.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(deleteSession.error, t('shell.sessions.signOutDeviceFailed'))}
        </Alert>
      ) : null}
      {everywhereError ? (
        <Alert color="red" variant="light" role="alert">
          {everywhereError}
        </Alert>
      ) : null}
      <Group>
        <Button color="red" variant="outline" loading={everywhereBusy} onClick={onSignOutEverywhere}>
          {t('shell.sessions.signOutEverywhere')}
        </Button>
      </Group>
    </Stack>
  );
}
