import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { rosterToCsv } from '../../../../core/roster-import.ts';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminPage, ErrorAlert, LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { DeleteModal } from '../../../components/admin/delete-modal.tsx';
import { ListSearch, MoreRows } from '../../../components/admin/paged-list.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { OrganizationSelect, SeasonSelect } from '../../../components/admin/scope-selects.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { usePageSelection } from '../../../components/admin/use-page-selection.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import tableClasses from '../../../components/table.module.css';
import { downloadText } from '../../../lib/download.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { teamLabel, useTeamOptions } from '../../../lib/team-options.ts';
import { useCreatePlayer } from '../api/create-player.ts';
import { useDeletePlayer } from '../api/delete-player.ts';
import { listAllPlayers, type Player, usePlayers } from '../api/list-players.ts';
import { useUpdatePlayer } from '../api/update-player.ts';
import { GuardiansModal } from './guardians-modal.tsx';
import { ImportModal } from './import-modal.tsx';
import { PlayerFormModal } from './player-form-modal.tsx';
import { PlayerTeamsModal } from './player-teams-modal.tsx';

export const SAVE_FAILED = 'Operation failed';
export const DELETE_FAILED = 'Delete failed';
export const LOAD_FAILED = 'Failed to load players';
export const EXPORT_FAILED = 'Export failed';

/** The confirmation of a deletion that cannot be undone (children's data, security.md item 27). */
export function deleteQuestion(player: Pick<Player, 'firstName' | 'lastName'>): string {
  return `Delete ${player.firstName} ${player.lastName} from Bullpen? Their name, birth date, jersey, teams and parents' links are erased. The pitches they threw stay in the league's records under a code name, so rest rules and violations stay right, and the league's admins are told. It cannot be undone.`;
}

const ALL_TEAMS = '';
const TITLE = 'Player Management';

/** /admin/players: a season's players by team, with import, export, teams and parents (issue 4). */
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
  const create = useCreatePlayer();
  const update = useUpdatePlayer();
  const remove = useDeletePlayer();
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const target = modal.target;
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
    if (!filter) return;
    setExportError(null);
    setExporting(true);
    try {
      const everyone = await listAllPlayers({ ...filter, search: '' });
      const csv = rosterToCsv(
        everyone.map((p) => ({
          firstName: p.firstName,
          lastName: p.lastName,
          birthDate: p.birthDate,
          jerseyNumber: p.jerseyNumber,
          leagueAge: p.leagueAge,
          team: p.teams
            .filter((t) => t.seasonId === season?.id)
            .map((t) => t.name)
            .join('; '),
          guardianEmails: p.guardians.map((g) => g.email),
        })),
      );
      const name = `${team?.name ?? season?.name ?? 'roster'}`.replace(/[^\w-]+/g, '-').toLowerCase();
      downloadText(`${name}-roster.csv`, csv, 'text/csv');
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
        <AdminTable
          minWidth={940}
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label="Players"
          aria-busy={players.isFetching}
          columns={[
            'Name',
            'Birth Date',
            'League Age',
            'Jersey',
            'Team',
            'Parents',
            { label: 'Actions', className: tableClasses.actions },
          ]}
          empty={rows.length === 0 && (debounced ? 'No player matches the search.' : 'No players on this roster yet.')}
        >
          {rows.map((player) => (
            <Table.Tr key={player.id}>
              <Table.Th scope="row" fw={500}>
                {player.lastName}, {player.firstName}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(player.birthDate)}</Table.Td>
              <Table.Td>{player.leagueAge}</Table.Td>
              <Table.Td>{player.jerseyNumber ?? ''}</Table.Td>
              <Table.Td>
                {player.teams
                  .filter((t) => t.seasonId === season.id)
                  .map((t) => teamLabel(t))
                  .join(', ') || '—'}
              </Table.Td>
              <Table.Td>
                <AdminBubbles users={player.guardians} />
              </Table.Td>
              <Table.Td className={tableClasses.actions}>
                <RowActions compact wrap="nowrap" actions={playerActions(player)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
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

      <PlayerFormModal
        {...modal.props}
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        player={modal.mode === 'edit' ? target : null}
        teams={modal.mode === 'add' ? (teams.data ?? []) : null}
        initialTeamId={teamId}
        onSave={({ teamId: chosenTeam, ...input }) =>
          modal.run(
            () =>
              target
                ? update.mutateAsync({ id: target.id, ...input })
                : create.mutateAsync({ organizationId: organization.id, teamId: chosenTeam, ...input }),
            SAVE_FAILED,
          )
        }
      />

      {modal.mode === 'manageTeams' && season ? (
        <PlayerTeamsModal player={target} seasonId={season.id} teams={teams.data ?? []} onClose={modal.close} />
      ) : null}
      {modal.mode === 'manageGuardians' ? <GuardiansModal player={target} onClose={modal.close} /> : null}
      {season ? (
        <ImportModal
          opened={modal.mode === 'import'}
          organizationId={organization.id}
          seasonId={season.id}
          seasonName={season.name}
          leagues={orgLeagues}
          teams={teams.data ?? []}
          initialTeamId={teamId}
          onClose={modal.close}
        />
      ) : null}

      <DeleteModal
        modal={modal}
        title="Delete Player"
        failed={DELETE_FAILED}
        onDelete={(player) => remove.mutateAsync(player.id)}
      >
        {target ? <Text>{deleteQuestion(target)}</Text> : null}
      </DeleteModal>
    </AdminPage>
  );
}
