import { randomUUID } from 'node:crypto';
import { ensurePresetRules } from '../db/preset-rules.ts';
import {
  buildOrganization,
  buildPlayer,
  buildSeason,
  buildTeam,
  buildUser,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from './harness.ts';

/**
 * The league the games, outings, violations and pitcher status API tests play in, with the
 * queries they send and the calls that send them.
 */

export const CREATE_GAME = 'mutation($i: CreateGameInput!) { createGame(input: $i) { id date leagueId outingCount } }';
export const OUTING_FIELDS =
  'id pitches pitchesBeforeLastBatter version deleted recordedByName playerName teamName opponent corrections { changedByName reason before { pitches } after { pitches } }';
export const CREATE_OUTING = `mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { ${OUTING_FIELDS} } }`;
export const UPDATE_OUTING = `mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { ${OUTING_FIELDS} } }`;
export const DELETE_OUTING = `mutation($i: DeletePitchOutingInput!) { deletePitchOuting(input: $i) { ${OUTING_FIELDS} } }`;
export const STATUS = `query($t: ID, $p: ID, $d: String) { pitcherStatus(teamId: $t, playerId: $p, date: $d) {
  asOf ruleName teamName pitchers { playerId firstName
    today { age dailyMax pitchedToday remainingToday restDaysOwed nextEligibleDate canPitch reason { code } }
    days { date canPitch remaining nextEligibleDate reason { code message } }
    recentOutings { date count daysRest firstEligibleDate opponent }
    workload { date count } } } }`;
export const VIOLATIONS = `query($f: ViolationFilter) { listViolations(filter: $f, limit: 1000) { items {
  id playerName code date state note actedByName actedAt message teamName opponent recordedByName withdrawnAt } } }`;

export interface Outing {
  id: string;
  pitches: number;
  pitchesBeforeLastBatter: number | null;
  version: number;
  deleted: boolean;
  recordedByName: string;
  corrections: {
    changedByName: string;
    reason: string;
    before: { pitches: number };
    after: { pitches: number } | null;
  }[];
}
export interface Status {
  asOf: string;
  ruleName: string | null;
  pitchers: {
    playerId: string;
    firstName: string;
    today: {
      age: number;
      dailyMax: number | null;
      remainingToday: number | null;
      restDaysOwed: number;
      nextEligibleDate: string | null;
      canPitch: boolean;
      reason: { code: string } | null;
    } | null;
    days: { date: string; canPitch: boolean; remaining: number | null; reason: { code: string } | null }[];
    recentOutings: { date: string; count: number; daysRest: number; firstEligibleDate: string; opponent: string }[];
    workload: { date: string; count: number }[];
  }[];
}
export interface ViolationItem {
  id: string;
  playerName: string;
  code: string;
  date: string;
  state: string;
  note: string | null;
  actedByName: string | null;
  actedAt: string | null;
  withdrawnAt: string | null;
}

/** A Little League division: a league on the shipped rule, a season, the Tigers (coached) and the Cubs. */
export async function buildPitchingWorld(t: TestApp) {
  const presets = await ensurePresetRules(t.db);
  const admin = await buildUser(t.db, { givenName: 'Ada', familyName: 'Admin' });
  const coach = await buildUser(t.db, { givenName: 'Cole', familyName: 'Coach' });
  const parent = await buildUser(t.db);
  const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
  await t.db.execute(
    `update leagues set rest_rule_id = '${presets.get('little-league-baseball')}' where id = '${league.id}'` as never,
  );
  const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
  const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
  const cubs = await buildTeam(t.db, league, season.id, { name: 'Cubs' });
  // League age 10 on August 31, 2027 (Little League): daily max 75, 66+ pitches owe 4 days.
  const ava = await buildPlayer(t.db, organization.id, {
    firstName: 'Ava',
    birthDate: '2017-03-15',
    teamIds: [tigers.id],
    guardianIds: [parent.id],
  });
  const ben = await buildPlayer(t.db, organization.id, {
    firstName: 'Ben',
    birthDate: '2017-01-20',
    teamIds: [tigers.id],
  });
  const cal = await buildPlayer(t.db, organization.id, {
    firstName: 'Cal',
    birthDate: '2016-12-01',
    teamIds: [cubs.id],
  });
  return {
    organization,
    league,
    season,
    tigers,
    cubs,
    ava,
    ben,
    cal,
    admin: { ...admin, cookie: (await signIn(t.app, admin.email, admin.password)).cookie },
    coach: { ...coach, cookie: (await signIn(t.app, coach.email, coach.password)).cookie },
    parent: { ...parent, cookie: (await signIn(t.app, parent.email, parent.password)).cookie },
  };
}

export type PitchingWorld = Awaited<ReturnType<typeof buildPitchingWorld>>;

/** The calls these tests make, for the app `app()` answers once booted. */
export function pitchingCalls(app: () => TestApp) {
  const game = async (cookie: string, input: Record<string, unknown>) =>
    dataOf<{ id: string; outingCount: number }>(await gql(app().app, CREATE_GAME, { i: input }, cookie), 'createGame');
  const outing = (cookie: string, input: Record<string, unknown>) =>
    gql(app().app, CREATE_OUTING, { i: { id: randomUUID(), ...input } }, cookie);
  const status = async (cookie: string, vars: Record<string, unknown>) =>
    dataOf<Status>(await gql(app().app, STATUS, vars, cookie), 'pitcherStatus');
  const violationsOf = async (cookie: string, filter: Record<string, unknown> = {}) =>
    dataOf<{ items: ViolationItem[] }>(await gql(app().app, VIOLATIONS, { f: filter }, cookie), 'listViolations').items;
  return { game, outing, status, violationsOf };
}
