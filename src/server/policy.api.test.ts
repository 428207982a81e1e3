import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, can, grantsOf, NO_SCOPES, type Operation, POLICIES, type Target } from '../core/permissions.ts';
import {
  games,
  invitations,
  leagueAdmins,
  leagues,
  officials,
  organizationAdmins,
  organizations,
  outsideOutings,
  pitchOutings,
  playerGuardians,
  players,
  refusedPitchEvents,
  restProfiles,
  restRules,
  rosterEntries,
  seasons,
  teamCoaches,
  teams,
  violations,
} from './db/schema.ts';
import { createContext } from './graphql/context.ts';
import { schema } from './graphql/schema.ts';
import { loadSecret } from './secret.ts';
import { bootTestApp, buildUser, databaseKinds, gql, signIn, type TestApp, versionOf } from './testing/harness.ts';

/**
 * The authorization matrix (docs/reliability.md, security requirements 11-13): every operation of the policy
 * table, called by every kind of caller, on their own things, on things of their own organization that are not
 * theirs (another league, team or child: "sibling"), and on another organization's. The answer
 * must match what the table says (`can`), and no list may show what the caller may not read.
 */
type Scope = 'own' | 'sibling' | 'other';
const SCOPES: Scope[] = ['own', 'sibling', 'other'];
type CallerKind = 'anonymous' | 'SuperAdmin' | 'orgAdmin' | 'leagueAdmin' | 'coach' | 'parent';
const CALLERS: CallerKind[] = ['anonymous', 'SuperAdmin', 'orgAdmin', 'leagueAdmin', 'coach', 'parent'];

/** One organization's worth of things: a league, the active season, a team and a player on it. */
interface Place {
  organizationId: string;
  leagueId: string;
  seasonId: string;
  teamId: string;
  playerId: string;
}

interface Caller {
  label: CallerKind;
  actor: Actor | null;
  cookie: string;
  userId: string | null;
  credentials?: { email: string; password: string };
}

interface World {
  t: TestApp;
  secret: string;
  caller: Caller;
  /** own: the caller's; sibling: same organization, another league, team and child; other: another organization. */
  places: Record<Scope, Place>;
  /** The admin of the other organization, with a session of their own. */
  stranger: { id: string; email: string; password: string; cookie: string; organizationId: string; leagueId: string };
}

interface Outcome {
  target: Target;
  errors?: readonly unknown[];
  code?: string;
  /** Whether the answer showed something the caller may not read. */
  leaked?: boolean;
  /** Scopes a fixture gave the caller for this call only (a fresh child of theirs). */
  extra?: Partial<Actor>;
}

type Fixture = (w: World, scope: Scope) => Promise<Outcome>;

const place = (w: World, scope: Scope) => w.places[scope];
const orgOf = (w: World, scope: Scope) => place(w, scope).organizationId;
const leagueOf = (w: World, scope: Scope) => place(w, scope).leagueId;

async function call(w: World, query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(w.t.app, query, variables, w.caller.cookie);
  return { errors: res.errors, code: res.code, data: res.data };
}

/** A mutation taking `input`, as the caller. */
const mutate = (w: World, field: string, type: string, input: Record<string, unknown>, select = 'id') =>
  call(w, `mutation($i: ${type}!) { ${field}(input: $i) { ${select} } }`, { i: input });

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

async function freshOrganization(w: World, scope: Scope) {
  const [org] = await w.t.db
    .insert(organizations)
    .values({ name: unique('Fresh') })
    .returning();
  if (!org) throw new Error('no organization');
  const adminId = scope === 'other' ? w.stranger.id : w.caller.label === 'orgAdmin' ? w.caller.userId : null;
  if (adminId) await w.t.db.insert(organizationAdmins).values({ organizationId: org.id, userId: adminId });
  return org.id;
}

async function freshLeague(w: World, organizationId: string) {
  const [league] = await w.t.db
    .insert(leagues)
    .values({ name: unique('Fresh'), organizationId })
    .returning();
  if (!league) throw new Error('no league');
  return league.id;
}

async function freshRule(w: World, organizationId: string, intervals = 2) {
  const [rule] = await w.t.db
    .insert(restRules)
    .values({ name: 'Fresh rule', ageGroup: '9-10', global: false, organizationId })
    .returning();
  if (!rule) throw new Error('no rule');
  const rows = await w.t.db
    .insert(restProfiles)
    .values(Array.from({ length: intervals }, (_, i) => ({ restRuleId: rule.id, pitchCount: 1 + i * 30, daysRest: i })))
    .returning();
  return { ruleId: rule.id, profileIds: rows.map((r) => r.id) };
}

async function freshUser(w: World, scope: Scope) {
  const user = await buildUser(w.t.db);
  await w.t.db.insert(organizationAdmins).values({ organizationId: orgOf(w, scope), userId: user.id });
  return user.id;
}

async function freshSeason(w: World, organizationId: string, state: 'upcoming' | 'active' = 'upcoming') {
  const [season] = await w.t.db
    .insert(seasons)
    .values({ organizationId, name: unique('Season'), startDate: '2027-03-01', endDate: '2027-06-30', state })
    .returning();
  if (!season) throw new Error('no season');
  return season.id;
}

/** A team in the place's league and season (the caller coaches it only where `coached`). */
async function freshTeam(w: World, scope: Scope) {
  const p = place(w, scope);
  const [team] = await w.t.db
    .insert(teams)
    .values({ organizationId: p.organizationId, leagueId: p.leagueId, seasonId: p.seasonId, name: unique('Team') })
    .returning();
  if (!team) throw new Error('no team');
  return team.id;
}

/** A player of the place's organization, on the place's team unless `onTeam` is false. */
async function freshPlayer(w: World, scope: Scope, onTeam = true) {
  const p = place(w, scope);
  const [player] = await w.t.db
    .insert(players)
    .values({
      organizationId: p.organizationId,
      firstName: 'Fresh',
      lastName: unique('Player'),
      birthDate: '2015-05-05',
    })
    .returning();
  if (!player) throw new Error('no player');
  if (onTeam) await w.t.db.insert(rosterEntries).values({ teamId: p.teamId, playerId: player.id });
  return player.id;
}

/** The target the players service checks for a player on the place's team. */
const playerTarget = (w: World, scope: Scope, playerId: string): Target => ({
  organizationId: orgOf(w, scope),
  leagueIds: [leagueOf(w, scope)],
  teamIds: [place(w, scope).teamId],
  playerId,
});

/** Whether this caller may read the place's team and player (lists must show no others). */
function mayRead(w: World, scope: Scope, kind: 'season' | 'team' | 'player'): boolean {
  switch (w.caller.label) {
    case 'SuperAdmin':
      return true;
    case 'orgAdmin':
      return scope !== 'other';
    case 'leagueAdmin':
    case 'coach':
    case 'parent':
      return scope === 'own' || (kind === 'season' && scope === 'sibling');
    default:
      return false;
  }
}

/** A list answer leaks when it holds the id of a place's object the caller may not read. */
function leakedIn(w: World, data: unknown, kind: 'season' | 'team' | 'player'): boolean {
  const text = JSON.stringify(data ?? null);
  const idOf = (p: Place) => (kind === 'season' ? p.seasonId : kind === 'team' ? p.teamId : p.playerId);
  return SCOPES.some((scope) => !mayRead(w, scope, kind) && text.includes(idOf(place(w, scope))));
}

const listed = (ids: unknown, otherId: string) => JSON.stringify(ids ?? null).includes(otherId);

async function restCall(w: World, route: string, payload: Record<string, unknown>) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: route,
    headers: { 'content-type': 'application/json', ...(w.caller.cookie ? { cookie: w.caller.cookie } : {}) },
    payload,
  });
  const body = res.json() as { code?: string };
  return res.statusCode === 200 ? {} : { errors: [body], code: body.code };
}

