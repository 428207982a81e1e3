import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { ErrorAlert } from '../../../components/admin/admin-page.tsx';
import { ConfirmationsList, CountStatusBadge, PitcherCountsTable } from '../../../components/official-count.tsx';
import { formatDate } from '../../../lib/format.ts';
import {
  deadlineText,
  deadlineWords,
  matchupText,
  OFFICIAL_COUNT_TEXT,
  type OfficialCount,
} from '../../../lib/official-count.ts';
import type { useConfirmForTeam } from '../api/list-official-counts.ts';

/**
 * A game of Game Counts: its row, and when shown its details: both dugouts' counts of each pitcher,
 * who confirmed, and Confirm for a team that has not.
 */
export function GameCountRows({
  count,
  open,
  onToggle,
  confirm,
  canConfirm,
}: {
  count: OfficialCount;
  open: boolean;
  onToggle: () => void;
  confirm: ReturnType<typeof useConfirmForTeam>;
  canConfirm: boolean;
}) {
  const title = `${formatDate(count.game.date)}, ${matchupText(count.game)}`;
  const detailsId = `counts-${count.gameId}`;
  const failed = confirm.isError && confirm.variables?.gameId === count.gameId;
  return (
    <>
      <Table.Tr>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {formatDate(count.game.date)}
          {count.game.startTime ? (
            <Text size="xs" c="dimmed">
              {count.game.startTime}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Th scope="row" fw={500}>
          {matchupText(count.game)}
        </Table.Th>
        <Table.Td>
          <CountStatusBadge status={count.status} />
        </Table.Td>
        <Table.Td>
          <TeamsConfirmed count={count} />
        </Table.Td>
        <Table.Td miw={150}>
          <Text size="sm">{deadlineWords(count.deadline)}</Text>
          {count.deadlinePassed && count.status !== 'confirmed' ? (
            <Text size="xs" c="dimmed">
              passed
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Button
            size="xs"
            variant="default"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} counts of ${title}`}
            onClick={onToggle}
          >
            {open ? 'Hide' : 'Show'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={6} bg="gray.0">
            {/* Kept in view while the wide table scrolls sideways on a phone. */}
            <Stack gap="sm" py="xs" style={{ position: 'sticky', left: 0, maxWidth: 'min(720px, calc(100vw - 56px))' }}>
              {deadlineText(count) ? <Text size="sm">{deadlineText(count)}</Text> : null}
              <PitcherCountsTable count={count} label={`Counts of ${title}`} />
              <ConfirmationsList count={count} />
              {failed ? (
                <ErrorAlert>{adminErrorMessage(confirm.error, OFFICIAL_COUNT_TEXT.confirmFailed)}</ErrorAlert>
              ) : null}
              {canConfirm ? (
                <Group gap="xs">
                  {count.teams
                    .filter((t) => !t.confirmed)
                    .map((t) => (
                      <Button
                        key={t.teamId}
                        size="xs"
                        variant="default"
                        loading={
                          confirm.isPending &&
                          confirm.variables?.gameId === count.gameId &&
                          confirm.variables.teamId === t.teamId
                        }
                        disabled={confirm.isPending}
                        onClick={() => confirm.mutate({ gameId: count.gameId, teamId: t.teamId })}
                      >
                        {OFFICIAL_COUNT_TEXT.confirm(t.teamName)}
                      </Button>
                    ))}
                </Group>
              ) : null}
            </Stack>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

/** Which of the game's teams confirmed the record as it is now. */
function TeamsConfirmed({ count }: { count: OfficialCount }) {
  if (count.teams.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2}>
      {count.teams.map((t) => {
        const Icon = t.confirmed ? IconCheck : IconClock;
        return (
          <Group key={t.teamId} gap={4} wrap="nowrap">
            <Icon size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t.teamName}: {t.confirmed ? 'yes' : 'not yet'}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
