import { useMutation, useQueryClient } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';
import { ORGANIZATION_FIELDS, type Organization, organizationsQueryOptions } from './list-organizations.ts';

export const CREATE_ORGANIZATION = graphql(
  `
  mutation CreateOrganization($input: CreateOrganizationInput!) {
    createOrganization(input: $input) { ...OrganizationFields }
  }
`,
  [ORGANIZATION_FIELDS],
);

/** Adds an organization; without a time zone the server uses DEFAULT_TIME_ZONE (America/New_York). */
export async function createOrganization(input: {
  name: string;
  admins?: string[];
  timeZone?: string;
}): Promise<Organization> {
  const data = await execute(CREATE_ORGANIZATION, { input });
  return data.createOrganization;
}

/** Adds an organization, then reads the list again (docs/screens.md, Behaviour: saving refreshes the list). */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryOptions.queryKey }),
  });
}