async function subscribeAs(w: World, field: string, select = 'id') {
  const context = createContext(w.t.services, w.secret, { cookie: w.caller.cookie || undefined });
  const result = await subscribe({
    schema,
    document: parse(`subscription { ${field} { ${select} } }`),
    contextValue: context,
  });
  if (Symbol.asyncIterator in result) {
    await result.return?.();
    return {};
  }
  const first = result.errors?.[0] as { originalError?: { code?: string }; extensions?: { code?: string } } | undefined;
  return { errors: result.errors, code: first?.originalError?.code ?? first?.extensions?.code };
}

/** A game of the place's team against an outside opponent. */
async function freshGame(w: World, scope: Scope) {
  const p = place(w, scope);
  const [game] = await w.t.db
    .insert(games)
    .values({
      organizationId: p.organizationId,
      leagueId: p.leagueId,
      seasonId: p.seasonId,
      date: '2027-04-10',
      homeTeamId: p.teamId,
      opponentName: 'Visitors',
    })
    .returning();
  if (!game) throw new Error('no game');
  return game.id;
}

/** An outing of the place's player in a fresh game. */
async function freshOuting(w: World, scope: Scope) {
  const p = place(w, scope);
  const gameId = await freshGame(w, scope);
  const counts = { pitches: 30, pitchedInnings: [1, 2], caughtInnings: [], outs: 6, intentionalWalks: 0 };
  const [outing] = await w.t.db
    .insert(pitchOutings)
    .values({
      id: randomUUID(),
      gameId,
      playerId: p.playerId,
      teamId: p.teamId,
      date: '2027-04-10',
      ...counts,
      recordedByName: 'Matrix',
      createdPayload: counts,
    })
    .returning();
  if (!outing) throw new Error('no outing');
  return { gameId, outingId: outing.id };
}

/** A violation of the place's player (the engine would find it; here it is stored directly). */
async function freshViolation(w: World, scope: Scope) {
  const p = place(w, scope);
  const { gameId, outingId } = await freshOuting(w, scope);
  const [violation] = await w.t.db
    .insert(violations)
    .values({
      organizationId: p.organizationId,
      leagueId: p.leagueId,
      seasonId: p.seasonId,
      teamId: p.teamId,
      playerId: p.playerId,
      gameId,
      outingId,
      date: '2027-04-10',
      code: 'DAILY_MAX_EXCEEDED',
      message: 'Matrix',
    })
    .returning();
  if (!violation) throw new Error('no violation');
  return violation.id;
}

/** Whether the caller may see the place's violations: admins of its league or organization. */
function mayReadViolations(w: World, scope: Scope): boolean {
  switch (w.caller.label) {
    case 'SuperAdmin':
      return true;
    case 'orgAdmin':
      return scope !== 'other';
    case 'leagueAdmin':
      return scope === 'own';
    default:
      return false;
  }
}

/** The places' things of one kind made for a list, and whether the answer holds one the caller may not read. */
async function listLeaks(
  w: World,
  make: (scope: Scope) => Promise<string>,
  mayRead: (scope: Scope) => boolean,
  query: string,
) {
  const made = await Promise.all(SCOPES.map(async (scope) => ({ scope, id: await make(scope) })));
  const res = await call(w, query);
  const text = JSON.stringify(res.data ?? null);
  return { ...res, leaked: made.some(({ scope, id }) => !mayRead(scope) && text.includes(id)) };
}

const SUPER: Actor = { userId: 'matrix', roles: ['SuperAdmin'], ...NO_SCOPES };
const ROSTER_CSV = 'First,Last,Birth Date,Jersey\nAna,Diaz,2015-04-02,\n';

