import { Checkbox, NumberInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { leagueNameSchema } from '../../../../core/admin-inputs.ts';
import {
  COUNT_DEADLINE_RULES,
  type CountDeadlineRule,
  type CountSettings,
  countSettingsSchema,
} from '../../../../core/official-count.ts';
import { AdminModal, NameField } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { League } from '../api/list-leagues.ts';

// The server's defaults (the home team's count at noon the next day), for a league read before they existed.
const DEFAULTS: CountSettings = { countStandsAfterDeadline: 'home', countDeadlineDays: 1, countDeadlineTime: '12:00' };

export interface LeagueModalProps {
  /** The league edited, or null when closed. */
  league: League | null;
  busy: boolean;
  /** The server's message. */
  error: string | null;
  onClose: () => void;
  /** Called with the checked name and official-count settings. */
  onSave: (input: { name: string; requireOfficialSignature: boolean } & CountSettings) => void;
}

/**
 * Edit League: its name, and when a game's disputed counts are settled: whose count
 * stands after the deadline, and the deadline as days after the game and a time of day.
 */
export function LeagueModal(props: LeagueModalProps) {
  // Remounting on each opening starts the form from the league as it is now.
  return props.league ? <LeagueForm {...props} league={props.league} /> : null;
}

type Problems = Partial<Record<'name' | keyof CountSettings, string>>;

function LeagueForm({ league, busy, error, onClose, onSave }: LeagueModalProps & { league: League }) {
  const t = useT();
  const [name, setName] = useState(league.name);
  const [rule, setRule] = useState<CountDeadlineRule>(
    league.countStandsAfterDeadline ?? DEFAULTS.countStandsAfterDeadline,
  );
  const [days, setDays] = useState<number | string>(league.countDeadlineDays ?? DEFAULTS.countDeadlineDays);
  const [time, setTime] = useState(league.countDeadlineTime ?? DEFAULTS.countDeadlineTime);
  const [official, setOfficial] = useState(league.requireOfficialSignature ?? false);
  const [problems, setProblems] = useState<Problems>({});

  const onConfirm = () => {
    const found: Problems = {};
    const parsedName = leagueNameSchema.safeParse(name);
    if (!parsedName.success) found.name = parsedName.error.issues[0]?.message ?? t('admin.leagues.invalidName');
    const parsed = countSettingsSchema.safeParse({
      countStandsAfterDeadline: rule,
      countDeadlineDays: typeof days === 'number' ? days : Number.NaN,
      countDeadlineTime: time.trim(),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof CountSettings;
        found[field] ??= issue.message;
      }
    }
    setProblems(found);
    if (!parsedName.success || !parsed.success) return;
    onSave({ name: parsedName.data, ...parsed.data, requireOfficialSignature: official });
  };

  const clear = (field: keyof Problems) => setProblems((current) => ({ ...current, [field]: undefined }));

  return (
    <AdminModal
      opened
      title={t('admin.leagues.editTitle')}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <NameField
        value={name}
        onChange={(value) => {
          setName(value);
          clear('name');
        }}
        error={problems.name && t.said(problems.name)}
        disabled={busy}
      />
      <Select
        label={t('admin.leagues.deadlineRule')}
        description={t('admin.leagues.deadlineRuleHint')}
        data={COUNT_DEADLINE_RULES.map((value) => ({ value, label: t(`admin.leagues.deadlineRule.${value}`) }))}
        value={rule}
        onChange={(value) => {
          if (value) setRule(value as CountDeadlineRule);
          clear('countStandsAfterDeadline');
        }}
        allowDeselect={false}
        error={problems.countStandsAfterDeadline && t.said(problems.countStandsAfterDeadline)}
        disabled={busy}
      />
      <NumberInput
        label={t('admin.leagues.deadlineDays')}
        description={t('admin.leagues.deadlineDaysHint')}
        value={days}
        onChange={(value) => {
          setDays(value);
          clear('countDeadlineDays');
        }}
        min={0}
        max={14}
        allowDecimal={false}
        clampBehavior="none"
        error={problems.countDeadlineDays && t.said(problems.countDeadlineDays)}
        disabled={busy}
      />
      <TextInput
        label={t('admin.leagues.deadlineTime')}
        description={t('admin.leagues.deadlineTimeHint')}
        placeholder="12:00"
        value={time}
        onChange={(event) => {
          setTime(event.currentTarget.value);
          clear('countDeadlineTime');
        }}
        error={problems.countDeadlineTime && t.said(problems.countDeadlineTime)}
        inputMode="numeric"
        maxLength={5}
        disabled={busy}
      />
      <Checkbox
        label={t('admin.leagues.officialSignature')}
        description={t('admin.leagues.officialSignatureHint')}
        checked={official}
        onChange={(event) => setOfficial(event.currentTarget.checked)}
        disabled={busy}
      />
    </AdminModal>
  );
}
