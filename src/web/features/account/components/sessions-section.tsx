import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../core/paths.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useDeleteMySession } from '../api/delete-my-session.ts';
import { useMySessions } from '../api/list-my-sessions.ts';
import { signOutEverywhere } from '../api/sign-out-everywhere.ts';

export const SESSIONS_FAILED = 'Failed to load sessions';
export const DEVICE_SIGN_OUT_FAILED = 'Failed to sign out the device';
export const SIGN_OUT_EVERYWHERE_FAILED = 'Failed to sign out everywhere';

/** The devices where the user is signed in, with a way to end any of them. */
export function SessionsSection() {
  const session = useSession();
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
      setEverywhereError(errorMessage(caught, SIGN_OUT_EVERYWHERE_FAILED));
      setEverywhereBusy(false);
    }
  };

  let body: ReactNode;
  if (sessions.isPending) {
    body = <PageLoader label="Loading sessions" />;
  } else if (sessions.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(sessions.error, SESSIONS_FAILED)}
      </Alert>
    );
  } else {
    body = (
      // Two columns, the action under the date: fits a phone without sideways scrolling.
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Device</Table.Th>
            <Table.Th scope="col">Last seen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.data.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{row.device || 'Unknown device'}</Text>
                  {row.ipAddress ? (
                    <Text size="xs" c="dimmed">
                      {row.ipAddress}
                    </Text>
                  ) : null}
                  {row.current ? (
                    <Badge color="blue" variant="light">
                      This device
                    </Badge>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={6} align="flex-start">
                  <Text size="sm">{formatDateTime(row.lastSeenAt ?? row.createdAt)}</Text>
                  {row.current ? null : (
                    <Button
                      variant="default"
                      size="xs"
                      loading={deleteSession.isPending && deleteSession.variables === row.id}
                      onClick={() => deleteSession.mutate(row.id)}
                    >
                      Sign out this device
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
        Active sessions
      </Title>
      <Text size="sm">The devices where you are signed in. Sign out any you do not recognize.</Text>
      {body}
      {deleteSession.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(deleteSession.error, DEVICE_SIGN_OUT_FAILED)}
        </Alert>
      ) : null}
      {everywhereError ? (
        <Alert color="red" variant="light" role="alert">
          {everywhereError}
        </Alert>
      ) : null}
      <Group>
        <Button color="red" variant="outline" loading={everywhereBusy} onClick={onSignOutEverywhere}>
          Sign out everywhere
        </Button>
      </Group>
    </Stack>
  );
}
