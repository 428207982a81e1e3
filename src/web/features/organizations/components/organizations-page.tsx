import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DEFAULT_TIME_ZONE } from '../../../../core/admin-inputs.ts';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { LoadFailed } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { AdminsModal } from '../../../components/admin/admins-modal.tsx';
import { DeleteModal } from '../../../components/admin/delete-modal.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { adminsOf } from '../../../components/admin/user-summary.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { useCreateOrganization } from '../api/create-organization.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';
import { type Organization, useOrganizations } from '../api/list-organizations.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { OrganizationModal } from './organization-modal.tsx';

/** /admin/organizations: organizations and their admins (docs/screens.md, Organization Management). */
export function OrganizationsPage() {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const organizations = useOrganizations();
  const modal = useAdminModal<Organization>();
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const remove = useDeleteOrganization();

  const can = (operation: string) => hasAbility(me.data, `Mutation.${operation}`);
  const canCreate = can('createOrganization');
  const canUpdate = can('updateOrganization');
  const canDelete = can('deleteOrganization');
  const target = modal.target;

  let body: ReactNode;
  if (organizations.isPending) {
    body = <PageLoader label={t('admin.organizations.loading')} />;
  } else if (organizations.isError) {
    // FORBIDDEN included: the server's message says why, instead of the table.
    body = <LoadFailed error={organizations.error} fallback={t('admin.organizations.loadFailed')} />;
  } else {
    body = (
      <AdminTable
        minWidth={600}
        scroll="scrollarea"
        verticalSpacing="sm"
        highlightOnHover
        columns={[t('common.name'), t('admin.admins'), t('common.actions')]}
        empty={organizations.data.length === 0 && t('admin.organizations.empty')}
      >
        {organizations.data.map((organization) => (
          <Table.Tr key={organization.id}>
            {/* The row is named by the organization alone; its time zone shows small beneath. */}
            <Table.Th scope="row" fw={500} aria-label={organization.name}>
              {organization.name}
              {organization.timeZone ? (
                <Text size="xs" c="dimmed" fw={400}>
                  {organization.timeZone}
                </Text>
              ) : null}
            </Table.Th>
            <Table.Td>
              <AdminBubbles users={adminsOf(organization)} />
            </Table.Td>
            <Table.Td>
              <RowActions
                actions={[
                  canUpdate && {
                    label: t('common.edit'),
                    name: t('admin.action.editNamed', { name: organization.name }),
                    onClick: () => modal.open('edit', organization),
                  },
                  canDelete && {
                    label: t('common.delete'),
                    name: t('admin.action.deleteNamed', { name: organization.name }),
                    onClick: () => modal.open('delete', organization),
                    danger: true,
                  },
                  canUpdate && {
                    label: t('admin.action.manageAdmins'),
                    name: t('admin.action.manageAdminsOf', { name: organization.name }),
                    onClick: () => modal.open('manageAdmins', organization),
                  },
                ]}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t('admin.organizations.title')}</Title>
        {canCreate && !organizations.isError ? (
          <Button onClick={() => modal.open('add')}>{t('admin.organizations.add')}</Button>
        ) : null}
      </Group>
      {body}

      <OrganizationModal
        {...modal.props}
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        title={modal.mode === 'edit' ? t('admin.organizations.editTitle') : t('admin.organizations.addTitle')}
        initialName={modal.mode === 'edit' ? (target?.name ?? '') : ''}
        initialTimeZone={(modal.mode === 'edit' ? target?.timeZone : null) || DEFAULT_TIME_ZONE}
        onSave={({ name, timeZone }) =>
          modal.run(() => {
            // Only what changed is sent: a new organization left in the default zone gets the server's default.
            const before = (target?.timeZone || DEFAULT_TIME_ZONE) as string;
            const zone = timeZone === before ? {} : { timeZone };
            return target
              ? update.mutateAsync({ id: target.id, name, ...zone })
              : create.mutateAsync({ name, ...zone });
          }, t('admin.failed.save'))
        }
      />

      <DeleteModal
        modal={modal}
        title={t('admin.organizations.deleteTitle')}
        question={t('admin.organizations.deleteQuestion')}
        failed={t('admin.failed.delete')}
        onDelete={(organization) => remove.mutateAsync(organization.id)}
      />

      <AdminsModal
        {...modal.props}
        opened={modal.mode === 'manageAdmins'}
        title={t('admin.manageAdmins.title', { name: target?.name ?? '' })}
        placeholder={t('admin.organizations.pickerPlaceholder')}
        initialAdmins={target ? adminsOf(target) : []}
        onSave={(admins) =>
          target && modal.run(() => update.mutateAsync({ id: target.id, admins }), t('admin.failed.admins'))
        }
      />
    </Stack>
  );
}
