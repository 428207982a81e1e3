import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { ORGANIZATION_FIELDS, type Organization, organizationsQueryOptions } from './list-organizations.ts';

export const UPDATE_ORGANIZATION = graphql(
  `
  mutation UpdateOrganization($input: UpdateOrganizationInput!) {
    updateOrganization(input: $input) { ...OrganizationFields }
  }
`,
  [ORGANIZATION_FIELDS],
);

/**
 * Renames an organization, moves it to another time zone or replaces its admins (docs/screens.md, Calls: id plus name
 * or admins).
 */
export async function updateOrganization(input: {
  id: string;
  name?: string;
  timeZone?: string;
  admins?: string[];
}): Promise<Organization> {
  const data = await execute(UPDATE_ORGANIZATION, { input });
  return data.updateOrganization;
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryOptions.queryKey }),
  });
}
