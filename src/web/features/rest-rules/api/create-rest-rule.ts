import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '../../../lib/api.ts';
import { REST_RULE_FIELDS, type RestRule, restRulesQueryKey } from './list-rest-rules.ts';

export interface RestRuleInput {
  name: string;
  ageGroup: string;
  global: boolean;
  organizationId: string | null;
  pitchLimits: Array<{ pitchCount: number; daysRest: number }>;
}

export const CREATE_REST_RULE = `mutation CreateRestRule($input: CreateRestRuleInput!) {
  createRestRule(input: $input) { ${REST_RULE_FIELDS} }
}`;

/** One call: the rule and its intervals are stored together. */
export async function createRestRule(input: RestRuleInput): Promise<RestRule> {
  const data = await graphql<{ createRestRule: RestRule }>(CREATE_REST_RULE, { input });
  return data.createRestRule;
}

export function useCreateRestRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRestRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restRulesQueryKey }),
  });
}
