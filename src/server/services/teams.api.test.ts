import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { leagueAdmins, teams, users } from '../db/schema.ts';
import {
  bootTestApp,
  buildLeague,
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
  versionOf,
} from '../testing/harness.ts';

const FIELDS = `id organizationId leagueId leagueName seasonId seasonName seasonState name coaches
  coachUsers { id email givenName familyName } playerCount`;
const CREATE = `mutation($i: CreateTeamInput!) { createTeam(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($i: UpdateTeamInput!) { updateTeam(input: $i) { ${FIELDS} } }`;
const DELETE = `mutation($i: DeleteTeamInput!) { deleteTeam(input: $i) { ${FIELDS} } }`;
const INVITE = `mutation($i: InviteCoachInput!) { inviteCoach(input: $i) { ${FIELDS} } }`;
const LIST = `query($l: ID, $s: ID) {
  listTeams(filter: { leagueId: { eq: $l }, seasonId: { eq: $s } }) { items { ${FIELDS} } nextToken }
}`;
const ME = '{ me { roles } }';

interface Team {
  id: string;
  name: string;
  leagueName: string;
  seasonName: string;
  coaches: string[];
  coachUsers: { id: string; email: string }[];
  playerCount: number;
}

describe.each(databaseKinds())('teams on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind, { BULLPEN_DEV_MAILBOX: '1' });
  });
  afterAll(() => t.close());

  async function signedIn(roles: Role[] = []) {
    const user = await buildUser(t.db, { roles });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { ...user, cookie };
  }

  /** An organization with an active season; `admin` administers the organization. */
  async function world() {
    const admin = await signedIn();
    const { organization, league } = await buildOrganization(t.db, { adminIds: [admin.id] });
    const season = await buildSeason(t.db, organization.id, { name: 'Spring 2027' });
    return { admin, organization, league, season };
  }

  it('creates a team with coaches; the coach gets the coach role on their next request', async () => {
    const { admin, league, season } = await world();
    const coach = await signedIn();
    expect(dataOf<{ roles: string[] }>(await gql(t.app, ME, {}, coach.cookie), 'me').roles).toEqual([]);
    // Someone the admin does not know yet is named only after an invitation (or is not found).
    const unknown = await gql(
      t.app,
      CREATE,
      { i: { leagueId: league.id, seasonId: season.id, name: 'Lions', coaches: [coach.id] } },
      admin.cookie,
    );
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'A coach is not a known user',
      extensions: { code: 'NOT_FOUND' },
    });
    // A parent of the league is someone its admin knows.
    const cubs = await buildTeam(t.db, league, season.id, { name: 'Cubs' });
    await buildPlayer(t.db, league.organizationId, { teamIds: [cubs.id], guardianIds: [coach.id] });
    expect(dataOf<{ roles: string[] }>(await gql(t.app, ME, {}, coach.cookie), 'me').roles).toEqual(['parent']);
    const res = await gql(
      t.app,
      CREATE,
      { i: { leagueId: league.id, seasonId: season.id, name: ' Tigers ', coaches: [coach.id] } },
      admin.cookie,
    );
    expect(dataOf<Team>(res, 'createTeam')).toMatchObject({
      name: 'Tigers',
      leagueName: 'Majors',
      seasonName: 'Spring 2027',
      coaches: [coach.id],
      playerCount: 0,
    });
    expect(dataOf<{ roles: string[] }>(await gql(t.app, ME, {}, coach.cookie), 'me').roles).toContain('coach');
  });

  it('refuses a duplicate name in the same league and season, an unknown coach, and a blank name', async () => {
    const { admin, league, season } = await world();
    await buildTeam(t.db, league, season.id, { name: 'Tigers' });
    const dup = await gql(
      t.app,
      CREATE,
      { i: { leagueId: league.id, seasonId: season.id, name: 'tigers' } },
      admin.cookie,
    );
    expect(dup.code).toBe('CONFLICT');
    expect(dup.errors?.[0]?.message).toBe('A team with that name already plays in this league this season');
    const ghost = await gql(
      t.app,
      CREATE,
      { i: { leagueId: league.id, seasonId: season.id, name: 'Lions', coaches: ['no-such-user'] } },
      admin.cookie,
    );
    expect(ghost.errors?.[0]?.message).toBe('A coach is not a known user');
    const blank = await gql(
      t.app,
      CREATE,
      { i: { leagueId: league.id, seasonId: season.id, name: '  ' } },
      admin.cookie,
    );
    expect(blank.errors?.[0]?.message).toBe('Name is required');
    expect((await t.db.select().from(teams).where(eq(teams.leagueId, league.id))).map((x) => x.name)).toEqual([
      'Tigers',
    ]);
  });

  it('refuses a season of another organization smuggled into a team', async () => {
    const { admin, league } = await world();
    const other = await buildOrganization(t.db);
    const theirSeason = await buildSeason(t.db, other.organization.id);
    const res = await gql(
      t.app,
      CREATE,
      { i: { leagueId: league.id, seasonId: theirSeason.id, name: 'X' } },
      admin.cookie,
    );
    // Another organization's season or league is missing, as an id that names nothing.
    expect(res.errors?.[0]).toMatchObject({ message: 'Season not found', extensions: { code: 'NOT_FOUND' } });
    const theirLeague = await gql(
      t.app,
      CREATE,
      { i: { leagueId: other.league.id, seasonId: theirSeason.id, name: 'X' } },
      admin.cookie,
    );
    expect(theirLeague.code).toBe('NOT_FOUND');
  });

  it('renames a team, replaces its coaches, and deletes it with its roster entries but not its players', async () => {
    const { admin, organization, league, season } = await world();
    const first = await buildUser(t.db);
    const second = await buildUser(t.db);
    const team = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [first.id] });
    // The second is known to the admin: a coach of another team of the league.
    await buildTeam(t.db, league, season.id, { name: 'Cubs', coachIds: [second.id] });
    const player = await buildPlayer(t.db, organization.id, { teamIds: [team.id] });
    const updated = dataOf<Team>(
      await gql(
        t.app,
        UPDATE,
        { i: { version: await versionOf(t.db, 'teams', team.id), id: team.id, name: 'Lions', coaches: [second.id] } },
        admin.cookie,
      ),
      'updateTeam',
    );
    expect(updated).toMatchObject({ name: 'Lions', coaches: [second.id], playerCount: 1 });
    const deleted = dataOf<Team>(await gql(t.app, DELETE, { i: { id: team.id } }, admin.cookie), 'deleteTeam');
    expect(deleted.id).toBe(team.id);
    expect(await t.db.select().from(teams).where(eq(teams.id, team.id))).toEqual([]);
    const res = await gql(
      t.app,
      'query($id: ID!) { getPlayer(id: $id) { id teams { id } } }',
      { id: player.id },
      admin.cookie,
    );
    expect(dataOf<{ teams: unknown[] }>(res, 'getPlayer').teams).toEqual([]);
  });

  it('invites a new coach by email with a temporary password, and links an existing user', async () => {
    const { admin, league, season } = await world();
    const team = await buildTeam(t.db, league, season.id, { name: 'Tigers' });
    const email = `new-coach-${Date.now()}@example.test`;
    const res = await gql(
      t.app,
      INVITE,
      { i: { teamId: team.id, email: ` ${email.toUpperCase()} `, givenName: 'Jo', familyName: 'Rivera' } },
      admin.cookie,
    );
    const invited = dataOf<Team>(res, 'inviteCoach');
    expect(invited.coachUsers.map((c) => c.email)).toEqual([email]);
    const [created] = await t.db.select().from(users).where(eq(users.email, email));
    expect(created?.mustChangePassword).toBe(true);
    const mail = t.mailbox.find((m) => m.to === email);
    expect(mail?.text).toContain('You are now a coach of Tigers (Majors, Spring 2027)');
    expect(mail?.text).toMatch(/temporary password:\n\n {4}\S{16}/);

    // Names are asked every time, so the answer never tells whether the email has an account; an
    // existing account keeps its own names.
    const existing = await buildUser(t.db, { givenName: 'Kept', familyName: 'Name' });
    const nameless = await gql(t.app, INVITE, { i: { teamId: team.id, email: existing.email } }, admin.cookie);
    expect(nameless.code).toBe('BAD_USER_INPUT');
    const linked = dataOf<Team>(
      await gql(
        t.app,
        INVITE,
        { i: { teamId: team.id, email: existing.email, givenName: 'Typed', familyName: 'Else' } },
        admin.cookie,
      ),
      'inviteCoach',
    );
    // An account elsewhere: invited in the names typed, a coach once they accept (decision 0049).
    expect(linked.coaches).not.toContain(existing.id);
    await t.outbox.flush();
    expect(t.mailbox.find((m) => m.to === existing.email)?.text).toContain(
      'invited you to coach Tigers (Majors, Spring 2027)',
    );
    await acceptAll(t.app, (await signIn(t.app, existing.email, existing.password)).cookie);
    const [nowCoach] = await t.db.select().from(teams).where(eq(teams.id, team.id));
    expect(nowCoach).toBeDefined();
    expect(
      dataOf<{ items: { id: string; coaches: string[] }[] }>(
        await gql(t.app, '{ listTeams { items { id coaches } } }', {}, admin.cookie),
        'listTeams',
      ).items.find((x) => x.id === team.id)?.coaches,
    ).toContain(existing.id);
    expect((await t.db.select().from(users).where(eq(users.id, existing.id)))[0]?.givenName).toBe('Kept');
    const missingNames = await gql(
      t.app,
      INVITE,
      { i: { teamId: team.id, email: 'nobody-yet@example.test' } },
      admin.cookie,
    );
    expect(missingNames.errors?.[0]?.message).toBe('First and last name required');
  });

  it('lists an admin’s league teams; a coach only their own; a league admin only their league', async () => {
    const { admin, organization, league, season } = await world();
    const minors = await buildLeague(t.db, organization.id, { name: 'Minors' });
    const coach = await signedIn();
    const leagueAdmin = await signedIn();
    const mine = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const notMine = await buildTeam(t.db, league, season.id, { name: 'Lions' });
    const minorsTeam = await buildTeam(t.db, minors, season.id, { name: 'Cubs' });
    await t.db.insert(leagueAdmins).values({ leagueId: minors.id, userId: leagueAdmin.id });

    const ids = async (cookie: string, vars = {}) =>
      dataOf<{ items: Team[] }>(await gql(t.app, LIST, vars, cookie), 'listTeams').items.map((x) => x.id);
    expect((await ids(admin.cookie)).sort()).toEqual([mine.id, notMine.id, minorsTeam.id].sort());
    expect(await ids(coach.cookie)).toEqual([mine.id]);
    expect(await ids(leagueAdmin.cookie)).toEqual([minorsTeam.id]);
    expect(await ids(admin.cookie, { l: minors.id })).toEqual([minorsTeam.id]);
    // A coach may not change their own team's coaches: that is the league's call.
    const self = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'teams', mine.id), id: mine.id, coaches: [] } },
      coach.cookie,
    );
    expect(self.code).toBe('FORBIDDEN');
  });
});

/** The person accepts every invitation they hold. */
async function acceptAll(app: TestApp['app'], cookie: string) {
  const mine = await gql(app, '{ myInvitations { id } }', {}, cookie);
  for (const { id } of dataOf<{ id: string }[]>(mine, 'myInvitations')) {
    dataOf(
      await gql(
        app,
        'mutation($i: RespondToInvitationInput!) { respondToInvitation(input: $i) { id } }',
        { i: { id, accept: true } },
        cookie,
      ),
      'respondToInvitation',
    );
  }
}
