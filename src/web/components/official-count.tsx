import { Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconPencil } from '@tabler/icons-react';
import type { CountStatus } from '../../core/official-count.ts';
import { formatDateTime } from '../lib/format.ts';
import {
  COUNT_STATUS_LABELS,
  type CountTotals,
  OFFICIAL_COUNT_TEXT,
  type OfficialCount,
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
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" size="md" style={{ minWidth: 'max-content' }}>
      {COUNT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** 'Differs by 2', 'Differs: 1 intentional walk', 'Differs: nothing on record'. */
function differenceText(p: PitcherCount): string {
  const { official, otherBook } = p;
  if (!otherBook) return '';
  if (!official) return 'Differs: nothing on record';
  const by = Math.abs(official.pitches - otherBook.pitches);
  if (by > 0) return `Differs by ${by}`;
  return 'Differs in intentional walks';
}

function Totals({ totals, team }: { totals: CountTotals | null; team: string }) {
  return (
    <Stack gap={0}>
      <Text fw={700} fz="lg" lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {totals ? totals.pitches : '—'}
      </Text>
      {totals && totals.intentionalWalks > 0 ? (
        <Text fz="xs">
          {totals.intentionalWalks} intentional {totals.intentionalWalks === 1 ? 'walk' : 'walks'}
        </Text>
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
  if (count.pitchers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {OFFICIAL_COUNT_TEXT.nothingYet}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={300} type="native">
      <Table verticalSpacing={6} horizontalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr style={{ whiteSpace: 'nowrap' }}>
            <Table.Th scope="col">Pitcher</Table.Th>
            <Table.Th scope="col">On record</Table.Th>
            <Table.Th scope="col">Other dugout</Table.Th>
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
                  {p.teamName} pitcher
                </Text>
              </Table.Th>
              <Table.Td>
                <Totals totals={p.official} team={`${p.teamName} record`} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Totals
                    totals={p.otherBook}
                    team={p.otherBook ? `${otherTeamOf(count, p.teamId)} count` : 'Not counted'}
                  />
                  {p.differs ? (
                    <Group gap={4} wrap="nowrap" c="red.9" align="flex-start">
                      <IconAlertTriangle size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                      <Text fz="sm" fw={700} c="red.9">
                        {differenceText(p)}
                      </Text>
                    </Group>
                  ) : p.otherBook ? (
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      <IconCheck size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                      <Text fz="sm">Agrees</Text>
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
  return (
    <List spacing={4} listStyleType="none" aria-label="Confirmations" fz="sm">
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
                  ? `confirmed by ${confirmation.confirmedByName}, ${formatDateTime(confirmation.confirmedAt)}${
                      confirmation.current ? '' : ' (changed since: confirm again)'
                    }`
                  : 'not confirmed yet'}
              </Text>
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
