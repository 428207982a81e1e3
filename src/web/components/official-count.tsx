import { Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconPencil } from '@tabler/icons-react';
import type { CountStatus } from '../../core/official-count.ts';
import { type Translate, useT } from '../lib/i18n.ts';
import {
  type CountTotals,
  countStatusLabel,
  type OfficialCount,
  officialSignatureText,
  otherTeamOf,
  type PitcherCount,
} from '../lib/official-count.ts';

/**
 * The pieces both the tracker's Final counts panel and the admins' Game Counts page show of a
 * game's official count: its status, each pitcher's record beside the other dugout's
 * count, and who confirmed.
 */

// Filled badges dark enough for white text (4.5:1 and more).
const STATUS_COLORS: Record<CountStatus, string> = {
  none: 'gray.8',
  unconfirmed: 'blue.9',
  disputed: 'red.9',
  confirmed: 'teal.9',
  settled: 'grape.9',
};

export function CountStatusBadge({ status }: { status: CountStatus }) {
  const t = useT();
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" size="md" style={{ minWidth: 'max-content' }}>
      {countStatusLabel(t, status)}
    </Badge>
  );
}

/** 'Differs by 2', 'Differs: 1 intentional walk', 'Differs: nothing on record'. */
function differenceText(p: PitcherCount, t: Translate): string {
  const { official, otherBook } = p;
  if (!otherBook) return '';
  if (!official) return t('shell.officialCount.differsNothingOnRecord');
  const by = Math.abs(official.pitches - otherBook.pitches);
  if (by > 0) return t('shell.officialCount.differsBy', { by });
  return t('shell.officialCount.differsInWalks');
}

function Totals({ totals, team }: { totals: CountTotals | null; team: string }) {
  const t = useT();
  return (
    <Stack gap={0}>
      <Text fw={700} fz="lg" lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {totals ? totals.pitches : '—'}
      </Text>
      {totals && totals.intentionalWalks > 0 ? (
        <Text fz="xs">{t('shell.officialCount.intentionalWalks', { count: totals.intentionalWalks })}</Text>
      ) : null}
      <Text fz="xs" c="dimmed">
        {team}
      </Text>
    </Stack>
  );
}

/**
 * Each pitcher of the game: the count on record (their own team's) beside the other dugout's,
 * a difference marked by an icon and in words as well as by colour.
 */
export function PitcherCountsTable({ count, label }: { count: OfficialCount; label: string }) {
  const t = useT();
  if (count.pitchers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('shell.officialCount.nothingYet')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={300} type="native">
      <Table verticalSpacing={6} horizontalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr style={{ whiteSpace: 'nowrap' }}>
            <Table.Th scope="col">{t('shell.officialCount.pitcher')}</Table.Th>
            <Table.Th scope="col">{t('shell.officialCount.onRecord')}</Table.Th>
            <Table.Th scope="col">{t('shell.officialCount.otherDugout')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {count.pitchers.map((p) => (
            <Table.Tr
              key={p.pitcherId}
              style={
                p.differs
                  ? {
                      background: 'var(--mantine-color-orange-0)',
                      boxShadow: 'inset 4px 0 0 var(--mantine-color-orange-9)',
                    }
                  : undefined
              }
            >
              <Table.Th scope="row" fw={600}>
                <Text fw={600} size="sm">
                  {p.pitcherName}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('shell.officialCount.teamPitcher', { team: p.teamName })}
                </Text>
              </Table.Th>
              <Table.Td>
                <Totals totals={p.official} team={t('shell.officialCount.teamRecord', { team: p.teamName })} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Totals
                    totals={p.otherBook}
                    team={
                      p.otherBook
                        ? t('shell.officialCount.teamCount', { team: otherTeamOf(count, p.teamId, t) })
                        : t('shell.officialCount.notCounted')
                    }
                  />
                  {p.differs ? (
                    <Group gap={4} wrap="nowrap" c="red.9" align="flex-start">
                      <IconAlertTriangle size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                      <Text fz="sm" fw={700} c="red.9">
                        {differenceText(p, t)}
                      </Text>
                    </Group>
                  ) : p.otherBook ? (
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      <IconCheck size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                      <Text fz="sm">{t('shell.officialCount.agrees')}</Text>
                    </Group>
                  ) : null}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Each team's confirmation: by whom and when, 'changed since' when the record moved after it. */
export function ConfirmationsList({ count }: { count: OfficialCount }) {
  const t = useT();
  return (
    <List spacing={4} listStyleType="none" aria-label={t('shell.officialCount.confirmations')} fz="sm">
      {count.teams.map((team) => {
        const confirmation = count.confirmations.find((c) => c.teamId === team.teamId);
        const Icon = !confirmation ? IconClock : confirmation.current ? IconCheck : IconPencil;
        return (
          <List.Item key={team.teamId}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Icon size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm">
                <Text span fw={600}>
                  {team.teamName}:
                </Text>{' '}
                {confirmation
                  ? t(
                      confirmation.current
                        ? 'shell.officialCount.confirmedBy'
                        : confirmation.changedAfter
                          ? 'shell.officialCount.confirmedByChangedBy'
                          : 'shell.officialCount.confirmedByChangedSince',
                      {
                        name: confirmation.confirmedByName,
                        when: t.moment(confirmation.confirmedAt),
                        by: confirmation.changedAfter?.byName ?? '',
                      },
                    )
                  : t('shell.officialCount.notConfirmed')}
              </Text>
            </Group>
          </List.Item>
        );
      })}
      {count.official ? (
        <List.Item>
          <Group gap={6} wrap="nowrap" align="flex-start">
            {count.official.current ? (
              <IconCheck size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
            ) : (
              <IconAlertTriangle size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
            )}
            <Text size="sm" c={count.official.current ? undefined : 'red.8'}>
              <Text span fw={600}>
                {t('shell.officialCount.official')}
              </Text>{' '}
              {officialSignatureText(t, count.official)}
            </Text>
          </Group>
        </List.Item>
      ) : null}
    </List>
  );
}
