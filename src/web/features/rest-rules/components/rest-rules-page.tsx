import { Badge, Button, Group, Select, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { RestRuleName } from '../../../components/admin/rest-rule-name.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { useOrganizationOptions } from '../../../lib/organization-options.ts';
import { useCreateRestRule } from '../api/create-rest-rule.ts';
import { useDeleteRestRule } from '../api/delete-rest-rule.ts';
import { type RestRule, type RestRuleScope, useRestRules } from '../api/list-rest-rules.ts';
import { useUpdateRestRule } from '../api/update-rest-rule.ts';
import { DeleteRestRuleModal } from './delete-rest-rule-modal.tsx';
import { RestRuleModal } from './rest-rule-modal.tsx';

const GLOBAL = 'global';

/**
 * /admin/rest-rules: the rest rules of a scope (global, or one organization's own). Everyone
 * allowed here reads them; only those the server lets change rules (SuperAdmin) see Add, Edit, Delete.
 */
export function RestRulesPage() {
  const t = useT();
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
    { value: GLOBAL, label: t('restRules.page.global') },
    ...(organizations.data ?? []).map((org) => ({ value: org.id, label: org.name })),
  ];
  const withActions = canUpdate || canDelete;

  let body: ReactNode;
  if (rules.isPending) {
    body = <PageLoader label={t('restRules.page.loading')} />;
  } else if (rules.isError) {
    body = <LoadFailed error={rules.error} fallback={t('restRules.page.loadFailed')} />;
  } else {
    body = (
      <AdminTable
        minWidth={withActions ? 680 : 520}
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label={t('restRules.table.label')}
        columns={[
          t('common.name'),
          t('restRules.field.ageGroup'),
          t('restRules.page.global'),
          t('restRules.table.organization'),
          withActions && t('common.actions'),
        ]}
        empty={rules.data.length === 0 && t('restRules.table.empty')}
      >
        {rules.data.map((rule) => (
          <Table.Tr key={rule.id}>
            <Table.Td>
              <RestRuleName rule={rule} />
              {/* Pitches are the norm; a rule counting innings says so beside its name. */}
              {rule.unit === 'innings' ? (
                <Badge ml={6} size="sm" variant="outline" color="gray.8">
                  {t('restRules.unit.innings')}
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>{rule.ageGroup}</Table.Td>
            <Table.Td>{rule.global ? t('common.yes') : t('common.no')}</Table.Td>
            <Table.Td>{rule.organizationName ?? '-'}</Table.Td>
            {withActions ? (
              <Table.Td>
                <RowActions
                  compact
                  wrap="wrap"
                  actions={[
                    canUpdate && {
                      label: t('common.edit'),
                      name: t('restRules.table.edit', { name: rule.name, ageGroup: rule.ageGroup }),
                      onClick: () => modal.open('edit', rule),
                    },
                    canDelete && {
                      label: t('common.delete'),
                      name: t('restRules.table.delete', { name: rule.name, ageGroup: rule.ageGroup }),
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
      <Title order={1}>{t('restRules.page.title')}</Title>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('restRules.page.scope')}
          data={scopeOptions}
          value={scopeValue}
          onChange={(value) => setScopeValue(value ?? GLOBAL)}
          allowDeselect={false}
          searchable={scopeOptions.length > 10}
          w={{ base: '100%', xs: 320 }}
        />
        {canCreate ? <Button onClick={() => modal.open('add')}>{t('restRules.page.add')}</Button> : null}
      </Group>
      {organizations.isError ? (
        <LoadFailed error={organizations.error} fallback={t('restRules.page.loadOrganizationsFailed')} />
      ) : null}
      {body}

      <RestRuleModal
        {...modal.props}
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        rule={modal.mode === 'edit' ? target : null}
        scope={scope.global ? { global: true, organizationId: null } : { global: false, organizationId: scopeValue }}
        onSave={(input) =>
          modal.run(
            () => (target ? updateRule.mutateAsync({ id: target.id, ...input }) : createRule.mutateAsync(input)),
            t('restRules.modal.failed'),
          )
        }
      />
      <DeleteRestRuleModal
        {...modal.props}
        opened={modal.mode === 'delete'}
        rule={target}
        onConfirm={() => target && modal.run(() => deleteRule.mutateAsync(target.id), t('restRules.delete.failed'))}
      />
    </Stack>
  );
}
