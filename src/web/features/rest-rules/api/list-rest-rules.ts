import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '../../../lib/api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from '../../../lib/read-all-pages.ts';

export interface RestInterval {
  id: string;
  pitchCount: number;
  daysRest: number;
}

export interface RestRule {
  id: string;
  name: string;
  ageGroup: string;
  global: boolean;
  organizationId: string | null;
  organizationName: string | null;
  /** The intervals, sorted by daysRest then pitch count. */
  pitchLimits: RestInterval[];
}

/** The rules shown at once: the global ones, or one organization's own. */
export type RestRuleScope = { global: true } | { global: false; organizationId: string };

export const REST_RULE_FIELDS =
  'id name ageGroup global organizationId organizationName pitchLimits { id pitchCount daysRest }';

export const LIST_REST_RULES = `query ListRestRules($filter: RestRuleFilter, $limit: Int, $nextToken: String) {
  listRestRules(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${REST_RULE_FIELDS} } nextToken }
}`;

/** A scope's rules, by name then age group; every page (a scope holds a handful). */
export function listRestRules(scope: RestRuleScope): Promise<RestRule[]> {
  const filter = scope.global ? { global: { eq: true } } : { organizationId: { eq: scope.organizationId } };
  return readAllPages(async (nextToken) => {
    const data = await graphql<{ listRestRules: Page<RestRule> }>(LIST_REST_RULES, {
      filter,
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listRestRules;
  });
}

/** Every cached rules list: what a change to a rule refreshes. */
export const restRulesQueryKey = ['restRules'] as const;

export function restRulesQueryOptions(scope: RestRuleScope) {
  return queryOptions({
    queryKey: [...restRulesQueryKey, 'list', scope.global ? 'global' : scope.organizationId],
    queryFn: () => listRestRules(scope),
  });
}

export function useRestRules(scope: RestRuleScope) {
  return useQuery(restRulesQueryOptions(scope));
}
