import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, pitchOutings, players, rosterEntries } from './db/schema.ts';
import { startHistory, verifyHistory } from './services/history.ts';
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
 * Answers never depend on what the caller cannot read (docs/decisions/0049-answers-within-what-you-can-read.md):
 * a league's admin's roster import and createPlayer answer the same whether another league holds the same child,
 * and an organization's admin, who reads both, sees the possible duplicates and merges them.
 */

const PLAYER = 'id firstName lastName birthDate teams { id } guardians { id email }';
const CREATE_PLAYER = `mutation($i: CreatePlayerInput!) { createPlayer(input: $i) { ${PLAYER} } }`;
const PREVIEW = `mutation($i: PlayerImportInput!) {
  previewPlayerImport(input: $i) { rows { birthDate action reasons } summary { create match refuse } }
}`;
const DUPLICATES = `query($o: ID!) { listPossibleDuplicatePlayers(organizationId: $o) { firstName lastName birthDate players { id teams { name } } } }`;
const MERGE = `mutation($i: MergePlayersInput!) { mergePlayers(input: $i) { ${PLAYER} } }`;

describe.each(databaseKinds())('answers within what the caller can read, on the %s database', (kind) => {
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
    const owlet = await buildPlayer(t.db, organization.id, {
      firstName: 'Olive',
      lastName: 'Owlet',
      birthDate: '2016-02-03',
      jerseyNumber: '7',
      teamIds: [owls.id],
    });
    return { orgAdmin, leagueAdmin, organization, league, minors, season, tigers, owls, owlet };
  }

  const countPlayers = async (organizationId: string) =>
    (await t.db.select({ id: players.id }).from(players).where(eq(players.organizationId, organizationId))).length;

  describe('1. a child of a league the caller cannot read', () => {
    it("a league admin's import preview of one name and a year's 365 dates answers every row alike", async () => {
      const w = await organization();
      const start = Date.UTC(2016, 0, 1);
      const dates = Array.from({ length: 365 }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
      const csv = `First,Last,Birth Date\n${dates.map((d) => `Olive,Owlet,${d}`).join('\n')}\n`;
      const res = await gql(
        t.app,
        PREVIEW,
        { i: { organizationId: w.organization.id, seasonId: w.season.id, teamId: w.tigers.id, csv } },
        w.leagueAdmin.cookie,
      );
      const preview = dataOf<{
        rows: { birthDate: string; action: string; reasons: string[] }[];
        summary: { create: number; match: number; refuse: number };
      }>(res, 'previewPlayerImport');
      expect(new Set(preview.rows.map((r) => `${r.action}|${r.reasons.join(';')}`))).toEqual(new Set(['create|']));
      expect(preview.summary).toEqual({ create: 365, match: 0, refuse: 0 });
    });

    it('createPlayer answers a new child of their league, as for a name nobody holds, and moves nothing', async () => {
      const w = await organization();
      const create = (firstName: string, birthDate: string) =>
        gql(
          t.app,
          CREATE_PLAYER,
          { i: { organizationId: w.organization.id, teamId: w.tigers.id, firstName, lastName: 'OWLET', birthDate } },
          w.leagueAdmin.cookie,
        );
      const twin = dataOf<{ id: string; teams: { id: string }[] }>(await create('olive', '2016-02-03'), 'createPlayer');
      const stranger = dataOf<{ id: string; teams: { id: string }[] }>(
        await create('olive', '2016-02-04'),
        'createPlayer',
      );
      expect(twin.id).not.toBe(w.owlet.id);
      expect(twin.teams).toEqual([{ id: w.tigers.id }]);
      expect(stranger.teams).toEqual([{ id: w.tigers.id }]);
      // The other league's child stays where it was, on its own team only.
      const owletTeams = await t.db.select().from(rosterEntries).where(eq(rosterEntries.playerId, w.owlet.id));
      expect(owletTeams.map((r) => r.teamId)).toEqual([w.owls.id]);
      // The same-league match stays: the same child again in their league is the one they already have.
      const again = await gql(
        t.app,
        CREATE_PLAYER,
        {
          i: {
            organizationId: w.organization.id,
            teamId: w.tigers.id,
            firstName: 'Olive',
            lastName: 'Owlet',
            birthDate: '2016-02-03',
          },
        },
        w.leagueAdmin.cookie,
      );
      expect(dataOf<{ id: string }>(again, 'createPlayer').id).toBe(twin.id);
    });

    it('createPlayer leaves nothing behind when it is refused', async () => {
      const w = await organization();
      await buildPlayer(t.db, w.organization.id, {
        firstName: 'Jo',
        lastName: 'Seven',
        jerseyNumber: '9',
        teamIds: [w.tigers.id],
      });
      const before = await countPlayers(w.organization.id);
      const clash = await gql(
        t.app,
        CREATE_PLAYER,
        {
          i: {
            organizationId: w.organization.id,
            teamId: w.tigers.id,
            firstName: 'New',
            lastName: 'Kid',
            birthDate: '2016-05-05',
            jerseyNumber: '9',
          },
        },
        w.leagueAdmin.cookie,
      );
      expect(clash.code).toBe('CONFLICT');
      const elsewhere = await gql(
        t.app,
        CREATE_PLAYER,
        {
          i: {
            organizationId: w.organization.id,
            teamId: w.owls.id,
            firstName: 'New',
            lastName: 'Kid',
            birthDate: '2016-05-05',
          },
        },
        w.leagueAdmin.cookie,
      );
      expect(elsewhere.code).toBe('NOT_FOUND');
      expect(await countPlayers(w.organization.id)).toBe(before);
    });

    it("the organization's admin sees the possible duplicates and merges them, the pitch record kept whole", async () => {
      const w = await organization();
      const twin = dataOf<{ id: string }>(
        await gql(
          t.app,
          CREATE_PLAYER,
          {
            i: {
              organizationId: w.organization.id,
              teamId: w.tigers.id,
              firstName: 'Olive',
              lastName: 'Owlet',
              birthDate: '2016-02-03',
            },
          },
          w.leagueAdmin.cookie,
        ),
        'createPlayer',
      );
      // The factories write without a history: begin it, as the server does at start.
      await startHistory(t.db, new Date(), { chains: [w.organization.id] });
      // Each record pitched once, in a game of its own team.
      const outingIds: string[] = [];
      for (const [playerId, teamId] of [
        [w.owlet.id, w.owls.id],
        [twin.id, w.tigers.id],
      ] as const) {
        const game = dataOf<{ id: string }>(
          await gql(
            t.app,
            'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
            { i: { homeTeamId: teamId, opponentName: 'Visitors', date: '2027-04-10' } },
            w.orgAdmin.cookie,
          ),
          'createGame',
        );
        const id = randomUUID();
        outingIds.push(id);
        dataOf(
          await gql(
            t.app,
            'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
            { i: { id, gameId: game.id, playerId, teamId, pitches: 30 } },
            w.orgAdmin.cookie,
          ),
          'createPitchOuting',
        );
      }
      // The league's admin is not shown the list; the organization's admin is.
      expect((await gql(t.app, DUPLICATES, { o: w.organization.id }, w.leagueAdmin.cookie)).code).toBe('FORBIDDEN');
      const groups = dataOf<{ birthDate: string; players: { id: string }[] }[]>(
        await gql(t.app, DUPLICATES, { o: w.organization.id }, w.orgAdmin.cookie),
        'listPossibleDuplicatePlayers',
      );
      expect(groups).toHaveLength(1);
      // Oldest first, then by id: the test's clock stands still, so both were made at the same moment.
      expect(groups[0]?.players.map((p) => p.id).sort()).toEqual([w.owlet.id, twin.id].sort());

      const kept = dataOf<{ id: string; teams: { id: string }[] }>(
        await gql(t.app, MERGE, { i: { keepId: w.owlet.id, mergeId: twin.id } }, w.orgAdmin.cookie),
        'mergePlayers',
      );
      expect(kept.id).toBe(w.owlet.id);
      expect(kept.teams.map((x) => x.id).sort()).toEqual([w.owls.id, w.tigers.id].sort());
      // Both outings are the kept child's now; nothing of the pitching was deleted.
      const outings = await t.db.select().from(pitchOutings).where(eq(pitchOutings.playerId, w.owlet.id));
      expect(outings.map((o) => o.id).sort()).toEqual([...outingIds].sort());
      expect(outings.every((o) => o.deletedAt === null)).toBe(true);
      // The move is in the history, and the history still verifies.
      const moved = await t.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entity, 'outing'), eq(auditEntries.action, 'merged')));
      expect(moved.filter((e) => outingIds.includes(e.entityId))).toHaveLength(1);
      expect((await verifyHistory(t.db, { chains: [w.organization.id] })).problems).toEqual([]);
      // The merged record is gone from every read, and says where it went.
      const [gone] = await t.db.select().from(players).where(eq(players.id, twin.id));
      expect(gone).toMatchObject({ mergedInto: w.owlet.id, birthDate: null });
      expect(gone?.removedAt).toBeInstanceOf(Date);
      expect(
        dataOf<unknown[]>(
          await gql(t.app, DUPLICATES, { o: w.organization.id }, w.orgAdmin.cookie),
          'listPossibleDuplicatePlayers',
        ),
      ).toEqual([]);
      const names = await t.db.execute(
        sql`select count(*)::int as n from players where id = ${twin.id} and first_name = 'Olive'`,
      );
      expect((names as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    });
  });

  describe('2. someone with an account elsewhere', () => {
    const INVITE_COACH = `mutation($i: InviteCoachInput!) {
      inviteCoach(input: $i) { coachUsers { id givenName familyName } invitedTemporaryPassword invitedPending { email givenName familyName } }
    }`;
    const LINK = `mutation($i: LinkGuardianInput!) {
      linkGuardian(input: $i) { guardians { id givenName familyName } invitedPending { email givenName familyName } }
    }`;
    const INVITE_ADMIN = `mutation($i: InviteLeagueAdminInput!) {
      inviteLeagueAdmin(input: $i) { adminUsers { id givenName familyName } invitedPending { email givenName familyName } }
    }`;
    const USERS =
      'query($q: String) { listUsers(search: $q) { items { id givenName roles adminOrganizationIds adminLeagueIds } } }';
    const MINE = '{ myInvitations { id role organizationName teamName leagueName childName invitedByName } }';
    const RESPOND = 'mutation($i: RespondToInvitationInput!) { respondToInvitation(input: $i) { id state } }';

    it('is invited in the names typed, attached only on accepting, and never shown with their roles elsewhere', async () => {
      const ours = await organization();
      const theirs = await organization();
      // An admin of another organization, by their own names.
      const person = await signedIn({ givenName: 'Zelda', familyName: 'Quarry', roles: ['admin'] });
      await t.db.execute(
        sql`insert into organization_admins (organization_id, user_id) values (${theirs.organization.id}, ${person.id})`,
      );
      const kid = await buildPlayer(t.db, ours.organization.id, {
        firstName: 'Ivy',
        lastName: 'Brown',
        teamIds: [ours.tigers.id],
      });
      const typed = { email: person.email, givenName: 'Pat', familyName: 'Lee' };

      const coach = dataOf<{ coachUsers: unknown[]; invitedTemporaryPassword: null; invitedPending: unknown }>(
        await gql(t.app, INVITE_COACH, { i: { teamId: ours.tigers.id, ...typed } }, ours.leagueAdmin.cookie),
        'inviteCoach',
      );
      const parent = dataOf<{ guardians: unknown[]; invitedPending: unknown }>(
        await gql(t.app, LINK, { i: { playerId: kid.id, ...typed } }, ours.leagueAdmin.cookie),
        'linkGuardian',
      );
      const admin = dataOf<{ adminUsers: { id: string }[]; invitedPending: unknown }>(
        await gql(t.app, INVITE_ADMIN, { i: { leagueId: ours.league.id, ...typed } }, ours.orgAdmin.cookie),
        'inviteLeagueAdmin',
      );
      for (const answer of [coach, parent, admin]) {
        expect(answer.invitedPending).toEqual(typed);
        expect(JSON.stringify(answer)).not.toMatch(/Zelda|Quarry/);
      }
      expect(coach.coachUsers).toEqual([]);
      expect(parent.guardians).toEqual([]);
      expect(admin.adminUsers.map((u) => u.id)).toEqual([ours.leagueAdmin.id]);
      // Not attached: still nobody the inviters may list.
      expect(
        dataOf<{ items: unknown[] }>(await gql(t.app, USERS, { q: person.email }, ours.orgAdmin.cookie), 'listUsers')
          .items,
      ).toEqual([]);
      // The person is emailed, in their own name, by whom.
      const mail = await t.db.execute(
        sql`select body from outbox_emails where to_email = ${person.email} and kind = 'invitation'`,
      );
      expect((mail as unknown as { rows: { body: string }[] }).rows).toHaveLength(3);

      // They see the three invitations, and answer each.
      const mine = dataOf<{ id: string; role: string; teamName: string | null; childName: string | null }[]>(
        await gql(t.app, MINE, {}, person.cookie),
        'myInvitations',
      );
      expect(mine.map((i) => i.role).sort()).toEqual(['coach', 'guardian', 'league_admin']);
      const byRole = (role: string) => mine.find((i) => i.role === role)?.id;
      // Nobody else answers them: another's invitation is missing.
      expect((await gql(t.app, RESPOND, { i: { id: byRole('coach'), accept: true } }, ours.orgAdmin.cookie)).code).toBe(
        'NOT_FOUND',
      );
      expect(
        dataOf<{ state: string }>(
          await gql(t.app, RESPOND, { i: { id: byRole('coach'), accept: true } }, person.cookie),
          'respondToInvitation',
        ).state,
      ).toBe('accepted');
      expect(
        dataOf<{ state: string }>(
          await gql(t.app, RESPOND, { i: { id: byRole('league_admin'), accept: false } }, person.cookie),
          'respondToInvitation',
        ).state,
      ).toBe('declined');
      expect((await gql(t.app, RESPOND, { i: { id: byRole('league_admin'), accept: true } }, person.cookie)).code).toBe(
        'CONFLICT',
      );
      expect(dataOf<unknown[]>(await gql(t.app, MINE, {}, person.cookie), 'myInvitations')).toHaveLength(1);

      // A coach of ours now: listed with what our organization gives them, not their admin role elsewhere.
      const [listed] = dataOf<{
        items: { roles: string[]; adminOrganizationIds: string[]; adminLeagueIds: string[] }[];
      }>(await gql(t.app, USERS, { q: person.email }, ours.orgAdmin.cookie), 'listUsers').items;
      expect(listed).toMatchObject({ roles: [], adminOrganizationIds: [], adminLeagueIds: [] });
      const teamsNow = await t.db.execute(sql`select user_id from team_coaches where team_id = ${ours.tigers.id}`);
      expect((teamsNow as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id)).toEqual([person.id]);
    });

    it('a new email keeps the flow it had: an account, a temporary password, attached at once', async () => {
      const ours = await organization();
      const fresh = { email: `fresh-${randomUUID()}@example.test`, givenName: 'New', familyName: 'Coach' };
      const answer = dataOf<{
        coachUsers: { givenName: string }[];
        invitedTemporaryPassword: string | null;
        invitedPending: unknown;
      }>(
        await gql(t.app, INVITE_COACH, { i: { teamId: ours.tigers.id, ...fresh } }, ours.leagueAdmin.cookie),
        'inviteCoach',
      );
      expect(answer.invitedPending).toBeNull();
      expect(answer.invitedTemporaryPassword).toEqual(expect.any(String));
      expect(answer.coachUsers.map((c) => c.givenName)).toEqual(['New']);
    });
  });

  describe('3. every update names the version it read', () => {
    const UPDATE_TEAM = 'mutation($i: UpdateTeamInput!) { updateTeam(input: $i) { id name version } }';
    const UPDATE_LEAGUE = 'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { id version admins } }';
    const UPDATE_PLAYER = 'mutation($i: UpdatePlayerInput!) { updatePlayer(input: $i) { id birthDate version } }';
    const STALE = (what: string) =>
      `Someone changed this ${what} after you opened it. Reload to see their change, then make yours again.`;

    it('two updates of a team at once: one answers, the other is refused as stale, and none without a version', async () => {
      const w = await organization();
      const bare = await gql(t.app, UPDATE_TEAM, { i: { id: w.tigers.id, name: 'Bare' } }, w.orgAdmin.cookie);
      expect(bare.errors).toBeDefined();
      const answers = await Promise.all([
        gql(t.app, UPDATE_TEAM, { i: { id: w.tigers.id, version: 1, name: 'Lions' } }, w.orgAdmin.cookie),
        gql(t.app, UPDATE_TEAM, { i: { id: w.tigers.id, version: 1, name: 'Bears' } }, w.leagueAdmin.cookie),
      ]);
      const won = answers.filter((r) => !r.errors);
      const lost = answers.filter((r) => r.errors);
      expect(won).toHaveLength(1);
      expect(lost[0]?.errors?.[0]).toMatchObject({ message: STALE('team'), extensions: { code: 'CONFLICT' } });
      const stored = (await t.db.execute(
        sql`select name, version from teams where id = ${w.tigers.id}`,
      )) as unknown as {
        rows: { name: string; version: number }[];
      };
      expect(stored.rows[0]).toEqual({
        name: dataOf<{ name: string }>(won[0] as never, 'updateTeam').name,
        version: 2,
      });
    });

    it("two additions to a league's admins at once: one answers, the other is refused as stale, none lost silently", async () => {
      const w = await organization();
      const [a, b] = [await buildUser(t.db), await buildUser(t.db)];
      // Both may be named: each is already a coach of the league.
      await t.db.execute(
        sql`insert into team_coaches (team_id, user_id) values (${w.tigers.id}, ${a.id}), (${w.tigers.id}, ${b.id})`,
      );
      const bare = await gql(
        t.app,
        UPDATE_LEAGUE,
        { i: { id: w.league.id, admins: [w.leagueAdmin.id, a.id] } },
        w.orgAdmin.cookie,
      );
      expect(bare.errors).toBeDefined();
      const answers = await Promise.all([
        gql(
          t.app,
          UPDATE_LEAGUE,
          { i: { id: w.league.id, version: 1, admins: [w.leagueAdmin.id, a.id] } },
          w.orgAdmin.cookie,
        ),
        gql(
          t.app,
          UPDATE_LEAGUE,
          { i: { id: w.league.id, version: 1, admins: [w.leagueAdmin.id, b.id] } },
          w.leagueAdmin.cookie,
        ),
      ]);
      expect(answers.filter((r) => !r.errors)).toHaveLength(1);
      expect(answers.find((r) => r.errors)?.errors?.[0]?.extensions?.code).toBe('CONFLICT');
      // The refused admin reads the league again and adds theirs: both stay.
      const now = dataOf<{ items: { id: string; version: number; admins: string[] }[] }>(
        await gql(t.app, '{ listLeagues { items { id version admins } } }', {}, w.orgAdmin.cookie),
        'listLeagues',
      ).items.find((l) => l.id === w.league.id);
      const missing = [a.id, b.id].find((id) => !now?.admins.includes(id)) as string;
      const retried = await gql(
        t.app,
        UPDATE_LEAGUE,
        { i: { id: w.league.id, version: now?.version, admins: [...(now?.admins ?? []), missing] } },
        w.orgAdmin.cookie,
      );
      expect(dataOf<{ admins: string[] }>(retried, 'updateLeague').admins).toEqual(
        expect.arrayContaining([a.id, b.id]),
      );
    });

    it("a player's update names its version; the history keeps the birth date's old and new value; audit verify covers players", async () => {
      const w = await organization();
      await startHistory(t.db, new Date(), { chains: [w.organization.id] });
      const stale = await gql(
        t.app,
        UPDATE_PLAYER,
        { i: { id: w.owlet.id, version: 7, birthDate: '2016-03-04' } },
        w.orgAdmin.cookie,
      );
      expect(stale.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
      const updated = dataOf<{ birthDate: string; version: number }>(
        await gql(
          t.app,
          UPDATE_PLAYER,
          { i: { id: w.owlet.id, version: 1, birthDate: '2016-03-04' } },
          w.orgAdmin.cookie,
        ),
        'updatePlayer',
      );
      expect(updated).toMatchObject({ birthDate: '2016-03-04', version: 2 });
      const [entry] = await t.db
        .select()
        .from(auditEntries)
        .where(
          and(
            eq(auditEntries.entity, 'player-record'),
            eq(auditEntries.entityId, w.owlet.id),
            eq(auditEntries.action, 'changed'),
          ),
        );
      expect(entry?.before).toMatchObject({ birthDate: '2016-02-03' });
      expect(entry?.after).toMatchObject({ birthDate: '2016-03-04' });
      const history = dataOf<{ items: { summary: string }[] }>(
        await gql(
          t.app,
          'query($p: ID) { changeHistory(playerId: $p) { items { summary } } }',
          { p: w.owlet.id },
          w.orgAdmin.cookie,
        ),
        'changeHistory',
      );
      expect(history.items.map((i) => i.summary).join('\n')).toContain('birth date 2016-02-03 → 2016-03-04');
      // A second writer with the version it read is refused, who changed it named.
      const again = await gql(
        t.app,
        UPDATE_PLAYER,
        { i: { id: w.owlet.id, version: 1, birthDate: '2016-05-05' } },
        w.orgAdmin.cookie,
      );
      expect(again.errors?.[0]?.message).toMatch(/changed this player after you opened it/);
      expect((await verifyHistory(t.db, { chains: [w.organization.id] })).problems).toEqual([]);
      // A birth date changed behind the server's back is found.
      await t.db.execute(sql`update players set birth_date = '2016-01-01' where id = ${w.owlet.id}`);
      const problems = (await verifyHistory(t.db, { chains: [w.organization.id] })).problems;
      expect(problems.map((p) => `${p.entity} ${p.entityId}`)).toEqual([`player-record ${w.owlet.id}`]);
    });
  });
});
