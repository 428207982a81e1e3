import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { ErrorAlert } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { ListSearch, MoreRows } from '../../../components/admin/paged-list.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { type User, useUsers } from '../api/list-users.ts';
import { UserModals } from './user-modals.tsx';

export const LOAD_USERS_FAILED = 'Failed to load users';

/** Shown where a name is empty (docs/screens.md, Screens). */
const EMPTY = '-';

/** /admin/users: SuperAdmin adds users, edits their email, name and roles, and deletes them. */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const users = useUsers(debouncedSearch);
  const modal = useAdminModal<User>();
  // Only what the server lets this user do is offered: an admin reads their people here, SuperAdmin changes them.
  const me = useQuery(meQueryOptions);
  const canCreate = hasAbility(me.data, 'Mutation.createUser');
  const canUpdate = hasAbility(me.data, 'Mutation.updateUser');
  const canDelete = hasAbility(me.data, 'Mutation.deleteUser');
  const anyAction = canUpdate || canDelete;

  const userActions = (user: User) => [
    canUpdate && {
      label: 'Edit Email',
      name: `Edit Email of ${user.email}`,
      onClick: () => modal.open('editEmail', user),
    },
    canUpdate && {
      label: 'Edit Name',
      name: `Edit Name of ${user.email}`,
      onClick: () => modal.open('editName', user),
    },
    canUpdate && { label: 'Roles', name: `Roles of ${user.email}`, onClick: () => modal.open('roles', user) },
    canDelete && {
      label: 'Delete',
      name: `Delete ${user.email}`,
      onClick: () => modal.open('delete', user),
      danger: true,
    },
  ];

  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  const loadError = users.isError ? adminErrorMessage(users.error, LOAD_USERS_FAILED) : null;

  let body: ReactNode;
  if (users.isPending) {
    body = <PageLoader label="Loading users" />;
  } else if (loadError && rows.length === 0) {
    body = <ErrorAlert>{loadError}</ErrorAlert>;
  } else {
    body = (
      <Stack gap="sm">
        {/* Wide enough for the four actions on one line; on a phone the table scrolls inside its box. */}
        <AdminTable
          minWidth={880}
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label="Users"
          aria-busy={users.isFetching}
          columns={['Email', 'First Name', 'Last Name', anyAction && 'Actions']}
          empty={rows.length === 0 && (debouncedSearch ? 'No user matches the search.' : 'No users yet.')}
        >
          {rows.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.givenName || EMPTY}</Table.Td>
              <Table.Td>{user.familyName || EMPTY}</Table.Td>
              {anyAction ? (
                <Table.Td>
                  <RowActions compact wrap="wrap" actions={userActions(user)} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </AdminTable>
        {loadError ? <ErrorAlert>{loadError}</ErrorAlert> : null}
        <MoreRows query={users} shown={rows.length} noun={['user', 'users']} />
      </Stack>
    );
  }

  // Someone who may not list users sees only the server's refusal.
  const forbidden = users.error instanceof ApiError && users.error.code === 'FORBIDDEN';

  return (
    <Stack gap="md">
      <Title order={1}>User Management</Title>
      {forbidden ? null : (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <ListSearch
            label="Search users"
            placeholder="Name or email"
            value={search}
            onChange={setSearch}
            query={users}
            width={320}
          />
          {canCreate ? <Button onClick={() => modal.open('add')}>+ Add User</Button> : null}
        </Group>
      )}
      {body}

      <UserModals modal={modal} />
    </Stack>
  );
}
