import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantsOf, type Operation } from '../core/permissions.ts';
import type { Role } from '../core/roles.ts';
import { refusedPitchEvents } from './db/schema.ts';
import { createContext } from './graphql/context.ts';
import { schema } from './graphql/schema.ts';
import { loadSecret } from './secret.ts';
import { bootTestApp, databaseKinds, signIn, type TestApp } from './testing/harness.ts';
import { isoDay, type Kind, seedTenant, snapshotOf, type Tenant } from './testing/tenants.ts';

/**
 * Ids of another organization inside every input (docs/reliability.md, "Cross-organization"): for
 * every operation that takes an id, each id in turn is swapped for the other organization's thing of
 * the same kind, and for a child or team of a league the caller does not run. The answer must be
 * the one an id that names nothing gets (the same code and message), which for an operation the
 * caller's role may call is NOT_FOUND; nothing of the other organization may appear in it, and
 * nothing of it may change. A property test then swaps random sets of ids for random callers of
 * either organization.
 */

/** In every name of both tenants; the caller's own tenant's tag is theirs to see, the other's never. */
const TAGS = { A: 'Alpha', B: 'ZZ-CROSS-B' } as const;

type CallerKind = 'orgAdmin' | 'leagueAdmin' | 'coach' | 'guardian';
const CALLER_KINDS: CallerKind[] = ['orgAdmin', 'leagueAdmin', 'coach', 'guardian'];
const ROLE_OF: Record<CallerKind, Role> = {
  orgAdmin: 'admin',
  leagueAdmin: 'admin',
  coach: 'coach',
  guardian: 'parent',
};

/** Where an id sits in a call's variables (dotted path) and what it names. */
interface Slot {
  path: string;
  kind: Kind;
  /** A list's filter: the answer must only match an id naming nothing (lists are narrowed). */
  filter?: boolean;
}

interface Call {
  /** A GraphQL document, or a REST GET route built from the variables. */
  query?: string;
  subscription?: string;
  rest?: (v: Record<string, unknown>) => string;
  variables: Record<string, unknown>;
}

interface Probe {
  op: Operation;
  /** A distinguishing name when one operation has several probes. */
  label?: string;
  call: (x: Tenant) => Call;
  slots: Slot[];
  /** The ids are a list's filters: the answer must only match an id naming nothing (lists are narrowed). */
  filter?: boolean;
}

const mutation = (field: string, type: string, select = 'id') =>
  `mutation($i: ${type}!) { ${field}(input: $i) { ${select} } }`;
const slots = (...pairs: [string, Kind][]): Slot[] => pairs.map(([path, kind]) => ({ path, kind }));
const ROSTER_CSV = 'First,Last,Birth Date,Jersey\nCross,Tenant,2015-04-02,\n';
const counts = { pitches: 12, pitchedInnings: [1], caughtInnings: [], outs: 3, intentionalWalks: 0 };

/** What a mutation's answer selects: enough to tell success from failure. */
const SELECTS: Record<string, string> = {
  submitPitchEvents: 'results { status message }',
  importPlayers: '__typename',
  previewPlayerImport: '__typename',
  rollSeason: 'season { id }',
};

/** A mutation taking `input`, made from the caller's tenant, with the paths of its ids inside `input`. */
function input(
  op: Operation,
  field: string,
  type: string,
  make: (x: Tenant) => Record<string, unknown>,
  ...ids: [string, Kind][]
): Probe {
  return {
    op,
    call: (x) => ({ query: mutation(field, type, SELECTS[field]), variables: { i: make(x) } }),
    slots: slots(...ids.map(([path, kind]): [string, Kind] => [`i.${path}`, kind])),
  };
}

function listProbe(
  op: Operation,
  field: string,
  filterType: string,
  make: (x: Tenant) => Record<string, unknown>,
  ...ids: [string, Kind][]
): Probe {
  return {
    op,
    call: (x) => ({
      query: `query($f: ${filterType}) { ${field}(filter: $f, limit: 5) { items { id } } }`,
      variables: { f: Object.fromEntries(Object.entries(make(x)).map(([k, v]) => [k, { eq: v }])) },
    }),
    slots: slots(...ids.map(([path, kind]) => [`f.${path}.eq`, kind] as [string, Kind])),
    filter: true,
  };
}

