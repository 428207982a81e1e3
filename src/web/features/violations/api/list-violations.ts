import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ViolationCode } from '../../../../core/rules/engine.ts';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';
import type { ViolationState } from '../violation-labels.ts';

/** A rule an outing broke, as the rules engine found it, with what an admin did about it. */
export const VIOLATION_FIELDS = graphql(`
  fragment ViolationFields on Violation {
    id organizationId leagueId leagueName seasonId seasonName teamId teamName playerId playerName jerseyNumber gameId
    outingId opponent recordedByName date code message said { id values } state note actedByName actedAt detectedAt withdrawnAt
  }
`);

export type Violation = ResultOf<typeof VIOLATION_FIELDS>;

/** What the list is narrowed to; null: any. */
export interface ViolationFilter {
  organizationId: string;
  leagueId: string | null;
  seasonId: string | null;
  teamId: string | null;
  code: ViolationCode | null;
  state: ViolationState | null;
  includeWithdrawn: boolean;
}

export const LIST_VIOLATIONS = graphql(
  `
  query ListViolations($filter: ViolationFilter, $limit: Int, $nextToken: String) {
    listViolations(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ...ViolationFields } nextToken }
  }
`,
  [VIOLATION_FIELDS],
);

/** The GraphQL filter: `{ eq }` for the ids, the code and state as they are, withdrawn ones only when asked. */
export function violationFilterInput(filter: ViolationFilter) {
  const eq = (id: string | null) => (id ? { eq: id } : null);
  return {
    organizationId: eq(filter.organizationId),
    leagueId: eq(filter.leagueId),
    seasonId: eq(filter.seasonId),
    teamId: eq(filter.teamId),
    code: filter.code,
    state: filter.state,
    includeWithdrawn: filter.includeWithdrawn,
  };
}

/** Every violation matching the filter, newest first, all pages. */
export function listViolations(filter: ViolationFilter): Promise<Violation[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_VIOLATIONS, {
      filter: violationFilterInput(filter),
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listViolations;
  });
}

/** Every cached violations list: what acting on one refreshes. */
export const VIOLATIONS_KEY = ['violations'] as const;

export function violationsQueryOptions(filter: ViolationFilter | null) {
  return queryOptions({
    queryKey: [...VIOLATIONS_KEY, filter],
    queryFn: () => (filter ? listViolations(filter) : Promise.resolve([])),
    enabled: filter !== null,
  });
}

export function useViolations(filter: ViolationFilter | null) {
  return useQuery(violationsQueryOptions(filter));
}
