import { Badge, Button, Group, Select, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { RestRuleName } from '../../../components/admin/rest-rule-name.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { useOrganizationOptions } from '../../../lib/organization-options.ts';
import { useCreateRestRule } from '../api/create-rest-rule.ts';
import { useDeleteRestRule } from '../api/delete-rest-rule.ts';
import { type RestRule, type RestRuleScope, useRestRules } from '../api/list-rest-rules.ts';
import { useUpdateRestRule } from '../api/update-rest-rule.ts';
import { DELETE_FAILED, DeleteRestRuleModal } from './delete-rest-rule-modal.tsx';
import { OPERATION_FAILED, RestRuleModal } from './rest-rule-modal.tsx';

export const LOAD_RULES_FAILED = 'Failed to load rest rules';
export const LOAD_ORGANIZATIONS_FAILED = 'Failed to load organizations';

const GLOBAL = 'global';

/**
 * /admin/RestRulesPage: the rest rules of a scope (global, or one organization's own). Everyone
 * allowed here reads them; only those the server lets change rules (SuperAdmin) see Add, Edit, Delete.
 */
export function RestRulesPage() {
  const me = useQuery(meQueryOptions);
  const canCreate = hasAbility(me.data, 'Mutation.createRestRule');
  const canUpdate = hasAbility(me.data, 'Mutation.updateRestRule');
  const canDelete = hasAbility(me.data, 'Mutation.deleteRestRule');

  const organizations = useOrganizationOptions();
  const [scopeValue, setScopeValue] = useState<string>(GLOBAL);
  const scope: RestRuleScope = scopeValue === GLOBAL ? { global: true } : { global: false, organizationId: scopeValue };
  const rules = useRestRules(scope);

  const modal = useAdminModal<RestRule>();
  const createRule = useCreateRestRule();
  const updateRule = useUpdateRestRule();
  const deleteRule = useDeleteRestRule();
  const target = modal.target;

  const scopeOptions = [
    { value: GLOBAL, label: 'Global' },
    ...(organizations.data ?? []).map((org) => ({ value: org.id, label: org.name })),
  ];
  const withActions = canUpdate || canDelete;

  let body: ReactNode;
  if (rules.isPending) {
    body = <PageLoader label="Loading rest rules" />;
  } else if (rules.isError) {
    body = <LoadFailed error={rules.error} fallback={LOAD_RULES_FAILED} />;
  } else {
    body = (
      <AdminTable
        minWidth={withActions ? 680 : 520}
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label="Rest rules"
        columns={['Name', 'Age Group', 'Global', 'Organization', withActions && 'Actions']}
        empty={rules.data.length === 0 && 'No rest rules in this scope yet.'}
      >
        {rules.data.map((rule) => (
          <Table.Tr key={rule.id}>
            <Table.Td>
              <RestRuleName rule={rule} />
              {/* Pitches are the norm; a rule counting innings says so beside its name. */}
              {rule.unit === 'innings' ? (
                <Badge ml={6} size="sm" variant="outline" color="gray.8">
                  Innings
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>{rule.ageGroup}</Table.Td>
            <Table.Td>{rule.global ? 'Yes' : 'No'}</Table.Td>
            <Table.Td>{rule.organizationName ?? '-'}</Table.Td>
            {withActions ? (
              <Table.Td>
                <RowActions
                  compact
                  wrap="wrap"
                  actions={[
                    canUpdate && {
                      label: 'Edit',
                      name: `Edit ${rule.name}, ${rule.ageGroup}`,
                      onClick: () => modal.open('edit', rule),
                    },
                    canDelete && {
                      label: 'Delete',
                      name: `Delete ${rule.name}, ${rule.ageGroup}`,
                      onClick: () => modal.open('delete', rule),
                      danger: true,
                    },
                  ]}
                />
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </AdminTable>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1}>Rest Rules Management</Title>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Scope"
          data={scopeOptions}
          value={scopeValue}
          onChange={(value) => setScopeValue(value ?? GLOBAL)}
          allowDeselect={false}
          searchable={scopeOptions.length > 10}
          w={{ base: '100%', xs: 320 }}
        />
        {canCreate ? <Button onClick={() => modal.open('add')}>+ Add Rest Rule</Button> : null}
      </Group>
      {organizations.isError ? <LoadFailed error={organizations.error} fallback={LOAD_ORGANIZATIONS_FAILED} /> : null}
      {body}

      <RestRuleModal
        {...modal.props}
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        rule={modal.mode === 'edit' ? target : null}
        scope={scope.global ? { global: true, organizationId: null } : { global: false, organizationId: scopeValue }}
        onSave={(input) =>
          modal.run(
            () => (target ? updateRule.mutateAsync({ id: target.id, ...input }) : createRule.mutateAsync(input)),
            OPERATION_FAILED,
          )
        }
      />
      <DeleteRestRuleModal
        {...modal.props}
        opened={modal.mode === 'delete'}
        rule={target}
        onConfirm={() => target && modal.run(() => deleteRule.mutateAsync(target.id), DELETE_FAILED)}
      />
    </Stack>
  );
}
