import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { PAGE_LIMIT, readAllPages } from './read-all-pages.ts';

export const LIST_ORGANIZATION_OPTIONS = graphql(`
  query ListOrganizationOptions($limit: Int, $nextToken: String) {
    listOrganizations(limit: $limit, nextToken: $nextToken) { items { id name } nextToken }
  }
`);

/** An organization as a selector shows it; every admin screen picks one of these. */
export type OrganizationOption = ResultOf<typeof LIST_ORGANIZATION_OPTIONS>['listOrganizations']['items'][number];

/** The organizations the user may see (an organization's admin: their own), sorted by name, all pages. */
export function listOrganizationOptions(): Promise<OrganizationOption[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_ORGANIZATION_OPTIONS, {
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
