import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.ts';
import { type PossibleDuplicate, useMergePlayers, usePossibleDuplicates } from '../api/possible-duplicates.ts';

/**
 * Children of the organization entered more than once (same names and birth date), shown to its admins, who read
 * every league, to merge (docs/decisions/0049-answers-within-what-you-can-read.md). Shows nothing when there are
 * none, or when the caller is not an organization's admin.
 */
export function PossibleDuplicates({ organizationId, enabled }: { organizationId: string; enabled: boolean }) {
  const t = useT();
  const duplicates = usePossibleDuplicates(organizationId, enabled);
  const merge = useMergePlayers();
  const [chosen, setChosen] = useState<PossibleDuplicate | null>(null);
  if (!duplicates.data || duplicates.data.length === 0) return null;

  const who = (d: PossibleDuplicate) =>
    t('players.duplicates.who', { name: `${d.firstName} ${d.lastName}`, birthDate: d.birthDate });
  const where = (p: PossibleDuplicate['players'][number]) =>
    p.teams.map((team) => `${team.name} (${team.leagueName}, ${team.seasonName})`).join('; ') ||
    t('players.duplicates.noTeam');

  const onMerge = async () => {
    const [keep, other] = chosen?.players ?? [];
    if (!keep || !other) return;
    try {
      await merge.mutateAsync({ keepId: keep.id, mergeId: other.id });
      setChosen(null);
    } catch {
      // Said in the dialog, which stays open.
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="duplicates-title">
      <Title order={2} size="h4" id="duplicates-title">
        {t('players.duplicates.title')}
      </Title>
      <Text size="sm">{t('players.duplicates.intro')}</Text>
      {duplicates.data.map((d) => (
        <Paper key={d.players.map((p) => p.id).join()} withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {who(d)}
              </Text>
              {d.players.map((p, i) => (
                <Text key={p.id} size="sm">
                  {t('players.duplicates.record', { n: i + 1, teams: where(p) })}
                </Text>
              ))}
            </Stack>
            <Button
              size="xs"
              variant="default"
              aria-label={t('players.duplicates.mergeNamed', { who: who(d) })}
              onClick={() => {
                merge.reset();
                setChosen(d);
              }}
            >
              {t('players.duplicates.merge')}
            </Button>
          </Group>
        </Paper>
      ))}
      <Modal opened={chosen !== null} onClose={() => setChosen(null)} title={t('players.duplicates.confirmTitle')}>
        <Stack gap="md">
          <Text size="sm">{chosen ? t('players.duplicates.confirm', { who: who(chosen) }) : null}</Text>
          {merge.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(merge.error, t('players.duplicates.failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChosen(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={onMerge} loading={merge.isPending}>
              {t('players.duplicates.merge')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
