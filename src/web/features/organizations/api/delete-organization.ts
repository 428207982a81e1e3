import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { organizationsQueryOptions } from './list-organizations.ts';

export const DELETE_ORGANIZATION = graphql(`
  mutation DeleteOrganization($input: DeleteOrganizationInput!) {
    deleteOrganization(input: $input) { id }
  }
`);

/** Deletes an organization; the server refuses one that still has leagues, with a message. */
export async function deleteOrganization(id: string): Promise<{ id: string }> {
  const data = await execute(DELETE_ORGANIZATION, { input: { id } });
  return data.deleteOrganization;
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryOptions.queryKey }),
  });
}
