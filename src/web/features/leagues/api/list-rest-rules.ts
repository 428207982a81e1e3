import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { readAllPages } from '../../../lib/read-all-pages.ts';

/** A rule as a league chooses it: its intervals, some limited to ages (the tooltip shows them). */
export const RULE_CHOICE_FIELDS = graphql(`
  fragment RuleChoiceFields on RestRule {
    id name ageGroup global organizationId pitchLimits { id pitchCount daysRest minAge maxAge }
  }
`);

export type RestRule = ResultOf<typeof RULE_CHOICE_FIELDS>;

/** Which rules a league may choose from (docs/screens.md, Screens: Global Rules or the organization's own). */
export type RuleScope = { global: true } | { global: false; organizationId: string };

// The limit is SMALL_PAGE_LIMIT (src/web/lib/read-all-pages.ts), written into the document for its cost.
export const LIST_REST_RULES = graphql(
  `
  query ListRestRules($filter: RestRuleFilter, $nextToken: String) {
    listRestRules(filter: $filter, limit: 100, nextToken: $nextToken) {
      items { ...RuleChoiceFields }
      nextToken
    }
  }
`,
  [RULE_CHOICE_FIELDS],
);

/** The rules of one scope (docs/screens.md, Calls: filter global eq true, or organizationId eq), all pages. */
export async function listRestRules(scope: RuleScope): Promise<RestRule[]> {
  const filter = scope.global ? { global: { eq: true } } : { organizationId: { eq: scope.organizationId } };
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_REST_RULES, { filter, nextToken });
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
