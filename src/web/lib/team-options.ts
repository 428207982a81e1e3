import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from './api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from './read-all-pages.ts';

/** A team as selectors show it. */
export interface TeamOption {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
}

export const LIST_TEAM_OPTIONS = `query ListTeamOptions($filter: TeamFilter, $limit: Int, $nextToken: String) {
  listTeams(filter: $filter, limit: $limit, nextToken: $nextToken) {
    items { id name leagueId leagueName seasonId } nextToken
  }
}`;

/** The season's teams the user may see, by league and name, all pages. */
export function listTeamOptions(seasonId: string): Promise<TeamOption[]> {
  return readAllPages(async (nextToken) => {
    const data = await graphql<{ listTeams: Page<TeamOption> }>(LIST_TEAM_OPTIONS, {
      filter: { seasonId: { eq: seasonId } },
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listTeams;
  });
}

// Under ['teams'], so a change to the teams refreshes the selectors too.
export function teamOptionsQueryOptions(seasonId: string | null) {
  return queryOptions({
    queryKey: ['teams', 'options', seasonId],
    queryFn: () => listTeamOptions(seasonId ?? ''),
    enabled: seasonId !== null,
  });
}

export function useTeamOptions(seasonId: string | null) {
  return useQuery(teamOptionsQueryOptions(seasonId));
}

/** 'Tigers (Majors)'. */
export function teamLabel(team: Pick<TeamOption, 'name' | 'leagueName'>): string {
  return `${team.name} (${team.leagueName})`;
}

/** A team the user may log or check pitching for: with its league, season and organization. */
export interface CurrentTeam extends TeamOption {
  organizationId: string;
  seasonName: string;
  seasonState: 'upcoming' | 'active' | 'archived';
}

export const LIST_CURRENT_TEAMS = `query ListCurrentTeams($limit: Int, $nextToken: String) {
  listTeams(limit: $limit, nextToken: $nextToken) {
    items { id name leagueId leagueName seasonId seasonName seasonState organizationId } nextToken
  }
}`;

/**
 * Every team the user may see in a season that is not archived (a coach: their own; an admin:
 * their leagues'), active seasons first, then by league and name: the choices of Log Pitch Outing
 * and Pitcher Status.
 */
export async function listCurrentTeams(): Promise<CurrentTeam[]> {
  const all = await readAllPages(async (nextToken) => {
    const data = await graphql<{ listTeams: Page<CurrentTeam> }>(LIST_CURRENT_TEAMS, { limit: PAGE_LIMIT, nextToken });
    return data.listTeams;
  });
  const rank = (t: CurrentTeam) => (t.seasonState === 'active' ? 0 : 1);
  return all.filter((t) => t.seasonState !== 'archived').sort((a, b) => rank(a) - rank(b));
}

export function useCurrentTeams() {
  return useQuery(queryOptions({ queryKey: ['teams', 'current'], queryFn: listCurrentTeams }));
}

/** 'Tigers (Majors, Spring 2027)'. */
export function currentTeamLabel(team: Pick<CurrentTeam, 'name' | 'leagueName' | 'seasonName'>): string {
  return `${team.name} (${team.leagueName}, ${team.seasonName})`;
}
