import { Select } from '@mantine/core';
import { type Translate, useT } from '../../lib/i18n.ts';
import type { SeasonOption } from '../../lib/season-options.ts';
import type { PageSelection } from './use-page-selection.ts';

const WIDTH = { base: '100%', xs: 260 } as const;

/** A season's state as a person reads it: 'Upcoming', 'Active', 'Archived'. */
export function seasonStateName(t: Translate, state: SeasonOption['state']): string {
  return t(`admin.seasons.state.${state}`);
}

/** 'Spring 2027 (Active)', as a selector lists a season. */
export function seasonOptionLabel(t: Translate, season: Pick<SeasonOption, 'name' | 'state'>): string {
  return t('admin.scope.seasonOption', { name: season.name, state: seasonStateName(t, season.state) });
}

/** The Organization selector of an admin screen (defaults to the first organization). */
export function OrganizationSelect({ selection }: { selection: PageSelection }) {
  if (!selection.organization) return null;
  return (
    <OrganizationPicker
      organizations={selection.organizations.data ?? []}
      value={selection.organization.id}
      onChange={selection.setOrganization}
    />
  );
}

/** The Organization selector itself, for a screen that keeps its choice out of the address (League Management). */
export function OrganizationPicker({
  organizations,
  value,
  onChange,
  width = WIDTH.xs,
}: {
  organizations: { id: string; name: string }[];
  value: string;
  onChange: (id: string) => void;
  width?: number;
}) {
  const t = useT();
  return (
    <Select
      label={t('admin.scope.organization')}
      data={organizations.map((o) => ({ value: o.id, label: o.name }))}
      value={value}
      onChange={(picked) => picked && onChange(picked)}
      allowDeselect={false}
      searchable={organizations.length > 10}
      w={{ base: '100%', xs: width }}
    />
  );
}

/** The Season selector: the organization's seasons, newest first, the active one by default. */
export function SeasonSelect({ selection }: { selection: PageSelection }) {
  const t = useT();
  const seasons = selection.seasons.data ?? [];
  if (!selection.season) return null;
  return (
    <Select
      label={t('admin.scope.season')}
      data={seasons.map((s) => ({ value: s.id, label: seasonOptionLabel(t, s) }))}
      value={selection.season.id}
      onChange={(value) => value && selection.setSeason(value)}
      allowDeselect={false}
      w={WIDTH}
    />
  );
}
