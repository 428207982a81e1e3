import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { readAllPages } from '../../../lib/read-all-pages.ts';

/**
 * A whole rule as Rest Rules shows and edits it: the spec's fields, its intervals (sorted by daysRest then pitch
 * count) and everything the rules engine reads, absent parts as null. `presetId`: the shipped rulebook a global
 * rule came from (src/core/rules/presets.ts).
 */
export const REST_RULE_FIELDS = graphql(`
  fragment RestRuleFields on RestRule {
    id name ageGroup global organizationId organizationName presetId
    pitchLimits { id pitchCount daysRest minAge maxAge }
    unit ageBasis { kind month day yearOffset } dailyLimits { minAge maxAge max }
    finishBatter intentionalWalkPitches maxGamesPerDay maxConsecutiveDays
    windows { unit period weekStartsOn days max minAge maxAge }
    catcher { noCatchingAfterPitches noPitchingAfterCaughtInnings noCatchingAgainAfterPitches }
  }
`);

export type RestRule = ResultOf<typeof REST_RULE_FIELDS>;
/** An interval; its youngest and oldest ages, null: any. */
export type RestInterval = RestRule['pitchLimits'][number];
/** A cap over a week, a season, 12 rolling months or rolling days (null: absent). */
export type RestRuleWindow = RestRule['windows'][number];
/** How the rule reads a player's age (a cutoff's month, day and year; null for actual). */
export type RestRuleAgeBasis = RestRule['ageBasis'];

/** The rules shown at once: the global ones, or one organization's own. */
export type RestRuleScope = { global: true } | { global: false; organizationId: string };

// The limit is SMALL_PAGE_LIMIT (src/web/lib/read-all-pages.ts), written into the document for its cost.
export const LIST_REST_RULES = graphql(
  `
  query ListRestRules($filter: RestRuleFilter, $nextToken: String) {
    listRestRules(filter: $filter, limit: 100, nextToken: $nextToken) { items { ...RestRuleFields } nextToken }
  }
`,
  [REST_RULE_FIELDS],
);

/** A scope's rules, by name then age group; every page (a scope holds a handful). */
export function listRestRules(scope: RestRuleScope): Promise<RestRule[]> {
  const filter = scope.global ? { global: { eq: true } } : { organizationId: { eq: scope.organizationId } };
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_REST_RULES, { filter, nextToken });
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
