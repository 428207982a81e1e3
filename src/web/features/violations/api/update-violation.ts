import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import type { ViolationState } from '../violation-labels.ts';
import { VIOLATION_FIELDS, VIOLATIONS_KEY, type Violation } from './list-violations.ts';

export const UPDATE_VIOLATION = graphql(
  `
  mutation UpdateViolation($input: UpdateViolationInput!) {
    updateViolation(input: $input) { ...ViolationFields }
  }
`,
  [VIOLATION_FIELDS],
);

/** Acknowledge, resolve or reopen a violation; the note (required) says what was done about it. */
export async function updateViolation(input: { id: string; state: ViolationState; note: string }): Promise<Violation> {
  const data = await execute(UPDATE_VIOLATION, { input });
  return data.updateViolation;
}

/** Saves, then reads the lists again (who acted and when come from the server). */
export function useUpdateViolation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateViolation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIOLATIONS_KEY }),
  });
}
