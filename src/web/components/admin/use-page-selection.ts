import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { hasAbility, meQueryOptions } from '../../lib/me.ts';
import { useOrganizationOptions } from '../../lib/organization-options.ts';
import { defaultSeason, useSeasonOrganizations, useSeasons } from '../../lib/season-options.ts';

/**
 * The organization, season and team a screen shows, kept in the address (?org=, ?season=, ?team=)
 * so a reload or a link (a team's Roster) opens the same view. Defaults: the first organization
 * (docs/screens.md, League Management), its active season, all teams.
 */
export function usePageSelection(options: { seasons?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const me = useQuery(meQueryOptions);
  // An admin lists organizations; a coach or parent knows theirs from the seasons they may read.
  const admin = me.data ? hasAbility(me.data, 'Query.listOrganizations') : null;
  const listed = useOrganizationOptions(admin === true);
  const derived = useSeasonOrganizations(admin === false);
  const organizations = admin === false ? derived : { ...listed, isPending: listed.isPending || admin === null };
  const organization = organizations.data?.find((o) => o.id === params.get('org')) ?? organizations.data?.[0] ?? null;
  const seasons = useSeasons(options.seasons === false ? null : (organization?.id ?? null));
  const season = seasons.data?.find((s) => s.id === params.get('season')) ?? defaultSeason(seasons.data ?? []) ?? null;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return {
    organizations,
    organization,
    seasons,
    season,
    teamId: params.get('team'),
    setOrganization: (id: string) => update({ org: id, season: null, team: null }),
    setSeason: (id: string) => update({ org: organization?.id ?? null, season: id, team: null }),
    setTeam: (id: string | null) => update({ org: organization?.id ?? null, season: season?.id ?? null, team: id }),
  };
}

export type PageSelection = ReturnType<typeof usePageSelection>;
