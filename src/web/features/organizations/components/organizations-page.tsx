import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DEFAULT_TIME_ZONE } from '../../../../core/admin-inputs.ts';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { AdminsModal } from '../../../components/admin/admins-modal.tsx';
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
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(organizations.error, LOAD_FAILED)}
      </Alert>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={600}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Admins</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {organizations.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed">
                    No organizations yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
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
                  <Group gap="xs">
                    {canUpdate ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${organization.name}`}
                        onClick={() => modal.open('edit', organization)}
                      >
                        Edit
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        aria-label={`Delete ${organization.name}`}
                        onClick={() => modal.open('delete', organization)}
                      >
                        Delete
                      </Button>
                    ) : null}
                    {canUpdate ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Manage Admins of ${organization.name}`}
                        onClick={() => modal.open('manageAdmins', organization)}
                      >
                        Manage Admins
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        title={modal.mode === 'edit' ? 'Edit Organization' : 'Add Organization'}
        initialName={modal.mode === 'edit' ? (target?.name ?? '') : ''}
        initialTimeZone={(modal.mode === 'edit' ? target?.timeZone : null) || DEFAULT_TIME_ZONE}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
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

      <AdminModal
        opened={modal.mode === 'delete'}
        title="Delete Organization"
        kind="delete"
        onClose={modal.close}
        onConfirm={() => target && modal.run(() => remove.mutateAsync(target.id), DELETE_FAILED)}
        busy={modal.busy}
        error={modal.error}
      >
        <Text>{DELETE_QUESTION}</Text>
        {target ? (
          <Text fw={600} size="sm">
            {target.name}
          </Text>
        ) : null}
      </AdminModal>

      <AdminsModal
        opened={modal.mode === 'manageAdmins'}
        title={`Manage Admins: ${target?.name ?? ''}`}
        placeholder={ADMIN_PICKER_PLACEHOLDER}
        initialAdmins={target ? adminsOf(target) : []}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onSave={(admins) => target && modal.run(() => update.mutateAsync({ id: target.id, admins }), ADMINS_FAILED)}
      />
    </Stack>
  );
}