const FIXTURES: Record<string, Fixture> = {
  'Query.me': async (w) => ({ target: { userId: w.caller.userId ?? undefined }, ...(await call(w, '{ me { id } }')) }),
  'Query.listMySessions': async (w) => ({
    target: { userId: w.caller.userId ?? undefined },
    ...(await call(w, '{ listMySessions { items { id } } }')),
  }),
  'Mutation.deleteMySession': async (w, scope) => {
    // A second device of the owner's is signed out, so the caller's own session lives on.
    const owner =
      scope === 'own' && w.caller.credentials ? { id: w.caller.userId, ...w.caller.credentials } : w.stranger;
    const { cookie } = await signIn(w.t.app, owner.email, owner.password);
    const list = await gql(w.t.app, '{ listMySessions { items { id current } } }', {}, cookie);
    const items = (list.data?.listMySessions as { items: { id: string; current: boolean }[] } | undefined)?.items ?? [];
    const id = items.find((s) => s.current)?.id ?? 'none';
    return {
      target: { userId: owner.id ?? undefined },
      ...(await mutate(w, 'deleteMySession', 'DeleteMySessionInput', { id })),
    };
  },
  'Mutation.signOutEverywhere': async (w) => {
    const outcome = await call(w, 'mutation { signOutEverywhere }');
    // Every session of the caller ended: sign in again for the operations that follow.
    if (w.caller.credentials)
      w.caller.cookie = (await signIn(w.t.app, w.caller.credentials.email, w.caller.credentials.password)).cookie;
    return { target: { userId: w.caller.userId ?? undefined }, ...outcome };
  },

  'Query.listOrganizations': async (w, scope) => {
    const res = await call(w, '{ listOrganizations(limit: 1000) { items { id } } }');
    return {
      target: {},
      ...res,
      leaked: scope === 'other' && w.caller.label !== 'SuperAdmin' && listed(res.data, w.stranger.organizationId),
    };
  },
  'Mutation.createOrganization': async (w) => ({
    target: {},
    ...(await mutate(w, 'createOrganization', 'CreateOrganizationInput', { name: 'New organization' })),
  }),
  'Mutation.updateOrganization': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await mutate(w, 'updateOrganization', 'UpdateOrganizationInput', { id: orgOf(w, scope), name: 'Renamed' })),
  }),
  'Mutation.deleteOrganization': async (w, scope) => {
    const id = await freshOrganization(w, scope);
    return {
      target: { organizationId: id },
      ...(await mutate(w, 'deleteOrganization', 'DeleteOrganizationInput', { id })),
    };
  },
  'Query.listLeagues': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await call(w, 'query($o: ID) { listLeagues(filter: { organizationId: { eq: $o } }) { items { id } } }', {
      o: orgOf(w, scope),
    })),
  }),
  'Mutation.createLeague': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await mutate(w, 'createLeague', 'CreateLeagueInput', {
      name: unique('New league'),
      organizationId: orgOf(w, scope),
    })),
  }),
  'Mutation.updateLeague': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(w, 'updateLeague', 'UpdateLeagueInput', {
      id: leagueOf(w, scope),
      version: await versionOf(w.t.db, 'leagues', leagueOf(w, scope)),
      name: unique('Renamed'),
    })),
  }),
  'Mutation.inviteLeagueAdmin': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(w, 'inviteLeagueAdmin', 'InviteLeagueAdminInput', {
      leagueId: leagueOf(w, scope),
      email: `invited-${randomUUID().slice(0, 8)}@example.test`,
      givenName: 'Invited',
      familyName: 'Admin',
    })),
  }),
  'Mutation.deleteLeague': async (w, scope) => {
    const id = await freshLeague(w, orgOf(w, scope));
    return {
      target: { organizationId: orgOf(w, scope) },
      ...(await mutate(w, 'deleteLeague', 'DeleteLeagueInput', { id })),
    };
  },
  'Query.listRestRules': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await call(w, 'query($o: ID) { listRestRules(filter: { organizationId: { eq: $o } }) { items { id } } }', {
      o: orgOf(w, scope),
    })),
  }),
  'Mutation.createRestRule': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await mutate(w, 'createRestRule', 'CreateRestRuleInput', {
      name: 'New rule',
      ageGroup: '11-12',
      global: false,
      organizationId: orgOf(w, scope),
      pitchLimits: [{ pitchCount: 1, daysRest: 0 }],
    })),
  }),
  'Mutation.updateRestRule': async (w, scope) => {
    const { ruleId } = await freshRule(w, orgOf(w, scope));
    return {
      target: { organizationId: orgOf(w, scope) },
      ...(await mutate(w, 'updateRestRule', 'UpdateRestRuleInput', {
        id: ruleId,
        name: 'Renamed rule',
        ageGroup: '11-12',
        global: false,
        organizationId: orgOf(w, scope),
        pitchLimits: [{ pitchCount: 1, daysRest: 0 }],
      })),
    };
  },
  'Mutation.deleteRestRule': async (w, scope) => {
    const { ruleId } = await freshRule(w, orgOf(w, scope));
    return {
      target: { organizationId: orgOf(w, scope) },
      ...(await mutate(w, 'deleteRestRule', 'DeleteRestRuleInput', { id: ruleId })),
    };
  },
  'Query.listRestProfiles': async (w, scope) => {
    const { ruleId } = await freshRule(w, orgOf(w, scope));
    return {
      target: { organizationId: orgOf(w, scope) },
      ...(await call(w, 'query($r: ID) { listRestProfiles(filter: { restRuleId: { eq: $r } }) { items { id } } }', {
        r: ruleId,
      })),
    };
  },
  'Mutation.createRestProfile': async (w, scope) => {
    const { ruleId } = await freshRule(w, orgOf(w, scope));
    return {
      target: { organizationId: orgOf(w, scope) },
      ...(await mutate(w, 'createRestProfile', 'CreateRestProfileInput', {
        restRuleId: ruleId,
        pitchCount: 99,
        daysRest: 4,
      })),
    };
  },
  'Mutation.deleteRestProfile': async (w, scope) => {
    const { profileIds } = await freshRule(w, orgOf(w, scope));
    return {
      target: { organizationId: orgOf(w, scope) },
      ...(await mutate(w, 'deleteRestProfile', 'DeleteRestProfileInput', { id: profileIds[0] })),
    };
  },
  'Query.listUsers': async (w, scope) => {
    const res = await call(w, '{ listUsers(search: "user-", limit: 1000) { items { id } } }');
    return {
      target: {},
      ...res,
      leaked: scope === 'other' && w.caller.label !== 'SuperAdmin' && listed(res.data, w.stranger.id),
    };
  },
  'Mutation.createUser': async (w) => ({
    target: {},
    ...(await mutate(w, 'createUser', 'CreateUserInput', {
      email: `new-${randomUUID()}@example.test`,
      givenName: 'New',
      familyName: 'User',
      temporaryPassword: 'a-temporary-password',
    })),
  }),
  'Mutation.updateUser': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await mutate(w, 'updateUser', 'UpdateUserInput', { id: await freshUser(w, scope), givenName: 'Renamed' })),
  }),
  'Mutation.deleteUser': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await mutate(w, 'deleteUser', 'DeleteUserInput', { id: await freshUser(w, scope) })),
  }),

  'POST /admin-queries/createUser': async (w) => ({
    target: {},
    ...(await restCall(w, '/admin-queries/createUser', {
      email: `rest-${randomUUID()}@example.test`,
      username: 'rest',
      temporaryPassword: 'a-temporary-password',
      userAttributes: [
        { Name: 'given_name', Value: 'Rest' },
        { Name: 'family_name', Value: 'User' },
      ],
      group: 'StandardUser',
    })),
  }),
  'POST /admin-queries/updateUserAttributes': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await restCall(w, '/admin-queries/updateUserAttributes', {
      username: await freshUser(w, scope),
      userAttributes: [{ Name: 'given_name', Value: 'Renamed' }],
    })),
  }),
  'POST /admin-queries/deleteUser': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await restCall(w, '/admin-queries/deleteUser', { username: await freshUser(w, scope) })),
  }),

  'Query.listSeasons': async (w) => {
    const res = await call(w, '{ listSeasons(limit: 1000) { items { id } } }');
    return { target: {}, ...res, leaked: leakedIn(w, res.data, 'season') };
  },
  'Mutation.createSeason': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await mutate(w, 'createSeason', 'CreateSeasonInput', {
      organizationId: orgOf(w, scope),
      name: unique('Spring'),
      startDate: '2028-03-01',
      endDate: '2028-06-30',
    })),
  }),
  'Mutation.updateSeason': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await mutate(w, 'updateSeason', 'UpdateSeasonInput', {
      id: await freshSeason(w, orgOf(w, scope)),
      name: unique('Renamed'),
    })),
  }),
  'Mutation.deleteSeason': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await mutate(w, 'deleteSeason', 'DeleteSeasonInput', { id: await freshSeason(w, orgOf(w, scope)) })),
  }),
  'Mutation.rollSeason': async (w, scope) => {
    // A fresh organization: each has one active season, and rolling archives it.
    const organizationId = await freshOrganization(w, scope);
    const id = await freshSeason(w, organizationId, 'active');
    const mine = scope !== 'other' && w.caller.label === 'orgAdmin' && w.caller.actor;
    return {
      target: { organizationId },
      extra: mine ? { adminOrganizationIds: [...mine.adminOrganizationIds, organizationId] } : undefined,
      ...(await mutate(
        w,
        'rollSeason',
        'RollSeasonInput',
        { id, name: 'Next', startDate: '2028-03-01', endDate: '2028-06-30' },
        'season { id }',
      )),
    };
  },
  'Query.listTeams': async (w) => {
    const res = await call(w, '{ listTeams(limit: 1000) { items { id } } }');
    return { target: {}, ...res, leaked: leakedIn(w, res.data, 'team') };
  },
  'Mutation.createTeam': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(w, 'createTeam', 'CreateTeamInput', {
      leagueId: leagueOf(w, scope),
      seasonId: place(w, scope).seasonId,
      name: unique('Team'),
    })),
  }),
  'Mutation.updateTeam': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(w, 'updateTeam', 'UpdateTeamInput', {
      id: await freshTeam(w, scope),
      name: unique('Renamed'),
      version: 1,
    })),
  }),
  'Mutation.deleteTeam': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(w, 'deleteTeam', 'DeleteTeamInput', { id: await freshTeam(w, scope) })),
  }),
  'Mutation.inviteCoach': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(w, 'inviteCoach', 'InviteCoachInput', {
      teamId: await freshTeam(w, scope),
      email: `coach-${randomUUID()}@example.test`,
      givenName: 'New',
      familyName: 'Coach',
    })),
  }),
  'Query.listPlayers': async (w) => {
    const res = await call(w, '{ listPlayers(limit: 1000) { items { id } } }');
    return { target: {}, ...res, leaked: leakedIn(w, res.data, 'player') };
  },
  'Query.getPlayer': async (w, scope) => {
    const id = place(w, scope).playerId;
    return {
      target: playerTarget(w, scope, id),
      ...(await call(w, 'query($id: ID!) { getPlayer(id: $id) { id } }', { id })),
    };
  },
  'Mutation.createPlayer': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(w, 'createPlayer', 'CreatePlayerInput', {
      organizationId: orgOf(w, scope),
      teamId: place(w, scope).teamId,
      firstName: 'New',
      lastName: unique('Player'),
      birthDate: '2015-06-01',
    })),
  }),
  'Mutation.updatePlayer': async (w, scope) => {
    const id = await freshPlayer(w, scope);
    return {
      target: playerTarget(w, scope, id),
      ...(await mutate(w, 'updatePlayer', 'UpdatePlayerInput', { id, firstName: 'Renamed', version: 1 })),
    };
  },
  'Mutation.deletePlayer': async (w, scope) => {
    // A parent deletes their own child: make the fresh player theirs where the scope is own, and on no roster (a
    // rostered child is asked for instead, decision 0047: a rule of the service, not of the policy).
    const theirs = scope === 'own' && w.caller.label === 'parent' && w.caller.userId;
    const id = await freshPlayer(w, scope, !theirs);
    if (theirs) await w.t.db.insert(playerGuardians).values({ playerId: id, userId: theirs });
    return {
      target: playerTarget(w, scope, id),
      extra: theirs ? { guardianPlayerIds: [...(w.caller.actor?.guardianPlayerIds ?? []), id] } : undefined,
      ...(await mutate(w, 'deletePlayer', 'DeletePlayerInput', { id })),
    };
  },
  'Mutation.requestPlayerRemoval': async (w, scope) => {
    // A parent asks for their own rostered child: make the fresh player theirs where the scope is own.
    const id = await freshPlayer(w, scope);
    const theirs = scope === 'own' && w.caller.label === 'parent' && w.caller.userId;
    if (theirs) await w.t.db.insert(playerGuardians).values({ playerId: id, userId: theirs });
    return {
      target: playerTarget(w, scope, id),
      extra: theirs ? { guardianPlayerIds: [...(w.caller.actor?.guardianPlayerIds ?? []), id] } : undefined,
      ...(await mutate(w, 'requestPlayerRemoval', 'DeletePlayerInput', { id })),
    };
  },
  'Mutation.addPlayerToTeam': async (w, scope) => {
    // A child of another team of the same league (one its admin reads), onto the place's team.
    const playerId = await freshPlayer(w, scope, false);
    await w.t.db.insert(rosterEntries).values({ teamId: await freshTeam(w, scope), playerId });
    return {
      target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
      ...(await mutate(w, 'addPlayerToTeam', 'RosterInput', { playerId, teamId: place(w, scope).teamId })),
    };
  },
  'Mutation.removePlayerFromTeam': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(w, 'removePlayerFromTeam', 'RosterInput', {
      playerId: await freshPlayer(w, scope),
      teamId: place(w, scope).teamId,
    })),
  }),
  'Mutation.previewPlayerImport': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(
      w,
      'previewPlayerImport',
      'PlayerImportInput',
      {
        organizationId: orgOf(w, scope),
        seasonId: place(w, scope).seasonId,
        leagueId: leagueOf(w, scope),
        csv: ROSTER_CSV,
      },
      'digest',
    )),
  }),
  'Mutation.importPlayers': async (w, scope) => {
    const input = {
      organizationId: orgOf(w, scope),
      seasonId: place(w, scope).seasonId,
      leagueId: leagueOf(w, scope),
      csv: `First,Last,Birth Date,Jersey\nAna,${unique('Diaz').replace(' ', '')},2015-04-02,\n`,
    };
    const { digest } = await w.t.services.playerImport.preview(SUPER, input);
    return {
      target: { organizationId: input.organizationId, leagueId: input.leagueId },
      ...(await mutate(w, 'importPlayers', 'ImportPlayersInput', { ...input, digest }, 'create')),
    };
  },
  'Mutation.linkGuardian': async (w, scope) => {
    const id = await freshPlayer(w, scope);
    return {
      target: playerTarget(w, scope, id),
      ...(await mutate(w, 'linkGuardian', 'LinkGuardianInput', {
        playerId: id,
        email: `parent-${randomUUID()}@example.test`,
        givenName: 'New',
        familyName: 'Parent',
      })),
    };
  },
  'Query.listPossibleDuplicatePlayers': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope) },
    ...(await call(w, 'query($o: ID!) { listPossibleDuplicatePlayers(organizationId: $o) { birthDate } }', {
      o: orgOf(w, scope),
    })),
  }),
  'Mutation.mergePlayers': async (w, scope) => {
    // The same child twice: a second record with the first's names and birth date.
    const keepId = await freshPlayer(w, scope);
    const [kept] = await w.t.db.select().from(players).where(eq(players.id, keepId));
    const [twin] = await w.t.db
      .insert(players)
      .values({
        organizationId: orgOf(w, scope),
        firstName: 'Fresh',
        lastName: kept?.lastName ?? '',
        birthDate: '2015-05-05',
      })
      .returning();
    return {
      target: { organizationId: orgOf(w, scope) },
      ...(await mutate(w, 'mergePlayers', 'MergePlayersInput', { keepId, mergeId: twin?.id })),
    };
  },
  'Mutation.unlinkGuardian': async (w, scope) => {
    const id = await freshPlayer(w, scope);
    const parent = await buildUser(w.t.db);
    await w.t.db.insert(playerGuardians).values({ playerId: id, userId: parent.id });
    return {
      target: playerTarget(w, scope, id),
      ...(await mutate(w, 'unlinkGuardian', 'UnlinkGuardianInput', { playerId: id, userId: parent.id })),
    };
  },

  'Query.listGames': async (w) => ({
    target: {},
    ...(await listLeaks(
      w,
      (scope) => freshGame(w, scope),
      (scope) => mayRead(w, scope, 'team'),
      '{ listGames(limit: 1000) { items { id } } }',
    )),
  }),
  'Query.listOpponentTeams': async (w, scope) => {
    const p = place(w, scope);
    return {
      target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
      ...(await call(w, 'query($t: ID!) { listOpponentTeams(teamId: $t) { id } }', { t: p.teamId })),
    };
  },
  'Mutation.createGame': async (w, scope) => {
    const p = place(w, scope);
    return {
      target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
      ...(await mutate(w, 'createGame', 'CreateGameInput', {
        date: '2027-04-11',
        homeTeamId: p.teamId,
        opponentName: 'Visitors',
      })),
    };
  },
  'Mutation.updateGame': async (w, scope) => {
    const p = place(w, scope);
    return {
      target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
      ...(await mutate(w, 'updateGame', 'UpdateGameInput', { id: await freshGame(w, scope), startTime: '18:00' })),
    };
  },
  'Mutation.deleteGame': async (w, scope) => {
    const p = place(w, scope);
    return {
      target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
      ...(await mutate(w, 'deleteGame', 'DeleteGameInput', { id: await freshGame(w, scope) })),
    };
  },
  'Query.listPitchOutings': async (w) => ({
    target: {},
    ...(await listLeaks(
      w,
      async (scope) => (await freshOuting(w, scope)).outingId,
      (scope) => mayRead(w, scope, 'player'),
      '{ listPitchOutings(limit: 1000) { items { id } } }',
    )),
  }),
  'Mutation.createPitchOuting': async (w, scope) => {
    const p = place(w, scope);
    return {
      target: playerTarget(w, scope, p.playerId),
      ...(await mutate(w, 'createPitchOuting', 'CreatePitchOutingInput', {
        id: randomUUID(),
        gameId: await freshGame(w, scope),
        playerId: p.playerId,
        teamId: p.teamId,
        pitches: 25,
      })),
    };
  },
  'Mutation.updatePitchOuting': async (w, scope) => {
    const { outingId } = await freshOuting(w, scope);
    return {
      target: playerTarget(w, scope, place(w, scope).playerId),
      ...(await mutate(w, 'updatePitchOuting', 'UpdatePitchOutingInput', {
        id: outingId,
        pitches: 31,
        reason: 'Recount',
      })),
    };
  },
  'Mutation.deletePitchOuting': async (w, scope) => {
    const { outingId } = await freshOuting(w, scope);
    return {
      target: playerTarget(w, scope, place(w, scope).playerId),
      ...(await mutate(w, 'deletePitchOuting', 'DeletePitchOutingInput', { id: outingId, reason: 'Entered twice' })),
    };
  },
  'Query.pitcherStatus': async (w, scope) => {
    const id = place(w, scope).playerId;
    return {
      target: playerTarget(w, scope, id),
      ...(await call(w, 'query($p: ID) { pitcherStatus(playerId: $p) { teamId pitchers { playerId } } }', { p: id })),
    };
  },
  'Query.listViolations': async (w) => ({
    target: {},
    ...(await listLeaks(
      w,
      (scope) => freshViolation(w, scope),
      (scope) => mayReadViolations(w, scope),
      '{ listViolations(limit: 1000) { items { id } } }',
    )),
  }),
  'Mutation.updateViolation': async (w, scope) => ({
    target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
    ...(await mutate(w, 'updateViolation', 'UpdateViolationInput', {
      id: await freshViolation(w, scope),
      state: 'acknowledged',
      note: 'Spoke with the coach',
    })),
  }),
};

