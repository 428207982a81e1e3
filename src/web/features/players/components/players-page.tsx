import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminPage, ErrorAlert, LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { ListSearch, MoreRows } from '../../../components/admin/paged-list.tsx';
import { OrganizationSelect, SeasonSelect } from '../../../components/admin/scope-selects.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { usePageSelection } from '../../../components/admin/use-page-selection.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { teamLabel, useTeamOptions } from '../../../lib/team-options.ts';
import { type Player, usePlayers } from '../api/list-players.ts';
import { PlayerModals } from './player-modals.tsx';
import { PlayersTable } from './players-table.tsx';
import { PossibleDuplicates } from './possible-duplicates.tsx';
import { downloadRoster } from './roster-export.ts';

const ALL_TEAMS = '';

/** /admin/players: a season's players by team, with import, export, teams and parents. */
export function PlayersPage() {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const selection = usePageSelection();
  const { organization, organizations, seasons, season, teamId } = selection;
  const teams = useTeamOptions(season?.id ?? null);
  const can = (operation: string) => hasAbility(me.data, `Mutation.${operation}`);
  const leagues = useLeagueOptions(can('importPlayers'));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const filter =
    organization && season
      ? { organizationId: organization.id, seasonId: season.id, teamId: teamId || null, search: debounced }
      : null;
  const players = usePlayers(filter);
  const modal = useAdminModal<Player>();
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const writable = season?.state !== 'archived';
  const team = teams.data?.find((option) => option.id === teamId) ?? null;
  const orgLeagues = (leagues.data ?? []).filter((l) => l.organizationId === organization?.id);

  const title = t('players.page.title');
  const waiting = withoutOrganization(organizations, organization, <Text>{t('players.page.noPlayers')}</Text>);
  if (waiting || !organization) return <AdminPage title={title}>{waiting}</AdminPage>;

  const playerActions = (player: Player) => {
    const name = `${player.firstName} ${player.lastName}`;
    return [
      can('updatePlayer') && {
        label: t('common.edit'),
        name: t('players.actions.edit', { name }),
        onClick: () => modal.open('edit', player),
      },
      writable &&
        can('addPlayerToTeam') && {
          label: t('players.actions.teams'),
          name: t('players.teamsOf', { name }),
          onClick: () => modal.open('manageTeams', player),
        },
      can('linkGuardian') && {
        label: t('players.actions.parents'),
        name: t('players.parentsOf', { name }),
        onClick: () => modal.open('manageGuardians', player),
      },
      can('deletePlayer') && {
        label: t('common.delete'),
        name: t('players.actions.delete', { name }),
        onClick: () => modal.open('delete', player),
        danger: true,
      },
    ];
  };

  const onExport = async () => {
    if (!filter || !season) return;
    setExportError(null);
    setExporting(true);
    try {
      await downloadRoster(t, filter, season.id, team?.name ?? season.name);
    } catch (caught) {
      setExportError(adminErrorMessage(caught, t('players.page.exportFailed')));
    } finally {
      setExporting(false);
    }
  };

  const rows = players.data?.pages.flatMap((page) => page.items) ?? [];
  let body: ReactNode;
  if (seasons.isPending || (filter && players.isPending)) body = <PageLoader label={t('players.page.loading')} />;
  else if (!season) body = <Text>{t('players.page.noSeasons', { organization: organization.name })}</Text>;
  else if (players.isError && rows.length === 0)
    body = <LoadFailed error={players.error} fallback={t('players.page.loadFailed')} />;
  else {
    body = (
      <Stack gap="sm">
        {!writable ? (
          <Alert color="gray" variant="light">
            {t('players.page.archived', { season: season.name })}
          </Alert>
        ) : null}
        <PlayersTable
          rows={rows}
          seasonId={season.id}
          searched={debounced !== ''}
          busy={players.isFetching}
          actions={playerActions}
        />
        <MoreRows query={players} shown={rows.length} noun="players" />
      </Stack>
    );
  }

  return (
    <AdminPage title={title}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <OrganizationSelect selection={selection} />
          <SeasonSelect selection={selection} />
          {season ? (
            <Select
              label={t('players.field.team')}
              data={[
                { value: ALL_TEAMS, label: t('players.page.allTeams') },
                ...(teams.data ?? []).map((option) => ({ value: option.id, label: teamLabel(option) })),
              ]}
              value={teamId ?? ALL_TEAMS}
              onChange={(value) => selection.setTeam(value || null)}
              allowDeselect={false}
              w={{ base: '100%', xs: 240 }}
            />
          ) : null}
          <ListSearch
            label={t('players.page.search')}
            placeholder={t('players.page.searchPlaceholder')}
            value={search}
            onChange={setSearch}
            query={players}
            width={220}
          />
        </Group>
        {season ? (
          <Group gap="sm">
            {writable && can('createPlayer') ? (
              <Button onClick={() => modal.open('add')}>{t('players.page.addPlayer')}</Button>
            ) : null}
            {writable && can('importPlayers') ? (
              <Button variant="default" onClick={() => modal.open('import')}>
                {t('players.page.importRoster')}
              </Button>
            ) : null}
            <Button variant="default" onClick={onExport} loading={exporting}>
              {t('players.page.exportCsv')}
            </Button>
          </Group>
        ) : null}
      </Group>
      {exportError ? <ErrorAlert>{exportError}</ErrorAlert> : null}
      {body}
      <PossibleDuplicates organizationId={organization.id} enabled={can('mergePlayers')} />

      <PlayerModals
        modal={modal}
        organizationId={organization.id}
        season={season}
        teams={teams.data ?? []}
        teamId={teamId}
        leagues={orgLeagues}
      />
    </AdminPage>
  );
}
