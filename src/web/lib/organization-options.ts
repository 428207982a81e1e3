import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from './api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from './read-all-pages.ts';

/** An organization as a selector shows it; every admin screen picks one of these. */
export interface OrganizationOption {
  id: string;
  name: string;
}

export const LIST_ORGANIZATION_OPTIONS = `query ListOrganizationOptions($limit: Int, $nextToken: String) {
  listOrganizations(limit: $limit, nextToken: $nextToken) { items { id name } nextToken }
}`;

/** The organizations the user may see (an organization's admin: their own), sorted by name, all pages. */
export function listOrganizationOptions(): Promise<OrganizationOption[]> {
  return readAllPages(async (nextToken) => {
    const data = await graphql<{ listOrganizations: Page<OrganizationOption> }>(LIST_ORGANIZATION_OPTIONS, {
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listOrganizations;
  });
}

// Under ['organizations'], so a change to the organizations refreshes every selector too.
export const organizationOptionsQueryOptions = queryOptions({
  queryKey: ['organizations', 'options'],
  queryFn: listOrganizationOptions,
});

export function useOrganizationOptions(enabled = true) {
  return useQuery({ ...organizationOptionsQueryOptions, enabled });
}
