import { Select } from '@mantine/core';
import { seasonLabel } from '../../lib/season-options.ts';
import type { PageSelection } from './use-page-selection.ts';

const WIDTH = { base: '100%', xs: 260 } as const;

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
  return (
    <Select
      label="Organization"
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
  const seasons = selection.seasons.data ?? [];
  if (!selection.season) return null;
  return (
    <Select
      label="Season"
      data={seasons.map((s) => ({ value: s.id, label: seasonLabel(s) }))}
      value={selection.season.id}
      onChange={(value) => value && selection.setSeason(value)}
      allowDeselect={false}
      w={WIDTH}
    />
  );
}
