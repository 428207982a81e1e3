import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';

/** A team as Team Management shows it; `coaches` holds its coaches' user ids, `coachUsers` their summaries. */
export const TEAM_FIELDS = graphql(`
  fragment TeamFields on Team {
    id organizationId leagueId leagueName seasonId seasonName seasonState name coaches
    coachUsers { id email givenName familyName } playerCount version
  }
`);

export type Team = ResultOf<typeof TEAM_FIELDS>;

export const LIST_TEAMS = graphql(
  `
  query ListTeams($filter: TeamFilter, $limit: Int, $nextToken: String) {
    listTeams(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ...TeamFields } nextToken }
  }
`,
  [TEAM_FIELDS],
);

/** A season's teams the user may see (an admin's leagues, a coach's own), by league and name, all pages. */
export function listTeams(seasonId: string): Promise<Team[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_TEAMS, {
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