for (const op of Object.keys(POLICIES) as Operation[]) {
  if (op.startsWith('Subscription.')) {
    FIXTURES[op] = async (w) => ({ target: {}, ...(await subscribeAs(w, op.slice('Subscription.'.length))) });
  }
}

// Live counting: the place's player pitching in a fresh game of the place's team, counted by that team.
async function tapIn(w: World, scope: Scope) {
  const p = place(w, scope);
  return {
    id: randomUUID(),
    gameId: await freshGame(w, scope),
    pitcherId: p.playerId,
    bookTeamId: p.teamId,
    deviceId: randomUUID(),
    seq: 1,
    at: new Date().toISOString(),
    kind: 'strike',
  };
}
FIXTURES['Mutation.submitPitchEvents'] = async (w, scope) => {
  const tap = await tapIn(w, scope);
  const res = await mutate(
    w,
    'submitPitchEvents',
    'SubmitPitchEventsInput',
    { events: [tap] },
    'results { status message }',
  );
  // A tap the caller may not record is refused in the answer (the device lists it), not as an error.
  const result = (res.data?.submitPitchEvents as { results: { status: string; message: string }[] } | undefined)
    ?.results[0];
  return {
    target: playerTarget(w, scope, place(w, scope).playerId),
    ...(result?.status === 'refused'
      ? { errors: [result], code: result.message === 'Game not found' ? 'NOT_FOUND' : 'FORBIDDEN' }
      : res),
  };
};
// A coach confirms pitching the place's player in a fresh game of the place's team (one the rules may or may not hold out).
FIXTURES['Mutation.confirmPitcherChoice'] = async (w, scope) => {
  const p = place(w, scope);
  return {
    target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
    ...(await mutate(
      w,
      'confirmPitcherChoice',
      'ConfirmPitcherChoiceInput',
      { gameId: await freshGame(w, scope), pitcherId: p.playerId },
      'heldOut',
    )),
  };
};
// Outside outings: the place's player, reported by a parent.
async function freshOutside(w: World, scope: Scope) {
  const p = place(w, scope);
  const id = randomUUID();
  await w.t.db.insert(outsideOutings).values({
    id,
    playerId: p.playerId,
    organizationId: p.organizationId,
    date: '2026-06-01',
    description: 'Travel team',
    pitches: 40,
    reportedByName: 'Matrix',
    createdPayload: [],
  });
  return id;
}
FIXTURES['Query.listOutsideOutings'] = async (w) => ({
  target: {},
  ...(await listLeaks(
    w,
    (scope) => freshOutside(w, scope),
    (scope) => mayRead(w, scope, 'player'),
    '{ listOutsideOutings(limit: 1000) { items { id } } }',
  )),
});
FIXTURES['Mutation.createOutsideOuting'] = async (w, scope) => ({
  target: playerTarget(w, scope, place(w, scope).playerId),
  ...(await mutate(w, 'createOutsideOuting', 'CreateOutsideOutingInput', {
    id: randomUUID(),
    playerId: place(w, scope).playerId,
    date: '2028-06-02',
    description: 'School JV',
    pitches: 35,
  })),
});
FIXTURES['Mutation.deleteOutsideOuting'] = async (w, scope) => ({
  target: playerTarget(w, scope, place(w, scope).playerId),
  ...(await mutate(w, 'deleteOutsideOuting', 'DeleteOutsideOutingInput', { id: await freshOutside(w, scope) })),
});
FIXTURES['Mutation.updateMyPreferences'] = async (w) => ({
  target: { userId: w.caller.userId ?? undefined },
  ...(await mutate(w, 'updateMyPreferences', 'UpdateMyPreferencesInput', { outingEmails: true }, 'outingEmails')),
});
FIXTURES['Query.myInvitations'] = async (w) => ({
  target: { userId: w.caller.userId ?? undefined },
  ...(await call(w, '{ myInvitations { id } }')),
});
FIXTURES['Mutation.respondToInvitation'] = async (w, scope) => {
  // An invitation of the caller's own, or of another organization's admin (missing to anyone else).
  const ownerId = scope === 'own' && w.caller.userId ? w.caller.userId : w.stranger.id;
  const p = place(w, scope);
  const [row] = await w.t.db
    .insert(invitations)
    .values({
      userId: ownerId,
      organizationId: p.organizationId,
      role: 'coach',
      teamId: await freshTeam(w, scope),
      givenName: 'Typed',
      familyName: 'Name',
      invitedByName: 'Someone',
    })
    .returning({ id: invitations.id });
  return {
    target: { userId: ownerId },
    ...(await mutate(w, 'respondToInvitation', 'RespondToInvitationInput', { id: row?.id, accept: false })),
  };
};
FIXTURES['Mutation.setMyLanguage'] = async (w) => ({
  // English again: the callers' later calls read as before.
  target: { userId: w.caller.userId ?? undefined },
  ...(await call(w, 'mutation($l: String!) { setMyLanguage(language: $l) { language } }', { l: 'en' })),
});
// Reports: downloads answered by status; a refusal carries the catalogue's code in its body.
async function download(w: World, url: string) {
  const res = await w.t.app.inject({ method: 'GET', url, headers: w.caller.cookie ? { cookie: w.caller.cookie } : {} });
  if (res.statusCode === 200) return { body: res.body };
  const body = res.json() as { code?: string };
  return { errors: [body], code: body.code, body: '' };
}
FIXTURES['GET /api/reports/games/:id/pitch-log.pdf'] = async (w, scope) => {
  const p = place(w, scope);
  const { gameId } = await freshOuting(w, scope);
  const { body: _pdf, ...outcome } = await download(w, `/api/reports/games/${gameId}/pitch-log.pdf`);
  return { target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] }, ...outcome };
};
FIXTURES['Query.gamePitchLog'] = async (w, scope) => {
  const p = place(w, scope);
  const { gameId } = await freshOuting(w, scope);
  return {
    target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
    ...(await call(w, 'query($g: ID!) { gamePitchLog(gameId: $g) { game { id } lines { pitches } } }', {
      g: gameId,
    })),
  };
};
const MATRIX_ADMIN: Actor = { userId: 'matrix', roles: ['SuperAdmin'], ...NO_SCOPES };
/** One of the league's officials, added as SuperAdmin; by default the caller themself (their own account signs). */
async function freshOfficial(
  w: World,
  scope: Scope,
  email = w.caller.credentials?.email ?? `${randomUUID()}@example.org`,
) {
  // An address is one official of a league at a time: an earlier fixture's goes off the list first.
  await w.t.db
    .update(officials)
    .set({ removedAt: new Date() })
    .where(
      and(
        eq(officials.leagueId, leagueOf(w, scope)),
        eq(officials.email, email.toLowerCase()),
        isNull(officials.removedAt),
      ),
    );
  const added = await w.t.services.officials.add(MATRIX_ADMIN, {
    leagueId: leagueOf(w, scope),
    name: 'Matrix Umpire',
    email,
  });
  return added.id;
}
/** A fresh game's signing link, sent as SuperAdmin to an official who is the caller: the link is the right to sign. */
async function freshLink(w: World, scope: Scope) {
  const gameId = await freshGame(w, scope);
  const officialId = await freshOfficial(w, scope);
  const before = w.t.mailbox.length;
  await w.t.services.officials.sendLink(MATRIX_ADMIN, { gameId, officialId });
  const text = w.t.mailbox
    .slice(before)
    .map((m) => m.text)
    .join('\n');
  return text.match(/\/official\/([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/)?.[1] as string;
}
FIXTURES['Query.leagueOfficials'] = async (w, scope) => {
  const p = place(w, scope);
  return {
    target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
    ...(await call(w, 'query($l: ID!) { leagueOfficials(leagueId: $l) { id name } }', { l: p.leagueId })),
  };
};
FIXTURES['Mutation.addOfficial'] = async (w, scope) => ({
  target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
  ...(await call(w, 'mutation($l: ID!, $i: OfficialInput!) { addOfficial(leagueId: $l, input: $i) { id } }', {
    l: leagueOf(w, scope),
    i: { name: 'Matrix Umpire', email: `${randomUUID()}@example.org` },
  })),
});
FIXTURES['Mutation.updateOfficial'] = async (w, scope) => ({
  target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
  ...(await call(w, 'mutation($o: ID!, $i: OfficialInput!) { updateOfficial(id: $o, input: $i) { id } }', {
    o: await freshOfficial(w, scope, `${randomUUID()}@example.org`),
    i: { name: 'Matrix Umpire', email: `${randomUUID()}@example.org` },
  })),
});
FIXTURES['Mutation.removeOfficial'] = async (w, scope) => ({
  target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
  ...(await call(w, 'mutation($o: ID!) { removeOfficial(id: $o) }', {
    o: await freshOfficial(w, scope, `${randomUUID()}@example.org`),
  })),
});
FIXTURES['Mutation.sendOfficialLink'] = async (w, scope) => {
  const p = place(w, scope);
  return {
    target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
    ...(await call(w, 'mutation($g: ID!, $o: ID!) { sendOfficialLink(gameId: $g, officialId: $o) { officialName } }', {
      g: await freshGame(w, scope),
      o: await freshOfficial(w, scope, `${randomUUID()}@example.org`),
    })),
  };
};
FIXTURES['Mutation.signAsOfficial'] = async (w, scope) => ({
  target: {},
  ...(await call(w, 'mutation($i: SignAsOfficialInput!) { signAsOfficial(input: $i) { title } }', {
    i: { link: await freshLink(w, scope) },
  })),
});
FIXTURES['Query.officialGame'] = async (w, scope) => ({
  // What the official signs, read with a fresh game's link: the link is the right to read it.
  target: {},
  ...(await call(w, 'query($l: String!) { officialGame(link: $l) { title status } }', {
    l: await freshLink(w, scope),
  })),
});
FIXTURES['Query.plateCard'] = async (w, scope) => {
  const p = place(w, scope);
  return {
    target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
    ...(await call(w, 'query($t: ID!) { plateCard(teamId: $t) { teamName pitchers { name mayPitch } } }', {
      t: p.teamId,
    })),
  };
};
FIXTURES['Query.plateCardByLink'] = async (w, scope) => {
  const p = place(w, scope);
  // The card's link as its coach printed it (signed by the server).
  const card = await w.t.services.plateCard.issue(
    { userId: 'matrix', roles: ['SuperAdmin'], ...NO_SCOPES },
    { teamId: p.teamId },
  );
  const [team] = await w.t.db.select({ seasonId: teams.seasonId }).from(teams).where(eq(teams.id, p.teamId));
  const leagueTeams = await w.t.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.leagueId, p.leagueId), eq(teams.seasonId, team?.seasonId ?? '')));
  return {
    target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: leagueTeams.map((t) => t.id) },
    ...(await call(w, 'query($k: String!) { plateCardByLink(link: $k) { teamName } }', {
      k: card.path.slice('/plate/'.length),
    })),
  };
};
FIXTURES['Query.changeHistory'] = async (w, scope) => {
  const p = place(w, scope);
  const { gameId } = await freshOuting(w, scope);
  return {
    target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] },
    ...(await call(w, 'query($g: ID) { changeHistory(gameId: $g) { items { summary } } }', { g: gameId })),
  };
};
FIXTURES['GET /api/reports/history.csv'] = async (w, scope) => {
  const p = place(w, scope);
  const { gameId } = await freshOuting(w, scope);
  const { body: _csv, ...outcome } = await download(w, `/api/reports/history.csv?gameId=${gameId}`);
  return { target: { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] }, ...outcome };
};
FIXTURES['GET /api/reports/outings.csv'] = async (w) => {
  const made = await Promise.all(SCOPES.map(async (scope) => ({ scope, ...(await freshOuting(w, scope)) })));
  const { body, ...outcome } = await download(w, '/api/reports/outings.csv');
  const leaked = made.some(({ scope }) => {
    const [player] = [place(w, scope).playerId];
    return !mayReadViolations(w, scope) && body.includes(lastNames.get(player) ?? player);
  });
  return { target: {}, ...outcome, leaked };
};
FIXTURES['Query.gameRoster'] = async (w, scope) => ({
  target: playerTarget(w, scope, place(w, scope).playerId),
  ...(await call(w, 'query($g: ID!) { gameRoster(gameId: $g) { teamId players { id } } }', {
    g: await freshGame(w, scope),
  })),
});
FIXTURES['Query.gameCounts'] = async (w, scope) => ({
  target: playerTarget(w, scope, place(w, scope).playerId),
  ...(await call(w, 'query($g: ID!) { gameCounts(gameId: $g) { pitches } }', { g: await freshGame(w, scope) })),
});
FIXTURES['Subscription.onGameCount'] = async (w, scope) => {
  const gameId = await freshGame(w, scope);
  const context = createContext(w.t.services, w.secret, { cookie: w.caller.cookie || undefined });
  const result = await subscribe({
    schema,
    document: parse('subscription($g: ID!) { onGameCount(gameId: $g) { pitches } }'),
    variableValues: { g: gameId },
    contextValue: context,
  });
  const target = playerTarget(w, scope, place(w, scope).playerId);
  if (Symbol.asyncIterator in result) {
    await result.return?.();
    return { target };
  }
  const first = result.errors?.[0] as { originalError?: { code?: string }; extensions?: { code?: string } } | undefined;
  return { target, errors: result.errors, code: first?.originalError?.code ?? first?.extensions?.code };
};

