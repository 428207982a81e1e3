import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgedInterval } from '../../../../core/rest-rules.ts';
import { graphqlText } from '../../../lib/api.ts';
import { type Page, readAllPages, SMALL_PAGE_LIMIT } from '../../../lib/read-all-pages.ts';

export interface RestRule {
  id: string;
  name: string;
  ageGroup: string;
  global: boolean;
  organizationId: string | null;
  /** The intervals (docs/screens.md, Records: RestProfile), some limited to ages (the tooltip shows them). */
  pitchLimits: Array<AgedInterval & { id: string }>;
}

/** Which rules a league may choose from (docs/screens.md, Screens: Global Rules or the organization's own). */
export type RuleScope = { global: true } | { global: false; organizationId: string };

export const LIST_REST_RULES = `query ListRestRules($filter: RestRuleFilter, $nextToken: String) {
  listRestRules(filter: $filter, limit: ${SMALL_PAGE_LIMIT}, nextToken: $nextToken) {
    items { id name ageGroup global organizationId pitchLimits { id pitchCount daysRest minAge maxAge } }
    nextToken
  }
}`;

/** The rules of one scope (docs/screens.md, Calls: filter global eq true, or organizationId eq), all pages. */
export async function listRestRules(scope: RuleScope): Promise<RestRule[]> {
  const filter = scope.global ? { global: { eq: true } } : { organizationId: { eq: scope.organizationId } };
  return readAllPages(async (nextToken) => {
    const data = await graphqlText<{ listRestRules: Page<RestRule> }>(LIST_REST_RULES, {
      filter,
      nextToken,
    });
    return data.listRestRules;
  });
}

export function restRulesQueryOptions(scope: RuleScope, enabled = true) {
  return queryOptions({
    queryKey: ['restRules', scope.global ? 'global' : scope.organizationId],
    queryFn: () => listRestRules(scope),
    enabled,
  });
}

export function useRestRules(scope: RuleScope, enabled = true) {
  return useQuery(restRulesQueryOptions(scope, enabled));
}
