import { Alert, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { rosterToCsv } from '../../../../core/roster-import.ts';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
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

/**
 * The confirmation of a deletion that cannot be undone (children's data, docs/reliability.md, security requirement
 * 27).
 */
export function deleteQuestion(player: Pick<Player, 'firstName' | 'lastName'>): string {
  return `Delete ${player.firstName} ${player.lastName} from Bullpen? Their name, birth date, jersey, teams and parents' links are erased. The pitches they threw stay in the league's records under a code name, so rest rules and violations stay right, and the league's admins are told. It cannot be undone.`;
}

const ALL_TEAMS = '';

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
  const create = useCreatePlayer();
  const update = useUpdatePlayer();
  const remove = useDeletePlayer();
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const target = modal.target;
  const writable = season?.state !== 'archived';
  const team = teams.data?.find((t) => t.id === teamId) ?? null;
  const orgLeagues = (leagues.data ?? []).filter((l) => l.organizationId === organization?.id);

  if (organizations.isPending) return <Page>{<PageLoader label="Loading organizations" />}</Page>;
  if (organizations.isError) {
    return (
      <Page>
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(organizations.error, 'Failed to load organizations')}
        </Alert>
      </Page>
    );
  }
  if (!organization) return <Page>{<Text>No players to show.</Text>}</Page>;

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
  else if (players.isError && rows.length === 0) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(players.error, LOAD_FAILED)}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm">
        {!writable ? (
          <Alert color="gray" variant="light">
            {season.name} is archived: its rosters are read-only.
          </Alert>
        ) : null}
        <Table.ScrollContainer minWidth={940} type="native">
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Players" aria-busy={players.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Birth Date</Table.Th>
                <Table.Th scope="col">League Age</Table.Th>
                <Table.Th scope="col">Jersey</Table.Th>
                <Table.Th scope="col">Team</Table.Th>
                <Table.Th scope="col">Parents</Table.Th>
                <Table.Th scope="col" className={tableClasses.actions}>
                  Actions
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed">
                      {debounced ? 'No player matches the search.' : 'No players on this roster yet.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {rows.map((player) => {
                const name = `${player.firstName} ${player.lastName}`;
                const seasonTeams = player.teams.filter((t) => t.seasonId === season.id);
                return (
                  <Table.Tr key={player.id}>
                    <Table.Th scope="row" fw={500}>
                      {player.lastName}, {player.firstName}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(player.birthDate)}</Table.Td>
                    <Table.Td>{player.leagueAge}</Table.Td>
                    <Table.Td>{player.jerseyNumber ?? ''}</Table.Td>
                    <Table.Td>{seasonTeams.map((t) => teamLabel(t)).join(', ') || '—'}</Table.Td>
                    <Table.Td>
                      <AdminBubbles users={player.guardians} />
                    </Table.Td>
                    <Table.Td className={tableClasses.actions}>
                      <Group gap={6} wrap="nowrap">
                        {can('updatePlayer') ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={`Edit ${name}`}
                            onClick={() => modal.open('edit', player)}
                          >
                            Edit
                          </Button>
                        ) : null}
                        {writable && can('addPlayerToTeam') ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={`Teams of ${name}`}
                            onClick={() => modal.open('manageTeams', player)}
                          >
                            Teams
                          </Button>
                        ) : null}
                        {can('linkGuardian') ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={`Parents of ${name}`}
                            onClick={() => modal.open('manageGuardians', player)}
                          >
                            Parents
                          </Button>
                        ) : null}
                        {can('deletePlayer') ? (
                          <Button
                            size="compact-sm"
                            variant="outline"
                            color="red.9"
                            aria-label={`Delete ${name}`}
                            onClick={() => modal.open('delete', player)}
                          >
                            Delete
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group gap="sm">
          {players.hasNextPage ? (
            <Button variant="default" onClick={() => players.fetchNextPage()} loading={players.isFetchingNextPage}>
              Load more
            </Button>
          ) : null}
          <Text size="sm" c="dimmed" role="status">
            {`${rows.length} ${rows.length === 1 ? 'player' : 'players'} shown${players.hasNextPage ? ', more to load' : ''}`}
          </Text>
        </Group>
      </Stack>
    );
  }

  return (
    <Page>
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
          <TextInput
            label="Search players"
            type="search"
            placeholder="First or last name"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={players.isFetching && !players.isFetchingNextPage ? <Loader size="xs" /> : null}
            w={{ base: '100%', xs: 220 }}
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
      {exportError ? (
        <Alert color="red" variant="light" role="alert">
          {exportError}
        </Alert>
      ) : null}
      {body}

      <PlayerFormModal
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        player={modal.mode === 'edit' ? target : null}
        teams={modal.mode === 'add' ? (teams.data ?? []) : null}
        initialTeamId={teamId}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
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

      <AdminModal
        opened={modal.mode === 'delete'}
        title="Delete Player"
        kind="delete"
        onClose={modal.close}
        onConfirm={() => target && modal.run(() => remove.mutateAsync(target.id), DELETE_FAILED)}
        busy={modal.busy}
        error={modal.error}
      >
        {target ? <Text>{deleteQuestion(target)}</Text> : null}
      </AdminModal>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Title order={1}>Player Management</Title>
      {children}
    </Stack>
  );
}