// Refused taps: one kept for the stranger in each place; an admin of the place's league sees and dismisses it.
async function freshRefused(w: World, scope: Scope, userId: string = w.stranger.id) {
  const p = place(w, scope);
  const [row] = await w.t.db
    .insert(refusedPitchEvents)
    .values({
      eventId: randomUUID(),
      userId,
      organizationId: p.organizationId,
      leagueId: p.leagueId,
      gameId: randomUUID(),
      description: 'Matrix',
      event: {},
      reason: 'Matrix',
    })
    .returning();
  if (!row) throw new Error('no refused tap');
  return row.id;
}
FIXTURES['Query.listRefusedPitchEvents'] = async (w) => ({
  target: { userId: w.caller.userId ?? undefined },
  ...(await listLeaks(
    w,
    (scope) => freshRefused(w, scope),
    (scope) => mayReadViolations(w, scope),
    '{ listRefusedPitchEvents { id } }',
  )),
});
FIXTURES['Mutation.dismissRefusedPitchEvent'] = async (w, scope) => {
  const p = place(w, scope);
  return {
    target: { userId: w.stranger.id, organizationId: p.organizationId, leagueId: p.leagueId },
    ...(await call(w, 'mutation($id: ID!) { dismissRefusedPitchEvent(id: $id) { id } }', {
      id: await freshRefused(w, scope),
    })),
  };
};

