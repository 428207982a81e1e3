import { Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { RestRuleIntervals } from '../../../components/admin/rest-rule-name.tsx';
import { type Translate, useT } from '../../../lib/i18n.ts';
import type { OrganizationOption } from '../../../lib/organization-options.ts';
import type { League } from '../api/list-leagues.ts';
import { useRestRules } from '../api/list-rest-rules.ts';
import { ruleLabel } from './add-league-modal.tsx';

const NO_RULE = 'none';

type Scope = 'global' | 'organization';

export interface RestRuleModalProps {
  /** The league whose rule is chosen; null: closed. */
  league: League | null;
  /** The selected organization (its rules are the second choice). */
  organization: OrganizationOption;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  /** Called with the chosen rule's id, or null for none. */
  onSave: (restRuleId: string | null) => void;
}

/**
 * The text of the error box when saving fails: the spec's message ('Error updating rest rule', docs/screens.md,
 * Messages), with the server's reason when it gave one.
 */
export function restRuleErrorText(t: Translate, error: unknown): string {
  const reason = adminErrorMessage(error, '');
  return reason ? t('admin.leagues.restRuleFailedBecause', { reason }) : t('admin.leagues.restRuleFailed');
}

/**
 * Manage Rest Rule: Global Rules or the organization's own, then one rule of that scope, or none (docs/screens.md,
 * Screens).
 */
export function RestRuleModal(props: RestRuleModalProps) {
  return props.league ? <RestRuleForm {...props} league={props.league} /> : null;
}

function RestRuleForm({ league, organization, busy, error, onClose, onSave }: RestRuleModalProps & { league: League }) {
  const t = useT();
  const current = league.restRule;
  const scopeOfCurrent: Scope = current && !current.global ? 'organization' : 'global';
  const [scope, setScope] = useState<Scope>(scopeOfCurrent);
  const [ruleId, setRuleId] = useState<string | null>(league.restRuleId);

  const globalRules = useRestRules({ global: true }, scope === 'global');
  const organizationRules = useRestRules({ global: false, organizationId: organization.id }, scope === 'organization');
  const rules = scope === 'global' ? globalRules : organizationRules;
  const chosen = rules.data?.find((rule) => rule.id === ruleId) ?? null;

  const onScopeChange = (next: string) => {
    const nextScope: Scope = next === 'organization' ? 'organization' : 'global';
    setScope(nextScope);
    // Back in the current rule's scope, the current rule is preselected again; elsewhere, none.
    setRuleId(nextScope === scopeOfCurrent ? league.restRuleId : null);
  };

  let rulesError: string | null = null;
  if (rules.isError) rulesError = adminErrorMessage(rules.error, t('admin.leagues.rulesFailed'));

  return (
    <AdminModal
      opened
      title={t('admin.leagues.restRuleTitle', { name: league.name })}
      onClose={onClose}
      // What is sent is what the Select shows.
      onConfirm={() => onSave(rules.data ? (chosen?.id ?? null) : ruleId)}
      busy={busy}
      error={error}
    >
      <Radio.Group label={t('admin.leagues.chooseFrom')} value={scope} onChange={onScopeChange}>
        <Group gap="md" mt={6}>
          <Radio value="global" label={t('admin.leagues.globalRules')} disabled={busy} />
          <Radio
            value="organization"
            label={t('admin.leagues.organizationRules', { organization: organization.name })}
            disabled={busy}
          />
        </Group>
      </Radio.Group>
      <Stack gap={6}>
        <Select
          label={t('admin.leagues.restRule')}
          data={[
            { value: NO_RULE, label: t('admin.leagues.noRule') },
            ...(rules.data ?? []).map((rule) => ({ value: rule.id, label: ruleLabel(t, rule) })),
          ]}
          value={chosen ? chosen.id : NO_RULE}
          onChange={(value) => setRuleId(value && value !== NO_RULE ? value : null)}
          allowDeselect={false}
          disabled={busy || rules.isPending}
          placeholder={rules.isPending ? t('admin.leagues.loadingRules') : undefined}
          error={rulesError}
          comboboxProps={{ withinPortal: true }}
        />
        {chosen ? <RestRuleIntervals rule={chosen} /> : null}
        {rules.data && rules.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {scope === 'global'
              ? t('admin.leagues.noGlobalRules')
              : t('admin.leagues.noOwnRules', { organization: organization.name })}
          </Text>
        ) : null}
      </Stack>
    </AdminModal>
  );
}
