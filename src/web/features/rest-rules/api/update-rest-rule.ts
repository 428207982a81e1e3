import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import type { RestRuleInput } from './create-rest-rule.ts';
import { REST_RULE_FIELDS, type RestRule, restRulesQueryKey } from './list-rest-rules.ts';

export const UPDATE_REST_RULE = graphql(
  `
  mutation UpdateRestRule($input: UpdateRestRuleInput!) {
    updateRestRule(input: $input) { ...RestRuleFields }
  }
`,
  [REST_RULE_FIELDS],
);

/** One call: the server replaces all the rule's intervals with `pitchLimits` in one transaction. */
export async function updateRestRule(input: RestRuleInput & { id: string }): Promise<RestRule> {
  const data = await execute(UPDATE_REST_RULE, { input });
  return data.updateRestRule;
}

export function useUpdateRestRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRestRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restRulesQueryKey }),
  });
}
