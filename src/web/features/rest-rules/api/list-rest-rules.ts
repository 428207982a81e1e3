import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgeBasis } from '../../../../core/league-age.ts';
import type { CatcherRule, DailyLimit, RuleUnit, WindowPeriod, WindowUnit } from '../../../../core/rules/rule.ts';
import { graphqlText } from '../../../lib/api.ts';
import { type Page, readAllPages, SMALL_PAGE_LIMIT } from '../../../lib/read-all-pages.ts';

export interface RestInterval {
  id: string;
  pitchCount: number;
  daysRest: number;
  /** The youngest and oldest ages it applies to; null: any. */
  minAge: number | null;
  maxAge: number | null;
}

/** A cap over a week, a season, 12 rolling months or rolling days, as GraphQL sends it (null: absent). */
export interface RestRuleWindow {
  unit: WindowUnit;
  period: WindowPeriod;
  weekStartsOn: number | null;
  days: number | null;
  max: number;
  minAge: number | null;
  maxAge: number | null;
}

/** How the rule reads a player's age, as GraphQL sends it (a cutoff's month, day and year; null for actual). */
export interface RestRuleAgeBasis {
  kind: AgeBasis['kind'];
  month: number | null;
  day: number | null;
  yearOffset: number | null;
}

export interface RestRule {
  id: string;
  name: string;
  ageGroup: string;
  global: boolean;
  organizationId: string | null;
  organizationName: string | null;
  /** The shipped rulebook a global rule came from (src/core/rules/presets.ts). */
  presetId: string | null;
  /** The intervals, sorted by daysRest then pitch count. */
  pitchLimits: RestInterval[];
  unit: RuleUnit;
  ageBasis: RestRuleAgeBasis;
  dailyLimits: DailyLimit[];
  finishBatter: boolean;
  intentionalWalkPitches: number;
  maxGamesPerDay: number | null;
  maxConsecutiveDays: number | null;
  windows: RestRuleWindow[];
  catcher: CatcherRule;
}

/** The rules shown at once: the global ones, or one organization's own. */
export type RestRuleScope = { global: true } | { global: false; organizationId: string };

export const REST_RULE_FIELDS = `id name ageGroup global organizationId organizationName presetId
  pitchLimits { id pitchCount daysRest minAge maxAge }
  unit ageBasis { kind month day yearOffset } dailyLimits { minAge maxAge max }
  finishBatter intentionalWalkPitches maxGamesPerDay maxConsecutiveDays
  windows { unit period weekStartsOn days max minAge maxAge }
  catcher { noCatchingAfterPitches noPitchingAfterCaughtInnings noCatchingAgainAfterPitches }`;

export const LIST_REST_RULES = `query ListRestRules($filter: RestRuleFilter, $nextToken: String) {
  listRestRules(filter: $filter, limit: ${SMALL_PAGE_LIMIT}, nextToken: $nextToken) { items { ${REST_RULE_FIELDS} } nextToken }
}`;

/** A scope's rules, by name then age group; every page (a scope holds a handful). */
export function listRestRules(scope: RestRuleScope): Promise<RestRule[]> {
  const filter = scope.global ? { global: { eq: true } } : { organizationId: { eq: scope.organizationId } };
  return readAllPages(async (nextToken) => {
    const data = await graphqlText<{ listRestRules: Page<RestRule> }>(LIST_REST_RULES, {
      filter,
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
