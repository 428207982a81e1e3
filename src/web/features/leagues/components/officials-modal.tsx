import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { officialSchema } from '../../../../core/official-signature.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { DoneFooter } from '../../../components/admin/admin-modal.tsx';
import { useOneByOne } from '../../../components/admin/use-one-by-one.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { League } from '../api/list-leagues.ts';
import { useAddOfficial, useLeagueOfficialsList, useRemoveOfficial } from '../api/officials.ts';

/**
 * A league's officials (umpires, official scorers, neutral pitch counters), by name and email: the people a home
 * coach can have Bullpen email a game's signing link (docs/decisions/0050-officials-are-people-the-league-knows.md).
 * Each change is sent as it is made; Done closes.
 */
export function OfficialsModal({ league, onClose }: { league: League | null; onClose: () => void }) {
  return league ? <OfficialsForm league={league} onClose={onClose} /> : null;
}

function OfficialsForm({ league, onClose }: { league: League; onClose: () => void }) {
  const t = useT();
  const list = useLeagueOfficialsList(league.id);
  const add = useAddOfficial(league.id);
  const remove = useRemoveOfficial(league.id);
  const form = useOneByOne({ name: '', email: '' }, t('admin.officials.failed'));
  const busy = add.isPending || remove.isPending;

  const onAdd = () => {
    const input = form.checked(officialSchema);
    if (input) void form.run(() => add.mutateAsync(input), true);
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={t('admin.officials.title', { name: league.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('admin.officials.explanation')}</Text>
        {list.isPending ? <PageLoader label={t('admin.officials.loading')} /> : null}
        {list.isError ? <Text size="sm">{adminErrorMessage(list.error, t('admin.officials.loadFailed'))}</Text> : null}
        {list.data?.length === 0 ? <Text size="sm">{t('admin.officials.none')}</Text> : null}
        {list.data?.map((official) => (
          <Group key={official.id} justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {official.name}{' '}
              <Text span c="dimmed">
                ({official.email})
              </Text>
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              aria-label={t('admin.officials.removeNamed', { name: official.name })}
              onClick={() => form.run(() => remove.mutateAsync(official.id), false)}
            >
              {t('admin.officials.remove')}
            </Button>
          </Group>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onAdd();
          }}
          noValidate
        >
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('admin.officials.addHeading')}
            </Text>
            <TextInput label={t('admin.officials.name')} required autoComplete="off" {...form.field('name', busy)} />
            <TextInput
              label={t('admin.officials.email')}
              type="email"
              required
              autoComplete="off"
              {...form.field('email', busy)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending} disabled={busy}>
                {t('admin.officials.add')}
              </Button>
            </Group>
          </Stack>
        </form>
        <DoneFooter error={form.error} busy={busy} onDone={onClose} />
      </Stack>
    </Modal>
  );
}
