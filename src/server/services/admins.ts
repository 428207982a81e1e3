import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError, errors } from '../../core/errors.ts';
import type { Actor } from '../../core/permissions.ts';
import type { Db } from '../db/client.ts';
import { leagueAdmins, organizationAdmins, users } from '../db/schema.ts';
import { readableUsers, scopeOf } from './scope.ts';

export interface UserSummary {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
}

/** A spec-size admins list: enough for any real league, small enough to render as bubbles. */
export const MAX_ADMINS = 50;

const summaryColumns = { id: users.id, email: users.email, givenName: users.givenName, familyName: users.familyName };

/** The admins of each organization or league in `ids`, as summaries sorted by name. */
export async function adminsOf(
  db: Db,
  kind: 'organization' | 'league',
  ids: string[],
): Promise<Map<string, UserSummary[]>> {
  const result = new Map<string, UserSummary[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows =
    kind === 'organization'
      ? await db
          .select({ ownerId: organizationAdmins.organizationId, ...summaryColumns })
          .from(organizationAdmins)
          .innerJoin(users, eq(users.id, organizationAdmins.userId))
          .where(inArray(organizationAdmins.organizationId, ids))
          .orderBy(asc(users.givenName), asc(users.familyName), asc(users.email))
      : await db
          .select({ ownerId: leagueAdmins.leagueId, ...summaryColumns })
          .from(leagueAdmins)
          .innerJoin(users, eq(users.id, leagueAdmins.userId))
          .where(inArray(leagueAdmins.leagueId, ids))
          .orderBy(asc(users.givenName), asc(users.familyName), asc(users.email));
  for (const { ownerId, ...user } of rows) result.get(ownerId)?.push(user);
  return result;
}

/**
 * Checks a list of users from a client (admins, a team's coaches): no more than MAX_ADMINS, each one
 * the caller may see (readableUsers) or already on the list; duplicates dropped. Anyone else is
 * answered as unknown, the same for another organization's user as for an id that names nobody.
 */
export async function checkAdmins(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  what: 'admin' | 'coach' = 'admin',
  current: readonly string[] = [],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_ADMINS)
    throw errors.badInput({ id: 'errors.admins.tooMany', values: { max: MAX_ADMINS, what } });
  const named = unique.filter((id) => !current.includes(id));
  if (named.length === 0) return unique;
  const visible = readableUsers(actor, await scopeOf(db, actor));
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, named), visible));
  const known = new Set(found.map((r) => r.id));
  const missing = named.filter((id) => !known.has(id));
  if (missing.length)
    throw new AppError(
      'NOT_FOUND',
      { id: 'errors.admins.unknown', values: { what } },
      {
        userIds: missing,
      },
    );
  return unique;
}

export { summaryColumns };
