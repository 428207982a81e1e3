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
import { useT } from '../../../lib/i18n.ts';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { type Team, useTeams } from '../api/list-teams.ts';
import { TeamModals } from './team-modals.tsx';

/** /admin/teams: a season's teams with their coaches; a coach sees their own teams here, read-only. */
export function TeamsPage() {
  const t = useT();
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
  const title = admin === false ? t('admin.teams.myTeams') : t('admin.teams.title');

  const waiting = withoutOrganization(organizations, organization, <Text>{t('admin.teams.noTeams')}</Text>);
  if (waiting || !organization) return <AdminPage title={title}>{waiting}</AdminPage>;

  const teamActions = (team: Team) => [
    {
      label: t('admin.teams.roster'),
      name: t('admin.teams.rosterOf', { name: team.name }),
      to: `${paths.players}?org=${organization.id}&season=${season?.id}&team=${team.id}`,
    },
    writable &&
      can('updateTeam') && {
        label: t('common.edit'),
        name: t('admin.action.editNamed', { name: team.name }),
        onClick: () => modal.open('edit', team),
      },
    writable &&
      can('updateTeam') && {
        label: t('admin.teams.manageCoaches'),
        name: t('admin.teams.manageCoachesOf', { name: team.name }),
        onClick: () => modal.open('manageAdmins', team),
      },
    writable &&
      can('inviteCoach') && {
        label: t('admin.teams.inviteCoach'),
        name: t('admin.teams.inviteCoachTo', { name: team.name }),
        onClick: () => modal.open('inviteCoach', team),
      },
    writable &&
      can('deleteTeam') && {
        label: t('common.delete'),
        name: t('admin.action.deleteNamed', { name: team.name }),
        onClick: () => modal.open('delete', team),
        danger: true,
      },
  ];

  let body: ReactNode;
  if (seasons.isPending || (season && teams.isPending)) body = <PageLoader label={t('admin.teams.loading')} />;
  else if (seasons.isError || teams.isError) {
    body = <LoadFailed error={seasons.error ?? teams.error} fallback={t('admin.teams.loadFailed')} />;
  } else if (!season) {
    body = (
      <Text>
        {t('admin.teams.noSeasons', { organization: organization.name })}{' '}
        {can('createSeason') ? (
          <Anchor component={Link} to={`${paths.seasons}?org=${organization.id}`}>
            {t('admin.teams.addSeason')}
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
            {t('admin.teams.archived', { season: season.name })}
          </Alert>
        ) : null}
        <AdminTable
          minWidth={860}
          verticalSpacing="sm"
          highlightOnHover
          aria-label={t('admin.teams.table')}
          columns={[
            t('common.name'),
            t('admin.teams.league'),
            t('admin.teams.coaches'),
            t('admin.teams.players'),
            t('common.actions'),
          ]}
          empty={rows.length === 0 && t('admin.teams.empty', { season: season.name })}
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
              <Table.Td>{t.number(team.playerCount)}</Table.Td>
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
        {season && writable && manages ? (
          <Button onClick={() => modal.open('add')}>{t('admin.teams.add')}</Button>
        ) : null}
      </Group>
      {body}

      <TeamModals modal={modal} season={season} leagues={orgLeagues} />
    </AdminPage>
  );
}