const PROBES: Probe[] = [
  // Mutations: every id of every input.
  input(
    'Mutation.addPlayerToTeam',
    'addPlayerToTeam',
    'RosterInput',
    (x) => ({ playerId: x.player3, teamId: x.team }),
    ['playerId', 'player'],
    ['teamId', 'team'],
  ),
  input(
    'Mutation.removePlayerFromTeam',
    'removePlayerFromTeam',
    'RosterInput',
    (x) => ({ playerId: x.player, teamId: x.team }),
    ['playerId', 'player'],
    ['teamId', 'team'],
  ),
  {
    op: 'Mutation.confirmOfficialCount',
    call: (x) => ({
      query: 'mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { status } }',
      variables: { g: x.game, t: x.team },
    }),
    slots: slots(['g', 'game'], ['t', 'team']),
  },
  input(
    'Mutation.createGame',
    'createGame',
    'CreateGameInput',
    (x) => ({ homeTeamId: x.team, awayTeamId: x.team2, date: isoDay(-1) }),
    ['homeTeamId', 'team'],
    ['awayTeamId', 'team2'],
  ),
  input(
    'Mutation.updateGame',
    'updateGame',
    'UpdateGameInput',
    (x) => ({ id: x.game, homeTeamId: x.team, awayTeamId: x.team2 }),
    ['id', 'game'],
    ['homeTeamId', 'team'],
    ['awayTeamId', 'team2'],
  ),
  input('Mutation.deleteGame', 'deleteGame', 'DeleteGameInput', (x) => ({ id: x.game }), ['id', 'game']),
  input(
    'Mutation.createLeague',
    'createLeague',
    'CreateLeagueInput',
    (x) => ({ name: 'Cross league', organizationId: x.organization, admins: [x.leagueAdmin], restRuleId: x.rule }),
    ['organizationId', 'organization'],
    ['admins.0', 'leagueAdmin'],
    ['restRuleId', 'rule'],
  ),
  input(
    'Mutation.updateLeague',
    'updateLeague',
    'UpdateLeagueInput',
    (x) => ({ id: x.league, version: 1, admins: [x.leagueAdmin], restRuleId: x.rule }),
    ['id', 'league'],
    ['admins.0', 'leagueAdmin'],
    ['restRuleId', 'rule'],
  ),
  input(
    'Mutation.inviteLeagueAdmin',
    'inviteLeagueAdmin',
    'InviteLeagueAdminInput',
    (x) => ({
      leagueId: x.league,
      email: `cross-${randomUUID().slice(0, 8)}@example.test`,
      givenName: 'Cross',
      familyName: 'Admin',
    }),
    ['leagueId', 'league'],
  ),
  input('Mutation.deleteLeague', 'deleteLeague', 'DeleteLeagueInput', (x) => ({ id: x.league2 }), ['id', 'league2']),
  input(
    'Mutation.createOrganization',
    'createOrganization',
    'CreateOrganizationInput',
    (x) => ({ name: 'Cross org', admins: [x.orgAdmin] }),
    ['admins.0', 'orgAdmin'],
  ),
  input(
    'Mutation.updateOrganization',
    'updateOrganization',
    'UpdateOrganizationInput',
    (x) => ({ id: x.organization, admins: [x.orgAdmin] }),
    ['id', 'organization'],
    ['admins.0', 'orgAdmin'],
  ),
  input(
    'Mutation.deleteOrganization',
    'deleteOrganization',
    'DeleteOrganizationInput',
    (x) => ({ id: x.organization }),
    ['id', 'organization'],
  ),
  input(
    'Mutation.createOutsideOuting',
    'createOutsideOuting',
    'CreateOutsideOutingInput',
    (x) => ({ id: randomUUID(), playerId: x.player, date: isoDay(-1), description: 'Travel team', pitches: 20 }),
    ['playerId', 'player'],
  ),
  input('Mutation.deleteOutsideOuting', 'deleteOutsideOuting', 'DeleteOutsideOutingInput', (x) => ({ id: x.outside }), [
    'id',
    'outside',
  ]),
  input(
    'Mutation.createPitchOuting',
    'createPitchOuting',
    'CreatePitchOutingInput',
    (x) => ({ id: randomUUID(), gameId: x.game, playerId: x.player, teamId: x.team, ...counts }),
    ['gameId', 'game'],
    ['playerId', 'player'],
    ['teamId', 'team'],
  ),
  input(
    'Mutation.updatePitchOuting',
    'updatePitchOuting',
    'UpdatePitchOutingInput',
    (x) => ({ id: x.outing, ...counts, reason: 'Recount' }),
    ['id', 'outing'],
  ),
  input(
    'Mutation.deletePitchOuting',
    'deletePitchOuting',
    'DeletePitchOutingInput',
    (x) => ({ id: x.outing, reason: 'Entered twice' }),
    ['id', 'outing'],
  ),
  input(
    'Mutation.createPlayer',
    'createPlayer',
    'CreatePlayerInput',
    (x) => ({
      organizationId: x.organization,
      teamId: x.team,
      firstName: 'Cross',
      lastName: 'Tenant',
      birthDate: '2015-02-02',
    }),
    ['organizationId', 'organization'],
    ['teamId', 'team'],
  ),
  input(
    'Mutation.updatePlayer',
    'updatePlayer',
    'UpdatePlayerInput',
    (x) => ({ id: x.player, version: 1, jerseyNumber: '42' }),
    ['id', 'player'],
  ),
  input('Mutation.deletePlayer', 'deletePlayer', 'DeletePlayerInput', (x) => ({ id: x.player }), ['id', 'player']),
  input(
    'Mutation.linkGuardian',
    'linkGuardian',
    'LinkGuardianInput',
    (x) => ({
      playerId: x.player,
      email: `cross-${randomUUID().slice(0, 8)}@example.test`,
      givenName: 'Cross',
      familyName: 'Parent',
    }),
    ['playerId', 'player'],
  ),
  input(
    'Mutation.unlinkGuardian',
    'unlinkGuardian',
    'UnlinkGuardianInput',
    (x) => ({ playerId: x.player, userId: x.guardian }),
    ['playerId', 'player'],
    ['userId', 'guardian'],
  ),
  input(
    'Mutation.createRestRule',
    'createRestRule',
    'CreateRestRuleInput',
    (x) => ({
      name: 'Cross rule',
      ageGroup: '9-10',
      global: false,
      organizationId: x.organization,
      pitchLimits: [{ pitchCount: 1, daysRest: 0 }],
    }),
    ['organizationId', 'organization'],
  ),
  input(
    'Mutation.updateRestRule',
    'updateRestRule',
    'UpdateRestRuleInput',
    (x) => ({
      id: x.rule,
      name: 'Cross rule',
      ageGroup: '9-10',
      global: false,
      organizationId: x.organization,
      pitchLimits: [{ pitchCount: 1, daysRest: 0 }],
    }),
    ['id', 'rule'],
    ['organizationId', 'organization'],
  ),
  input('Mutation.deleteRestRule', 'deleteRestRule', 'DeleteRestRuleInput', (x) => ({ id: x.rule }), ['id', 'rule']),
  input(
    'Mutation.createRestProfile',
    'createRestProfile',
    'CreateRestProfileInput',
    (x) => ({ restRuleId: x.rule, pitchCount: 50, daysRest: 2 }),
    ['restRuleId', 'rule'],
  ),
  input('Mutation.deleteRestProfile', 'deleteRestProfile', 'DeleteRestProfileInput', (x) => ({ id: x.profile }), [
    'id',
    'profile',
  ]),
  input(
    'Mutation.createSeason',
    'createSeason',
    'CreateSeasonInput',
    (x) => ({ organizationId: x.organization, name: 'Cross season', startDate: isoDay(100), endDate: isoDay(150) }),
    ['organizationId', 'organization'],
  ),
  input('Mutation.updateSeason', 'updateSeason', 'UpdateSeasonInput', (x) => ({ id: x.season, name: 'Cross season' }), [
    'id',
    'season',
  ]),
  input('Mutation.deleteSeason', 'deleteSeason', 'DeleteSeasonInput', (x) => ({ id: x.season }), ['id', 'season']),
  input(
    'Mutation.rollSeason',
    'rollSeason',
    'RollSeasonInput',
    (x) => ({ id: x.season, name: 'Cross next', startDate: isoDay(100), endDate: isoDay(150) }),
    ['id', 'season'],
  ),
  input(
    'Mutation.createTeam',
    'createTeam',
    'CreateTeamInput',
    (x) => ({ leagueId: x.league, seasonId: x.season, name: 'Cross team', coaches: [x.coach] }),
    ['leagueId', 'league'],
    ['seasonId', 'season'],
    ['coaches.0', 'coach'],
  ),
  input(
    'Mutation.updateTeam',
    'updateTeam',
    'UpdateTeamInput',
    (x) => ({ id: x.team, version: 1, coaches: [x.coach] }),
    ['id', 'team'],
    ['coaches.0', 'coach'],
  ),
  input('Mutation.deleteTeam', 'deleteTeam', 'DeleteTeamInput', (x) => ({ id: x.team }), ['id', 'team']),
  input(
    'Mutation.inviteCoach',
    'inviteCoach',
    'InviteCoachInput',
    (x) => ({
      teamId: x.team,
      email: `cross-${randomUUID().slice(0, 8)}@example.test`,
      givenName: 'Cross',
      familyName: 'Coach',
    }),
    ['teamId', 'team'],
  ),
  input(
    'Mutation.previewPlayerImport',
    'previewPlayerImport',
    'PlayerImportInput',
    (x) => ({
      organizationId: x.organization,
      seasonId: x.season,
      leagueId: x.league,
      teamId: x.team,
      csv: ROSTER_CSV,
    }),
    ['organizationId', 'organization'],
    ['seasonId', 'season'],
    ['leagueId', 'league'],
    ['teamId', 'team'],
  ),
  input(
    'Mutation.importPlayers',
    'importPlayers',
    'ImportPlayersInput',
    (x) => ({
      organizationId: x.organization,
      seasonId: x.season,
      leagueId: x.league,
      teamId: x.team,
      csv: ROSTER_CSV,
      digest: '0'.repeat(64),
    }),
    ['organizationId', 'organization'],
    ['seasonId', 'season'],
    ['leagueId', 'league'],
    ['teamId', 'team'],
  ),
  input(
    'Mutation.submitPitchEvents',
    'submitPitchEvents',
    'SubmitPitchEventsInput',
    (x) => ({
      events: [
        {
          id: randomUUID(),
          gameId: x.game,
          pitcherId: x.player,
          bookTeamId: x.team,
          deviceId: randomUUID(),
          seq: 1,
          at: new Date().toISOString(),
          kind: 'ball',
        },
      ],
    }),
    ['events.0.gameId', 'game'],
    ['events.0.pitcherId', 'player'],
    ['events.0.bookTeamId', 'team'],
  ),
  input(
    'Mutation.updateViolation',
    'updateViolation',
    'UpdateViolationInput',
    (x) => ({ id: x.violation, state: 'acknowledged', note: 'Seen' }),
    ['id', 'violation'],
  ),
  input('Mutation.deleteMySession', 'deleteMySession', 'DeleteMySessionInput', (x) => ({ id: x.session }), [
    'id',
    'session',
  ]),
  input(
    'Mutation.createUser',
    'createUser',
    'CreateUserInput',
    (x) => ({
      id: x.orgAdmin,
      email: `cross-${randomUUID().slice(0, 8)}@example.test`,
      givenName: 'Cross',
      familyName: 'User',
    }),
    ['id', 'orgAdmin'],
  ),
  input(
    'Mutation.updateUser',
    'updateUser',
    'UpdateUserInput',
    (x) => ({ id: x.coach, adminOrganizationIds: [x.organization], adminLeagueIds: [x.league] }),
    ['id', 'coach'],
    ['adminOrganizationIds.0', 'organization'],
    ['adminLeagueIds.0', 'league'],
  ),
  input('Mutation.deleteUser', 'deleteUser', 'DeleteUserInput', (x) => ({ id: x.coach }), ['id', 'coach']),
  {
    op: 'Mutation.dismissRefusedPitchEvent',
    call: (x) => ({
      query: 'mutation($id: ID!) { dismissRefusedPitchEvent(id: $id) { id } }',
      variables: { id: x.refused },
    }),
    slots: slots(['id', 'refused']),
  },

  // Queries naming one thing.
  ...(
    [
      ['Query.gameCounts', 'gameCounts(gameId: $g) { pitches }'],
      ['Query.gamePitchLog', 'gamePitchLog(gameId: $g) { game { id } }'],
      ['Query.gameRoster', 'gameRoster(gameId: $g) { teamId }'],
      ['Query.officialCount', 'officialCount(gameId: $g) { status }'],
    ] as const
  ).map(
    ([op, field]): Probe => ({
      op,
      call: (x) => ({ query: `query($g: ID!) { ${field} }`, variables: { g: x.game } }),
      slots: slots(['g', 'game']),
    }),
  ),
  {
    op: 'Query.getPlayer',
    call: (x) => ({ query: 'query($id: ID!) { getPlayer(id: $id) { id } }', variables: { id: x.player } }),
    slots: slots(['id', 'player']),
  },
  {
    op: 'Query.listOpponentTeams',
    call: (x) => ({ query: 'query($t: ID!) { listOpponentTeams(teamId: $t) { id } }', variables: { t: x.team } }),
    slots: slots(['t', 'team']),
  },
  {
    op: 'Query.pitcherStatus',
    label: 'team',
    call: (x) => ({ query: 'query($t: ID) { pitcherStatus(teamId: $t) { teamId } }', variables: { t: x.team } }),
    slots: slots(['t', 'team']),
  },
  {
    op: 'Query.pitcherStatus',
    label: 'player',
    call: (x) => ({ query: 'query($p: ID) { pitcherStatus(playerId: $p) { teamId } }', variables: { p: x.player } }),
    slots: slots(['p', 'player']),
  },
  {
    op: 'Query.listOfficialCounts',
    call: (x) => ({
      query: 'query($l: ID!, $s: ID) { listOfficialCounts(leagueId: $l, seasonId: $s) { gameId } }',
      variables: { l: x.league, s: x.season },
    }),
    slots: [...slots(['l', 'league']), { path: 's', kind: 'season', filter: true }],
  },

  // Lists filtered by ids.
  listProbe(
    'Query.listGames',
    'listGames',
    'GameFilter',
    (x) => ({ leagueId: x.league, seasonId: x.season, teamId: x.team }),
    ['leagueId', 'league'],
    ['seasonId', 'season'],
    ['teamId', 'team'],
  ),
  listProbe('Query.listLeagues', 'listLeagues', 'LeagueFilter', (x) => ({ organizationId: x.organization }), [
    'organizationId',
    'organization',
  ]),
  listProbe('Query.listOutsideOutings', 'listOutsideOutings', 'OutsideOutingFilter', (x) => ({ playerId: x.player }), [
    'playerId',
    'player',
  ]),
  listProbe(
    'Query.listPitchOutings',
    'listPitchOutings',
    'PitchOutingFilter',
    (x) => ({ gameId: x.game, playerId: x.player, seasonId: x.season, teamId: x.team }),
    ['gameId', 'game'],
    ['playerId', 'player'],
    ['seasonId', 'season'],
    ['teamId', 'team'],
  ),
  listProbe(
    'Query.listPlayers',
    'listPlayers',
    'PlayerFilter',
    (x) => ({ organizationId: x.organization, seasonId: x.season, teamId: x.team }),
    ['organizationId', 'organization'],
    ['seasonId', 'season'],
    ['teamId', 'team'],
  ),
  listProbe('Query.listRestProfiles', 'listRestProfiles', 'RestProfileFilter', (x) => ({ restRuleId: x.rule }), [
    'restRuleId',
    'rule',
  ]),
  listProbe('Query.listRestRules', 'listRestRules', 'RestRuleFilter', (x) => ({ organizationId: x.organization }), [
    'organizationId',
    'organization',
  ]),
  listProbe('Query.listSeasons', 'listSeasons', 'SeasonFilter', (x) => ({ organizationId: x.organization }), [
    'organizationId',
    'organization',
  ]),
  listProbe(
    'Query.listTeams',
    'listTeams',
    'TeamFilter',
    (x) => ({ leagueId: x.league, organizationId: x.organization, seasonId: x.season }),
    ['leagueId', 'league'],
    ['organizationId', 'organization'],
    ['seasonId', 'season'],
  ),
  listProbe(
    'Query.listViolations',
    'listViolations',
    'ViolationFilter',
    (x) => ({ leagueId: x.league, organizationId: x.organization, seasonId: x.season, teamId: x.team }),
    ['leagueId', 'league'],
    ['organizationId', 'organization'],
    ['seasonId', 'season'],
    ['teamId', 'team'],
  ),

  // Subscriptions naming a game.
  {
    op: 'Subscription.onGameCount',
    call: (x) => ({
      subscription: 'subscription($g: ID!) { onGameCount(gameId: $g) { pitches } }',
      variables: { g: x.game },
    }),
    slots: slots(['g', 'game']),
  },
  {
    op: 'Query.changeHistory',
    call: (x) => ({
      query: 'query($l: ID) { changeHistory(leagueId: $l) { items { summary } } }',
      variables: { l: x.league },
    }),
    slots: slots(['l', 'league']),
  },
  {
    op: 'Mutation.sendOfficialLink',
    call: (x) => ({
      query: 'mutation($g: ID!, $o: ID!) { sendOfficialLink(gameId: $g, officialId: $o) { officialName } }',
      variables: { g: x.game, o: x.official },
    }),
    slots: slots(['g', 'game'], ['o', 'official']),
  },
  {
    op: 'Query.leagueOfficials',
    call: (x) => ({ query: 'query($l: ID!) { leagueOfficials(leagueId: $l) { name } }', variables: { l: x.league } }),
    slots: slots(['l', 'league']),
  },
  {
    op: 'Mutation.addOfficial',
    call: (x) => ({
      query: 'mutation($l: ID!, $i: OfficialInput!) { addOfficial(leagueId: $l, input: $i) { id } }',
      variables: { l: x.league, i: { name: 'Cross Umpire', email: `${randomUUID()}@example.org` } },
    }),
    slots: slots(['l', 'league']),
  },
  {
    op: 'Mutation.updateOfficial',
    call: (x) => ({
      query: 'mutation($o: ID!, $i: OfficialInput!) { updateOfficial(id: $o, input: $i) { id } }',
      variables: { o: x.official, i: { name: 'Cross Umpire', email: `${randomUUID()}@example.org` } },
    }),
    slots: slots(['o', 'official']),
  },
  {
    op: 'Mutation.removeOfficial',
    call: (x) => ({ query: 'mutation($o: ID!) { removeOfficial(id: $o) }', variables: { o: x.official } }),
    slots: slots(['o', 'official']),
  },
  {
    op: 'Query.plateCard',
    call: (x) => ({ query: 'query($t: ID!) { plateCard(teamId: $t) { teamName } }', variables: { t: x.team } }),
    slots: slots(['t', 'team']),
  },
  {
    op: 'Query.changeHistory',
    call: (x) => ({
      query: 'query($g: ID) { changeHistory(gameId: $g) { items { summary } } }',
      variables: { g: x.game },
    }),
    slots: slots(['g', 'game']),
  },
  {
    op: 'Query.changeHistory',
    call: (x) => ({
      query: 'query($p: ID) { changeHistory(playerId: $p) { items { summary } } }',
      variables: { p: x.player },
    }),
    slots: slots(['p', 'player']),
  },
  {
    op: 'Subscription.onOfficialCount',
    call: (x) => ({
      subscription: 'subscription($g: ID!) { onOfficialCount(gameId: $g) { status } }',
      variables: { g: x.game },
    }),
    slots: slots(['g', 'game']),
  },

  // REST routes.
  {
    op: 'GET /api/reports/games/:id/pitch-log.pdf',
    call: (x) => ({ rest: (v) => `/api/reports/games/${v.g}/pitch-log.pdf`, variables: { g: x.game } }),
    slots: slots(['g', 'game']),
  },
  {
    op: 'GET /api/reports/history.csv',
    call: (x) => ({ rest: (v) => `/api/reports/history.csv?gameId=${v.g}`, variables: { g: x.game } }),
    slots: slots(['g', 'game']),
  },
  {
    op: 'GET /api/reports/history.csv',
    label: 'by player',
    call: (x) => ({ rest: (v) => `/api/reports/history.csv?playerId=${v.p}`, variables: { p: x.player } }),
    slots: slots(['p', 'player']),
  },
  {
    op: 'GET /api/reports/outings.csv',
    call: (x) => ({
      rest: (v) => `/api/reports/outings.csv?leagueId=${v.l}&seasonId=${v.s}&teamId=${v.t}`,
      variables: { l: x.league, s: x.season, t: x.team },
    }),
    slots: slots(['l', 'league'], ['s', 'season'], ['t', 'team']),
    filter: true,
  },
];

