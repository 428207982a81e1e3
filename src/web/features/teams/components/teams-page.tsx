import { Alert, Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../core/paths.ts';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { AdminPage, LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { AdminsModal } from '../../../components/admin/admins-modal.tsx';
import { DeleteModal } from '../../../components/admin/delete-modal.tsx';
import { InviteModal } from '../../../components/admin/invite-modal.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { OrganizationSelect, SeasonSelect } from '../../../components/admin/scope-selects.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { usePageSelection } from '../../../components/admin/use-page-selection.ts';
import { type UserSummary, userName } from '../../../components/admin/user-summary.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useDeleteTeam } from '../api/delete-team.ts';
import { useInviteCoach } from '../api/invite-coach.ts';
import { type Team, useTeams } from '../api/list-teams.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import { TeamFormModal } from './team-form-modal.tsx';

export const DELETE_QUESTION = 'Are you sure you want to delete this team?';
export const SAVE_FAILED = 'Operation failed';
export const DELETE_FAILED = 'Delete failed';
export const COACHES_FAILED = 'Update coaches failed';
export const INVITE_FAILED = 'Invite failed';

/** /admin/teams: a season's teams with their coaches (issue 4); a coach sees their own teams here, read-only. */
export function TeamsPage() {
  const me = useQuery(meQueryOptions);
  const selection = usePageSelection();
  const { organization, organizations, seasons, season } = selection;
  const teams = useTeams(season?.id ?? null);
  const can = (operation: string) => hasAbility(me.data, `Mutation.${operation}`);
  const manages = can('createTeam');
  const leagues = useLeagueOptions(manages);
  const modal = useAdminModal<Team>();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const remove = useDeleteTeam();
  const invite = useInviteCoach();
  // A new coach's generated temporary password, shown once; closing forgets it.
  const target = modal.target;
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

  const coachesOf = (team: Team): UserSummary[] => team.coachUsers;

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

      <TeamFormModal
        {...modal.props}
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        title={modal.mode === 'edit' ? 'Edit Team' : `Add Team to ${season?.name ?? ''}`}
        leagues={modal.mode === 'add' ? orgLeagues : null}
        initialName={modal.mode === 'edit' ? (target?.name ?? '') : ''}
        onSave={({ name, leagueId }) =>
          modal.run(
            () =>
              target
                ? update.mutateAsync({ id: target.id, name })
                : create.mutateAsync({ name, leagueId: leagueId ?? '', seasonId: season?.id ?? '' }),
            SAVE_FAILED,
          )
        }
      />

      <AdminsModal
        {...modal.props}
        opened={modal.mode === 'manageAdmins'}
        title={`Manage Coaches: ${target?.name ?? ''}`}
        label="Coaches"
        placeholder="Search users"
        description="To add someone without an account, use Invite Coach."
        initialAdmins={target ? coachesOf(target) : []}
        onSave={(coaches) => target && modal.run(() => update.mutateAsync({ id: target.id, coaches }), COACHES_FAILED)}
      />

      <InviteModal
        {...modal.props}
        opened={modal.mode === 'inviteCoach'}
        title={`Invite Coach to ${target?.name ?? ''}`}
        explanation="Someone with an account becomes a coach of this team at once; someone new gets an account and a temporary password by email."
        onInvite={async (input) =>
          target ? (await invite.mutateAsync({ teamId: target.id, ...input })).invitedTemporaryPassword : null
        }
        run={(work) => modal.run(work, INVITE_FAILED)}
        onPasswordClosed={() => invite.reset()}
      />

      <DeleteModal
        modal={modal}
        title="Delete Team"
        question={DELETE_QUESTION}
        failed={DELETE_FAILED}
        onDelete={(team) => remove.mutateAsync(team.id)}
      >
        {target ? (
          <Text size="sm">
            <b>{target.name}</b>: its roster of {target.playerCount} player(s) is cleared; the players stay in the
            organization. Coaches: {target.coachUsers.map(userName).join(', ') || 'none'}.
          </Text>
        ) : null}
      </DeleteModal>
    </AdminPage>
  );
}
