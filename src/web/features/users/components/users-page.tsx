import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { type ShownPassword, TemporaryPasswordModal } from '../../../components/admin/temporary-password-modal.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { type User, useUsers } from '../api/list-users.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { AddUserModal, CREATE_USER_FAILED } from './add-user-modal.tsx';
import { DELETE_USER_FAILED, DeleteUserModal } from './delete-user-modal.tsx';
import { EditEmailModal, UPDATE_EMAIL_FAILED } from './edit-email-modal.tsx';
import { EditNameModal, UPDATE_NAME_FAILED } from './edit-name-modal.tsx';
import { UPDATE_ROLES_FAILED, UserRolesModal } from './user-roles-modal.tsx';

export const LOAD_USERS_FAILED = 'Failed to load users';

/** Shown where a name is empty (docs/screens.md, Screens). */
const EMPTY = '-';

/** /admin/users: SuperAdmin adds users, edits their email, name and roles, and deletes them. */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const users = useUsers(debouncedSearch);
  const modal = useAdminModal<User>();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  // Only what the server lets this user do is offered: an admin reads their people here, SuperAdmin changes them.
  const me = useQuery(meQueryOptions);
  const canCreate = hasAbility(me.data, 'Mutation.createUser');
  const canUpdate = hasAbility(me.data, 'Mutation.updateUser');
  const canDelete = hasAbility(me.data, 'Mutation.deleteUser');
  const anyAction = canUpdate || canDelete;
  // A generated temporary password, shown once after Add User; closing forgets it.
  const [shownPassword, setShownPassword] = useState<ShownPassword | null>(null);
  const target = modal.target;
  const modalProps = { busy: modal.busy, error: modal.error, onClose: modal.close };

  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  const loadError = users.isError ? adminErrorMessage(users.error, LOAD_USERS_FAILED) : null;

  let body: ReactNode;
  if (users.isPending) {
    body = <PageLoader label="Loading users" />;
  } else if (loadError && rows.length === 0) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {loadError}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm">
        {/* Wide enough for the four actions on one line; on a phone the table scrolls inside its box. */}
        <Table.ScrollContainer minWidth={880} type="native">
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Users" aria-busy={users.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">First Name</Table.Th>
                <Table.Th scope="col">Last Name</Table.Th>
                {anyAction ? <Table.Th scope="col">Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={anyAction ? 4 : 3}>
                    <Text size="sm" c="dimmed">
                      {debouncedSearch ? 'No user matches the search.' : 'No users yet.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{user.givenName || EMPTY}</Table.Td>
                    <Table.Td>{user.familyName || EMPTY}</Table.Td>
                    {anyAction ? (
                      <Table.Td>
                        <Group gap={6} wrap="wrap">
                          {canUpdate ? (
                            <>
                              <Button
                                size="compact-sm"
                                variant="default"
                                aria-label={`Edit Email of ${user.email}`}
                                onClick={() => modal.open('editEmail', user)}
                              >
                                Edit Email
                              </Button>
                              <Button
                                size="compact-sm"
                                variant="default"
                                aria-label={`Edit Name of ${user.email}`}
                                onClick={() => modal.open('editName', user)}
                              >
                                Edit Name
                              </Button>
                              <Button
                                size="compact-sm"
                                variant="default"
                                aria-label={`Roles of ${user.email}`}
                                onClick={() => modal.open('roles', user)}
                              >
                                Roles
                              </Button>
                            </>
                          ) : null}
                          {canDelete ? (
                            <Button
                              size="compact-sm"
                              variant="outline"
                              color="red.9"
                              aria-label={`Delete ${user.email}`}
                              onClick={() => modal.open('delete', user)}
                            >
                              Delete
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {loadError ? (
          <Alert color="red" variant="light" role="alert">
            {loadError}
          </Alert>
        ) : null}
        <Group gap="sm">
          {users.hasNextPage ? (
            <Button variant="default" onClick={() => users.fetchNextPage()} loading={users.isFetchingNextPage}>
              Load more
            </Button>
          ) : null}
          <Text size="sm" c="dimmed" role="status">
            {`${rows.length} ${rows.length === 1 ? 'user' : 'users'} shown${users.hasNextPage ? ', more to load' : ''}`}
          </Text>
        </Group>
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
          <TextInput
            label="Search users"
            type="search"
            placeholder="Name or email"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={users.isFetching && !users.isFetchingNextPage ? <Loader size="xs" /> : null}
            w={{ base: '100%', xs: 320 }}
          />
          {canCreate ? <Button onClick={() => modal.open('add')}>+ Add User</Button> : null}
        </Group>
      )}
      {body}

      <AddUserModal
        {...modalProps}
        opened={modal.mode === 'add'}
        onSave={(input) =>
          modal.run(async () => {
            const created = await createUser.mutateAsync(input);
            if (created.temporaryPassword)
              setShownPassword({ email: created.email, password: created.temporaryPassword });
          }, CREATE_USER_FAILED)
        }
      />
      <TemporaryPasswordModal
        shown={shownPassword}
        onClose={() => {
          setShownPassword(null);
          // The mutation's answer holds it too: let it go with the dialog.
          createUser.reset();
        }}
      />
      <EditEmailModal
        {...modalProps}
        opened={modal.mode === 'editEmail'}
        user={target}
        onSave={(email) =>
          target && modal.run(() => updateUser.mutateAsync({ id: target.id, email }), UPDATE_EMAIL_FAILED)
        }
      />
      <EditNameModal
        {...modalProps}
        opened={modal.mode === 'editName'}
        user={target}
        onSave={(name) =>
          target && modal.run(() => updateUser.mutateAsync({ id: target.id, ...name }), UPDATE_NAME_FAILED)
        }
      />
      <UserRolesModal
        {...modalProps}
        opened={modal.mode === 'roles'}
        user={target}
        onSave={(input) =>
          target && modal.run(() => updateUser.mutateAsync({ id: target.id, ...input }), UPDATE_ROLES_FAILED)
        }
      />
      <DeleteUserModal
        {...modalProps}
        opened={modal.mode === 'delete'}
        user={target}
        onConfirm={() => target && modal.run(() => deleteUser.mutateAsync(target.id), DELETE_USER_FAILED)}
      />
    </Stack>
  );
}
