import { Alert, Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { withLocalDates } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { type RefusedTap, useDismissRefusedTap, useRefusedTaps } from '../lib/refused-taps.ts';
import { adminErrorMessage } from './admin/admin-error.ts';

/**
 * Taps the server refused (the user lost access, the game was deleted), from any of the user's
 * devices, and for admins their leagues' (never silently dropped). Shown only when
 * there are some; each is dismissed once dealt with.
 */
export function RefusedTaps({ showWho = false }: { showWho?: boolean }) {
  const t = useT();
  const list = useRefusedTaps();
  const dismiss = useDismissRefusedTap();
  const taps: RefusedTap[] = list.data ?? [];
  if (taps.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="server-refused-heading">
      <Title order={2} fz="lg" id="server-refused-heading">
        {t('shell.refusedTaps.title', { count: taps.length })}
      </Title>
      <Text fz="sm" c="dimmed" mb="xs">
        {t('shell.refusedTaps.intro')}
      </Text>
      {dismiss.error ? (
        <Alert color="red" variant="light" role="alert" mb="xs">
          {adminErrorMessage(dismiss.error, t('shell.refusedTaps.dismissFailed'))}
        </Alert>
      ) : null}
      <List spacing="xs" listStyleType="none" aria-label={t('shell.refusedTaps.listLabel')}>
        {taps.map((tap) => {
          // The server's words (a Message where it sends one), its dates as the reader writes them.
          const description = withLocalDates(t.said(tap.descriptionSaid ?? tap.description));
          return (
            <List.Item key={tap.id}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {/* The words wrap; the button keeps its width (a long description squeezed it). */}
                <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text fw={700}>{description}</Text>
                  <Text fz="sm" c="red.9">
                    {t.said(tap.reasonSaid ?? tap.reason)}
                  </Text>
                  {tap.moreRefused > 0 ? (
                    <Text fz="sm">
                      {showWho && !tap.mine
                        ? t('shell.refusedTaps.moreOfUser', { count: tap.moreRefused, name: tap.userName })
                        : t('shell.refusedTaps.moreOfYours', { count: tap.moreRefused })}
                    </Text>
                  ) : null}
                  <Text fz="xs" c="dimmed">
                    {showWho && !tap.mine
                      ? t('shell.refusedTaps.byWhom', { name: tap.userName, when: t.moment(tap.refusedAt) })
                      : t.moment(tap.refusedAt)}
                  </Text>
                </div>
                <Button
                  variant="default"
                  size="xs"
                  style={{ flexShrink: 0 }}
                  aria-label={t('shell.refusedTaps.dismissOne', { tap: description })}
                  loading={dismiss.isPending && dismiss.variables === tap.id}
                  onClick={() => dismiss.mutate(tap.id)}
                >
                  {t('shell.refusedTaps.dismiss')}
                </Button>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
