import { Button, Checkbox, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { COUNT_STATUSES, type CountStatus } from '../../../../core/official-count.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { ErrorAlert, LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { OrganizationSelect, SeasonSelect } from '../../../components/admin/scope-selects.tsx';
import { usePageSelection } from '../../../components/admin/use-page-selection.ts';
import { ConfirmationsList, CountStatusBadge, PitcherCountsTable } from '../../../components/official-count.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RefusedTaps } from '../../../components/refused-taps.tsx';
import { formatDate, localToday } from '../../../lib/format.ts';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import {
  COUNT_STATUS_LABELS,
  deadlineText,
  deadlineWords,
  matchupText,
  OFFICIAL_COUNT_TEXT,
  type OfficialCount,
} from '../../../lib/official-count.ts';
import {
  type OfficialCountFilter,
  useConfirmForTeam,
  useLatestGameLeague,
  useOfficialCounts,
} from '../api/list-official-counts.ts';

export const GAME_COUNTS_TEXT = {
  title: 'Game Counts',
  loadFailed: 'Failed to load the game counts',
  noneMatch: 'No games match.',
  noLeague: 'This organization has no leagues yet.',
  chooseStatus: 'Choose at least one status.',
} as const;

const FILTER_WIDTH = { base: '100%', xs: 260 } as const;
// 'none' games (nothing recorded) are never listed.
const STATUS_CHOICES = COUNT_STATUSES.filter((s) => s !== 'none');
const DEFAULT_STATUSES: CountStatus[] = ['unconfirmed', 'disputed'];

/**
 * /admin/game-counts (issue 6): a league's games whose final counts are not yet agreed, with both
 * dugouts' counts of each pitcher, for admins to follow up; they may confirm for a team.
 */
export function GameCountsPage() {
  const me = useQuery(meQueryOptions);
  const canConfirm = hasAbility(me.data, 'Mutation.confirmOfficialCount');
  const selection = usePageSelection();
  const { organization, organizations, seasons, season } = selection;
  const leagues = useLeagueOptions();
  const [chosenLeague, setChosenLeague] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<CountStatus[]>(DEFAULT_STATUSES);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  // The chosen league while it is one of this organization's, else the one of the season's latest
  // game (a league with games to follow up), else its first.
  const latest = useLatestGameLeague(season?.id ?? null, localToday());
  const orgLeagues = (leagues.data ?? []).filter((l) => l.organizationId === organization?.id);
  const league =
    orgLeagues.find((l) => l.id === chosenLeague) ??
    orgLeagues.find((l) => l.id === latest.data) ??
    orgLeagues[0] ??
    null;
  const choosingDefault = chosenLeague === null && season !== null && latest.isPending;
  const filter: OfficialCountFilter | null =
    league && !seasons.isPending && !choosingDefault && statuses.length > 0
      ? {
          leagueId: league.id,
          seasonId: season?.id ?? null,
          statuses: STATUS_CHOICES.filter((s) => statuses.includes(s)),
        }
      : null;
  const counts = useOfficialCounts(filter);
  const confirm = useConfirmForTeam();

  const waiting = withoutOrganization(organizations, organization, <Text>You administer no leagues yet.</Text>);
  if (waiting || !organization) return <Page>{waiting}</Page>;

  const toggle = (gameId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(gameId)) next.delete(gameId);
      else next.add(gameId);
      return next;
    });

  let body: ReactNode;
  if (leagues.isError) {
    body = <LoadFailed error={leagues.error} fallback="Failed to load leagues" />;
  } else if (leagues.isPending || seasons.isPending || choosingDefault) {
    body = <PageLoader label="Loading game counts" />;
  } else if (!league) {
    body = <Text>{GAME_COUNTS_TEXT.noLeague}</Text>;
  } else if (statuses.length === 0) {
    body = <Text>{GAME_COUNTS_TEXT.chooseStatus}</Text>;
  } else if (counts.isPending) {
    body = <PageLoader label="Loading game counts" />;
  } else if (counts.isError) {
    body = <LoadFailed error={counts.error} fallback={GAME_COUNTS_TEXT.loadFailed} />;
  } else {
    const rows = counts.data;
    body = (
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label="Game counts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Game</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Confirmed</Table.Th>
              <Table.Th scope="col">Deadline</Table.Th>
              <Table.Th scope="col">Counts</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed">
                    {GAME_COUNTS_TEXT.noneMatch}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((count) => {
              const open = expanded.has(count.gameId);
              const title = `${formatDate(count.game.date)}, ${matchupText(count.game)}`;
              const detailsId = `counts-${count.gameId}`;
              const failed = confirm.isError && confirm.variables?.gameId === count.gameId;
              return (
                <Fragment key={count.gameId}>
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
                        onClick={() => toggle(count.gameId)}
                      >
                        {open ? 'Hide' : 'Show'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                  {open ? (
                    <Table.Tr id={detailsId}>
                      <Table.Td colSpan={6} bg="gray.0">
                        {/* Kept in view while the wide table scrolls sideways on a phone. */}
                        <Stack
                          gap="sm"
                          py="xs"
                          style={{ position: 'sticky', left: 0, maxWidth: 'min(720px, calc(100vw - 56px))' }}
                        >
                          {deadlineText(count) ? <Text size="sm">{deadlineText(count)}</Text> : null}
                          <PitcherCountsTable count={count} label={`Counts of ${title}`} />
                          <ConfirmationsList count={count} />
                          {failed ? (
                            <ErrorAlert>
                              {adminErrorMessage(confirm.error, OFFICIAL_COUNT_TEXT.confirmFailed)}
                            </ErrorAlert>
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
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Page>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <OrganizationSelect selection={selection} />
        {orgLeagues.length > 0 && league ? (
          <Select
            label="League"
            data={orgLeagues.map((l) => ({ value: l.id, label: l.name }))}
            value={league.id}
            onChange={(value) => value && setChosenLeague(value)}
            allowDeselect={false}
            w={FILTER_WIDTH}
          />
        ) : null}
        <SeasonSelect selection={selection} />
      </Group>
      <Checkbox.Group label="Status" value={statuses} onChange={(value) => setStatuses(value as CountStatus[])}>
        <Group gap="md" mt={6}>
          {STATUS_CHOICES.map((status) => (
            <Checkbox key={status} value={status} label={COUNT_STATUS_LABELS[status]} />
          ))}
        </Group>
      </Checkbox.Group>
      {seasons.isError ? <LoadFailed error={seasons.error} fallback="Failed to load seasons" /> : null}
      {body}
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1}>{GAME_COUNTS_TEXT.title}</Title>
      {children}
      <RefusedTaps showWho />
    </Stack>
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
