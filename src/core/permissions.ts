import { errors } from './errors.ts';
import type { Role } from './roles.ts';

/**
 * Authorization as data: the actor, what an operation targets, and POLICIES, the table of every
 * operation the server exposes and who may call it (docs/architecture.md, "Where authorization
 * lives"). Over 500 lines on purpose: the table is read and reviewed whole, in one place.
 */

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
  /** Teams whose coaches list holds this user (makes them a coach). */
  coachTeamIds: readonly string[];
  /** Players linked to this user as a guardian (makes them a parent). */
  guardianPlayerIds: readonly string[];
  /**
   * The organizations of those leagues, teams and players: where the user may read lists
   * (seasons, teams) narrowed to what they hold there, never act on the organization itself.
   */
  memberOrganizationIds: { admin: readonly string[]; coach: readonly string[]; parent: readonly string[] };
  /** The session the request came with (the change history names it); none for the command line. */
  sessionId?: string;
}

/** An actor with no admin, coach or parent scope (tests and tools build on it). */
export const NO_SCOPES = {
  adminOrganizationIds: [],
  adminLeagueIds: [],
  coachTeamIds: [],
  guardianPlayerIds: [],
  memberOrganizationIds: { admin: [], coach: [], parent: [] },
} as const satisfies Omit<Actor, 'userId' | 'roles'>;

/** What an operation acts on, as far as authorization cares. */
export interface Target {
  userId?: string;
  organizationId?: string;
  leagueId?: string;
  /** Further leagues the target belongs to (a player on teams of several leagues): any one counts. */
  leagueIds?: readonly string[];
  /** Teams the target belongs to (a team itself, or a player's teams): any one counts. */
  teamIds?: readonly string[];
  playerId?: string;
}

/**
 * How far a grant reaches:
 * - `all`: anything;
 * - `own`: the caller's own records (target.userId is the caller);
 * - `organization`: targets in an organization the caller administers;
 * - `league`: targets in a league the caller administers, or in an organization they administer;
 * - `team`: targets on a team the caller coaches;
 * - `child`: a player linked to the caller as a guardian;
 * - `scoped`: allowed, and the service narrows what it reads to the caller's own scope for that
 *   role (an admin's organizations and leagues, a coach's teams, a parent's children); a named
 *   target must be inside it (lists and subscriptions; an id outside is refused as not found).
 */
export type Reach = 'all' | 'own' | 'organization' | 'league' | 'team' | 'child' | 'scoped';

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
const superAdmin: Grant = { who: 'SuperAdmin', reach: 'all' };
const adminScoped: Grant = { who: 'admin', reach: 'scoped' };
const organizationAdmin: Grant = { who: 'admin', reach: 'organization' };
const leagueAdmin: Grant = { who: 'admin', reach: 'league' };
const coachScoped: Grant = { who: 'coach', reach: 'scoped' };
const teamCoach: Grant = { who: 'coach', reach: 'team' };
const parentScoped: Grant = { who: 'parent', reach: 'scoped' };
const guardian: Grant = { who: 'parent', reach: 'child' };