// One official count: the place's team confirms a game it played with an outing on record.
const gameTargetOf = (w: World, scope: Scope) => {
  const p = place(w, scope);
  return { organizationId: p.organizationId, leagueId: p.leagueId, teamIds: [p.teamId] };
};
FIXTURES['Query.officialCount'] = async (w, scope) => ({
  target: gameTargetOf(w, scope),
  ...(await call(w, 'query($g: ID!) { officialCount(gameId: $g) { status } }', {
    g: (await freshOuting(w, scope)).gameId,
  })),
});
FIXTURES['Mutation.confirmOfficialCount'] = async (w, scope) => ({
  target: gameTargetOf(w, scope),
  ...(await call(w, 'mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { status } }', {
    g: (await freshOuting(w, scope)).gameId,
    t: place(w, scope).teamId,
  })),
});
FIXTURES['Query.listOfficialCounts'] = async (w, scope) => ({
  target: { organizationId: orgOf(w, scope), leagueId: leagueOf(w, scope) },
  ...(await call(w, 'query($l: ID!) { listOfficialCounts(leagueId: $l) { gameId } }', { l: leagueOf(w, scope) })),
});
FIXTURES['Subscription.onOfficialCount'] = async (w, scope) => {
  const { gameId } = await freshOuting(w, scope);
  const context = createContext(w.t.services, w.secret, { cookie: w.caller.cookie || undefined });
  const result = await subscribe({
    schema,
    document: parse('subscription($g: ID!) { onOfficialCount(gameId: $g) { status } }'),
    variableValues: { g: gameId },
    contextValue: context,
  });
  const target = gameTargetOf(w, scope);
  if (Symbol.asyncIterator in result) {
    await result.return?.();
    return { target };
  }
  const first = result.errors?.[0] as { originalError?: { code?: string }; extensions?: { code?: string } } | undefined;
  return { target, errors: result.errors, code: first?.originalError?.code ?? first?.extensions?.code };
};

