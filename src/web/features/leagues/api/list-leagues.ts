import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { readAllPages } from '../../../lib/read-all-pages.ts';
import { RULE_CHOICE_FIELDS } from './list-rest-rules.ts';

/**
 * A league as League Management shows it. `version` is sent back with a change, so an admins list edited
 * meanwhile is not overwritten; `requireOfficialSignature`: a game is signed only once its official signed too;
 * `admins` holds user ids and `adminUsers` the same users, for the name bubbles; whose count stands when a game's
 * counts are not agreed by the deadline, this many days after the game at this time (HH:MM, the organization's).
 */
export const LEAGUE_FIELDS = graphql(
  `
  fragment LeagueFields on League {
    id name version requireOfficialSignature organizationId admins adminUsers { id email givenName familyName }
    restRuleId restRule { ...RuleChoiceFields } countStandsAfterDeadline countDeadlineDays countDeadlineTime
  }
`,
  [RULE_CHOICE_FIELDS],
);

export type League = ResultOf<typeof LEAGUE_FIELDS>;

// The limit is SMALL_PAGE_LIMIT (src/web/lib/read-all-pages.ts), written into the document for its cost.
export const LIST_LEAGUES = graphql(
  `
  query ListLeagues($filter: LeagueFilter, $nextToken: String) {
    listLeagues(filter: $filter, limit: 100, nextToken: $nextToken) { items { ...LeagueFields } nextToken }
  }
`,
  [LEAGUE_FIELDS],
);

/** The leagues of one organization, sorted by name, all pages. */
export async function listLeagues(organizationId: string): Promise<League[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_LEAGUES, {
      filter: { organizationId: { eq: organizationId } },
      nextToken,
    });
    return data.listLeagues;
  });
}

export const LEAGUES_KEY = ['leagues'] as const;

export function leaguesQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: [...LEAGUES_KEY, organizationId],
    queryFn: () => listLeagues(organizationId ?? ''),
    enabled: organizationId !== null,
  });
}

export function useLeagues(organizationId: string | null) {
  return useQuery(leaguesQueryOptions(organizationId));
}
