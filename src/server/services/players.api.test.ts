import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { leagues, organizations, playerGuardians, players, rosterEntries, teamCoaches, users } from '../db/schema.ts';
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
  versionOf,
} from '../testing/harness.ts';

const FIELDS = `id organizationId firstName lastName birthDate jerseyNumber leagueAge
  teams { id name leagueName seasonName seasonState } guardians { id email givenName familyName }`;
const CREATE = `mutation($i: CreatePlayerInput!) { createPlayer(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($i: UpdatePlayerInput!) { updatePlayer(input: $i) { ${FIELDS} } }`;
const DELETE = `mutation($i: DeletePlayerInput!) { deletePlayer(input: $i) { ${FIELDS} } }`;
const ADD = `mutation($i: RosterInput!) { addPlayerToTeam(input: $i) { ${FIELDS} } }`;
const REMOVE = `mutation($i: RosterInput!) { removePlayerFromTeam(input: $i) { ${FIELDS} } }`;
const LINK = `mutation($i: LinkGuardianInput!) { linkGuardian(input: $i) { ${FIELDS} } }`;
const UNLINK = `mutation($i: UnlinkGuardianInput!) { unlinkGuardian(input: $i) { ${FIELDS} } }`;
const GET = `query($id: ID!) { getPlayer(id: $id) { ${FIELDS} } }`;
const LIST = `query($o: ID, $t: ID, $s: ID, $q: String) {
  listPlayers(filter: { organizationId: { eq: $o }, teamId: { eq: $t }, seasonId: { eq: $s } }, search: $q) {
    items { ${FIELDS} } nextToken
  }
}`;

interface Player {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  jerseyNumber: string | null;
  leagueAge: number;
  teams: { id: string; name: string }[];
  guardians: { id: string; email: string }[];
}

