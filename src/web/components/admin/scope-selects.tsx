import { Select } from '@mantine/core';
import { seasonLabel } from '../../lib/season-options.ts';
import type { PageSelection } from './use-page-selection.ts';

const WIDTH = { base: '100%', xs: 260 } as const;

/** The Organization selector of an admin screen (defaults to the first organization). */
export function OrganizationSelect({ selection }: { selection: PageSelection }) {
  const organizations = selection.organizations.data ?? [];
  if (!selection.organization) return null;
  return (
    <Select
      label="Organization"
      data={organizations.map((o) => ({ value: o.id, label: o.name }))}
      value={selection.organization.id}
      onChange={(value) => value && selection.setOrganization(value)}
      allowDeselect={false}
      searchable={organizations.length > 10}
      w={WIDTH}
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
