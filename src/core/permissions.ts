import { errors } from './errors.ts';
import type { Role } from './roles.ts';

/**
 * Who a signed-in caller is, as the server resolved it on this request. Roles are a cache for
 * the menu in the browser; this object, rebuilt from the database on every request, decides.
 */
export interface Actor {
  userId: string;
  roles: readonly Role[];
  /** Organizations whose `admins` list holds this user. */
  adminOrganizationIds: readonly string[];
  /** Leagues whose `admins` list holds this user. */
  adminLeagueIds: readonly string[];
}

/** What an operation acts on, as far as authorization cares. */
export interface Target {
  userId?: string;
  organizationId?: string;
  leagueId?: string;
}

/**
 * How far a grant reaches:
 * - `all`: anything;
 * - `own`: the caller's own records (target.userId is the caller);
 * - `organization`: targets in an organization the caller administers;
 * - `league`: targets in a league the caller administers, or in an organization they administer.
 */
export type Reach = 'all' | 'own' | 'organization' | 'league';

export type Grant = { who: 'anyone' } | { who: 'signedIn'; reach: Reach } | { who: Role; reach: Reach };

export type Transport = 'graphql' | 'rest';

export interface Policy {
  transport: Transport;
  /** What it does, for docs/api.md and the test report. */
  summary: string;
  allow: readonly Grant[];
}

const anyone: Grant = { who: 'anyone' };
const self: Grant = { who: 'signedIn', reach: 'own' };

/**
 * THE policy table: every operation the server exposes (GraphQL field as `Query.x` /
 * `Mutation.x` / `Subscription.x`, REST route as `METHOD /path`) and who may call it.
 * Services call `authorize(actor, operation, target)` with these names; a test iterates this
 * table for every role and own/other organization, and fails for any operation the server
 * exposes that is missing here.
 */
export const POLICIES = {
  'Query.me': { transport: 'graphql', summary: 'The signed-in user and their roles', allow: [self] },
  'Query.listMySessions': {
    transport: 'graphql',
    summary: "The signed-in user's active sessions (device, last seen)",
    allow: [self],
  },
  'Mutation.deleteMySession': {
    transport: 'graphql',
    summary: 'Sign out one of your own devices',
    allow: [self],
  },
  'Mutation.signOutEverywhere': {
    transport: 'graphql',
    summary: 'End every session of the signed-in user',
    allow: [self],
  },

  'GET /healthz': { transport: 'rest', summary: 'The process is alive', allow: [anyone] },
  'GET /readyz': { transport: 'rest', summary: 'The database answers', allow: [anyone] },
  'POST /graphql': { transport: 'rest', summary: 'GraphQL endpoint; each field is authorized itself', allow: [anyone] },
  'GET /graphql': { transport: 'rest', summary: 'GraphQL over GET and the graphql-ws upgrade', allow: [anyone] },

  // better-auth routes we expose (every other better-auth path is disabled).
  'POST /api/auth/sign-in/email': { transport: 'rest', summary: 'Sign in with email and password', allow: [anyone] },
  'POST /api/auth/sign-out': { transport: 'rest', summary: 'Sign out this device', allow: [anyone] },
  'POST /api/auth/change-password': {
    transport: 'rest',
    summary: 'Change your password (also completes NEW_PASSWORD_REQUIRED)',
    allow: [self],
  },
  'POST /api/auth/email-otp/request-password-reset': {
    transport: 'rest',
    summary: 'Email a single-use reset code; the answer is the same whether the email exists or not',
    allow: [anyone],
  },
  'POST /api/auth/email-otp/reset-password': {
    transport: 'rest',
    summary: 'Set a new password with the emailed code',
    allow: [anyone],
  },
  'GET /api/dev/mailbox': {
    transport: 'rest',
    summary: 'Development mailbox (only without SMTP_URL and outside production)',
    allow: [anyone],
  },
} as const satisfies Record<string, Policy>;

export type Operation = keyof typeof POLICIES;

export function isOperation(name: string): name is Operation {
  return Object.hasOwn(POLICIES, name);
}

function grantAllows(grant: Grant, actor: Actor | null, target: Target): boolean {
  if (grant.who === 'anyone') return true;
  if (!actor) return false;
  if (grant.who !== 'signedIn' && !actor.roles.includes(grant.who)) return false;
  switch (grant.reach) {
    case 'all':
      return true;
    case 'own':
      return target.userId === undefined || target.userId === actor.userId;
    case 'organization':
      return target.organizationId !== undefined && actor.adminOrganizationIds.includes(target.organizationId);
    case 'league':
      return (
        (target.leagueId !== undefined && actor.adminLeagueIds.includes(target.leagueId)) ||
        (target.organizationId !== undefined && actor.adminOrganizationIds.includes(target.organizationId))
      );
  }
}

export function grantsOf(operation: Operation): readonly Grant[] {
  return POLICIES[operation].allow;
}

/** True when the policy table lets this actor call the operation on the target. */
export function can(actor: Actor | null, operation: Operation, target: Target = {}): boolean {
  return grantsOf(operation).some((grant) => grantAllows(grant, actor, target));
}

/** GraphQL operations the UI may offer: the ones the table allows this actor somewhere. */
export function abilitiesOf(actor: Actor | null): Operation[] {
  return (Object.keys(POLICIES) as Operation[]).filter(
    (op) =>
      POLICIES[op].transport === 'graphql' &&
      grantsOf(op).some(
        (grant) =>
          grant.who === 'anyone' || (actor !== null && (grant.who === 'signedIn' || actor.roles.includes(grant.who))),
      ),
  );
}

/**
 * The check at the top of every service function: throws UNAUTHENTICATED without a caller and
 * FORBIDDEN when the table does not allow it; returns the caller otherwise.
 */
export function authorize(actor: Actor | null, operation: Operation, target: Target = {}): Actor {
  if (!actor) throw errors.unauthenticated();
  if (!can(actor, operation, target)) throw errors.forbidden();
  return actor;
}
