import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagueAdmins, playerGuardians, rosterEntries } from './db/schema.ts';
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
} from './testing/harness.ts';

/**
 * The holes a probe of authorization found (docs/reliability.md, "Authorization at the edges"), each
 * as it was reproduced: nobody grants themselves access, a child the caller cannot read is never
 * moved or shown by a write, nobody learns who has an account elsewhere, and an id of another
 * organization is NOT_FOUND whatever the operation.
 */

const PLAYER = 'id firstName lastName birthDate teams { id } guardians { id email }';
const LINK = `mutation($i: LinkGuardianInput!) { linkGuardian(input: $i) { ${PLAYER} } }`;
const DELETE_PLAYER = 'mutation($i: DeletePlayerInput!) { deletePlayer(input: $i) { id } }';
const ADD = `mutation($i: RosterInput!) { addPlayerToTeam(input: $i) { ${PLAYER} } }`;
const CREATE_PLAYER = `mutation($i: CreatePlayerInput!) { createPlayer(input: $i) { ${PLAYER} } }`;
const PREVIEW = `mutation($i: PlayerImportInput!) {
  previewPlayerImport(input: $i) { rows { action reasons guardians { email action } } summary { guardiansToCreate guardiansToLink } }
}`;
const USERS = `query($q: String) { listUsers(search: $q) { items { id email roles adminOrganizationIds adminLeagueIds } } }`;
const INVITE_ADMIN = `mutation($i: InviteLeagueAdminInput!) {
  inviteLeagueAdmin(input: $i) { id admins adminUsers { id givenName familyName } }
}`;
const CREATE_GAME = 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }';