/** A team and a child of a league the caller does not run, in their own organization. */
const SIBLING: Partial<Record<Kind, Kind>> = { team: 'team3', team2: 'team3', player: 'player3' };

/** Operations whose answer says each item's fate instead of failing (a tap is refused, not the call). */
const PER_ITEM = new Set<Operation>(['Mutation.submitPitchEvents']);

function withValue(variables: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const copy = structuredClone(variables);
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1) as string] = value;
  return copy;
}

interface Answer {
  code: string | undefined;
  /** The answer with every id that is not the caller's own tenant's replaced, to compare two answers. */
  normalized: string;
  raw: string;
  data: unknown;
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Whether the caller's role holds any grant of the operation: if not, FORBIDDEN comes before any lookup. */
function roleMayCall(kind: CallerKind, op: Operation): boolean {
  return grantsOf(op).some((g) => g.who === 'anyone' || g.who === 'signedIn' || g.who === ROLE_OF[kind]);
}

describe.each(databaseKinds())('ids of another organization inside every input, on the %s database', (kind) => {
  let t: TestApp;
  let secret: string;
  const tenants = {} as Record<'A' | 'B', Tenant>;
  const cookies = {} as Record<'A' | 'B', Record<CallerKind, string>>;
  let before: Awaited<ReturnType<typeof snapshotOf>>;
  let refusedBefore: Set<string>;
  let allIds: string[];
  const stats = { calls: 0, swaps: 0, siblingSwaps: 0, propertyRuns: 0 };

  beforeAll(async () => {
    t = await bootTestApp(kind, { BULLPEN_DEV_MAILBOX: '1', BULLPEN_SIGNIN_IP_LIMIT: '100000' });
    secret = await loadSecret(t.db, undefined);
    tenants.A = await seedTenant(t, TAGS.A);
    tenants.B = await seedTenant(t, TAGS.B);
    for (const side of ['A', 'B'] as const) {
      cookies[side] = {} as Record<CallerKind, string>;
      for (const caller of CALLER_KINDS) {
        cookies[side][caller] = (await signIn(t.app, tenants[side].emails[caller], 'correct-horse-battery')).cookie;
      }
    }
    allIds = (['A', 'B'] as const).flatMap((side) => {
      const { emails: _, ...ids } = tenants[side];
      return Object.values(ids);
    });
    before = await snapshotOf(t, allIds, { without: ['sessions', 'refusedPitchEvents'] });
    refusedBefore = new Set(
      (await t.db.select({ id: refusedPitchEvents.id }).from(refusedPitchEvents)).map((r) => r.id),
    );
  });

  afterAll(async () => {
    console.log(
      `cross-organization (${kind}): ${PROBES.length} probes, ${stats.swaps} ids swapped for another organization's, ${stats.siblingSwaps} for a league the caller does not run, ${stats.propertyRuns} random runs, ${stats.calls} calls`,
    );
    await t?.close();
  });

  async function send(
    side: 'A' | 'B',
    caller: CallerKind,
    call: Call,
    variables: Record<string, unknown>,
    hide: string[] = [],
  ): Promise<Answer> {
    stats.calls++;
    const cookie = cookies[side][caller];
    let code: string | undefined;
    let raw: string;
    let data: unknown = null;
    if (call.rest) {
      const res = await t.app.inject({ method: 'GET', url: call.rest(variables), headers: { cookie } });
      // A file answered is data; a refusal is the catalogue's JSON.
      if (res.statusCode === 200) {
        raw = res.body;
        data = res.body;
      } else {
        const body = res.json() as { code?: string; message?: string };
        code = body.code;
        raw = JSON.stringify({ status: res.statusCode, ...body });
      }
    } else if (call.subscription) {
      const context = createContext(t.services, secret, { cookie });
      const result = await subscribe({
        schema,
        document: parse(call.subscription),
        variableValues: variables,
        contextValue: context,
      });
      if (Symbol.asyncIterator in result) {
        await result.return?.();
        raw = '"subscribed"';
      } else {
        const first = result.errors?.[0] as { message: string; originalError?: { code?: string } } | undefined;
        code = first?.originalError?.code;
        raw = JSON.stringify({ code, message: first?.message });
      }
    } else {
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', cookie },
        payload: { query: call.query, variables },
      });
      const body = res.json() as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
      code = body.errors?.[0]?.extensions?.code;
      raw = res.body;
      data = body.data;
    }
    const own = new Set(Object.values(tenants[side]).filter((v) => typeof v === 'string' && !hide.includes(v)));
    const normalized = raw.replace(UUIDS, (id) => (own.has(id.toLowerCase()) ? id : '<other id>'));
    return { code, normalized, raw, data };
  }

