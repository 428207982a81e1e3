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
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { type User, useUsers } from '../api/list-users.ts';
import { UserModals } from './user-modals.tsx';

/** Shown where a name is empty (docs/screens.md, Screens). */
const EMPTY = '-';

/** /admin/users: SuperAdmin adds users, edits their email, name and roles, and deletes them. */
export function UsersPage() {
  const t = useT();
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
      label: t('admin.users.editEmail'),
      name: t('admin.users.editEmailOf', { email: user.email }),
      onClick: () => modal.open('editEmail', user),
    },
    canUpdate && {
      label: t('admin.users.editName'),
      name: t('admin.users.editNameOf', { email: user.email }),
      onClick: () => modal.open('editName', user),
    },
    canUpdate && {
      label: t('admin.users.roles'),
      name: t('admin.users.rolesOf', { email: user.email }),
      onClick: () => modal.open('roles', user),
    },
    canDelete && {
      label: t('common.delete'),
      name: t('admin.action.deleteNamed', { name: user.email }),
      onClick: () => modal.open('delete', user),
      danger: true,
    },
  ];

  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  const loadError = users.isError ? adminErrorMessage(users.error, t('admin.users.loadFailed')) : null;

  let body: ReactNode;
  if (users.isPending) {
    body = <PageLoader label={t('admin.users.loading')} />;
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
          aria-label={t('admin.users.table')}
          aria-busy={users.isFetching}
          columns={[
            t('common.email'),
            t('admin.person.firstName'),
            t('admin.person.lastName'),
            anyAction && t('common.actions'),
          ]}
          empty={rows.length === 0 && (debouncedSearch ? t('admin.users.noMatch') : t('admin.users.empty'))}
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
        <MoreRows query={users} shown={rows.length} noun="users" />
      </Stack>
    );
  }

  // Someone who may not list users sees only the server's refusal.
  const forbidden = users.error instanceof ApiError && users.error.code === 'FORBIDDEN';

  return (
    <Stack gap="md">
      <Title order={1}>{t('admin.users.title')}</Title>
      {forbidden ? null : (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <ListSearch
            label={t('admin.users.search')}
            placeholder={t('admin.users.searchPlaceholder')}
            value={search}
            onChange={setSearch}
            query={users}
            width={320}
          />
          {canCreate ? <Button onClick={() => modal.open('add')}>{t('admin.users.add')}</Button> : null}
        </Group>
      )}
      {body}

      <UserModals modal={modal} />
    </Stack>
  );
}