const graphqlOperations = (Object.keys(POLICIES) as Operation[]).filter((op) => POLICIES[op].transport === 'graphql');
/** Operations called by each caller: every GraphQL field and the role-guarded REST routes. */
const matrixOperations = (Object.keys(POLICIES) as Operation[]).filter(
  (op) =>
    POLICIES[op].transport === 'graphql' || op.startsWith('POST /admin-queries/') || op.startsWith('GET /api/reports/'),
);

describe('the policy table', () => {
  it('lists every field of the GraphQL schema', () => {
    const fields = (['Query', 'Mutation', 'Subscription'] as const).flatMap((type) => {
      const object =
        type === 'Query'
          ? schema.getQueryType()
          : type === 'Mutation'
            ? schema.getMutationType()
            : schema.getSubscriptionType();
      return object ? Object.keys(object.getFields()).map((f) => `${type}.${f}`) : [];
    });
    expect(fields.filter((f) => !(f in POLICIES))).toEqual([]);
    expect(graphqlOperations.filter((op) => !fields.includes(op))).toEqual([]);
  });

  it('has a matrix fixture for every operation called by role', () => {
    expect(matrixOperations.filter((op) => !FIXTURES[op])).toEqual([]);
  });
});

/** Builds one organization's league, active season, team and player. */
/** Each place's player's last name (the CSV names players, not ids). */
const lastNames = new Map<string, string>();

async function buildPlace(t: TestApp, organizationId: string, leagueId: string, seasonId: string): Promise<Place> {
  const [team] = await t.db
    .insert(teams)
    .values({ organizationId, leagueId, seasonId, name: unique('Team') })
    .returning();
  const [player] = await t.db
    .insert(players)
    .values({ organizationId, firstName: 'Kid', lastName: unique('Player'), birthDate: '2015-03-03' })
    .returning();
  if (!team || !player) throw new Error('no place');
  lastNames.set(player.id, player.lastName);
  await t.db.insert(rosterEntries).values({ teamId: team.id, playerId: player.id });
  return { organizationId, leagueId, seasonId, teamId: team.id, playerId: player.id };
}

async function buildOrganizationWithSeason(t: TestApp) {
  const [org] = await t.db
    .insert(organizations)
    .values({ name: unique('Org') })
    .returning();
  if (!org) throw new Error('no organization');
  const [season] = await t.db
    .insert(seasons)
    .values({ organizationId: org.id, name: 'Spring', startDate: '2027-03-01', endDate: '2027-06-30', state: 'active' })
    .returning();
  const made = await t.db
    .insert(leagues)
    .values([
      { name: 'Majors', organizationId: org.id },
      { name: 'Minors', organizationId: org.id },
    ])
    .returning();
  if (!season || made.length !== 2) throw new Error('no organization');
  return { organizationId: org.id, seasonId: season.id, leagueIds: made.map((l) => l.id) as [string, string] };
}

/** A caller of this kind with their own place, a sibling place in their organization, and another organization. */
async function buildWorld(t: TestApp, secret: string, kind: CallerKind): Promise<World> {
  const strangerUser = await buildUser(t.db, { roles: ['admin'] });
  const theirs = await buildOrganizationWithSeason(t);
  await t.db.insert(organizationAdmins).values({ organizationId: theirs.organizationId, userId: strangerUser.id });
  const ours = await buildOrganizationWithSeason(t);
  const places: Record<Scope, Place> = {
    own: await buildPlace(t, ours.organizationId, ours.leagueIds[0], ours.seasonId),
    sibling: await buildPlace(t, ours.organizationId, ours.leagueIds[1], ours.seasonId),
    other: await buildPlace(t, theirs.organizationId, theirs.leagueIds[0], theirs.seasonId),
  };
  const stranger = {
    id: strangerUser.id,
    email: strangerUser.email,
    password: strangerUser.password,
    cookie: (await signIn(t.app, strangerUser.email, strangerUser.password)).cookie,
    organizationId: theirs.organizationId,
    leagueId: theirs.leagueIds[0],
  };
  if (kind === 'anonymous') {
    return { t, secret, places, stranger, caller: { label: kind, actor: null, cookie: '', userId: null } };
  }
  // Admin, coach and parent roles come from admins lists, coaches lists and guardian links, as in production.
  const user = await buildUser(t.db, { roles: kind === 'SuperAdmin' ? ['SuperAdmin'] : [] });
  const own = places.own;
  if (kind === 'orgAdmin') {
    await t.db.insert(organizationAdmins).values({ organizationId: own.organizationId, userId: user.id });
  }
  if (kind === 'leagueAdmin') await t.db.insert(leagueAdmins).values({ leagueId: own.leagueId, userId: user.id });
  if (kind === 'coach') await t.db.insert(teamCoaches).values({ teamId: own.teamId, userId: user.id });
  if (kind === 'parent') await t.db.insert(playerGuardians).values({ playerId: own.playerId, userId: user.id });
  const { cookie } = await signIn(t.app, user.email, user.password);
  const role = kind === 'orgAdmin' || kind === 'leagueAdmin' ? 'admin' : kind;
  const actor: Actor = {
    userId: user.id,
    roles: [role],
    adminOrganizationIds: kind === 'orgAdmin' ? [own.organizationId] : [],
    adminLeagueIds: kind === 'leagueAdmin' ? [own.leagueId] : [],
    coachTeamIds: kind === 'coach' ? [own.teamId] : [],
    guardianPlayerIds: kind === 'parent' ? [own.playerId] : [],
    // What the server derives from those lists: where each role holds something.
    memberOrganizationIds: {
      admin: kind === 'orgAdmin' || kind === 'leagueAdmin' ? [own.organizationId] : [],
      coach: kind === 'coach' ? [own.organizationId] : [],
      parent: kind === 'parent' ? [own.organizationId] : [],
    },
  };
  return {
    t,
    secret,
    places,
    stranger,
    caller: {
      label: kind,
      actor,
      cookie,
      userId: user.id,
      credentials: { email: user.email, password: user.password },
    },
  };
}