  /** The checks of one swap: the same answer as for an id naming nothing, the right code, nothing of the other side. */
  async function expectUnseen(
    side: 'A' | 'B',
    caller: CallerKind,
    probe: Probe,
    call: Call,
    changed: { slots: Slot[]; swapped: Record<string, unknown>; nothing: Record<string, unknown> },
    label: string,
    /** The caller's own ids put in place of another's (a sibling league's child): compared as unknown ids. */
    hide: string[] = [],
  ) {
    const { swapped, nothing } = changed;
    const filter = probe.filter || changed.slots.every((slot) => slot.filter);
    const other = side === 'A' ? 'B' : 'A';
    const a = await send(side, caller, call, swapped, hide);
    const n = await send(side, caller, call, nothing);
    expect(a.normalized, `${label}: the answer differs from the one for an id that names nothing`).toBe(n.normalized);
    expect(a.raw.toLowerCase(), `${label}: names of the other organization`).not.toContain(TAGS[other].toLowerCase());
    if (!filter && !PER_ITEM.has(probe.op)) {
      expect(a.code, label).toBe(roleMayCall(caller, probe.op) ? 'NOT_FOUND' : 'FORBIDDEN');
    }
    return a;
  }

  for (const caller of CALLER_KINDS) {
    for (const probe of PROBES) {
      it(`${probe.op}${probe.label ? ` (${probe.label})` : ''} as A's ${caller}: each id swapped for B's or for a league A's ${caller} does not run`, async () => {
        for (const slot of probe.slots) {
          const call = probe.call(tenants.A);
          const label = `${probe.op} ${slot.path} as ${caller}`;
          stats.swaps++;
          await expectUnseen(
            'A',
            caller,
            probe,
            call,
            {
              slots: [slot],
              swapped: withValue(call.variables, slot.path, tenants.B[slot.kind]),
              nothing: withValue(call.variables, slot.path, randomUUID()),
            },
            `${label} = B's ${slot.kind}`,
          );
          const sibling = SIBLING[slot.kind];
          if (sibling && caller !== 'orgAdmin') {
            stats.siblingSwaps++;
            const ours = tenants.A[sibling];
            await expectUnseen(
              'A',
              caller,
              probe,
              call,
              {
                slots: [slot],
                swapped: withValue(call.variables, slot.path, ours),
                nothing: withValue(call.variables, slot.path, randomUUID()),
              },
              `${label} = A's ${sibling}`,
              [ours],
            );
          }
        }
      });
    }
  }