describe.each(databaseKinds())('players on the %s database', (kind) => {
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

  async function world() {
    const admin = await signedIn();
    const { organization, league } = await buildOrganization(t.db, { adminIds: [admin.id] });
    const season = await buildSeason(t.db, organization.id, { name: 'Spring 2027', startDate: '2027-03-01' });
    const team = await buildTeam(t.db, league, season.id, { name: 'Tigers' });
    return { admin, organization, league, season, team };
  }

  const ids = (res: { data?: Record<string, unknown> | null; errors?: { message: string }[] }) =>
    dataOf<{ items: Player[] }>(res, 'listPlayers').items.map((p) => p.id);

  it('adds a player to a team with their league age by the August 31 cutoff', async () => {
    const { admin, organization, team, season } = await world();
    const res = await gql(
      t.app,
      CREATE,
      {
        i: {
          organizationId: organization.id,
          teamId: team.id,
          firstName: ' Ana ',
          lastName: 'Diaz',
          birthDate: '2016-09-01',
          jerseyNumber: '07',
        },
      },
      admin.cookie,
    );
    const player = dataOf<Player>(res, 'createPlayer');
    expect(player).toMatchObject({ firstName: 'Ana', lastName: 'Diaz', jerseyNumber: '07', teams: [{ id: team.id }] });
    // Born September 1, 2016: league age 10 for 2027 (age on August 31, 2027).
    const listed = dataOf<{ items: Player[] }>(await gql(t.app, LIST, { s: season.id }, admin.cookie), 'listPlayers');
    expect(listed.items.find((p) => p.id === player.id)?.leagueAge).toBe(10);
  });

  it('refuses a birth date in the future, a bad jersey, and a duplicate jersey on a team', async () => {
    const { admin, organization, team } = await world();
    const future = await gql(
      t.app,
      CREATE,
      { i: { organizationId: organization.id, firstName: 'A', lastName: 'B', birthDate: '2999-01-01' } },
      admin.cookie,
    );
    expect(future.code).toBe('BAD_USER_INPUT');
    expect(future.errors?.[0]?.message).toMatch(/future/i);
    const badJersey = await gql(
      t.app,
      CREATE,
      {
        i: {
          organizationId: organization.id,
          firstName: 'A',
          lastName: 'B',
          birthDate: '2015-01-01',
          jerseyNumber: '12a',
        },
      },
      admin.cookie,
    );
    expect(badJersey.code).toBe('BAD_USER_INPUT');
    await buildPlayer(t.db, organization.id, {
      firstName: 'Sam',
      lastName: 'Lee',
      jerseyNumber: '7',
      teamIds: [team.id],
    });
    const taken = await gql(
      t.app,
      CREATE,
      {
        i: {
          organizationId: organization.id,
          teamId: team.id,
          firstName: 'Ben',
          lastName: 'Ortiz',
          birthDate: '2015-02-02',
          jerseyNumber: '7',
        },
      },
      admin.cookie,
    );
    expect(taken.code).toBe('CONFLICT');
    expect(taken.errors?.[0]?.message).toBe('Jersey 7 is already worn by Sam Lee on Tigers');
    // Nothing half-made: Ben was not created either.
    const stored = await t.db.select().from(players).where(eq(players.organizationId, organization.id));
    expect(stored.map((p) => p.firstName)).toEqual(['Sam']);
  });

  it('matches the same child instead of making them twice, and refuses a plain duplicate', async () => {
    const { admin, organization, team, league, season } = await world();
    const existing = await buildPlayer(t.db, organization.id, {
      firstName: 'Ana',
      lastName: 'Diaz',
      birthDate: '2015-04-02',
    });
    const input = { organizationId: organization.id, firstName: 'ana', lastName: 'DIAZ', birthDate: '2015-04-02' };
    const dup = await gql(t.app, CREATE, { i: input }, admin.cookie);
    expect(dup.code).toBe('CONFLICT');
    expect(dup.errors?.[0]?.message).toBe('Ana Diaz, born 2015-04-02, is already a player of this organization');
    const lions = await buildTeam(t.db, league, season.id, { name: 'Lions' });
    const matched = dataOf<Player>(
      await gql(t.app, CREATE, { i: { ...input, teamId: lions.id } }, admin.cookie),
      'createPlayer',
    );
    expect(matched.id).toBe(existing.id);
    expect(matched.teams.map((x) => x.id)).toEqual([lions.id]);
    expect(team.id).not.toBe(lions.id);
  });

  it('moves a player between teams and refuses a jersey change that clashes on a current team', async () => {
    const { admin, organization, team, league, season } = await world();
    const lions = await buildTeam(t.db, league, season.id, { name: 'Lions' });
    const ana = await buildPlayer(t.db, organization.id, { firstName: 'Ana', jerseyNumber: '3' });
    await buildPlayer(t.db, organization.id, {
      firstName: 'Sam',
      lastName: 'Lee',
      jerseyNumber: '9',
      teamIds: [lions.id],
    });
    const added = dataOf<Player>(
      await gql(t.app, ADD, { i: { playerId: ana.id, teamId: team.id } }, admin.cookie),
      'addPlayerToTeam',
    );
    expect(added.teams.map((x) => x.name)).toEqual(['Tigers']);
    const twice = await gql(t.app, ADD, { i: { playerId: ana.id, teamId: team.id } }, admin.cookie);
    expect(twice.errors?.[0]?.message).toBe('The player is already on that team');
    await gql(t.app, ADD, { i: { playerId: ana.id, teamId: lions.id } }, admin.cookie);
    const clash = await gql(
      t.app,
      UPDATE,
      { i: { version: await versionOf(t.db, 'players', ana.id), id: ana.id, jerseyNumber: '9' } },
      admin.cookie,
    );
    expect(clash.errors?.[0]?.message).toBe('Jersey 9 is already worn by Sam Lee on Lions');
    const removed = dataOf<Player>(
      await gql(t.app, REMOVE, { i: { playerId: ana.id, teamId: lions.id } }, admin.cookie),
      'removePlayerFromTeam',
    );
    expect(removed.teams.map((x) => x.name)).toEqual(['Tigers']);
    const cleared = dataOf<Player>(
      await gql(
        t.app,
        UPDATE,
        { i: { version: await versionOf(t.db, 'players', ana.id), id: ana.id, jerseyNumber: null } },
        admin.cookie,
      ),
      'updatePlayer',
    );
    expect(cleared.jerseyNumber).toBeNull();
  });

  it('links a parent by email (new with a temporary password, or existing), who then sees only that child', async () => {
    const { admin, organization, team } = await world();
    const child = await buildPlayer(t.db, organization.id, { firstName: 'Ana', teamIds: [team.id] });
    const sibling = await buildPlayer(t.db, organization.id, { firstName: 'Ben', teamIds: [team.id] });
    const email = `parent-${Date.now()}@example.test`;
    const linked = dataOf<Player>(
      await gql(t.app, LINK, { i: { playerId: child.id, email, givenName: 'Pat', familyName: 'Diaz' } }, admin.cookie),
      'linkGuardian',
    );
    expect(linked.guardians.map((g) => g.email)).toEqual([email]);
    expect(t.mailbox.find((m) => m.to === email)?.text).toContain('You are now linked to Ana');

    const parent = await signedIn();
    // Names are asked of every invitation (the answer does not tell whether the email has an account).
    const nameless = await gql(t.app, LINK, { i: { playerId: child.id, email: parent.email } }, admin.cookie);
    expect(nameless.code).toBe('BAD_USER_INPUT');
    await gql(
      t.app,
      LINK,
      { i: { playerId: child.id, email: parent.email, givenName: 'Sam', familyName: 'Diaz' } },
      admin.cookie,
    );
    // An account elsewhere is invited, and linked once they accept (decision 0049).
    expect((await gql(t.app, LIST, {}, parent.cookie)).code).toBe('FORBIDDEN');
    await acceptAll(t.app, parent.cookie);
    expect(ids(await gql(t.app, LIST, {}, parent.cookie))).toEqual([child.id]);
    expect(dataOf<Player>(await gql(t.app, GET, { id: child.id }, parent.cookie), 'getPlayer').id).toBe(child.id);
    expect((await gql(t.app, GET, { id: sibling.id }, parent.cookie)).code).toBe('NOT_FOUND');
    // A parent reads but does not edit.
    expect(
      (
        await gql(
          t.app,
          UPDATE,
          { i: { version: await versionOf(t.db, 'players', child.id), id: child.id, firstName: 'X' } },
          parent.cookie,
        )
      ).code,
    ).toBe('FORBIDDEN');

    const unlinked = dataOf<Player>(
      await gql(t.app, UNLINK, { i: { playerId: child.id, userId: parent.id } }, admin.cookie),
      'unlinkGuardian',
    );
    expect(unlinked.guardians.map((g) => g.email)).toEqual([email]);
    // With no child left they are no longer a parent: the next request is refused.
    expect((await gql(t.app, LIST, {}, parent.cookie)).code).toBe('FORBIDDEN');
  });

  it('shows a coach their rosters only, across seasons', async () => {
    const { organization, team, league, season } = await world();
    const coach = await signedIn();
    await t.db.insert(teamCoaches).values({ teamId: team.id, userId: coach.id });
    const lions = await buildTeam(t.db, league, season.id, { name: 'Lions' });
    const mine = await buildPlayer(t.db, organization.id, { teamIds: [team.id] });
    const theirs = await buildPlayer(t.db, organization.id, { teamIds: [lions.id] });
    expect(ids(await gql(t.app, LIST, {}, coach.cookie))).toEqual([mine.id]);
    expect((await gql(t.app, GET, { id: theirs.id }, coach.cookie)).code).toBe('NOT_FOUND');
    expect(ids(await gql(t.app, LIST, { t: lions.id }, coach.cookie))).toEqual([]);
  });

  it('removes a child (their personal data; decisions/0033); a parent may remove their own child off any roster', async () => {
    const { admin, organization, team } = await world();
    const parent = await signedIn();
    // On no roster of an open season: a rostered child is asked for instead (decision 0047, player-removal tests).
    const child = await buildPlayer(t.db, organization.id, { guardianIds: [parent.id] });
    const other = await buildPlayer(t.db, organization.id, { teamIds: [team.id] });
    expect((await gql(t.app, DELETE, { i: { id: other.id } }, parent.cookie)).code).toBe('NOT_FOUND');
    dataOf<Player>(await gql(t.app, DELETE, { i: { id: child.id } }, parent.cookie), 'deletePlayer');
    const [removed] = await t.db.select().from(players).where(eq(players.id, child.id));
    expect(removed).toMatchObject({ firstName: 'Removed', birthDate: null });
    expect(await t.db.select().from(rosterEntries).where(eq(rosterEntries.playerId, child.id))).toEqual([]);
    expect(await t.db.select().from(playerGuardians).where(eq(playerGuardians.playerId, child.id))).toEqual([]);
    // The parent's account stays; they are simply no longer a parent.
    expect(await t.db.select().from(users).where(eq(users.id, parent.id))).toHaveLength(1);
    expect(dataOf<{ roles: string[] }>(await gql(t.app, '{ me { roles } }', {}, parent.cookie), 'me').roles).toEqual(
      [],
    );
    dataOf<Player>(await gql(t.app, DELETE, { i: { id: other.id } }, admin.cookie), 'deletePlayer');
  });

  it('searches by name and refuses another organization’s players, teams and filters', async () => {
    const { admin, organization, team } = await world();
    const ana = await buildPlayer(t.db, organization.id, { firstName: 'Ana', lastName: 'Diaz' });
    await buildPlayer(t.db, organization.id, { firstName: 'Ben', lastName: 'Ortiz' });
    expect(ids(await gql(t.app, LIST, { o: organization.id, q: 'an di' }, admin.cookie))).toEqual([ana.id]);
    const other = await buildOrganization(t.db);
    const otherSeason = await buildSeason(t.db, other.organization.id);
    const otherTeam = await buildTeam(t.db, other.league, otherSeason.id);
    const stranger = await buildPlayer(t.db, other.organization.id, { teamIds: [otherTeam.id] });
    expect((await gql(t.app, GET, { id: stranger.id }, admin.cookie)).code).toBe('NOT_FOUND');
    expect(ids(await gql(t.app, LIST, { o: other.organization.id }, admin.cookie))).toEqual([]);
    // Smuggled ids: my player onto their team, their player onto my team.
    // Either is another organization's: missing, as an id that names nothing, and nothing moves.
    const theirTeam = await gql(t.app, ADD, { i: { playerId: ana.id, teamId: otherTeam.id } }, admin.cookie);
    expect(theirTeam.errors?.[0]).toMatchObject({ message: 'Team not found', extensions: { code: 'NOT_FOUND' } });
    const smuggled = await gql(t.app, ADD, { i: { playerId: stranger.id, teamId: team.id } }, admin.cookie);
    expect(smuggled.errors?.[0]).toMatchObject({ message: 'Player not found', extensions: { code: 'NOT_FOUND' } });
    const rosters = await t.db.select().from(rosterEntries).where(eq(rosterEntries.playerId, stranger.id));
    expect(rosters.map((r) => r.teamId)).toEqual([otherTeam.id]);
  });

  it('refuses to delete an organization that still has players, and a league that still has teams', async () => {
    const superAdmin = await signedIn(['SuperAdmin']);
    const { organization, league } = await buildOrganization(t.db);
    const season = await buildSeason(t.db, organization.id);
    await buildTeam(t.db, league, season.id);
    const leagueRes = await gql(
      t.app,
      'mutation($i: DeleteLeagueInput!) { deleteLeague(input: $i) { id } }',
      { i: { id: league.id } },
      superAdmin.cookie,
    );
    expect(leagueRes.errors?.[0]?.message).toBe(
      'Majors still has 1 team(s). Delete its teams (Team Management) first.',
    );
    await buildPlayer(t.db, organization.id);
    const lonely = await buildOrganization(t.db);
    await t.db.delete(leagues).where(eq(leagues.id, lonely.league.id));
    await buildPlayer(t.db, lonely.organization.id);
    const orgRes = await gql(
      t.app,
      'mutation($i: DeleteOrganizationInput!) { deleteOrganization(input: $i) { id } }',
      { i: { id: lonely.organization.id } },
      superAdmin.cookie,
    );
    expect(orgRes.errors?.[0]?.message).toBe(
      'This organization still has 1 player(s). Delete its players (Player Management) first.',
    );
    expect(await t.db.select().from(organizations).where(eq(organizations.id, lonely.organization.id))).toHaveLength(1);
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
