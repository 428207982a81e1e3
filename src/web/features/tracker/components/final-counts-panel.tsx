import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { ConfirmationsList, CountStatusBadge, PitcherCountsTable } from '../../../components/official-count.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { type Translate, useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { type CountTotals, deadlineText } from '../../../lib/official-count.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useConfirmOfficialCount, useOfficialCount } from '../api/official-count.ts';
import { OfficialSignaturePart } from './official-signature-part.tsx';

export interface FinalCountsPanelProps {
  /** The team the coach counts for (the tracker's chosen team): the one the button confirms for. */
  team: { id: string; name: string };
  gameId: string;
  /** The heading's level where the panel sits. */
  headingOrder?: 2 | 3;
  /** Changes whenever the game's books change (the live view follows them already). */
  changeKey?: string;
  /** Follow the game's books here (where nothing else does). */
  followCounts?: boolean;
}

/**
 * Final counts: each pitcher's record beside the other dugout's count, the game's
 * status, who confirmed, the deadline, and the coach's signature: 'Confirm final counts for
 * <team>'. Follows the other team's confirmation and the changing counts live. Online only.
 */
export function FinalCountsPanel(props: FinalCountsPanelProps) {
  const me = useQuery(meQueryOptions);
  if (!hasAbility(me.data, 'Query.officialCount')) return null;
  return <Panel {...props} canConfirm={hasAbility(me.data, 'Mutation.confirmOfficialCount')} />;
}

function Panel({
  team,
  gameId,
  headingOrder = 2,
  changeKey,
  followCounts,
  canConfirm,
}: FinalCountsPanelProps & { canConfirm: boolean }) {
  const t = useT();
  const headingId = useId();
  const online = useOnline();
  const count = useOfficialCount(gameId, {
    enabled: true,
    ...(changeKey === undefined ? {} : { changeKey }),
    followCounts: followCounts ?? false,
  });
  const confirm = useConfirmOfficialCount(gameId);
  // Confirming is a signature: shown what it signs, and asked once.
  const [asking, setAsking] = useState(false);
  const data = count.data;
  const ours = data?.teams.find((t) => t.teamId === team.id);
  const showConfirm =
    canConfirm && data !== undefined && data.status !== 'none' && ours !== undefined && !ours.confirmed;
  const deadline = data ? deadlineText(t, data) : null;

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={headingOrder} fz="lg" id={headingId}>
            {t('games.finalCounts.title')}
          </Title>
          {data ? <CountStatusBadge status={data.status} /> : null}
        </Group>
        {data ? (
          <>
            {deadline ? <Text size="sm">{deadline}</Text> : null}
            <PitcherCountsTable count={data} label={t('games.finalCounts.byPitcher')} />
            {data.status !== 'none' ? <ConfirmationsList count={data} /> : null}
            <OfficialSignaturePart count={data} teamId={team.id} />
          </>
        ) : count.isPending && online ? (
          <PageLoader label={t('games.finalCounts.loading')} />
        ) : count.isError && online ? (
          <Alert color="red" variant="light" role="alert">
            {adminErrorMessage(count.error, t('games.finalCounts.loadFailed'))}
          </Alert>
        ) : null}
        {!online ? (
          <Text size="sm" fw={600}>
            {t('games.finalCounts.needsConnection')}
          </Text>
        ) : showConfirm ? (
          <Button
            size="md"
            onClick={() => {
              confirm.reset();
              setAsking(true);
            }}
            loading={confirm.isPending}
            disabled={confirm.isPending}
            style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {t('games.finalCounts.confirmFor', { team: team.name })}
          </Button>
        ) : null}
      </Stack>
      {data ? (
        <AdminModal
          opened={asking}
          title={t('games.finalCounts.askTitle')}
          confirmLabel={t('common.confirm')}
          busy={confirm.isPending}
          error={confirm.isError ? adminErrorMessage(confirm.error, t('games.finalCounts.confirmFailed')) : null}
          onClose={() => setAsking(false)}
          onConfirm={() => confirm.mutate(team.id, { onSuccess: () => setAsking(false) })}
        >
          <Text size="sm">{t('games.finalCounts.ask', { team: team.name })}</Text>
          <List size="sm" aria-label={t('games.finalCounts.onRecord')} spacing={4}>
            {data.pitchers.map((p) => (
              <List.Item key={`${p.pitcherId}:${p.teamId}`}>
                <Text span fw={600} size="sm">
                  {p.pitcherName}
                </Text>{' '}
                ({p.teamName}): {recordText(t, p.official)}
              </List.Item>
            ))}
          </List>
        </AdminModal>
      ) : null}
    </Paper>
  );
}

/** '42 pitches, 1 intentional walk', or that nothing is on record. */
function recordText(t: Translate, totals: CountTotals | null): string {
  if (!totals) return t('games.finalCounts.nothingOnRecord');
  const { pitches, intentionalWalks: walks } = totals;
  return walks
    ? t('games.finalCounts.recordWithWalks', { pitches, walks })
    : t('games.finalCounts.record', { pitches });
}
