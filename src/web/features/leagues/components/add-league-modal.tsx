import { Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { firstProblem, leagueNameSchema } from '../../../../core/admin-inputs.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { RestRuleIntervals } from '../../../components/admin/rest-rule-name.tsx';
import { type Translate, useT } from '../../../lib/i18n.ts';
import type { OrganizationOption } from '../../../lib/organization-options.ts';
import { type RestRule, useRestRules } from '../api/list-rest-rules.ts';

const NO_RULE = 'none';

export interface AddLeagueModalProps {
  opened: boolean;
  organization: OrganizationOption;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  /** Called with the checked name and the chosen rule (null: None). */
  onSave: (input: { name: string; restRuleId: string | null }) => void;
}

/** A rule as a picker lists it: 'Little League Baseball (9-12)', its age group telling apart rules of one name. */
export const ruleLabel = (t: Translate, rule: Pick<RestRule, 'name' | 'ageGroup'>) =>
  rule.ageGroup ? t('admin.restRule.withAgeGroup', { name: rule.name, ageGroup: rule.ageGroup }) : rule.name;

/**
 * Add League: its name, and the rest rule it plays by, chosen among the presets (Global Rules) and
 * the organization's own: a league without one checks no pitcher's rest, so it is asked here.
 */
export function AddLeagueModal(props: AddLeagueModalProps) {
  return props.opened ? <AddLeagueForm {...props} /> : null;
}

function AddLeagueForm({ organization, busy, error, onClose, onSave }: AddLeagueModalProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [ruleId, setRuleId] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ name?: string; rule?: string }>({});
  const globalRules = useRestRules({ global: true });
  const ownRules = useRestRules({ global: false, organizationId: organization.id });
  const rules = [...(globalRules.data ?? []), ...(ownRules.data ?? [])];
  const chosen = rules.find((rule) => rule.id === ruleId) ?? null;
  const loading = globalRules.isPending || ownRules.isPending;
  const failed = globalRules.error ?? ownRules.error;

  const onConfirm = () => {
    const parsed = leagueNameSchema.safeParse(name);
    const found = {
      name: parsed.success ? undefined : firstProblem(parsed.error),
      rule: ruleId === null ? t('admin.leagues.chooseRuleOrNone') : undefined,
    };
    setProblems(found);
    if (!parsed.success || ruleId === null) return;
    onSave({ name: parsed.data, restRuleId: ruleId === NO_RULE ? null : ruleId });
  };

  return (
    <AdminModal
      opened
      title={t('admin.leagues.addTitle', { organization: organization.name })}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <TextInput
        label={t('common.name')}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setProblems((current) => ({ ...current, name: undefined }));
        }}
        error={problems.name && t.said(problems.name)}
        required
        data-autofocus
        disabled={busy}
        maxLength={200}
      />
      <Stack gap={6}>
        <Select
          label={t('admin.leagues.restRule')}
          description={t('admin.leagues.ruleHint')}
          placeholder={loading ? t('admin.leagues.loadingRules') : t('admin.leagues.chooseRule')}
          data={[
            {
              group: t('admin.leagues.globalRules'),
              items: (globalRules.data ?? []).map((r) => ({ value: r.id, label: ruleLabel(t, r) })),
            },
            ...(ownRules.data?.length
              ? [
                  {
                    group: t('admin.leagues.organizationRules', { organization: organization.name }),
                    items: ownRules.data.map((r) => ({ value: r.id, label: ruleLabel(t, r) })),
                  },
                ]
              : []),
            {
              group: t('admin.leagues.noRuleGroup'),
              items: [{ value: NO_RULE, label: t('admin.leagues.noRuleOption') }],
            },
          ]}
          value={ruleId}
          onChange={(value) => {
            setRuleId(value);
            setProblems((current) => ({ ...current, rule: undefined }));
          }}
          allowDeselect={false}
          required
          disabled={busy || loading}
          error={problems.rule ?? (failed ? adminErrorMessage(failed, t('admin.leagues.rulesFailed')) : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
        {chosen ? <RestRuleIntervals rule={chosen} /> : null}
      </Stack>
    </AdminModal>
  );
}
