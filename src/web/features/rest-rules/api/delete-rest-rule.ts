import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { restRulesQueryKey } from './list-rest-rules.ts';

export const DELETE_REST_RULE = `mutation DeleteRestRule($input: DeleteRestRuleInput!) {
  deleteRestRule(input: $input) { id }
}`;

/** The server refuses while leagues still use the rule, saying so in its message. */
export async function deleteRestRule(id: string): Promise<{ id: string }> {
  const data = await graphqlText<{ deleteRestRule: { id: string } }>(DELETE_REST_RULE, { input: { id } });
  return data.deleteRestRule;
}

export function useDeleteRestRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRestRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restRulesQueryKey }),
  });
}
