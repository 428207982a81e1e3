import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminPage, LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { DeleteModal } from '../../../components/admin/delete-modal.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { OrganizationSelect } from '../../../components/admin/scope-selects.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { usePageSelection } from '../../../components/admin/use-page-selection.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { type SeasonOption, seasonStateLabel } from '../../../lib/season-options.ts';
import { useCreateSeason } from '../api/create-season.ts';
import { useDeleteSeason } from '../api/delete-season.ts';
import { useRollSeason } from '../api/roll-season.ts';
import { useUpdateSeason } from '../api/update-season.ts';
import { SeasonFormModal } from './season-form-modal.tsx';

export const DELETE_QUESTION = 'Are you sure you want to delete this season?';
export const SAVE_FAILED = 'Operation failed';
export const DELETE_FAILED = 'Delete failed';
export const ROLL_FAILED = 'Roll failed';

const TITLE = 'Season Management';
const STATE_COLORS = { upcoming: 'blue', active: 'green', archived: 'gray' } as const;

/** /admin/seasons: an organization's seasons; add, edit, delete, and roll the active one. */
export function SeasonsPage() {
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

  const waiting = withoutOrganization(
    organizations,
    organization,
    <Text>There are no organizations yet. A SuperAdmin adds them under Manage Organizations.</Text>,
  );
  if (waiting || !organization) return <AdminPage title={TITLE}>{waiting}</AdminPage>;

  let body: ReactNode;
  if (seasons.isPending) body = <PageLoader label="Loading seasons" />;
  else if (seasons.isError) body = <LoadFailed error={seasons.error} fallback="Failed to load seasons" />;
  else {
    body = (
      <AdminTable
        minWidth={760}
        verticalSpacing="sm"
        highlightOnHover
        aria-label="Seasons"
        columns={['Name', 'Dates', 'State', 'Teams', 'Actions']}
        empty={seasons.data.length === 0 && `${organization.name} has no seasons yet.`}
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
                {seasonStateLabel(season.state)}
              </Badge>
            </Table.Td>
            <Table.Td>{season.teamCount}</Table.Td>
            <Table.Td>
              <RowActions
                actions={[
                  season.state !== 'archived' &&
                    can('updateSeason') && {
                      label: 'Edit',
                      name: `Edit ${season.name}`,
                      onClick: () => modal.open('edit', season),
                    },
                  season.state === 'active' &&
                    can('rollSeason') && {
                      label: 'Roll Season',
                      name: `Roll Season ${season.name}`,
                      onClick: () => modal.open('roll', season),
                    },
                  can('deleteSeason') && {
                    label: 'Delete',
                    name: `Delete ${season.name}`,
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
    <AdminPage title={TITLE}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <OrganizationSelect selection={selection} />
        {can('createSeason') ? <Button onClick={() => modal.open('add')}>+ Add Season</Button> : null}
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
            void modal.run(() => roll.mutateAsync({ id: target.id, ...fields, copyRosters }), ROLL_FAILED);
          } else if (target) {
            void modal.run(() => update.mutateAsync({ id: target.id, ...fields, state }), SAVE_FAILED);
          } else {
            void modal.run(
              () => create.mutateAsync({ organizationId: organization.id, ...fields, state }),
              SAVE_FAILED,
            );
          }
        }}
      />

      <DeleteModal
        modal={modal}
        title="Delete Season"
        question={DELETE_QUESTION}
        failed={DELETE_FAILED}
        onDelete={(season) => remove.mutateAsync(season.id)}
      />
    </AdminPage>
  );
}
