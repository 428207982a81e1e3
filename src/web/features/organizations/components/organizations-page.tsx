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
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { useCreateOrganization } from '../api/create-organization.ts';
import { useDeleteOrganization } from '../api/delete-organization.ts';
import { type Organization, useOrganizations } from '../api/list-organizations.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { OrganizationModal } from './organization-modal.tsx';

// The spec's texts (docs/screens.md, Screens and Messages).
export const DELETE_QUESTION = 'Are you sure you want to delete this organization?';
export const SAVE_FAILED = 'Operation failed';
export const DELETE_FAILED = 'Delete failed';
export const ADMINS_FAILED = 'Update admins failed';
export const LOAD_FAILED = 'Failed to load organizations';
export const ADMIN_PICKER_PLACEHOLDER = 'Type name or email';

/** /admin/organizations: organizations and their admins (docs/screens.md, Organization Management). */
export function OrganizationsPage() {
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
    body = <PageLoader label="Loading organizations" />;
  } else if (organizations.isError) {
    // FORBIDDEN included: the server's message says why, instead of the table.
    body = <LoadFailed error={organizations.error} fallback={LOAD_FAILED} />;
  } else {
    body = (
      <AdminTable
        minWidth={600}
        scroll="scrollarea"
        verticalSpacing="sm"
        highlightOnHover
        columns={['Name', 'Admins', 'Actions']}
        empty={organizations.data.length === 0 && 'No organizations yet.'}
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
                    label: 'Edit',
                    name: `Edit ${organization.name}`,
                    onClick: () => modal.open('edit', organization),
                  },
                  canDelete && {
                    label: 'Delete',
                    name: `Delete ${organization.name}`,
                    onClick: () => modal.open('delete', organization),
                    danger: true,
                  },
                  canUpdate && {
                    label: 'Manage Admins',
                    name: `Manage Admins of ${organization.name}`,
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
        <Title order={1}>Organization Management</Title>
        {canCreate && !organizations.isError ? (
          <Button onClick={() => modal.open('add')}>+ Add Organization</Button>
        ) : null}
      </Group>
      {body}

      <OrganizationModal
        {...modal.props}
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        title={modal.mode === 'edit' ? 'Edit Organization' : 'Add Organization'}
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
          }, SAVE_FAILED)
        }
      />

      <DeleteModal
        modal={modal}
        title="Delete Organization"
        question={DELETE_QUESTION}
        failed={DELETE_FAILED}
        onDelete={(organization) => remove.mutateAsync(organization.id)}
      />

      <AdminsModal
        {...modal.props}
        opened={modal.mode === 'manageAdmins'}
        title={`Manage Admins: ${target?.name ?? ''}`}
        placeholder={ADMIN_PICKER_PLACEHOLDER}
        initialAdmins={target ? adminsOf(target) : []}
        onSave={(admins) => target && modal.run(() => update.mutateAsync({ id: target.id, admins }), ADMINS_FAILED)}
      />
    </Stack>
  );
}
