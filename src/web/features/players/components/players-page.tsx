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
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { teamLabel, useTeamOptions } from '../../../lib/team-options.ts';
import { type Player, usePlayers } from '../api/list-players.ts';
import { PlayerModals } from './player-modals.tsx';
import { PlayersTable } from './players-table.tsx';
import { downloadRoster } from './roster-export.ts';

export const LOAD_FAILED = 'Failed to load players';
export const EXPORT_FAILED = 'Export failed';

const ALL_TEAMS = '';
const TITLE = 'Player Management';

/** /admin/players: a season's players by team, with import, export, teams and parents. */
export function PlayersPage() {
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
  const team = teams.data?.find((t) => t.id === teamId) ?? null;
  const orgLeagues = (leagues.data ?? []).filter((l) => l.organizationId === organization?.id);

  const waiting = withoutOrganization(organizations, organization, <Text>No players to show.</Text>);
  if (waiting || !organization) return <AdminPage title={TITLE}>{waiting}</AdminPage>;

  const playerActions = (player: Player) => {
    const name = `${player.firstName} ${player.lastName}`;
    return [
      can('updatePlayer') && { label: 'Edit', name: `Edit ${name}`, onClick: () => modal.open('edit', player) },
      writable &&
        can('addPlayerToTeam') && {
          label: 'Teams',
          name: `Teams of ${name}`,
          onClick: () => modal.open('manageTeams', player),
        },
      can('linkGuardian') && {
        label: 'Parents',
        name: `Parents of ${name}`,
        onClick: () => modal.open('manageGuardians', player),
      },
      can('deletePlayer') && {
        label: 'Delete',
        name: `Delete ${name}`,
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
      await downloadRoster(filter, season.id, team?.name ?? season.name);
    } catch (caught) {
      setExportError(adminErrorMessage(caught, EXPORT_FAILED));
    } finally {
      setExporting(false);
    }
  };

  const rows = players.data?.pages.flatMap((page) => page.items) ?? [];
  let body: ReactNode;
  if (seasons.isPending || (filter && players.isPending)) body = <PageLoader label="Loading players" />;
  else if (!season) body = <Text>{organization.name} has no seasons yet.</Text>;
  else if (players.isError && rows.length === 0) body = <LoadFailed error={players.error} fallback={LOAD_FAILED} />;
  else {
    body = (
      <Stack gap="sm">
        {!writable ? (
          <Alert color="gray" variant="light">
            {season.name} is archived: its rosters are read-only.
          </Alert>
        ) : null}
        <PlayersTable
          rows={rows}
          seasonId={season.id}
          searched={debounced !== ''}
          busy={players.isFetching}
          actions={playerActions}
        />
        <MoreRows query={players} shown={rows.length} noun={['player', 'players']} />
      </Stack>
    );
  }

  return (
    <AdminPage title={TITLE}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <OrganizationSelect selection={selection} />
          <SeasonSelect selection={selection} />
          {season ? (
            <Select
              label="Team"
              data={[
                { value: ALL_TEAMS, label: 'All teams' },
                ...(teams.data ?? []).map((t) => ({ value: t.id, label: teamLabel(t) })),
              ]}
              value={teamId ?? ALL_TEAMS}
              onChange={(value) => selection.setTeam(value || null)}
              allowDeselect={false}
              w={{ base: '100%', xs: 240 }}
            />
          ) : null}
          <ListSearch
            label="Search players"
            placeholder="First or last name"
            value={search}
            onChange={setSearch}
            query={players}
            width={220}
          />
        </Group>
        {season ? (
          <Group gap="sm">
            {writable && can('createPlayer') ? <Button onClick={() => modal.open('add')}>+ Add Player</Button> : null}
            {writable && can('importPlayers') ? (
              <Button variant="default" onClick={() => modal.open('import')}>
                Import Roster
              </Button>
            ) : null}
            <Button variant="default" onClick={onExport} loading={exporting}>
              Export CSV
            </Button>
          </Group>
        ) : null}
      </Group>
      {exportError ? <ErrorAlert>{exportError}</ErrorAlert> : null}
      {body}

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
