import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
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

  if (organizations.isPending) return <Page>{<PageLoader label="Loading organizations" />}</Page>;
  if (organizations.isError) {
    return (
      <Page>
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(organizations.error, 'Failed to load organizations')}
        </Alert>
      </Page>
    );
  }
  if (!organization) {
    return (
      <Page>
        <Text>There are no organizations yet. A SuperAdmin adds them under Manage Organizations.</Text>
      </Page>
    );
  }

  let body: ReactNode;
  if (seasons.isPending) body = <PageLoader label="Loading seasons" />;
  else if (seasons.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(seasons.error, 'Failed to load seasons')}
      </Alert>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={760} type="native">
        <Table verticalSpacing="sm" highlightOnHover aria-label="Seasons">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Dates</Table.Th>
              <Table.Th scope="col">State</Table.Th>
              <Table.Th scope="col">Teams</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {seasons.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    {organization.name} has no seasons yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
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
                  <Group gap="xs">
                    {season.state !== 'archived' && can('updateSeason') ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${season.name}`}
                        onClick={() => modal.open('edit', season)}
                      >
                        Edit
                      </Button>
                    ) : null}
                    {season.state === 'active' && can('rollSeason') ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Roll Season ${season.name}`}
                        onClick={() => modal.open('roll', season)}
                      >
                        Roll Season
                      </Button>
                    ) : null}
                    {can('deleteSeason') ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        aria-label={`Delete ${season.name}`}
                        onClick={() => modal.open('delete', season)}
                      >
                        Delete
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

  const formMode = modal.mode === 'add' || modal.mode === 'edit' || modal.mode === 'roll' ? modal.mode : null;

  return (
    <Page>
      <Group justify="space-between" align="flex-end" gap="sm">
        <OrganizationSelect selection={selection} />
        {can('createSeason') ? <Button onClick={() => modal.open('add')}>+ Add Season</Button> : null}
      </Group>
      {body}

      <SeasonFormModal
        opened={formMode !== null}
        mode={formMode ?? 'add'}
        season={target}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
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

      <AdminModal
        opened={modal.mode === 'delete'}
        title="Delete Season"
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
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Title order={1}>Season Management</Title>
      {children}
    </Stack>
  );
}