/** Whether some grant of the operation is for one of the caller's roles (else FORBIDDEN comes first). */
const roleMayCall = (actor: Actor, op: Operation) =>
  grantsOf(op).some((g) => g.who === 'anyone' || g.who === 'signedIn' || actor.roles.includes(g.who));

type EdgeOutcome = 'OK' | 'REFUSED_ROW' | string;

/**
 * Cases the table alone does not show (docs/reliability.md, "Authorization at the edges"): what each
 * caller gets when acting on a child of a league they do not run, and when granting themselves a role.
 */
const EDGE_CASES: {
  name: string;
  run: (w: World) => Promise<EdgeOutcome>;
  expected: Record<CallerKind, EdgeOutcome>;
}[] = [
  {
    name: 'linkGuardian naming oneself (a parent may delete the child: nobody grants that to themselves)',
    run: async (w) => {
      const res = await mutate(w, 'linkGuardian', 'LinkGuardianInput', {
        playerId: place(w, 'own').playerId,
        email: w.caller.credentials?.email ?? 'nobody@example.test',
        givenName: 'Me',
        familyName: 'Myself',
      });
      return res.code ?? 'OK';
    },
    expected: {
      anonymous: 'UNAUTHENTICATED',
      SuperAdmin: 'OK',
      orgAdmin: 'FORBIDDEN',
      leagueAdmin: 'FORBIDDEN',
      coach: 'FORBIDDEN',
      parent: 'FORBIDDEN',
    },
  },
  {
    name: 'previewPlayerImport naming oneself as a parent',
    run: async (w) => {
      const p = place(w, 'own');
      const res = await call(
        w,
        'mutation($i: PlayerImportInput!) { previewPlayerImport(input: $i) { rows { action } } }',
        {
          i: {
            organizationId: p.organizationId,
            seasonId: p.seasonId,
            teamId: p.teamId,
            csv: `First,Last,Birth Date,Parent Email\nNia,Self,2015-06-07,${w.caller.credentials?.email ?? 'x@example.test'}\n`,
          },
        },
      );
      if (res.code) return res.code;
      const preview = res.data?.previewPlayerImport as { rows: { action: string }[] } | undefined;
      return preview?.rows[0]?.action === 'refuse' ? 'REFUSED_ROW' : 'OK';
    },
    expected: {
      anonymous: 'UNAUTHENTICATED',
      SuperAdmin: 'OK',
      orgAdmin: 'REFUSED_ROW',
      leagueAdmin: 'REFUSED_ROW',
      coach: 'FORBIDDEN',
      parent: 'FORBIDDEN',
    },
  },
  {
    name: 'inviteCoach naming oneself (a league admin already reaches the team: nothing is widened)',
    run: async (w) => {
      const res = await mutate(w, 'inviteCoach', 'InviteCoachInput', {
        teamId: place(w, 'own').teamId,
        email: w.caller.credentials?.email ?? 'nobody@example.test',
        givenName: 'Me',
        familyName: 'Myself',
      });
      return res.code ?? 'OK';
    },
    expected: {
      anonymous: 'UNAUTHENTICATED',
      SuperAdmin: 'OK',
      orgAdmin: 'OK',
      leagueAdmin: 'OK',
      coach: 'FORBIDDEN',
      parent: 'FORBIDDEN',
    },
  },
  {
    name: 'addPlayerToTeam: a child of a league the caller does not run, onto their own team',
    run: async (w) => {
      const res = await mutate(w, 'addPlayerToTeam', 'RosterInput', {
        playerId: await freshPlayer(w, 'sibling'),
        teamId: place(w, 'own').teamId,
      });
      return res.code ?? 'OK';
    },
    expected: {
      anonymous: 'UNAUTHENTICATED',
      SuperAdmin: 'OK',
      orgAdmin: 'OK',
      leagueAdmin: 'NOT_FOUND',
      coach: 'FORBIDDEN',
      parent: 'FORBIDDEN',
    },
  },
  {
    name: 'createPlayer: the same child as one of a league the caller does not run',
    run: async (w) => {
      const s = place(w, 'sibling');
      const [child] = await w.t.db
        .select()
        .from(players)
        .where(eq(players.id, await freshPlayer(w, 'sibling')));
      if (!child || !s) throw new Error('no child');
      const res = await mutate(w, 'createPlayer', 'CreatePlayerInput', {
        organizationId: orgOf(w, 'own'),
        teamId: place(w, 'own').teamId,
        firstName: child.firstName,
        lastName: child.lastName,
        birthDate: child.birthDate,
      });
      return res.code ?? 'OK';
    },
    expected: {
      anonymous: 'UNAUTHENTICATED',
      SuperAdmin: 'OK',
      orgAdmin: 'OK',
      // A new child of their league: the answer never tells of one they cannot read (decision 0049).
      leagueAdmin: 'OK',
      coach: 'FORBIDDEN',
      parent: 'FORBIDDEN',
    },
  },
];

describe.each(databaseKinds())('authorization matrix on the %s database', (kind) => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await bootTestApp(kind, { BULLPEN_DEV_MAILBOX: '1' });
    secret = await loadSecret(t.db, undefined);
  });
  afterAll(() => t.close());

  it('lists every REST route the server registers, and nothing it does not', async () => {
    const restOps = Object.keys(POLICIES).filter((op) => POLICIES[op as Operation].transport === 'rest');
    // The auth gateway's wildcard is expanded from the table itself; the routes below it are checked by requests.
    const registered = t.routes.filter((r) => !r.endsWith('/api/auth/*'));
    expect(registered.filter((r) => !restOps.includes(r))).toEqual([]);
    for (const op of restOps) {
      const [method, url] = op.split(' ') as [string, string];
      if (url.startsWith('/api/auth/')) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url,
          payload: method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, op).not.toBe(404);
      } else {
        expect(registered, op).toContain(op);
      }
    }
  });

  for (const callerKind of CALLERS) {
    describe(`as ${callerKind}`, () => {
      // One world per caller: fixtures that change or delete things make fresh ones of their own.
      let world: World;
      beforeAll(async () => {
        world = await buildWorld(t, secret, callerKind);
      });
      for (const op of matrixOperations) {
        for (const scope of SCOPES) {
          it(`${op}, ${scope}`, async () => {
            const fixture = FIXTURES[op];
            if (!fixture) throw new Error(`no fixture for ${op}`);
            const outcome = await fixture(world, scope);
            const actor =
              world.caller.actor && outcome.extra ? { ...world.caller.actor, ...outcome.extra } : world.caller.actor;
            if (can(actor, op, outcome.target)) {
              expect(outcome.errors, JSON.stringify(outcome.errors)).toBeUndefined();
            } else if (scope === 'other' && actor && roleMayCall(actor, op)) {
              // Another organization's thing is missing, as an id that names nothing: never FORBIDDEN.
              expect(outcome.code, JSON.stringify(outcome.errors)).toBe('NOT_FOUND');
            } else {
              expect(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND']).toContain(outcome.code);
            }
            expect(outcome.leaked ?? false, 'the answer showed what the caller may not read').toBe(false);
          });
        }
      }
      for (const edge of EDGE_CASES) {
        it(`edge: ${edge.name}`, async () => {
          expect(await edge.run(world)).toBe(edge.expected[callerKind]);
        });
      }
    });
  }
});
