import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { AdminsModal } from '../../../components/admin/admins-modal.tsx';
import { InviteModal } from '../../../components/admin/invite-modal.tsx';
import { RestRuleName } from '../../../components/admin/rest-rule-name.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { adminsOf } from '../../../components/admin/user-summary.ts';
import { LeagueHistoryModal } from '../../../components/change-history.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { useOrganizationOptions } from '../../../lib/organization-options.ts';
import { useCreateLeague } from '../api/create-league.ts';
import { useDeleteLeague } from '../api/delete-league.ts';
import { useInviteLeagueAdmin } from '../api/invite-league-admin.ts';
import { type League, useLeagues } from '../api/list-leagues.ts';
import { useUpdateLeague } from '../api/update-league.ts';
import { AddLeagueModal } from './add-league-modal.tsx';
import { LeagueModal } from './league-modal.tsx';
import { RestRuleModal, restRuleErrorText } from './rest-rule-modal.tsx';

// The spec's texts (docs/screens.md, Screens and Messages).
export const DELETE_QUESTION = 'Are you sure you want to delete this league?';
export const SAVE_FAILED = 'Operation failed';
export const DELETE_FAILED = 'Delete failed';
export const ADMINS_FAILED = 'Update admins failed';
export const INVITE_FAILED = 'Invite failed';
export const ADMIN_PICKER_PLACEHOLDER = 'Search users';
const ORGANIZATIONS_FAILED = 'Failed to load organizations';
const LEAGUES_FAILED = 'Failed to load leagues';

/** /admin/leagues: one organization's leagues, their rest rule and admins (docs/screens.md, League Management). */
export function LeaguesPage() {
  const me = useQuery(meQueryOptions);
  const organizations = useOrganizationOptions();
  const [pickedOrganizationId, setPickedOrganizationId] = useState<string | null>(null);
  // The picked organization while it still exists, else the first one (docs/screens.md, Screens: defaults to the
  // first).
  const organization =
    organizations.data?.find((candidate) => candidate.id === pickedOrganizationId) ?? organizations.data?.[0] ?? null;
  const leagues = useLeagues(organization?.id ?? null);
  const modal = useAdminModal<League>();
  const create = useCreateLeague();
  const update = useUpdateLeague();
  const remove = useDeleteLeague();

  const can = (operation: string) => hasAbility(me.data, `Mutation.${operation}`);
  const canCreate = can('createLeague');
  const canUpdate = can('updateLeague');
  const canDelete = can('deleteLeague');
  // An admin finds only the people of their organization; someone new comes by Invite Admin.
  const pickerHint = me.data?.roles.includes('SuperAdmin')
    ? undefined
    : 'Only people of your organization are listed. To add someone else, use Invite Admin.';
  const canInvite = can('inviteLeagueAdmin');
  const canReadHistory = hasAbility(me.data, 'Query.changeHistory');
  const invite = useInviteLeagueAdmin();
  const target = modal.target;

  if (organizations.isPending) return <Page>{<PageLoader label="Loading organizations" />}</Page>;
  if (organizations.isError) {
    return (
      <Page>
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(organizations.error, ORGANIZATIONS_FAILED)}
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
  if (leagues.isPending) {
    body = <PageLoader label="Loading leagues" />;
  } else if (leagues.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(leagues.error, LEAGUES_FAILED)}
      </Alert>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Rest Rule</Table.Th>
              <Table.Th scope="col">Admins</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {leagues.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    {organization.name} has no leagues yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
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
                    <Text size="sm">None</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <AdminBubbles users={adminsOf(league)} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {canUpdate ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Manage Rest Rule for ${league.name}`}
                        onClick={() => modal.open('manageRestRule', league)}
                      >
                        Manage Rest Rule
                      </Button>
                    ) : null}
                    {canUpdate ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${league.name}`}
                        onClick={() => modal.open('edit', league)}
                      >
                        Edit
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        aria-label={`Delete ${league.name}`}
                        onClick={() => modal.open('delete', league)}
                      >
                        Delete
                      </Button>
                    ) : null}
                    {canUpdate ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Manage Admins of ${league.name}`}
                        onClick={() => modal.open('manageAdmins', league)}
                      >
                        Manage Admins
                      </Button>
                    ) : null}
                    {canInvite ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Invite Admin to ${league.name}`}
                        onClick={() => modal.open('inviteAdmin', league)}
                      >
                        Invite Admin
                      </Button>
                    ) : null}
                    {canReadHistory ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`History of ${league.name}`}
                        onClick={() => modal.open('history', league)}
                      >
                        History
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
    <Page>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label="Organization"
          data={organizations.data.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          value={organization.id}
          onChange={(value) => value && setPickedOrganizationId(value)}
          allowDeselect={false}
          searchable={organizations.data.length > 10}
          w={{ base: '100%', xs: 320 }}
        />
        {canCreate ? <Button onClick={() => modal.open('add')}>+ Add League</Button> : null}
      </Group>
      {body}

      <AddLeagueModal
        opened={modal.mode === 'add'}
        organization={organization}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onSave={(input) =>
          modal.run(() => create.mutateAsync({ ...input, organizationId: organization.id }), SAVE_FAILED)
        }
      />

      {/* The name and the official-count deadline. */}
      <LeagueModal
        league={modal.mode === 'edit' ? target : null}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onSave={(input) =>
          target &&
          modal.run(() => update.mutateAsync({ id: target.id, version: target.version, ...input }), SAVE_FAILED)
        }
      />

      <LeagueHistoryModal league={modal.mode === 'history' ? target : null} onClose={modal.close} />
      <AdminModal
        opened={modal.mode === 'delete'}
        title="Delete League"
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
        description={pickerHint}
        initialAdmins={target ? adminsOf(target) : []}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onSave={(admins) =>
          target &&
          modal.run(() => update.mutateAsync({ id: target.id, version: target.version, admins }), ADMINS_FAILED)
        }
      />

      <InviteModal
        opened={modal.mode === 'inviteAdmin'}
        title={`Invite Admin to ${target?.name ?? ''}`}
        explanation="They become an admin of this league: someone with a Bullpen account is told by email; someone new gets an account and a temporary password."
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onInvite={async (input) =>
          target ? (await invite.mutateAsync({ leagueId: target.id, ...input })).invitedTemporaryPassword : null
        }
        run={(work) => modal.run(work, INVITE_FAILED)}
        onPasswordClosed={() => invite.reset()}
      />

      <RestRuleModal
        league={modal.mode === 'manageRestRule' ? target : null}
        organization={organization}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onSave={(restRuleId) =>
          target &&
          modal.run(async () => {
            try {
              await update.mutateAsync({ id: target.id, version: target.version, restRuleId });
            } catch (caught) {
              throw new Error(restRuleErrorText(caught));
            }
          }, restRuleErrorText(null))
        }
      />
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Title order={1}>League Management</Title>
      {children}
    </Stack>
  );
}
