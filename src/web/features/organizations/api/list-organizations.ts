import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';

/**
 * An organization as Organization Management shows it: `admins` holds user ids and `adminUsers` the same users,
 * for the name bubbles; `timeZone` is an IANA name, where game dates and rest days are calendar days.
 */
export const ORGANIZATION_FIELDS = graphql(`
  fragment OrganizationFields on Organization { id name timeZone admins adminUsers { id email givenName familyName } }
`);

export type Organization = ResultOf<typeof ORGANIZATION_FIELDS>;

export const LIST_ORGANIZATIONS = graphql(
  `
  query ListOrganizations($limit: Int, $nextToken: String) {
    listOrganizations(limit: $limit, nextToken: $nextToken) {
      items { ...OrganizationFields }
      nextToken
    }
  }
`,
  [ORGANIZATION_FIELDS],
);

/** Every organization the user may see, sorted by name, all pages. */
export async function listOrganizations(): Promise<Organization[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_ORGANIZATIONS, {
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listOrganizations;
  });
}

export const organizationsQueryOptions = queryOptions({ queryKey: ['organizations'], queryFn: listOrganizations });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions);
}
