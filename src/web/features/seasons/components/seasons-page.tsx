import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminPage, LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { DeleteModal } from '../../../components/admin/delete-modal.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { OrganizationSelect, seasonStateName } from '../../../components/admin/scope-selects.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { usePageSelection } from '../../../components/admin/use-page-selection.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import type { SeasonOption } from '../../../lib/season-options.ts';
import { useCreateSeason } from '../api/create-season.ts';
import { useDeleteSeason } from '../api/delete-season.ts';
import { useRollSeason } from '../api/roll-season.ts';
import { useUpdateSeason } from '../api/update-season.ts';
import { SeasonFormModal } from './season-form-modal.tsx';

const STATE_COLORS = { upcoming: 'blue', active: 'green', archived: 'gray' } as const;

/** /admin/seasons: an organization's seasons; add, edit, delete, and roll the active one. */
export function SeasonsPage() {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const selection = usePageSelection();
  const { organization, organizations, seasons } = selection;
  const modal = useAdminModal<SeasonOption>();
  const create = useCreateSeason();
  const update = useUpdateSeason();
  const remove = useDeleteSeason();
  const roll = useRollSeason();
  const can = (operation: string) => hasAbility(me.data, `Mutation.${operation}`);
  const target = modal.target;

  const waiting = withoutOrganization(organizations, organization, <Text>{t('admin.noOrganizations')}</Text>);
  if (waiting || !organization) return <AdminPage title={t('admin.seasons.title')}>{waiting}</AdminPage>;

  let body: ReactNode;
  if (seasons.isPending) body = <PageLoader label={t('admin.seasons.loading')} />;
  else if (seasons.isError) body = <LoadFailed error={seasons.error} fallback={t('admin.seasons.loadFailed')} />;
  else {
    body = (
      <AdminTable
        minWidth={760}
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('admin.seasons.table')}
        columns={[
          t('common.name'),
          t('admin.seasons.dates'),
          t('admin.seasons.state'),
          t('admin.seasons.teams'),
          t('common.actions'),
        ]}
        empty={seasons.data.length === 0 && t('admin.seasons.empty', { organization: organization.name })}
      >
        {seasons.data.map((season) => (
          <Table.Tr key={season.id}>
            <Table.Th scope="row" fw={500}>
              {season.name}
            </Table.Th>
            <Table.Td>{formatDateRange(season.startDate, season.endDate)}</Table.Td>
            <Table.Td>
              {/* Dark words on the tinted badge: Mantine's light green text reached 3.8:1, short of 4.5:1. */}
              <Badge color={STATE_COLORS[season.state]} c="dark.8" variant="light">
                {seasonStateName(t, season.state)}
              </Badge>
            </Table.Td>
            <Table.Td>{t.number(season.teamCount)}</Table.Td>
            <Table.Td>
              <RowActions
                actions={[
                  season.state !== 'archived' &&
                    can('updateSeason') && {
                      label: t('common.edit'),
                      name: t('admin.action.editNamed', { name: season.name }),
                      onClick: () => modal.open('edit', season),
                    },
                  season.state === 'active' &&
                    can('rollSeason') && {
                      label: t('admin.seasons.roll'),
                      name: t('admin.seasons.rollNamed', { name: season.name }),
                      onClick: () => modal.open('roll', season),
                    },
                  can('deleteSeason') && {
                    label: t('common.delete'),
                    name: t('admin.action.deleteNamed', { name: season.name }),
                    onClick: () => modal.open('delete', season),
                    danger: true,
                  },
                ]}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
    );
  }

  const formMode = modal.mode === 'add' || modal.mode === 'edit' || modal.mode === 'roll' ? modal.mode : null;

  return (
    <AdminPage title={t('admin.seasons.title')}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <OrganizationSelect selection={selection} />
        {can('createSeason') ? <Button onClick={() => modal.open('add')}>{t('admin.seasons.add')}</Button> : null}
      </Group>
      {body}

      <SeasonFormModal
        {...modal.props}
        opened={formMode !== null}
        mode={formMode ?? 'add'}
        season={target}
        onSave={({ copyRosters, state, ...fields }) => {
          // Rolling names the next season; its state is always active, the old one's archived.
          if (modal.mode === 'roll' && target) {
            void modal.run(
              () => roll.mutateAsync({ id: target.id, ...fields, copyRosters }),
              t('admin.seasons.rollFailed'),
            );
          } else if (target) {
            void modal.run(() => update.mutateAsync({ id: target.id, ...fields, state }), t('admin.failed.save'));
          } else {
            void modal.run(
              () => create.mutateAsync({ organizationId: organization.id, ...fields, state }),
              t('admin.failed.save'),
            );
          }
        }}
      />

      <DeleteModal
        modal={modal}
        title={t('admin.seasons.deleteTitle')}
        question={t('admin.seasons.deleteQuestion')}
        failed={t('admin.failed.delete')}
        onDelete={(season) => remove.mutateAsync(season.id)}
      />
    </AdminPage>
  );
}