  it('property: random callers of either organization, random operations, random sets of ids swapped', async () => {
    const runs = Number(process.env.CROSS_TENANT_RUNS ?? 120);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'A' | 'B'>('A', 'B'),
        fc.constantFrom(...CALLER_KINDS),
        fc.constantFrom(...PROBES),
        fc.infiniteStream(fc.boolean()),
        async (side, caller, probe, coin) => {
          stats.propertyRuns++;
          const other = side === 'A' ? 'B' : 'A';
          const call = probe.call(tenants[side]);
          const chosen = probe.slots.filter(() => coin.next().value);
          const picked = chosen.length ? chosen : [probe.slots[0] as Slot];
          let swapped = call.variables;
          let nothing = call.variables;
          for (const slot of picked) {
            swapped = withValue(swapped, slot.path, tenants[other][slot.kind]);
            nothing = withValue(nothing, slot.path, randomUUID());
          }
          await expectUnseen(
            side,
            caller,
            probe,
            call,
            { slots: picked, swapped, nothing },
            `${probe.op} ${picked.map((s) => s.path)} as ${side}'s ${caller}`,
          );
        },
      ),
      { numRuns: runs },
    );
  });

  it('left every record of both organizations as it was', async () => {
    const after = await snapshotOf(t, allIds, { without: ['sessions', 'refusedPitchEvents'] });
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    // Refused taps stay with their sender: in the sender's own organization or their own list only,
    // never naming the other organization's things.
    const kept = (await t.db.select().from(refusedPitchEvents)).filter((row) => !refusedBefore.has(row.id));
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) {
      const side = (['A', 'B'] as const).find((x) => CALLER_KINDS.some((k) => tenants[x][k] === row.userId));
      if (!side) throw new Error(`a refused tap of an unknown sender ${row.userId}`);
      const other = side === 'A' ? 'B' : 'A';
      expect([null, tenants[side].organization], JSON.stringify(row)).toContain(row.organizationId);
      expect(`${row.description} ${row.reason}`.toLowerCase()).not.toContain(TAGS[other].toLowerCase());
    }
  });
});
