import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { rosterEntries, seasons, teamCoaches, teams } from '../db/schema.ts';
import {
  bootTestApp,
  buildOrganization,
  buildPlayer,
  buildSeason,
  buildTeam,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from '../testing/harness.ts';

const FIELDS = 'id organizationId name startDate endDate state teamCount';
const CREATE = `mutation($i: CreateSeasonInput!) { createSeason(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($i: UpdateSeasonInput!) { updateSeason(input: $i) { ${FIELDS} } }`;
const DELETE = `mutation($i: DeleteSeasonInput!) { deleteSeason(input: $i) { ${FIELDS} } }`;
const ROLL = `mutation($i: RollSeasonInput!) { rollSeason(input: $i) { archived { ${FIELDS} } season { ${FIELDS} } } }`;
const LIST = `query($o: ID, $s: SeasonState) {
  listSeasons(filter: { organizationId: { eq: $o }, state: { eq: $s } }) { items { ${FIELDS} } nextToken }
}`;

interface Season {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  state: string;
  teamCount: number;
}

describe.each(databaseKinds())('seasons on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  async function signedIn(roles: Role[] = []) {
    const user = await buildUser(t.db, { roles });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { ...user, cookie };
  }

  async function organizationAdmin() {
    const admin = await signedIn();
    const { organization, league } = await buildOrganization(t.db, { adminIds: [admin.id] });
    return { admin, organization, league };
  }

  it('creates a season with trimmed name and calendar dates, upcoming by default', async () => {
    const { admin, organization } = await organizationAdmin();
    const res = await gql(
      t.app,
      CREATE,
      {
        i: { organizationId: organization.id, name: '  Spring 2027 ', startDate: '2027-03-01', endDate: '2027-06-30' },
      },
      admin.cookie,
    );
    expect(dataOf<Season>(res, 'createSeason')).toMatchObject({
      name: 'Spring 2027',
      startDate: '2027-03-01',
      endDate: '2027-06-30',
      state: 'upcoming',
      teamCount: 0,
    });
  });

  it.each([
    [{ name: ' ', startDate: '2027-03-01', endDate: '2027-06-30' }, 'Name is required'],
    [{ name: 'X', startDate: '2027-02-30', endDate: '2027-06-30' }, 'Start date must be a date'],
    [{ name: 'X', startDate: '2027-03-01', endDate: '06/30/2027' }, 'End date must be a date'],
    [{ name: 'X', startDate: '2027-07-01', endDate: '2027-06-30' }, 'End date must be on or after the start date'],
  ])('refuses a bad season %j with a clear message, storing nothing', async (input, message) => {
    const { admin, organization } = await organizationAdmin();
    const res = await gql(t.app, CREATE, { i: { organizationId: organization.id, ...input } }, admin.cookie);
    expect(res.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe(message);
    expect(await t.db.select().from(seasons).where(eq(seasons.organizationId, organization.id))).toEqual([]);
  });

  it('allows one active season per organization and one season per name', async () => {
    const { admin, organization } = await organizationAdmin();
    await buildSeason(t.db, organization.id, { name: 'Fall 2026', state: 'active' });
    const second = await gql(
      t.app,
      CREATE,
      {
        i: {
          organizationId: organization.id,
          name: 'Spring',
          startDate: '2027-03-01',
          endDate: '2027-06-30',
          state: 'active',
        },
      },
      admin.cookie,
    );
    expect(second.code).toBe('CONFLICT');
    expect(second.errors?.[0]?.message).toBe('Fall 2026 is already the active season. Archive or roll it first.');
    const upcoming = await buildSeason(t.db, organization.id, { name: 'Spring 2027', state: 'upcoming' });
    const activate = await gql(t.app, UPDATE, { i: { id: upcoming.id, state: 'active' } }, admin.cookie);
    expect(activate.code).toBe('CONFLICT');
    const sameName = await gql(
      t.app,
      CREATE,
      { i: { organizationId: organization.id, name: 'fall 2026', startDate: '2027-03-01', endDate: '2027-06-30' } },
      admin.cookie,
    );
    expect(sameName.code).toBe('CONFLICT');
  });

  it('keeps an archived season read-only: no edits, no team changes', async () => {
    const { admin, organization, league } = await organizationAdmin();
    const old = await buildSeason(t.db, organization.id, { name: 'Spring 2026', state: 'archived' });
    const team = await buildTeam(t.db, league, old.id, { name: 'Tigers' });
    const rename = await gql(t.app, UPDATE, { i: { id: old.id, name: 'New name' } }, admin.cookie);
    expect(rename.code).toBe('CONFLICT');
    expect(rename.errors?.[0]?.message).toBe('Spring 2026 is archived: its teams and rosters are read-only.');
    const renameTeam = await gql(
      t.app,
      'mutation($i: UpdateTeamInput!) { updateTeam(input: $i) { id } }',
      { i: { id: team.id, version: 1, name: 'Lions' } },
      admin.cookie,
    );
    expect(renameTeam.code).toBe('CONFLICT');
    const [stored] = await t.db.select().from(teams).where(eq(teams.id, team.id));
    expect(stored?.name).toBe('Tigers');
  });

  it('rolls the active season: archives it, copies teams and coaches, and rosters when asked', async () => {
    const { admin, organization, league } = await organizationAdmin();
    const coach = await buildUser(t.db);
    const spring = await buildSeason(t.db, organization.id, { name: 'Spring 2027', state: 'active' });
    const tigers = await buildTeam(t.db, league, spring.id, { name: 'Tigers', coachIds: [coach.id] });
    const lions = await buildTeam(t.db, league, spring.id, { name: 'Lions' });
    const ana = await buildPlayer(t.db, organization.id, { teamIds: [tigers.id] });
    const ben = await buildPlayer(t.db, organization.id, { teamIds: [lions.id] });

    const res = await gql(
      t.app,
      ROLL,
      { i: { id: spring.id, name: 'Fall 2027', startDate: '2027-09-01', endDate: '2027-11-15', copyRosters: true } },
      admin.cookie,
    );
    const rolled = dataOf<{ archived: Season; season: Season }>(res, 'rollSeason');
    expect(rolled.archived).toMatchObject({ id: spring.id, state: 'archived', teamCount: 2 });
    expect(rolled.season).toMatchObject({ name: 'Fall 2027', state: 'active', teamCount: 2 });

    const newTeams = await t.db.select().from(teams).where(eq(teams.seasonId, rolled.season.id));
    const newTigers = newTeams.find((team) => team.name === 'Tigers');
    const newLions = newTeams.find((team) => team.name === 'Lions');
    expect(newTigers && newLions).toBeTruthy();
    const coaches = await t.db
      .select()
      .from(teamCoaches)
      .where(eq(teamCoaches.teamId, newTigers?.id ?? ''));
    expect(coaches.map((c) => c.userId)).toEqual([coach.id]);
    const tigersRoster = await t.db
      .select()
      .from(rosterEntries)
      .where(eq(rosterEntries.teamId, newTigers?.id ?? ''));
    expect(tigersRoster.map((r) => r.playerId)).toEqual([ana.id]);
    const lionsRoster = await t.db
      .select()
      .from(rosterEntries)
      .where(eq(rosterEntries.teamId, newLions?.id ?? ''));
    expect(lionsRoster.map((r) => r.playerId)).toEqual([ben.id]);
    // History stays: the old season keeps its teams and rosters.
    const oldRoster = await t.db.select().from(rosterEntries).where(eq(rosterEntries.teamId, tigers.id));
    expect(oldRoster.map((r) => r.playerId)).toEqual([ana.id]);

    const again = await gql(
      t.app,
      ROLL,
      { i: { id: spring.id, name: 'Winter', startDate: '2027-12-01', endDate: '2028-01-15' } },
      admin.cookie,
    );
    expect(again.errors?.[0]?.message).toBe('Only the active season can be rolled');
  });

  it('rolls without rosters unless asked, and refuses a next season that starts earlier', async () => {
    const { admin, organization, league } = await organizationAdmin();
    const spring = await buildSeason(t.db, organization.id, {
      name: 'Spring',
      state: 'active',
      startDate: '2027-03-01',
    });
    const team = await buildTeam(t.db, league, spring.id, { name: 'Tigers' });
    await buildPlayer(t.db, organization.id, { teamIds: [team.id] });
    const early = await gql(
      t.app,
      ROLL,
      { i: { id: spring.id, name: 'Earlier', startDate: '2027-02-01', endDate: '2027-02-28' } },
      admin.cookie,
    );
    expect(early.errors?.[0]?.message).toBe('The next season must start after Spring started');
    const [unchanged] = await t.db.select().from(seasons).where(eq(seasons.id, spring.id));
    expect(unchanged?.state).toBe('active');
    const res = await gql(
      t.app,
      ROLL,
      { i: { id: spring.id, name: 'Fall', startDate: '2027-09-01', endDate: '2027-11-15' } },
      admin.cookie,
    );
    const rolled = dataOf<{ season: Season }>(res, 'rollSeason');
    const [copy] = await t.db.select().from(teams).where(eq(teams.seasonId, rolled.season.id));
    expect(
      await t.db
        .select()
        .from(rosterEntries)
        .where(eq(rosterEntries.teamId, copy?.id ?? '')),
    ).toEqual([]);
  });

  it('refuses to delete a season that still has teams, with what to do first', async () => {
    const { admin, organization, league } = await organizationAdmin();
    const season = await buildSeason(t.db, organization.id, { name: 'Spring' });
    await buildTeam(t.db, league, season.id);
    const res = await gql(t.app, DELETE, { i: { id: season.id } }, admin.cookie);
    expect(res.code).toBe('CONFLICT');
    expect(res.errors?.[0]?.message).toBe('Spring still has 1 team(s). Delete its teams first.');
    const empty = await buildSeason(t.db, organization.id, { name: 'Empty', state: 'upcoming' });
    expect(dataOf<Season>(await gql(t.app, DELETE, { i: { id: empty.id } }, admin.cookie), 'deleteSeason').id).toBe(
      empty.id,
    );
  });

  it('lists newest first; a coach sees their organization’s seasons, not another’s', async () => {
    const { organization, league } = await organizationAdmin();
    const other = await buildOrganization(t.db);
    const older = await buildSeason(t.db, organization.id, {
      name: 'Spring 2026',
      state: 'archived',
      startDate: '2026-03-01',
    });
    const newer = await buildSeason(t.db, organization.id, { name: 'Spring 2027', startDate: '2027-03-01' });
    const theirs = await buildSeason(t.db, other.organization.id, { name: 'Theirs' });
    const coach = await signedIn();
    await buildTeam(t.db, league, newer.id, { coachIds: [coach.id] });
    const res = await gql(t.app, LIST, {}, coach.cookie);
    const ids = dataOf<{ items: Season[] }>(res, 'listSeasons').items.map((s) => s.id);
    expect(ids).toEqual([newer.id, older.id]);
    expect(ids).not.toContain(theirs.id);
    const filtered = await gql(t.app, LIST, { o: other.organization.id }, coach.cookie);
    expect(filtered.code).toBe('NOT_FOUND');
    const archivedOnly = await gql(t.app, LIST, { o: organization.id, s: 'archived' }, coach.cookie);
    expect(dataOf<{ items: Season[] }>(archivedOnly, 'listSeasons').items.map((s) => s.id)).toEqual([older.id]);
  });
});
