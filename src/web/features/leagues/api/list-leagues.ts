import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountDeadlineRule } from '../../../../core/official-count.ts';
import type { UserSummary } from '../../../components/admin/user-summary.ts';
import { graphqlText } from '../../../lib/api.ts';
import { type Page, readAllPages, SMALL_PAGE_LIMIT } from '../../../lib/read-all-pages.ts';
import type { RestRule } from './list-rest-rules.ts';

export interface League {
  id: string;
  name: string;
  /** Sent back with a change: an admins list edited meanwhile by someone else is not overwritten. */
  version: number;
  /** A game is signed only once its official signed too. */
  requireOfficialSignature: boolean;
  organizationId: string;
  /** User ids (docs/screens.md, Records). */
  admins: string[];
  /** The same users, for the name bubbles. */
  adminUsers: UserSummary[];
  restRuleId: string | null;
  restRule: RestRule | null;
  /** Whose count stands when a game's counts are not agreed by the deadline. */
  countStandsAfterDeadline: CountDeadlineRule;
  /** The deadline: this many days after the game, at this time (HH:MM, the organization's). */
  countDeadlineDays: number;
  countDeadlineTime: string;
}

const REST_RULE_FIELDS = 'id name ageGroup global organizationId pitchLimits { id pitchCount daysRest minAge maxAge }';
export const LEAGUE_FIELDS = `id name version requireOfficialSignature organizationId admins adminUsers { id email givenName familyName }
  restRuleId restRule { ${REST_RULE_FIELDS} } countStandsAfterDeadline countDeadlineDays countDeadlineTime`;

export const LIST_LEAGUES = `query ListLeagues($filter: LeagueFilter, $nextToken: String) {
  listLeagues(filter: $filter, limit: ${SMALL_PAGE_LIMIT}, nextToken: $nextToken) { items { ${LEAGUE_FIELDS} } nextToken }
}`;

/** The leagues of one organization, sorted by name, all pages. */
export async function listLeagues(organizationId: string): Promise<League[]> {
  return readAllPages(async (nextToken) => {
    const data = await graphqlText<{ listLeagues: Page<League> }>(LIST_LEAGUES, {
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
