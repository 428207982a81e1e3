import { Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { firstProblem, leagueNameSchema } from '../../../../core/admin-inputs.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { RestRuleIntervals } from '../../../components/admin/rest-rule-name.tsx';
import type { OrganizationOption } from '../../../lib/organization-options.ts';
import { type RestRule, useRestRules } from '../api/list-rest-rules.ts';

export const ADD_LEAGUE_TEXT = {
  rule: 'Rest Rule',
  ruleDescription: 'The pitch limits and rest days its pitchers are held to; Manage Rest Rule changes it later',
  chooseRule: 'Choose the rule this league plays by, or None',
  none: 'None: no pitch limits or rest checked yet',
} as const;
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

const ruleLabel = (rule: RestRule) => (rule.ageGroup ? `${rule.name} (${rule.ageGroup})` : rule.name);

/**
 * Add League: its name, and the rest rule it plays by, chosen among the presets (Global Rules) and
 * the organization's own: a league without one checks no pitcher's rest, so it is asked here.
 */
export function AddLeagueModal(props: AddLeagueModalProps) {
  return props.opened ? <AddLeagueForm {...props} /> : null;
}

function AddLeagueForm({ organization, busy, error, onClose, onSave }: AddLeagueModalProps) {
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
      rule: ruleId === null ? ADD_LEAGUE_TEXT.chooseRule : undefined,
    };
    setProblems(found);
    if (!parsed.success || ruleId === null) return;
    onSave({ name: parsed.data, restRuleId: ruleId === NO_RULE ? null : ruleId });
  };

  return (
    <AdminModal
      opened
      title={`Add League to ${organization.name}`}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setProblems((current) => ({ ...current, name: undefined }));
        }}
        error={problems.name}
        required
        data-autofocus
        disabled={busy}
        maxLength={200}
      />
      <Stack gap={6}>
        <Select
          label={ADD_LEAGUE_TEXT.rule}
          description={ADD_LEAGUE_TEXT.ruleDescription}
          placeholder={loading ? 'Loading rules…' : 'Choose a rule'}
          data={[
            {
              group: 'Global Rules',
              items: (globalRules.data ?? []).map((r) => ({ value: r.id, label: ruleLabel(r) })),
            },
            ...(ownRules.data?.length
              ? [
                  {
                    group: `${organization.name} Rules`,
                    items: ownRules.data.map((r) => ({ value: r.id, label: ruleLabel(r) })),
                  },
                ]
              : []),
            { group: 'No rule', items: [{ value: NO_RULE, label: ADD_LEAGUE_TEXT.none }] },
          ]}
          value={ruleId}
          onChange={(value) => {
            setRuleId(value);
            setProblems((current) => ({ ...current, rule: undefined }));
          }}
          allowDeselect={false}
          required
          disabled={busy || loading}
          error={problems.rule ?? (failed ? adminErrorMessage(failed, 'Failed to load rest rules') : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
        {chosen ? <RestRuleIntervals rule={chosen} /> : null}
      </Stack>
    </AdminModal>
  );
}
