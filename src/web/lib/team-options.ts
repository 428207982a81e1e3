import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { PAGE_LIMIT, readAllPages } from './read-all-pages.ts';

export const LIST_TEAM_OPTIONS = graphql(`
  query ListTeamOptions($filter: TeamFilter, $limit: Int, $nextToken: String) {
    listTeams(filter: $filter, limit: $limit, nextToken: $nextToken) {
      items { id name leagueId leagueName seasonId } nextToken
    }
  }
`);

/** A team as selectors show it. */
export type TeamOption = ResultOf<typeof LIST_TEAM_OPTIONS>['listTeams']['items'][number];

/** The season's teams the user may see, by league and name, all pages. */
export function listTeamOptions(seasonId: string): Promise<TeamOption[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_TEAM_OPTIONS, {
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

export const LIST_CURRENT_TEAMS = graphql(`
  query ListCurrentTeams($limit: Int, $nextToken: String) {
    listTeams(limit: $limit, nextToken: $nextToken) {
      items { id name leagueId leagueName seasonId seasonName seasonState organizationId } nextToken
    }
  }
`);

/** A team the user may log or check pitching for: with its league, season and organization. */
export type CurrentTeam = ResultOf<typeof LIST_CURRENT_TEAMS>['listTeams']['items'][number];

/**
 * Every team the user may see in a season that is not archived (a coach: their own; an admin:
 * their leagues'), active seasons first, then by league and name: the choices of Log Pitch Outing
 * and Pitcher Status.
 */
export async function listCurrentTeams(): Promise<CurrentTeam[]> {
  const all = await readAllPages(async (nextToken) => {
    const data = await execute(LIST_CURRENT_TEAMS, {
      limit: PAGE_LIMIT,
      nextToken,
    });
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

/** The teams the user coaches, with their coaches (an admin who coaches reads every team of their leagues). */
export const COACHED_TEAMS = graphql(`
  query CoachedTeams($limit: Int, $nextToken: String) {
    listTeams(limit: $limit, nextToken: $nextToken) {
      items { id name leagueId leagueName seasonId seasonName seasonState organizationId coaches } nextToken
    }
  }
`);

export type CoachedTeam = ResultOf<typeof COACHED_TEAMS>['listTeams']['items'][number];

/** The teams of active seasons `userId` coaches: the dashboard's day of a coach. */
export function useCoachedTeams(userId: string | null) {
  return useQuery({
    queryKey: ['teams', 'coached', userId],
    enabled: userId !== null,
    queryFn: async () => {
      const all = await readAllPages(async (nextToken) => {
        const data = await execute(COACHED_TEAMS, { limit: PAGE_LIMIT, nextToken });
        return data.listTeams;
      });
      return all.filter((team) => team.seasonState === 'active' && userId !== null && team.coaches.includes(userId));
    },
  });
}
