import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { ORGANIZATION_FIELDS, type Organization, organizationsQueryOptions } from './list-organizations.ts';

export const UPDATE_ORGANIZATION = `mutation UpdateOrganization($input: UpdateOrganizationInput!) {
  updateOrganization(input: $input) { ${ORGANIZATION_FIELDS} }
}`;

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
  const data = await graphqlText<{ updateOrganization: Organization }>(UPDATE_ORGANIZATION, { input });
  return data.updateOrganization;
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryOptions.queryKey }),
  });
}
