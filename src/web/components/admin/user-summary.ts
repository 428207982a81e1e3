import { graphql, type ResultOf } from '../../lib/graphql.ts';

/** A user as the admin screens show them. */
export const USER_SUMMARY_FIELDS = graphql(`
  fragment UserSummaryFields on User { id email givenName familyName }
`);

export type UserSummary = ResultOf<typeof USER_SUMMARY_FIELDS>;

/**
 * 'given family', or the id when the user has no name on record (docs/screens.md, Screens: bubbles fall back to the
 * id).
 */
export function userName(user: UserSummary): string {
  return `${user.givenName} ${user.familyName}`.trim() || user.id;
}

/** A search result as the spec shows it: 'given family (email)'. */
export function userOptionLabel(user: UserSummary): string {
  return `${user.givenName} ${user.familyName} (${user.email})`.trim();
}

/** The admins of an organization or league in list order: their summaries, or just the id when the server sent none. */
export function adminsOf(item: { admins: string[]; adminUsers: UserSummary[] }): UserSummary[] {
  const byId = new Map(item.adminUsers.map((user) => [user.id, user]));
  return item.admins.map((id) => byId.get(id) ?? { id, email: '', givenName: '', familyName: '' });
}
