import { Alert, Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../core/paths.ts';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { AdminPage, LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { OrganizationSelect, SeasonSelect } from '../../../components/admin/scope-selects.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { usePageSelection } from '../../../components/admin/use-page-selection.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { type Team, useTeams } from '../api/list-teams.ts';
import { TeamModals } from './team-modals.tsx';

/** /admin/teams: a season's teams with their coaches; a coach sees their own teams here, read-only. */
export function TeamsPage() {
  const me = useQuery(meQueryOptions);
  const selection = usePageSelection();
  const { organization, organizations, seasons, season } = selection;
  const teams = useTeams(season?.id ?? null);
  const can = (operation: string) => hasAbility(me.data, `Mutation.${operation}`);
  const manages = can('createTeam');
  const leagues = useLeagueOptions(manages);
  const modal = useAdminModal<Team>();
  const archived = season?.state === 'archived';
  const writable = !archived;
  const orgLeagues = (leagues.data ?? []).filter((l) => l.organizationId === organization?.id);
  // A coach sees their own teams here, read-only.
  const admin = me.data?.roles.some((role) => role === 'admin' || role === 'SuperAdmin');
  const title = admin === false ? 'My Teams' : 'Team Management';

  const waiting = withoutOrganization(organizations, organization, <Text>You have no teams yet.</Text>);
  if (waiting || !organization) return <AdminPage title={title}>{waiting}</AdminPage>;

  const teamActions = (team: Team) => [
    {
      label: 'Roster',
      name: `Roster of ${team.name}`,
      to: `${paths.players}?org=${organization.id}&season=${season?.id}&team=${team.id}`,
    },
    writable &&
      can('updateTeam') && { label: 'Edit', name: `Edit ${team.name}`, onClick: () => modal.open('edit', team) },
    writable &&
      can('updateTeam') && {
        label: 'Manage Coaches',
        name: `Manage Coaches of ${team.name}`,
        onClick: () => modal.open('manageAdmins', team),
      },
    writable &&
      can('inviteCoach') && {
        label: 'Invite Coach',
        name: `Invite Coach to ${team.name}`,
        onClick: () => modal.open('inviteCoach', team),
      },
    writable &&
      can('deleteTeam') && {
        label: 'Delete',
        name: `Delete ${team.name}`,
        onClick: () => modal.open('delete', team),
        danger: true,
      },
  ];

  let body: ReactNode;
  if (seasons.isPending || (season && teams.isPending)) body = <PageLoader label="Loading teams" />;
  else if (seasons.isError || teams.isError) {
    body = <LoadFailed error={seasons.error ?? teams.error} fallback="Failed to load teams" />;
  } else if (!season) {
    body = (
      <Text>
        {organization.name} has no seasons yet.{' '}
        {can('createSeason') ? (
          <Anchor component={Link} to={`${paths.seasons}?org=${organization.id}`}>
            Add one under Season Management.
          </Anchor>
        ) : null}
      </Text>
    );
  } else {
    const rows = teams.data ?? [];
    body = (
      <Stack gap="xs">
        {archived ? (
          <Alert color="gray" variant="light">
            {season.name} is archived: its teams and rosters are read-only.
          </Alert>
        ) : null}
        <AdminTable
          minWidth={860}
          verticalSpacing="sm"
          highlightOnHover
          aria-label="Teams"
          columns={['Name', 'League', 'Coaches', 'Players', 'Actions']}
          empty={rows.length === 0 && `No teams in ${season.name} yet.`}
        >
          {rows.map((team) => (
            <Table.Tr key={team.id}>
              <Table.Th scope="row" fw={500}>
                {team.name}
              </Table.Th>
              <Table.Td>{team.leagueName}</Table.Td>
              <Table.Td>
                <AdminBubbles users={team.coachUsers} />
              </Table.Td>
              <Table.Td>{team.playerCount}</Table.Td>
              <Table.Td>
                <RowActions actions={teamActions(team)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      </Stack>
    );
  }

  return (
    <AdminPage title={title}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <OrganizationSelect selection={selection} />
          <SeasonSelect selection={selection} />
        </Group>
        {season && writable && manages ? <Button onClick={() => modal.open('add')}>+ Add Team</Button> : null}
      </Group>
      {body}

      <TeamModals modal={modal} season={season} leagues={orgLeagues} />
    </AdminPage>
  );
}