describe.each(databaseKinds())('authorization at the edges on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind, { BULLPEN_DEV_MAILBOX: '1' });
  });
  afterAll(() => t.close());

  async function signedIn(overrides: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(t.db, overrides);
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { ...user, cookie };
  }

  /** An organization with two leagues (Majors run by `leagueAdmin`, Minors), a season and a team in each. */
  async function organization() {
    const orgAdmin = await signedIn();
    const leagueAdmin = await signedIn();
    const { organization, league } = await buildOrganization(t.db, {
      adminIds: [orgAdmin.id],
      leagueAdminIds: [leagueAdmin.id],
    });
    const minors = await buildLeague(t.db, organization.id, { name: 'Minors' });
    const season = await buildSeason(t.db, organization.id, { name: 'Spring 2027' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers' });
    const owls = await buildTeam(t.db, minors, season.id, { name: 'Owls' });
    const ivy = await buildPlayer(t.db, organization.id, { firstName: 'Ivy', lastName: 'Brown', teamIds: [tigers.id] });
    const guardian = await buildUser(t.db, { email: `owl-parent-${Date.now()}@example.test` });
    const owlet = await buildPlayer(t.db, organization.id, {
      firstName: 'Olive',
      lastName: 'Owlet',
      birthDate: '2016-02-03',
      teamIds: [owls.id],
      guardianIds: [guardian.id],
    });
    return { orgAdmin, leagueAdmin, organization, league, minors, season, tigers, owls, ivy, owlet, guardian };
  }

  describe('1. nobody grants themselves a child', () => {
    it("a league's admin cannot link themselves as a parent, so deletePlayer stays refused to them", async () => {
      const w = await organization();
      const self = await gql(
        t.app,
        LINK,
        { i: { playerId: w.ivy.id, email: w.leagueAdmin.email, givenName: 'Me', familyName: 'Myself' } },
        w.leagueAdmin.cookie,
      );
      expect(self.errors?.[0]).toMatchObject({
        message: 'You cannot link yourself as a parent. Ask another admin of the league to link you.',
        extensions: { code: 'FORBIDDEN' },
      });
      expect(await t.db.select().from(playerGuardians).where(eq(playerGuardians.playerId, w.ivy.id))).toEqual([]);
      expect((await gql(t.app, DELETE_PLAYER, { i: { id: w.ivy.id } }, w.leagueAdmin.cookie)).code).toBe('FORBIDDEN');
      // The same email in upper case is the same person.
      const shouted = await gql(
        t.app,
        LINK,
        { i: { playerId: w.ivy.id, email: w.leagueAdmin.email.toUpperCase(), givenName: 'Me', familyName: 'Me' } },
        w.leagueAdmin.cookie,
      );
      expect(shouted.code).toBe('FORBIDDEN');
    });

    it('an organization admin cannot either; another admin may link a league admin who is a parent', async () => {
      const w = await organization();
      const self = await gql(
        t.app,
        LINK,
        { i: { playerId: w.ivy.id, email: w.orgAdmin.email, givenName: 'Me', familyName: 'Myself' } },
        w.orgAdmin.cookie,
      );
      expect(self.code).toBe('FORBIDDEN');
      const byOther = await gql(
        t.app,
        LINK,
        { i: { playerId: w.ivy.id, email: w.leagueAdmin.email, givenName: 'Lee', familyName: 'Admin' } },
        w.orgAdmin.cookie,
      );
      expect(dataOf<{ guardians: { id: string }[] }>(byOther, 'linkGuardian').guardians.map((g) => g.id)).toEqual([
        w.leagueAdmin.id,
      ]);
    });

    it('a roster import refuses a row naming the importing admin as a parent', async () => {
      const w = await organization();
      const csv = `First,Last,Birth Date,Parent Email\nNia,Stone,2015-06-07,${w.leagueAdmin.email}\n`;
      const res = await gql(
        t.app,
        PREVIEW,
        { i: { organizationId: w.organization.id, seasonId: w.season.id, teamId: w.tigers.id, csv } },
        w.leagueAdmin.cookie,
      );
      const [row] = dataOf<{ rows: { action: string; reasons: string[] }[] }>(res, 'previewPlayerImport').rows;
      expect(row?.action).toBe('refuse');
      expect(row?.reasons).toContain(
        'You cannot link yourself as a parent. Ask another admin of the league to link you.',
      );
    });
  });

  describe('2. children read through side doors', () => {
    it('addPlayerToTeam with a child of another league answers NOT_FOUND and moves nothing', async () => {
      const w = await organization();
      const res = await gql(t.app, ADD, { i: { playerId: w.owlet.id, teamId: w.tigers.id } }, w.leagueAdmin.cookie);
      expect(res.errors?.[0]).toMatchObject({ message: 'Player not found', extensions: { code: 'NOT_FOUND' } });
      expect(JSON.stringify(res)).not.toMatch(/2016-02-03|owl-parent|Olive/);
      const teamsOf = await t.db.select().from(rosterEntries).where(eq(rosterEntries.playerId, w.owlet.id));
      expect(teamsOf.map((r) => r.teamId)).toEqual([w.owls.id]);
    });

    it('createPlayer with the same name and birth date as a child of another league adds a child of theirs, and moves nothing', async () => {
      const w = await organization();
      const res = await gql(
        t.app,
        CREATE_PLAYER,
        {
          i: {
            organizationId: w.organization.id,
            teamId: w.tigers.id,
            firstName: 'olive',
            lastName: 'OWLET',
            birthDate: '2016-02-03',
          },
        },
        w.leagueAdmin.cookie,
      );
      // Answered as for a name nobody holds (decision 0049): a new child of their league.
      expect(dataOf<{ id: string }>(res, 'createPlayer').id).not.toBe(w.owlet.id);
      expect(JSON.stringify(res)).not.toMatch(new RegExp(`owl-parent|Owls|${w.owlet.id}`));
      expect(await t.db.select().from(rosterEntries).where(eq(rosterEntries.playerId, w.owlet.id))).toHaveLength(1);
      // The organization's admin, who reads every child, puts the same child on the team as before.
      const byOrgAdmin = await gql(
        t.app,
        CREATE_PLAYER,
        {
          i: {
            organizationId: w.organization.id,
            teamId: w.owls.id,
            firstName: 'Olive',
            lastName: 'Owlet',
            birthDate: '2016-02-03',
          },
        },
        w.orgAdmin.cookie,
      );
      expect(dataOf<{ id: string }>(byOrgAdmin, 'createPlayer').id).toBe(w.owlet.id);
    });

    it('a roster import does not match, nor mention, a child of another league', async () => {
      const w = await organization();
      const csv = 'First,Last,Birth Date\nOlive,Owlet,2016-02-03\n';
      const res = await gql(
        t.app,
        PREVIEW,
        { i: { organizationId: w.organization.id, seasonId: w.season.id, teamId: w.tigers.id, csv } },
        w.leagueAdmin.cookie,
      );
      const [row] = dataOf<{ rows: { action: string; reasons: string[] }[] }>(res, 'previewPlayerImport').rows;
      expect(row).toMatchObject({ action: 'create', reasons: [] });
    });
  });

  describe('6. who has an account elsewhere', () => {
    it("listUsers never answers another organization's people, even by their exact email", async () => {
      const ours = await organization();
      const theirs = await organization();
      const superAdmin = await buildUser(t.db, { roles: ['SuperAdmin'] });
      for (const email of [theirs.orgAdmin.email, theirs.leagueAdmin.email, superAdmin.email, theirs.guardian.email]) {
        const res = await gql(t.app, USERS, { q: email }, ours.orgAdmin.cookie);
        expect(dataOf<{ items: unknown[] }>(res, 'listUsers').items, email).toEqual([]);
      }
    });

    it('someone who is an admin in two organizations is listed with only the scopes the caller shares', async () => {
      const ours = await organization();
      const theirs = await organization();
      await t.db.insert(leagueAdmins).values({ leagueId: ours.minors.id, userId: theirs.orgAdmin.id });
      const res = await gql(t.app, USERS, { q: theirs.orgAdmin.email }, ours.orgAdmin.cookie);
      const [user] = dataOf<{ items: { adminOrganizationIds: string[]; adminLeagueIds: string[] }[] }>(
        res,
        'listUsers',
      ).items;
      expect(user).toMatchObject({ adminOrganizationIds: [], adminLeagueIds: [ours.minors.id] });
    });

    it('inviting an admin by email answers the same for an account elsewhere as for a new person', async () => {
      const ours = await organization();
      const theirs = await organization();
      const invite = (email: string) =>
        gql(
          t.app,
          INVITE_ADMIN,
          { i: { leagueId: ours.league.id, email, givenName: 'Pat', familyName: 'Lee' } },
          ours.leagueAdmin.cookie,
        );
      const elsewhere = await invite(theirs.orgAdmin.email);
      const fresh = await invite(`fresh-${Date.now()}@example.test`);
      expect(elsewhere.errors).toBeUndefined();
      expect(fresh.errors).toBeUndefined();
      // Without names, both are refused alike: the answer never tells whether an account exists.
      const [a, b] = [
        await gql(
          t.app,
          INVITE_ADMIN,
          { i: { leagueId: ours.league.id, email: theirs.leagueAdmin.email } },
          ours.orgAdmin.cookie,
        ),
        await gql(
          t.app,
          INVITE_ADMIN,
          { i: { leagueId: ours.league.id, email: 'nobody-x@example.test' } },
          ours.orgAdmin.cookie,
        ),
      ];
      expect(a.errors).toEqual(b.errors);
      // Invited, not attached (decision 0049): still nobody our admins may list until they accept.
      const listed = await gql(t.app, USERS, { q: theirs.orgAdmin.email }, ours.orgAdmin.cookie);
      expect(dataOf<{ items: unknown[] }>(listed, 'listUsers').items).toEqual([]);
    });

    it("a roster preview does not tell whether a parent's email has an account elsewhere", async () => {
      const ours = await organization();
      const theirs = await organization();
      const csv = `First,Last,Birth Date,Parent Email\nAmy,One,2015-01-01,${theirs.orgAdmin.email}\nBea,Two,2015-02-02,nobody-${Date.now()}@example.test\n`;
      const res = await gql(
        t.app,
        PREVIEW,
        { i: { organizationId: ours.organization.id, seasonId: ours.season.id, teamId: ours.tigers.id, csv } },
        ours.orgAdmin.cookie,
      );
      const preview = dataOf<{
        rows: { guardians: { action: string }[] }[];
        summary: { guardiansToCreate: number; guardiansToLink: number };
      }>(res, 'previewPlayerImport');
      expect(preview.rows.map((r) => r.guardians[0]?.action)).toEqual(['create', 'create']);
      expect(preview.summary).toEqual({ guardiansToCreate: 2, guardiansToLink: 0 });
    });
  });

  describe("7. errors that name another organization's facts", () => {
    it("addPlayerToTeam with another organization's child and createGame against its team answer NOT_FOUND", async () => {
      const ours = await organization();
      const theirs = await organization();
      const smuggled = await gql(
        t.app,
        ADD,
        { i: { playerId: theirs.ivy.id, teamId: ours.tigers.id } },
        ours.orgAdmin.cookie,
      );
      expect(smuggled.errors?.[0]).toMatchObject({ message: 'Player not found', extensions: { code: 'NOT_FOUND' } });
      const game = await gql(
        t.app,
        CREATE_GAME,
        { i: { homeTeamId: ours.tigers.id, awayTeamId: theirs.tigers.id, date: '2027-04-10' } },
        ours.orgAdmin.cookie,
      );
      expect(game.errors?.[0]).toMatchObject({ message: 'Team not found', extensions: { code: 'NOT_FOUND' } });
    });
  });
});
