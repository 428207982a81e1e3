import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgeBasis } from '../../../../core/league-age.ts';
import type { CatcherRule, DailyLimit, RuleUnit, WindowPeriod, WindowUnit } from '../../../../core/rules/rule.ts';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { REST_RULE_FIELDS, type RestRule, restRulesQueryKey } from './list-rest-rules.ts';

/**
 * A whole rule as createRestRule and updateRestRule take it: the spec's fields and intervals, and
 * everything the rules engine reads (empty ends and switched-off rules sent as null).
 */
export interface RestRuleInput {
  name: string;
  ageGroup: string;
  global: boolean;
  organizationId: string | null;
  pitchLimits: Array<{ pitchCount: number; daysRest: number; minAge: number | null; maxAge: number | null }>;
  unit: RuleUnit;
  ageBasis: AgeBasis;
  dailyLimits: DailyLimit[];
  finishBatter: boolean;
  intentionalWalkPitches: number;
  maxGamesPerDay: number | null;
  maxConsecutiveDays: number | null;
  windows: Array<{
    unit: WindowUnit;
    period: WindowPeriod;
    weekStartsOn: number | null;
    days: number | null;
    max: number;
    minAge: number | null;
    maxAge: number | null;
  }>;
  catcher: CatcherRule;
}

export const CREATE_REST_RULE = graphql(
  `
  mutation CreateRestRule($input: CreateRestRuleInput!) {
    createRestRule(input: $input) { ...RestRuleFields }
  }
`,
  [REST_RULE_FIELDS],
);

/** One call: the rule and its intervals are stored together. */
export async function createRestRule(input: RestRuleInput): Promise<RestRule> {
  const data = await execute(CREATE_REST_RULE, { input });
  return data.createRestRule;
}

export function useCreateRestRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRestRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restRulesQueryKey }),
  });
}
