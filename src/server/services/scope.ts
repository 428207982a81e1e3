import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { errors, type Missing } from '../../core/errors.ts';
import type { Actor } from '../../core/permissions.ts';
import type { Db } from '../db/client.ts';
import {
  leagueAdmins,
  leagues,
  organizationAdmins,
  pitchOutings,
  playerGuardians,
  players,
  rosterEntries,
  teamCoaches,
  teams,
  users,
} from '../db/schema.ts';

/**
 * What an admin's lists cover: the organizations they administer, plus the organization of
 * each league they administer (read only), and those leagues. SuperAdmin covers everything.
 */
export interface Scope {
  all: boolean;
  organizationIds: string[];
  leagueIds: string[];
}

export function isSuperAdmin(actor: Actor): boolean {
  return actor.roles.includes('SuperAdmin');
}

export async function scopeOf(db: Db, actor: Actor): Promise<Scope> {
  if (isSuperAdmin(actor)) return { all: true, organizationIds: [], leagueIds: [] };
  const administered = administeredLeagues(actor);
  if (!administered) return { all: false, organizationIds: [], leagueIds: [] };
  const rows = await db
    .select({ id: leagues.id, organizationId: leagues.organizationId })
    .from(leagues)
    .where(administered);
  return {
    all: false,
    organizationIds: [...new Set([...actor.adminOrganizationIds, ...rows.map((r) => r.organizationId)])],
    leagueIds: rows.map((r) => r.id),
  };
}

/** The leagues an admin covers: those of the organizations they administer, and their own leagues. */
function administeredLeagues(actor: Actor): SQL | undefined {
  const owned = actor.adminOrganizationIds;
  const direct = actor.adminLeagueIds;
  if (owned.length === 0 && direct.length === 0) return undefined;
  return or(anyOf(leagues.organizationId, owned), anyOf(leagues.id, direct));
}

