import { Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { COUNT_STATUSES, type CountStatus } from '../../../../core/official-count.ts';
import { LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { OrganizationSelect, SeasonSelect } from '../../../components/admin/scope-selects.tsx';
import { usePageSelection } from '../../../components/admin/use-page-selection.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RefusedTaps } from '../../../components/refused-taps.tsx';
import { localToday } from '../../../lib/format.ts';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { COUNT_STATUS_LABELS } from '../../../lib/official-count.ts';
import {
  type OfficialCountFilter,
  useConfirmForTeam,
  useLatestGameLeague,
  useOfficialCounts,
} from '../api/list-official-counts.ts';
import { GameCountRows } from './game-count-rows.tsx';

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
 * /admin/game-counts: a league's games whose final counts are not yet agreed, with both
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
      <AdminTable
        minWidth={760}
        verticalSpacing="sm"
        horizontalSpacing="xs"
        aria-label="Game counts"
        columns={['Date', 'Game', 'Status', 'Confirmed', 'Deadline', 'Counts']}
        empty={rows.length === 0 && GAME_COUNTS_TEXT.noneMatch}
      >
        {rows.map((count) => (
          <GameCountRows
            key={count.gameId}
            count={count}
            open={expanded.has(count.gameId)}
            onToggle={() => toggle(count.gameId)}
            confirm={confirm}
            canConfirm={canConfirm}
          />
        ))}
      </AdminTable>
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
