import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { restRulesQueryKey } from './list-rest-rules.ts';

export const DELETE_REST_RULE = graphql(`
  mutation DeleteRestRule($input: DeleteRestRuleInput!) {
    deleteRestRule(input: $input) { id }
  }
`);

/** The server refuses while leagues still use the rule, saying so in its message. */
export async function deleteRestRule(id: string): Promise<{ id: string }> {
  const data = await execute(DELETE_REST_RULE, { input: { id } });
  return data.deleteRestRule;
}

export function useDeleteRestRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRestRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restRulesQueryKey }),
  });
}
