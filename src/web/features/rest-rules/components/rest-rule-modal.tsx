import { Text, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { PRESET_LIST } from '../../../../core/rules/presets.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { RestRuleInput } from '../api/create-rest-rule.ts';
import type { RestRule } from '../api/list-rest-rules.ts';
import { RuleDetails } from './rule-details.tsx';
import { checkForm, formFor, isMarked, type RuleForm, type RuleSection } from './rule-form.ts';
import { RuleIntervals } from './rule-intervals.tsx';

/** Where a preset rule's numbers come from (a small 'Source:' line in the modal). */
function presetSource(rule: RestRule | null): string | null {
  if (!rule?.global || !rule.presetId) return null;
  return PRESET_LIST.find((preset) => preset.id === rule.presetId)?.source ?? null;
}

/**
 * Add or Edit of a rest rule: the spec's Name, Age Group and Intervals table first (docs/screens.md, Screens), then
 * the rest of the rule in collapsible sections. The whole rule is checked with the core schemas
 * before the page sends it as one call that stores the rule and all its intervals together.
 */
export function RestRuleModal({
  opened,
  rule,
  scope,
  busy,
  error,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** The rule to edit; null to add one. */
  rule: RestRule | null;
  /** Where a new rule belongs: global, or the organization chosen as the scope. */
  scope: { global: boolean; organizationId: string | null };
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (input: RestRuleInput) => void;
}) {
  const t = useT();
  const [form, setForm] = useState<RuleForm>(() => formFor(rule));
  const [marks, setMarks] = useState<{ invalid: string[]; problem: string | null }>({ invalid: [], problem: null });
  const [sections, setSections] = useState<string[]>([]);
  const [title, setTitle] = useState<'restRules.modal.addTitle' | 'restRules.modal.editTitle'>(
    'restRules.modal.addTitle',
  );
  const [source, setSource] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  // Each opening starts from the rule (or empty), with no stale message and every section closed.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setForm(formFor(rule));
      setMarks({ invalid: [], problem: null });
      setSections([]);
      setTitle(rule ? 'restRules.modal.editTitle' : 'restRules.modal.addTitle');
      setSource(presetSource(rule));
    }
  }

  // Keyboard users land on the row they added, or on the section's add button after removing one.
  const ids = useId();
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const edit = (change: (current: RuleForm) => Partial<RuleForm>) => {
    setForm((current) => ({ ...current, ...change(current) }));
    setMarks({ invalid: [], problem: null });
  };

  const onConfirm = () => {
    const owner = rule ? { global: rule.global, organizationId: rule.organizationId } : scope;
    const checked = checkForm(form, owner);
    if (!checked.ok) {
      setMarks({ invalid: checked.invalid, problem: checked.problem });
      const section: RuleSection | null = checked.section;
      if (section) setSections((open) => (open.includes(section) ? open : [...open, section]));
      return;
    }
    onSave(checked.input);
  };

  const isInvalid = (field: string) => isMarked(marks.invalid, field);
  const part = { ids, form, edit, busy, isInvalid, focus: setFocusId };

  return (
    <AdminModal
      opened={opened}
      title={t(title)}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={marks.problem === null ? error : t.said(marks.problem)}
      size="xl"
    >
      {source ? (
        <Text size="xs" c="dimmed">
          {t('restRules.modal.source', { source })}
        </Text>
      ) : null}
      <TextInput
        label={t('common.name')}
        required
        data-autofocus
        disabled={busy}
        value={form.name}
        error={isInvalid('name')}
        onChange={(event) => {
          const name = event.currentTarget.value;
          edit(() => ({ name }));
        }}
      />
      <TextInput
        label={t('restRules.field.ageGroup')}
        placeholder={t('restRules.field.ageGroupPlaceholder')}
        required
        disabled={busy}
        value={form.ageGroup}
        error={isInvalid('ageGroup')}
        onChange={(event) => {
          const ageGroup = event.currentTarget.value;
          edit(() => ({ ageGroup }));
        }}
      />
      <RuleIntervals {...part} />
      <RuleDetails {...part} sections={sections} onSectionsChange={setSections} />
    </AdminModal>
  );
}
