import { Alert, Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { withLocalDates } from '../lib/format.ts';
import { translatorNow } from '../lib/i18n.ts';
import { type RefusedTap, useDismissRefusedTap, useRefusedTaps } from '../lib/refused-taps.ts';
import { adminErrorMessage } from './admin/admin-error.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Taps the server refused (the user lost access, the game was deleted), from any of the user's
 * devices, and for admins their leagues' (never silently dropped). Shown only when
 * there are some; each is dismissed once dealt with.
 */
export function RefusedTaps({ showWho = false }: { showWho?: boolean }) {
  const list = useRefusedTaps();
  const dismiss = useDismissRefusedTap();
  const taps: RefusedTap[] = list.data ?? [];
  if (taps.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="server-refused-heading">
      <Title order={2} fz="lg" id="server-refused-heading">
        Taps the server refused ({taps.length})
      </Title>
      <Text fz="sm" c="dimmed" mb="xs">
        These are not in any count. Check them with the game’s coaches, record what is missing, then dismiss them.
      </Text>
      {dismiss.error ? (
        <Alert color="red" variant="light" role="alert" mb="xs">
          {adminErrorMessage(dismiss.error, 'Dismiss failed')}
        </Alert>
      ) : null}
      <List spacing="xs" listStyleType="none" aria-label="Taps the server refused">
        {taps.map((tap) => (
          <List.Item key={tap.id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={700}>{withLocalDates(tap.description)}</Text>
                <Text fz="sm" c="red.9">
                  {translatorNow().said(tap.reasonSaid ?? tap.reason)}
                </Text>
                {tap.moreRefused > 0 ? (
                  <Text fz="sm">
                    {`And ${tap.moreRefused} more ${showWho && !tap.mine ? `taps of ${tap.userName}` : 'of your taps'} refused since: counted, not listed one by one.`}
                  </Text>
                ) : null}
                <Text fz="xs" c="dimmed">
                  {showWho && !tap.mine ? `${tap.userName}, ` : ''}
                  {when.format(new Date(tap.refusedAt))}
                </Text>
              </div>
              <Button
                variant="default"
                size="xs"
                aria-label={`Dismiss: ${withLocalDates(tap.description)}`}
                loading={dismiss.isPending && dismiss.variables === tap.id}
                onClick={() => dismiss.mutate(tap.id)}
              >
                Dismiss
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
