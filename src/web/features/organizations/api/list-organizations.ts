import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '../../../components/admin/user-summary.ts';
import { graphqlText } from '../../../lib/api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from '../../../lib/read-all-pages.ts';

export interface Organization {
  id: string;
  name: string;
  /** User ids (docs/screens.md, Records). */
  admins: string[];
  /** The same users, for the name bubbles. */
  adminUsers: UserSummary[];
  /** IANA name: game dates and rest days are calendar days there. */
  timeZone: string;
}

export const ORGANIZATION_FIELDS = 'id name timeZone admins adminUsers { id email givenName familyName }';

export const LIST_ORGANIZATIONS = `query ListOrganizations($limit: Int, $nextToken: String) {
  listOrganizations(limit: $limit, nextToken: $nextToken) {
    items { ${ORGANIZATION_FIELDS} }
    nextToken
  }
}`;

/** Every organization the user may see, sorted by name, all pages. */
export async function listOrganizations(): Promise<Organization[]> {
  return readAllPages(async (nextToken) => {
    const data = await graphqlText<{ listOrganizations: Page<Organization> }>(LIST_ORGANIZATIONS, {
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
