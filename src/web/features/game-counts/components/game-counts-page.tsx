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
import { useT } from '../../../lib/i18n.ts';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { countStatusLabel } from '../../../lib/official-count.ts';
import {
  type OfficialCountFilter,
  useConfirmForTeam,
  useLatestGameLeague,
  useOfficialCounts,
} from '../api/list-official-counts.ts';
import { GameCountRows } from './game-count-rows.tsx';

const FILTER_WIDTH = { base: '100%', xs: 260 } as const;
// 'none' games (nothing recorded) are never listed.
const STATUS_CHOICES = COUNT_STATUSES.filter((s) => s !== 'none');
const DEFAULT_STATUSES: CountStatus[] = ['unconfirmed', 'disputed'];

/**
 * /admin/game-counts: a league's games whose final counts are not yet agreed, with both
 * dugouts' counts of each pitcher, for admins to follow up; they may confirm for a team.
 */
export function GameCountsPage() {
  const t = useT();
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

  const waiting = withoutOrganization(organizations, organization, <Text>{t('games.counts.noLeagues')}</Text>);
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
    body = <LoadFailed error={leagues.error} fallback={t('games.counts.leaguesLoadFailed')} />;
  } else if (leagues.isPending || seasons.isPending || choosingDefault) {
    body = <PageLoader label={t('games.counts.loading')} />;
  } else if (!league) {
    body = <Text>{t('games.counts.noLeague')}</Text>;
  } else if (statuses.length === 0) {
    body = <Text>{t('games.counts.chooseStatus')}</Text>;
  } else if (counts.isPending) {
    body = <PageLoader label={t('games.counts.loading')} />;
  } else if (counts.isError) {
    body = <LoadFailed error={counts.error} fallback={t('games.counts.loadFailed')} />;
  } else {
    const rows = counts.data;
    body = (
      <AdminTable
        minWidth={760}
        verticalSpacing="sm"
        horizontalSpacing="xs"
        aria-label={t('games.counts.table')}
        columns={[
          t('games.counts.date'),
          t('games.counts.game'),
          t('games.counts.status'),
          t('games.counts.confirmed'),
          t('games.counts.deadline'),
          t('games.counts.counts'),
        ]}
        empty={rows.length === 0 && t('games.counts.noneMatch')}
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
            label={t('games.counts.league')}
            data={orgLeagues.map((l) => ({ value: l.id, label: l.name }))}
            value={league.id}
            onChange={(value) => value && setChosenLeague(value)}
            allowDeselect={false}
            w={FILTER_WIDTH}
          />
        ) : null}
        <SeasonSelect selection={selection} />
      </Group>
      <Checkbox.Group
        label={t('games.counts.status')}
        value={statuses}
        onChange={(value) => setStatuses(value as CountStatus[])}
      >
        <Group gap="md" mt={6}>
          {STATUS_CHOICES.map((status) => (
            <Checkbox key={status} value={status} label={countStatusLabel(t, status)} />
          ))}
        </Group>
      </Checkbox.Group>
      {seasons.isError ? <LoadFailed error={seasons.error} fallback={t('games.counts.seasonsLoadFailed')} /> : null}
      {body}
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Stack gap="md">
      <Title order={1}>{t('games.counts.title')}</Title>
      {children}
      <RefusedTaps showWho />
    </Stack>
  );
}