const graphql = (summary: string, ...allow: Grant[]): Policy => ({ transport: 'graphql', summary, allow });
const rest = (summary: string, ...allow: Grant[]): Policy => ({ transport: 'rest', summary, allow });

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
  'Mutation.updateMyPreferences': {
    transport: 'graphql',
    summary: 'Turn the emails about one’s children’s outings on or off',
    allow: [self],
  },
  'Query.myInvitations': {
    transport: 'graphql',
    summary: 'Invitations to coach, follow a child or run a league, waiting for the signed-in user’s answer',
    allow: [self],
  },
  'Mutation.respondToInvitation': {
    transport: 'graphql',
    summary: 'Accept (attached then) or decline one of one’s own invitations',
    allow: [self],
  },
  'Mutation.setMyLanguage': {
    transport: 'graphql',
    summary: 'Choose the language of one’s own pages and emails (English, Spanish)',
    allow: [self],
  },

  // League administration (docs/screens.md, Calls). Only SuperAdmin manages organizations, rest rules and users;
  // an organization's admin runs its leagues; a league's admin edits that league.
  'Query.listOrganizations': graphql('Organizations, with their admins', superAdmin, adminScoped),
  'Mutation.createOrganization': graphql('Add an organization', superAdmin),
  'Mutation.updateOrganization': graphql('Rename an organization or replace its admins', superAdmin),
  'Mutation.deleteOrganization': graphql('Delete an organization that has no leagues', superAdmin),
  'Query.listLeagues': graphql('Leagues of an organization, with admins and rest rule', superAdmin, adminScoped),
  'Mutation.createLeague': graphql('Add a league to an organization', superAdmin, organizationAdmin),
  'Mutation.updateLeague': graphql(
    'Rename a league, replace its admins or choose its rest rule',
    superAdmin,
    leagueAdmin,
  ),
  'Mutation.deleteLeague': graphql('Delete a league that has no teams', superAdmin, organizationAdmin),
  'Mutation.inviteLeagueAdmin': graphql(
    'Make someone an admin of a league by email, creating them with a temporary password if new',
    superAdmin,
    leagueAdmin,
  ),
  'Query.listRestRules': graphql("Global rest rules and organizations' own, with intervals", superAdmin, adminScoped),
  'Mutation.createRestRule': graphql('Add a rest rule with its intervals', superAdmin),
  'Mutation.updateRestRule': graphql('Change a rest rule; given intervals replace all of them', superAdmin),
  'Mutation.deleteRestRule': graphql('Delete a rest rule no league uses', superAdmin),
  'Query.listRestProfiles': graphql('Intervals of rest rules', superAdmin, adminScoped),
  'Mutation.createRestProfile': graphql('Add one interval to a rest rule', superAdmin),
  'Mutation.deleteRestProfile': graphql('Remove one interval of a rest rule (not its last)', superAdmin),
  'Query.listUsers': graphql(
    'Users; search by name or email. Admins see the admins, coaches and parents of their organizations and leagues, nobody else',
    superAdmin,
    adminScoped,
  ),
  'Mutation.createUser': graphql('Add a user with a temporary password (emailed)', superAdmin),
  'Mutation.updateUser': graphql("Change a user's email, name, roles or admin scopes", superAdmin),
  'Mutation.deleteUser': graphql('Delete a user, removing them from every admins list', superAdmin),
  // Seasons, teams and players. An organization's admin runs its seasons; a league's
  // admin its teams, rosters and players; a coach reads their teams; a parent their children.
  'Query.listSeasons': graphql('Seasons of organizations in scope', superAdmin, adminScoped, coachScoped, parentScoped),
  'Mutation.createSeason': graphql('Add a season to an organization', superAdmin, organizationAdmin),
  'Mutation.updateSeason': graphql("Change a season's name, dates or state", superAdmin, organizationAdmin),
  'Mutation.deleteSeason': graphql('Delete a season that has no teams', superAdmin, organizationAdmin),
  'Mutation.rollSeason': graphql(
    'Archive the active season and start the next, copying teams, coaches and optionally rosters',
    superAdmin,
    organizationAdmin,
  ),
  'Query.listTeams': graphql(
    'Teams in scope (a coach: their own; a parent: their children’s)',
    superAdmin,
    adminScoped,
    coachScoped,
    parentScoped,
  ),
  'Mutation.createTeam': graphql('Add a team to a league for a season', superAdmin, leagueAdmin),
  'Mutation.updateTeam': graphql('Rename a team or replace its coaches', superAdmin, leagueAdmin),
  'Mutation.deleteTeam': graphql('Delete a team (its roster entries go with it)', superAdmin, leagueAdmin),
  'Mutation.inviteCoach': graphql(
    'Make a user a coach of a team by email, creating them with a temporary password if new',
    superAdmin,
    leagueAdmin,
  ),
  'Query.listPlayers': graphql(
    'Players in scope (a coach: their rosters; a parent: their children)',
    superAdmin,
    adminScoped,
    coachScoped,
    parentScoped,
  ),
  'Query.getPlayer': graphql('One player with teams and guardians', superAdmin, leagueAdmin, teamCoach, guardian),
  'Mutation.createPlayer': graphql('Add a player, optionally to a team', superAdmin, leagueAdmin),
  'Mutation.updatePlayer': graphql("Change a player's name, birth date or jersey", superAdmin, leagueAdmin),
  'Mutation.deletePlayer': graphql(
    'Remove a child’s personal data; their pitching record stays under a pseudonym (an admin, or the child’s parent while the child is on no roster of an open season)',
    superAdmin,
    organizationAdmin,
    guardian,
  ),
  'Mutation.requestPlayerRemoval': graphql(
    'Ask the league to remove a child: their organization’s and leagues’ admins and their coaches are told',
    guardian,
  ),
  'Query.listPossibleDuplicatePlayers': graphql(
    'Children of an organization entered more than once (same names and birth date), for its admins to merge',
    superAdmin,
    organizationAdmin,
  ),
  'Mutation.mergePlayers': graphql(
    'Merge two records of the same child: the pitch record moves whole to the one kept, in the history',
    superAdmin,
    organizationAdmin,
  ),
  'Mutation.addPlayerToTeam': graphql("Put a player on a team's roster", superAdmin, leagueAdmin),
  'Mutation.removePlayerFromTeam': graphql("Take a player off a team's roster", superAdmin, leagueAdmin),
  'Mutation.previewPlayerImport': graphql(
    'Read a roster CSV and say, row by row, what would be created, matched or refused',
    superAdmin,
    leagueAdmin,
  ),
  'Mutation.importPlayers': graphql('Import a previewed roster CSV, all or nothing', superAdmin, leagueAdmin),
  'Mutation.linkGuardian': graphql(
    'Link a parent to a player by email, creating them with a temporary password if new',
    superAdmin,
    leagueAdmin,
  ),
  'Mutation.unlinkGuardian': graphql('Unlink a parent from a player', superAdmin, leagueAdmin),

  // Games, outings, pitcher status and violations. A team's coach records its games and
  // outings; a league's admin any in the league; parents read their children's outings and status.
  'Query.listGames': graphql(
    'Games in scope (a coach: their teams’; a parent: their children’s teams’)',
    superAdmin,
    adminScoped,
    coachScoped,
    parentScoped,
  ),
  'Query.listOpponentTeams': graphql(
    'The other teams of a team’s league and season (who it can play)',
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  'Query.gameRoster': graphql(
    'Both teams’ players of a game, names and jerseys only (whom either dugout may count)',
    superAdmin,
    adminScoped,
    coachScoped,
  ),
  'Mutation.createGame': graphql('Add a game of one or two teams of a league', superAdmin, leagueAdmin, teamCoach),
  'Mutation.updateGame': graphql("Change a game's date, time, teams or state", superAdmin, leagueAdmin, teamCoach),
  'Mutation.deleteGame': graphql('Delete a game that has no outings', superAdmin, leagueAdmin, teamCoach),
  'Query.listPitchOutings': graphql(
    'Outings of players in scope, with their corrections (a parent: their children’s)',
    superAdmin,
    adminScoped,
    coachScoped,
    parentScoped,
  ),
  'Mutation.createPitchOuting': graphql(
    'Record a player’s pitching and catching in a game; idempotent on the client’s id',
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  'Mutation.updatePitchOuting': graphql(
    'Correct an outing, with a reason kept in its history',
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  'Mutation.deletePitchOuting': graphql(
    'Delete an outing, with a reason kept in its history',
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  'Query.pitcherStatus': graphql(
    'Who may pitch today and the next days, for a team or one player',
    superAdmin,
    leagueAdmin,
    teamCoach,
    guardian,
  ),
  'Query.listViolations': graphql('Violations in the admin’s leagues', superAdmin, adminScoped),
  'Mutation.updateViolation': graphql('Acknowledge or resolve a violation with a note', superAdmin, leagueAdmin),
  'Subscription.onCreatePitchOuting': graphql(
    'Outings recorded, for those who may read them',
    superAdmin,
    adminScoped,
    coachScoped,
    parentScoped,
  ),
  'Subscription.onUpdatePitchOuting': graphql(
    'Outings corrected or deleted, for those who may read them',
    superAdmin,
    adminScoped,
    coachScoped,
    parentScoped,
  ),

  // Live counting: each dugout counts in its own book; the pitcher's own team's is official.
  'Mutation.submitPitchEvents': graphql(
    'Store a device’s taps (idempotent on each tap’s id); answers each tap’s fate and the counts',
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  'Mutation.confirmPitcherChoice': graphql(
    'A coach confirms pitching a player the rules hold out of the game: recorded in the history, the admins told',
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  'Query.listRefusedPitchEvents': graphql(
    'Taps the server refused: one’s own, and an admin’s leagues’ (never silently dropped)',
    self,
    superAdmin,
    adminScoped,
  ),
  'Mutation.dismissRefusedPitchEvent': graphql(
    'Dismiss a refused tap once dealt with (its user, or an admin of its league)',
    self,
    superAdmin,
    leagueAdmin,
  ),
  'Query.gameCounts': graphql(
    'Both dugouts’ live counts of each pitcher of a game',
    superAdmin,
    adminScoped,
    coachScoped,
    parentScoped,
  ),
  'Subscription.onGameCount': graphql(
    'A game’s live counts as they change, for those who may read the game',
    superAdmin,
    adminScoped,
    coachScoped,
    parentScoped,
  ),

  // One official count: each team confirms a game's final counts, as the managers sign the paper log.
  'Query.officialCount': graphql(
    'A game’s official count: the record, the other dugout’s count, confirmations and the deadline',
    superAdmin,
    adminScoped,
    coachScoped,
  ),
  'Mutation.confirmOfficialCount': graphql(
    'Confirm a game’s final counts for one of its teams (its manager’s signature)',
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  'Query.listOfficialCounts': graphql(
    'Games of a league whose count is unconfirmed or disputed (admins follow them up)',
    superAdmin,
    leagueAdmin,
  ),
  'Subscription.onOfficialCount': graphql(
    'A game’s official count as teams confirm it, for those who may read it',
    superAdmin,
    adminScoped,
    coachScoped,
  ),

  // Pitching outside the league, reported by a parent: it counts for rest everywhere.
  'Query.listOutsideOutings': graphql(
    'Outside outings of players in scope (a parent: their children’s)',
    superAdmin,
    adminScoped,
    coachScoped,
    parentScoped,
  ),
  'Mutation.createOutsideOuting': graphql(
    'Report a child’s pitching outside the league; idempotent on the client’s id',
    superAdmin,
    leagueAdmin,
    guardian,
  ),
  'Mutation.deleteOutsideOuting': graphql('Delete a reported outside outing', superAdmin, leagueAdmin, guardian),

  'Subscription.onCreateOrganization': graphql('Organizations added', superAdmin, adminScoped),
  'Subscription.onUpdateOrganization': graphql('Organizations changed', superAdmin, adminScoped),
  'Subscription.onDeleteOrganization': graphql('Organizations deleted', superAdmin, adminScoped),
  'Subscription.onCreateLeague': graphql('Leagues added', superAdmin, adminScoped),
  'Subscription.onUpdateLeague': graphql('Leagues changed', superAdmin, adminScoped),
  'Subscription.onDeleteLeague': graphql('Leagues deleted', superAdmin, adminScoped),
  'Subscription.onCreateRestRule': graphql('Rest rules added', superAdmin, adminScoped),
  'Subscription.onUpdateRestRule': graphql('Rest rules changed', superAdmin, adminScoped),
  'Subscription.onDeleteRestRule': graphql('Rest rules deleted', superAdmin, adminScoped),
  'Subscription.onCreateRestProfile': graphql('Intervals added', superAdmin, adminScoped),
  'Subscription.onDeleteRestProfile': graphql('Intervals removed', superAdmin, adminScoped),
  'Subscription.onCreateUser': graphql('Users added', superAdmin),
  'Subscription.onUpdateUser': graphql('Users changed', superAdmin),
  'Subscription.onDeleteUser': graphql('Users deleted', superAdmin),

  // The spec's admin-queries REST API (docs/screens.md, Calls), for API clients; the web app uses GraphQL.
  'POST /admin-queries/createUser': rest('Create a user with a temporary password; answers its sub', superAdmin),
  'POST /admin-queries/updateUserAttributes': rest("Change a user's email or names", superAdmin),
  'POST /admin-queries/deleteUser': rest('Delete a user', superAdmin),

  // Reports: the paper pitch log's digital twin, and outings for league officials.
  'GET /api/reports/games/:id/pitch-log.pdf': rest(
    "A game's pitch log as a PDF (a coach: their teams' games)",
    superAdmin,
    adminScoped,
    coachScoped,
  ),
  // The same log as a printable page; the same grants as the PDF, since both show the same data.
  'Query.gamePitchLog': graphql(
    "A game's pitch log, for the printable page (a coach: their teams' games)",
    superAdmin,
    adminScoped,
    coachScoped,
  ),
  // The third signature: the home coach shows a one-time code, the game's official signs with it.
  // A league's officials (docs/decisions/0050-officials-are-people-the-league-knows.md): its admins keep the list,
  // the home coach sends one of them the game's signing link, and the link alone signs, as that official.
  'Query.leagueOfficials': graphql(
    "A league's officials (umpires, scorers, pitch counters): their admins, and its coaches to choose one",
    superAdmin,
    leagueAdmin,
    coachScoped,
  ),
  'Mutation.addOfficial': graphql("Add an official to a league's list, by name and email", superAdmin, leagueAdmin),
  'Mutation.updateOfficial': graphql("Change an official's name or email", superAdmin, leagueAdmin),
  'Mutation.removeOfficial': graphql(
    "Take an official off a league's list (the games they signed still name them)",
    superAdmin,
    leagueAdmin,
  ),
  'Mutation.sendOfficialLink': graphql(
    "Email one of the league's officials a one-time link to sign a game's counts (the home team's coaches, the league's admins)",
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  'Query.officialGame': graphql(
    "What the game's official is asked to sign: the game, its state and every pitcher's counts; the emailed link is the right to read it",
    anyone,
  ),
  'Mutation.signAsOfficial': graphql(
    "The game's official signs its counts through their emailed link, as themselves; never in another person's session",
    anyone,
  ),
  // The plate meeting: each team's eligibility card, and the signed link the other dugout opens.
  'Query.plateCard': graphql(
    "A team's eligibility card for the plate meeting, with its signed link (a coach: their teams)",
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  'Query.plateCardByLink': graphql(
    "The card a signed link names, as of now: the league's admins and its teams' coaches that season",
    superAdmin,
    leagueAdmin,
    teamCoach,
  ),
  // The change history: who changed the pitch record, when, how and why.
  'Query.changeHistory': graphql(
    "A game's or a player's change history, in plain words (a coach: their teams' games)",
    superAdmin,
    adminScoped,
    coachScoped,
  ),
  'GET /api/reports/history.csv': rest(
    "A game's or a player's change history as CSV, every tap included (a coach: their teams' games)",
    superAdmin,
    adminScoped,
    coachScoped,
  ),
  'GET /api/reports/outings.csv': rest(
    'Outings of a league, season or team as CSV, for league officials',
    superAdmin,
    adminScoped,
  ),

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

function leaguesOf(target: Target): string[] {
  return [...(target.leagueId !== undefined ? [target.leagueId] : []), ...(target.leagueIds ?? [])];
}

/** Whether the target lies inside what the actor holds in this role (admin lists, teams, children). */
function covers(actor: Actor, role: Role | 'signedIn', target: Target): boolean {
  switch (role) {
    case 'admin':
      return (
        (target.organizationId !== undefined && actor.adminOrganizationIds.includes(target.organizationId)) ||
        leaguesOf(target).some((id) => actor.adminLeagueIds.includes(id))
      );
    case 'coach':
      return (target.teamIds ?? []).some((id) => actor.coachTeamIds.includes(id));
    case 'parent':
      return target.playerId !== undefined && actor.guardianPlayerIds.includes(target.playerId);
    default:
      return false;
  }
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
    case 'team':
    case 'child':
      return covers(actor, grant.who, target);
    case 'scoped': {
      // Without a target the list is narrowed to the caller's scope; a named one must be inside
      // it. An organization is inside when the caller holds something there in this role (a
      // league's admin lists that organization's rules and seasons, narrowed to their league).
      const named =
        target.organizationId !== undefined ||
        leaguesOf(target).length > 0 ||
        (target.teamIds ?? []).length > 0 ||
        target.playerId !== undefined;
      if (!named || covers(actor, grant.who, target)) return true;
      const onlyOrganization =
        target.organizationId !== undefined &&
        leaguesOf(target).length === 0 &&
        (target.teamIds ?? []).length === 0 &&
        target.playerId === undefined;
      return (
        onlyOrganization &&
        grant.who !== 'signedIn' &&
        grant.who !== 'SuperAdmin' &&
        actor.memberOrganizationIds[grant.who].includes(target.organizationId as string)
      );
    }
  }
}

export function grantsOf(operation: Operation): readonly Grant[] {
  return POLICIES[operation].allow;
}

/**
 * Whether the actor administers the target (SuperAdmin, or an admin of its league or
 * organization): the record's rules let only an admin correct what is signed or holds pitching
 * (docs/decisions/0034-the-pitch-record.md).
 */
export function administers(actor: Actor, target: Target): boolean {
  return actor.roles.includes('SuperAdmin') || (actor.roles.includes('admin') && covers(actor, 'admin', target));
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

/**
 * The first check of a service function whose target must be loaded first: refuses a caller no
 * grant of the operation could ever allow (a coach asking to edit a league), before any lookup.
 * The function then calls `authorize` with the loaded target.
 */
export function authorizeSome(actor: Actor | null, operation: Operation): Actor {
  if (!actor) throw errors.unauthenticated();
  const possible = grantsOf(operation).some(
    (grant) => grant.who === 'anyone' || grant.who === 'signedIn' || actor.roles.includes(grant.who),
  );
  if (!possible) throw errors.forbidden();
  return actor;
}
