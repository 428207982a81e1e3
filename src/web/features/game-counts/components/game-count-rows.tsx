import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { ErrorAlert } from '../../../components/admin/admin-page.tsx';
import { ConfirmationsList, CountStatusBadge, PitcherCountsTable } from '../../../components/official-count.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { deadlineText, deadlineWords, matchupText, type OfficialCount } from '../../../lib/official-count.ts';
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
  const t = useT();
  const matchup = matchupText(t, count.game);
  const title = t('games.counts.gameTitle', { date: formatDate(count.game.date), matchup });
  const deadline = deadlineText(t, count);
  const detailsId = `counts-${count.gameId}`;
  const failed = confirm.isError && confirm.variables?.gameId === count.gameId;
  return (
    <>
      <Table.Tr>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {formatDate(count.game.date)}
          {count.game.startTime ? (
            <Text size="xs" c="dimmed">
              {t.clock(count.game.startTime)}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Th scope="row" fw={500}>
          {matchup}
        </Table.Th>
        <Table.Td>
          <CountStatusBadge status={count.status} />
        </Table.Td>
        <Table.Td>
          <TeamsConfirmed count={count} />
        </Table.Td>
        <Table.Td miw={150}>
          <Text size="sm">{deadlineWords(t, count.deadline)}</Text>
          {count.deadlinePassed && count.status !== 'confirmed' ? (
            <Text size="xs" c="dimmed">
              {t('games.counts.passed')}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Button
            size="xs"
            variant="default"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={t(open ? 'games.counts.hideCountsOf' : 'games.counts.showCountsOf', { game: title })}
            onClick={onToggle}
          >
            {t(open ? 'games.counts.hide' : 'games.counts.show')}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={detailsId}>
          <Table.Td colSpan={6} bg="gray.0">
            {/* Kept in view while the wide table scrolls sideways on a phone. */}
            <Stack gap="sm" py="xs" style={{ position: 'sticky', left: 0, maxWidth: 'min(720px, calc(100vw - 56px))' }}>
              {deadline ? <Text size="sm">{deadline}</Text> : null}
              <PitcherCountsTable count={count} label={t('games.counts.countsOf', { game: title })} />
              <ConfirmationsList count={count} />
              {failed ? (
                <ErrorAlert>{adminErrorMessage(confirm.error, t('games.finalCounts.confirmFailed'))}</ErrorAlert>
              ) : null}
              {canConfirm ? (
                <Group gap="xs">
                  {count.teams
                    .filter((team) => !team.confirmed)
                    .map((team) => (
                      <Button
                        key={team.teamId}
                        size="xs"
                        variant="default"
                        loading={
                          confirm.isPending &&
                          confirm.variables?.gameId === count.gameId &&
                          confirm.variables.teamId === team.teamId
                        }
                        disabled={confirm.isPending}
                        onClick={() => confirm.mutate({ gameId: count.gameId, teamId: team.teamId })}
                      >
                        {t('games.finalCounts.confirmFor', { team: team.teamName })}
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
  const t = useT();
  if (count.teams.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2}>
      {count.teams.map((team) => {
        const Icon = team.confirmed ? IconCheck : IconClock;
        return (
          <Group key={team.teamId} gap={4} wrap="nowrap">
            <Icon size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t(team.confirmed ? 'games.counts.teamConfirmed' : 'games.counts.teamNotConfirmed', {
                team: team.teamName,
              })}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
