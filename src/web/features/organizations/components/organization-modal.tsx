import { Select } from '@mantine/core';
import { useState } from 'react';
import {
  DEFAULT_TIME_ZONE,
  firstProblem,
  organizationNameSchema,
  timeZoneSchema,
} from '../../../../core/admin-inputs.ts';
import { AdminModal, NameField } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';

let zones: string[] | null = null;

/** The IANA time zones this browser knows, with `current` among them even if it does not know it. */
export function timeZoneOptions(current: string): string[] {
  zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes(DEFAULT_TIME_ZONE) ? zones : [DEFAULT_TIME_ZONE, ...zones];
  return all.includes(current) ? all : [current, ...all];
}

export interface OrganizationModalProps {
  /** Whether the modal shows; the fields start from the organization (or empty) each time it opens. */
  opened: boolean;
  title: string;
  /** The name now ('' when adding). */
  initialName: string;
  /** The time zone now (DEFAULT_TIME_ZONE when adding). */
  initialTimeZone: string;
  busy: boolean;
  /** From useAdminModal: the server's message. */
  error: string | null;
  onClose: () => void;
  /** Called with the checked, trimmed name and time zone. */
  onSave: (values: { name: string; timeZone: string }) => void;
}

/**
 * Add or Edit of an organization: its Name (docs/screens.md, Validation: required, trimmed) and its time zone, whose
 * calendar days game dates and rest days are counted in; both checked with the core schemas.
 */
export function OrganizationModal(props: OrganizationModalProps) {
  // Remounting the form on each opening starts it from the organization with no stale message.
  return props.opened ? <OrganizationForm {...props} /> : null;
}

function OrganizationForm({
  title,
  initialName,
  initialTimeZone,
  busy,
  error,
  onClose,
  onSave,
}: OrganizationModalProps) {
  const t = useT();
  const [name, setName] = useState(initialName);
  const [timeZone, setTimeZone] = useState<string | null>(initialTimeZone);
  const [problems, setProblems] = useState<{ name: string | null; timeZone: string | null }>({
    name: null,
    timeZone: null,
  });
  const [options] = useState(() => timeZoneOptions(initialTimeZone));

  const onConfirm = () => {
    const checkedName = organizationNameSchema.safeParse(name);
    const checkedZone = timeZoneSchema.safeParse(timeZone ?? '');
    if (!checkedName.success || !checkedZone.success) {
      setProblems({
        name: checkedName.success ? null : firstProblem(checkedName.error),
        timeZone: checkedZone.success ? null : firstProblem(checkedZone.error),
      });
      return;
    }
    setProblems({ name: null, timeZone: null });
    onSave({ name: checkedName.data, timeZone: checkedZone.data });
  };

  return (
    <AdminModal opened title={title} onClose={onClose} onConfirm={onConfirm} busy={busy} error={error}>
      <NameField
        value={name}
        onChange={(value) => {
          setName(value);
          if (problems.name) setProblems((current) => ({ ...current, name: null }));
        }}
        error={problems.name && t.said(problems.name)}
        disabled={busy}
      />
      <Select
        label={t('admin.organizations.timeZone')}
        description={t('admin.organizations.timeZoneHint')}
        data={options}
        value={timeZone}
        onChange={(value) => {
          setTimeZone(value);
          if (problems.timeZone) setProblems((current) => ({ ...current, timeZone: null }));
        }}
        searchable
        nothingFoundMessage={t('admin.organizations.noSuchTimeZone')}
        maxDropdownHeight={240}
        error={problems.timeZone && t.said(problems.timeZone)}
        required
        disabled={busy}
      />
    </AdminModal>
  );
}