export function coversOrganization(scope: Scope, organizationId: string): boolean {
  return scope.all || scope.organizationIds.includes(organizationId);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids of organizations, leagues and rules are UUIDs; anything else names nothing that exists. */
export function requireUuid(id: string, what: Missing): string {
  if (!UUID.test(id)) throw errors.notFound(what);
  return id.toLowerCase();
}

export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** Escapes LIKE's wildcards so a search for "50%" means those characters. */
export function likePrefix(term: string): string {
  return `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A PostgreSQL unique violation (same code on PGlite). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** `column in (ids)`, or nothing matches when the list is empty. */
function anyOf(column: AnyPgColumn, ids: readonly string[]): SQL | undefined {
  return ids.length ? inArray(column, [...ids]) : undefined;
}

/**
 * The teams of the leagues an admin's reads cover (scopeOf's `leagueIds`), with those leagues as a
 * subquery, so a read costs no round trip to list them first. Undefined when they administer none.
 */
function administeredTeams(actor: Actor): SQL | undefined {
  const administered = administeredLeagues(actor);
  return administered && inArray(teams.leagueId, sql`(select ${leagues.id} from ${leagues} where ${administered})`);
}

/** Narrows a list to the rows a condition built from several scopes allows; `false` when none does. */
function union(conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? (or(...present) as SQL) : sql`false`;
}

/**
 * The teams a caller may read: an admin's leagues' teams, a coach's own, a parent's children's.
 * Undefined means every team (SuperAdmin).
 */
export function readableTeams(actor: Actor): SQL | undefined {
  if (isSuperAdmin(actor)) return undefined;
  return union([
    administeredTeams(actor),
    anyOf(teams.id, actor.coachTeamIds),
    actor.guardianPlayerIds.length
      ? inArray(
          teams.id,
          sql`(select ${rosterEntries.teamId} from ${rosterEntries} where ${inArray(rosterEntries.playerId, [...actor.guardianPlayerIds])})`,
        )
      : undefined,
  ]);
}

/**
 * The players a caller may read: every player of an organization they administer, those on
 * the rosters of their leagues' or their own teams, and their own children.
 */
export function readablePlayers(actor: Actor): SQL | undefined {
  if (isSuperAdmin(actor)) return undefined;
  const administered = administeredTeams(actor);
  const teamIds = sql`(select ${teams.id} from ${teams} where ${union([administered, anyOf(teams.id, actor.coachTeamIds)])})`;
  const teamsHeld = administered || actor.coachTeamIds.length;
  return union([
    anyOf(players.organizationId, actor.adminOrganizationIds),
    teamsHeld
      ? inArray(
          players.id,
          sql`(select ${rosterEntries.playerId} from ${rosterEntries} where ${rosterEntries.teamId} in ${teamIds})`,
        )
      : undefined,
    // A removed child is on no roster: the outings they pitched for these teams stay readable, under
    // their pseudonym, so a game's log and its violations stay whole (decisions/0033).
    teamsHeld
      ? and(
          isNotNull(players.removedAt),
          inArray(
            players.id,
            sql`(select ${pitchOutings.playerId} from ${pitchOutings} where ${pitchOutings.teamId} in ${teamIds})`,
          ),
        )
      : undefined,
    anyOf(players.id, actor.guardianPlayerIds),
  ]);
}

/** Whether the caller may read this player (their read filter, in one query). */
export async function readsPlayer(from: Db, actor: Actor, playerId: string): Promise<boolean> {
  const [row] = await from
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.id, playerId), readablePlayers(actor)));
  return row !== undefined;
}

/** The organizations whose seasons and teams a caller may read: wherever they hold a role. */
export function readableOrganizationIds(actor: Actor): string[] | 'all' {
  if (isSuperAdmin(actor)) return 'all';
  const { admin, coach, parent } = actor.memberOrganizationIds;
  return [...new Set([...admin, ...coach, ...parent])];
}

/**
 * An organization named in an input: one the caller holds nothing in is NOT_FOUND, exactly like an
 * id that names nothing, so an operation never tells another organization's caller it exists.
 */
export function knownOrganization(actor: Actor, id: string): string {
  const organizationId = requireUuid(id, 'Organization');
  const known = readableOrganizationIds(actor);
  if (known !== 'all' && !known.includes(organizationId)) throw errors.notFound('Organization');
  return organizationId;
}

/**
 * The users an admin may see and name (in listUsers, admins and coaches lists): themselves, the
 * admins of their organizations and leagues, and the coaches and parents of their leagues' teams.
 * Undefined means everyone (SuperAdmin). Someone else joins by an invitation by email.
 */
export function readableUsers(actor: Actor, scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  const ofLeagues = scope.leagueIds.length > 0;
  return or(
    eq(users.id, actor.userId),
    scope.organizationIds.length
      ? inArray(
          users.id,
          sql`(select ${organizationAdmins.userId} from ${organizationAdmins} where ${inArray(organizationAdmins.organizationId, scope.organizationIds)})`,
        )
      : undefined,
    ofLeagues
      ? inArray(
          users.id,
          sql`(select ${leagueAdmins.userId} from ${leagueAdmins} where ${inArray(leagueAdmins.leagueId, scope.leagueIds)})`,
        )
      : undefined,
    ofLeagues
      ? inArray(
          users.id,
          sql`(select ${teamCoaches.userId} from ${teamCoaches} join ${teams} on ${teams.id} = ${teamCoaches.teamId} where ${inArray(teams.leagueId, scope.leagueIds)})`,
        )
      : undefined,
    ofLeagues
      ? inArray(
          users.id,
          sql`(select ${playerGuardians.userId} from ${playerGuardians} join ${rosterEntries} on ${rosterEntries.playerId} = ${playerGuardians.playerId} join ${teams} on ${teams.id} = ${rosterEntries.teamId} where ${inArray(teams.leagueId, scope.leagueIds)})`,
        )
      : undefined,
  );
}
