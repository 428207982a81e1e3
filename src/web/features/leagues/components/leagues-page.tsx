import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { AdminPage, LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { RestRuleName } from '../../../components/admin/rest-rule-name.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { OrganizationPicker } from '../../../components/admin/scope-selects.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { adminsOf } from '../../../components/admin/user-summary.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { useOrganizationOptions } from '../../../lib/organization-options.ts';
import { type League, useLeagues } from '../api/list-leagues.ts';
import { LeagueModals } from './league-modals.tsx';

/** /admin/leagues: one organization's leagues, their rest rule and admins (docs/screens.md, League Management). */
export function LeaguesPage() {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const organizations = useOrganizationOptions();
  const [pickedOrganizationId, setPickedOrganizationId] = useState<string | null>(null);
  // The picked organization while it still exists, else the first one (docs/screens.md, Screens: defaults to the first).
  const organization =
    organizations.data?.find((candidate) => candidate.id === pickedOrganizationId) ?? organizations.data?.[0] ?? null;
  const leagues = useLeagues(organization?.id ?? null);
  const modal = useAdminModal<League>();

  const can = (operation: string) => hasAbility(me.data, `Mutation.${operation}`);
  const canCreate = can('createLeague');
  const canUpdate = can('updateLeague');
  const canDelete = can('deleteLeague');
  const canInvite = can('inviteLeagueAdmin');
  const canReadHistory = hasAbility(me.data, 'Query.changeHistory');
  const leagueActions = (league: League) => [
    canUpdate && {
      label: t('admin.leagues.manageRestRule'),
      name: t('admin.leagues.manageRestRuleFor', { name: league.name }),
      onClick: () => modal.open('manageRestRule', league),
    },
    canUpdate && {
      label: t('common.edit'),
      name: t('admin.action.editNamed', { name: league.name }),
      onClick: () => modal.open('edit', league),
    },
    canDelete && {
      label: t('common.delete'),
      name: t('admin.action.deleteNamed', { name: league.name }),
      onClick: () => modal.open('delete', league),
      danger: true,
    },
    canUpdate && {
      label: t('admin.action.manageAdmins'),
      name: t('admin.action.manageAdminsOf', { name: league.name }),
      onClick: () => modal.open('manageAdmins', league),
    },
    canInvite && {
      label: t('admin.leagues.inviteAdmin'),
      name: t('admin.leagues.inviteAdminTo', { name: league.name }),
      onClick: () => modal.open('inviteAdmin', league),
    },
    can('addOfficial') && {
      label: t('admin.leagues.officials'),
      name: t('admin.leagues.officialsOf', { name: league.name }),
      onClick: () => modal.open('officials', league),
    },
    canReadHistory && {
      label: t('admin.leagues.history'),
      name: t('admin.leagues.historyOf', { name: league.name }),
      onClick: () => modal.open('history', league),
    },
  ];

  const waiting = withoutOrganization(organizations, organization, <Text>{t('admin.noOrganizations')}</Text>);
  if (waiting || !organization || !organizations.data) {
    return <AdminPage title={t('admin.leagues.title')}>{waiting}</AdminPage>;
  }

  let body: ReactNode;
  if (leagues.isPending) {
    body = <PageLoader label={t('admin.leagues.loading')} />;
  } else if (leagues.isError) {
    body = <LoadFailed error={leagues.error} fallback={t('admin.leagues.loadFailed')} />;
  } else {
    body = (
      <AdminTable
        minWidth={760}
        scroll="scrollarea"
        verticalSpacing="sm"
        highlightOnHover
        columns={[t('common.name'), t('admin.leagues.restRule'), t('admin.admins'), t('common.actions')]}
        empty={leagues.data.length === 0 && t('admin.leagues.empty', { organization: organization.name })}
      >
        {leagues.data.map((league) => (
          <Table.Tr key={league.id}>
            <Table.Th scope="row" fw={500}>
              {league.name}
            </Table.Th>
            <Table.Td>
              {league.restRule ? (
                <Stack gap={0} align="flex-start">
                  <RestRuleName rule={league.restRule} />
                  {/* Rules share names across age groups (the demo has two 'Little League Baseball'). */}
                  <Text size="xs" c="dimmed">
                    {league.restRule.ageGroup}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm">{t('admin.leagues.noRule')}</Text>
              )}
            </Table.Td>
            <Table.Td>
              <AdminBubbles users={adminsOf(league)} />
            </Table.Td>
            <Table.Td>
              <RowActions actions={leagueActions(league)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
    );
  }

  return (
    <AdminPage title={t('admin.leagues.title')}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <OrganizationPicker
          organizations={organizations.data}
          value={organization.id}
          onChange={setPickedOrganizationId}
          width={320}
        />
        {canCreate ? <Button onClick={() => modal.open('add')}>{t('admin.leagues.add')}</Button> : null}
      </Group>
      {body}

      <LeagueModals modal={modal} organization={organization} />
    </AdminPage>
  );
}
