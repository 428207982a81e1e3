import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '../../../components/admin/user-summary.ts';
import { graphqlText } from '../../../lib/api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from '../../../lib/read-all-pages.ts';
import type { SeasonState } from '../../../lib/season-options.ts';

export interface Team {
  id: string;
  organizationId: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
  seasonName: string;
  seasonState: SeasonState;
  name: string;
  /** User ids of its coaches. */
  coaches: string[];
  coachUsers: UserSummary[];
  playerCount: number;
}

export const TEAM_FIELDS = `id organizationId leagueId leagueName seasonId seasonName seasonState name coaches
  coachUsers { id email givenName familyName } playerCount`;

export const LIST_TEAMS = `query ListTeams($filter: TeamFilter, $limit: Int, $nextToken: String) {
  listTeams(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${TEAM_FIELDS} } nextToken }
}`;

/** A season's teams the user may see (an admin's leagues, a coach's own), by league and name, all pages. */
export function listTeams(seasonId: string): Promise<Team[]> {
  return readAllPages(async (nextToken) => {
    const data = await graphqlText<{ listTeams: Page<Team> }>(LIST_TEAMS, {
      filter: { seasonId: { eq: seasonId } },
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listTeams;
  });
}

export const TEAMS_KEY = ['teams'] as const;

export function useTeams(seasonId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...TEAMS_KEY, 'full', seasonId],
      queryFn: () => listTeams(seasonId ?? ''),
      enabled: seasonId !== null,
    }),
  );
}
