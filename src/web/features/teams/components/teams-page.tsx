import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../core/paths.ts';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { AdminsModal } from '../../../components/admin/admins-modal.tsx';
import { InviteModal } from '../../../components/admin/invite-modal.tsx';
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
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const remove = useDeleteTeam();
  const invite = useInviteCoach();
  // A new coach's generated temporary password, shown once; closing forgets it.
  const target = modal.target;
  const archived = season?.state === 'archived';
  const writable = !archived;
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
  if (!organization) return <Page>{<Text>You have no teams yet.</Text>}</Page>;

  let body: ReactNode;
  if (seasons.isPending || (season && teams.isPending)) body = <PageLoader label="Loading teams" />;
  else if (seasons.isError || teams.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(seasons.error ?? teams.error, 'Failed to load teams')}
      </Alert>
    );
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
        <Table.ScrollContainer minWidth={860} type="native">
          <Table verticalSpacing="sm" highlightOnHover aria-label="Teams">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">League</Table.Th>
                <Table.Th scope="col">Coaches</Table.Th>
                <Table.Th scope="col">Players</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      No teams in {season.name} yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
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
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        component={Link}
                        to={`${paths.players}?org=${organization.id}&season=${season.id}&team=${team.id}`}
                        aria-label={`Roster of ${team.name}`}
                      >
                        Roster
                      </Button>
                      {writable && can('updateTeam') ? (
                        <>
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Edit ${team.name}`}
                            onClick={() => modal.open('edit', team)}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Manage Coaches of ${team.name}`}
                            onClick={() => modal.open('manageAdmins', team)}
                          >
                            Manage Coaches
                          </Button>
                        </>
                      ) : null}
                      {writable && can('inviteCoach') ? (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Invite Coach to ${team.name}`}
                          onClick={() => modal.open('inviteCoach', team)}
                        >
                          Invite Coach
                        </Button>
                      ) : null}
                      {writable && can('deleteTeam') ? (
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          aria-label={`Delete ${team.name}`}
                          onClick={() => modal.open('delete', team)}
                        >
                          Delete
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  }

  const coachesOf = (team: Team): UserSummary[] => team.coachUsers;

  return (
    <Page>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <OrganizationSelect selection={selection} />
          <SeasonSelect selection={selection} />
        </Group>
        {season && writable && manages ? <Button onClick={() => modal.open('add')}>+ Add Team</Button> : null}
      </Group>
      {body}

      <TeamFormModal
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        title={modal.mode === 'edit' ? 'Edit Team' : `Add Team to ${season?.name ?? ''}`}
        leagues={modal.mode === 'add' ? orgLeagues : null}
        initialName={modal.mode === 'edit' ? (target?.name ?? '') : ''}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
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
        opened={modal.mode === 'manageAdmins'}
        title={`Manage Coaches: ${target?.name ?? ''}`}
        label="Coaches"
        placeholder="Search users"
        description="To add someone without an account, use Invite Coach."
        initialAdmins={target ? coachesOf(target) : []}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onSave={(coaches) => target && modal.run(() => update.mutateAsync({ id: target.id, coaches }), COACHES_FAILED)}
      />

      <InviteModal
        opened={modal.mode === 'inviteCoach'}
        title={`Invite Coach to ${target?.name ?? ''}`}
        explanation="Someone with an account becomes a coach of this team at once; someone new gets an account and a temporary password by email."
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onInvite={async (input) =>
          target ? (await invite.mutateAsync({ teamId: target.id, ...input })).invitedTemporaryPassword : null
        }
        run={(work) => modal.run(work, INVITE_FAILED)}
        onPasswordClosed={() => invite.reset()}
      />

      <AdminModal
        opened={modal.mode === 'delete'}
        title="Delete Team"
        kind="delete"
        onClose={modal.close}
        onConfirm={() => target && modal.run(() => remove.mutateAsync(target.id), DELETE_FAILED)}
        busy={modal.busy}
        error={modal.error}
      >
        <Text>{DELETE_QUESTION}</Text>
        {target ? (
          <Text size="sm">
            <b>{target.name}</b>: its roster of {target.playerCount} player(s) is cleared; the players stay in the
            organization. Coaches: {target.coachUsers.map(userName).join(', ') || 'none'}.
          </Text>
        ) : null}
      </AdminModal>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  const me = useQuery(meQueryOptions);
  const admin = me.data?.roles.some((role) => role === 'admin' || role === 'SuperAdmin');
  return (
    <Stack gap="lg">
      <Title order={1}>{admin === false ? 'My Teams' : 'Team Management'}</Title>
      {children}
    </Stack>
  );
}
