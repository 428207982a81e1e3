import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePresetRules } from '../db/preset-rules.ts';
import {
  leagues,
  outboxEmails,
  playerGuardians,
  players,
  refusedPitchEvents,
  rosterEntries,
  violations,
} from '../db/schema.ts';
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
import { plainBody as plain, startSmtp } from '../testing/smtp.ts';

const REMOVE = 'mutation($i: DeletePlayerInput!) { deletePlayer(input: $i) { id firstName } }';
const OUTINGS =
  'query($g: ID!) { listPitchOutings(filter: { gameId: { eq: $g } }) { items { playerId playerName pitches } } }';
const VIOLATIONS =
  'query($l: ID!) { listViolations(filter: { leagueId: { eq: $l } }) { items { playerId playerName code } } }';
const STATUS = 'query($t: ID!) { pitcherStatus(teamId: $t) { pitchers { playerId } } }';
const ASK =
  'mutation($i: DeletePlayerInput!) { requestPlayerRemoval(input: $i) { id removalRequest { requestedByName requestedAt } } }';

describe.each(databaseKinds())('removing a child on the %s database', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A league on Little League's rule; a child who pitched twice, breaking the rest rule once. */
  async function childWithARecord() {
    const presets = await ensurePresetRules(t.db);
    const leagueAdmin = await buildUser(t.db, { givenName: 'Lena', familyName: 'Admin' });
    const organizationAdmin = await buildUser(t.db);
    const coach = await buildUser(t.db);
    const mom = await buildUser(t.db, { givenName: 'Maria', familyName: 'Parent' });
    const { organization, league } = await buildOrganization(t.db, {
      adminIds: [organizationAdmin.id],
      leagueAdminIds: [leagueAdmin.id],
    });
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    // A name found nowhere else, so the whole database can be searched for it.
    const firstName = `Zephyrine${randomUUID().slice(0, 6)}`;
    const lastName = `Quillfeather${randomUUID().slice(0, 6)}`;
    const child = await buildPlayer(t.db, organization.id, {
      firstName,
      lastName,
      birthDate: '2016-10-01',
      jerseyNumber: '27',
      teamIds: [tigers.id],
      guardianIds: [mom.id],
    });
    const teammate = await buildPlayer(t.db, organization.id, { teamIds: [tigers.id] });
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    const coachCookie = await cookieOf(coach);
    const game = async (date: string) =>
      dataOf<{ id: string }>(
        await gql(
          t.app,
          'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
          { i: { date, homeTeamId: tigers.id, opponentName: 'Visitors' } },
          coachCookie,
        ),
        'createGame',
      ).id;
    const log = async (gameId: string, pitches: number) =>
      dataOf(
        await gql(
          t.app,
          'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
          { i: { id: randomUUID(), gameId, playerId: child.id, teamId: tigers.id, pitches } },
          coachCookie,
        ),
        'createPitchOuting',
      );
    // 70 pitches on Monday owe 4 days; pitching on Wednesday breaks the rule.
    const monday = await game('2027-05-10');
    await log(monday, 70);
    const wednesday = await game('2027-05-12');
    await log(wednesday, 20);
    // A tap the server refused, described by the pitcher's name.
    await t.db.insert(refusedPitchEvents).values({
      eventId: randomUUID(),
      userId: coach.id,
      organizationId: organization.id,
      leagueId: league.id,
      gameId: wednesday,
      description: `2027-05-12 Tigers vs Visitors: ${firstName} ${lastName}, ball`,
      event: { pitcherId: child.id, gameId: wednesday },
      reason: 'The game is over',
    });
    await t.outbox.flush();
    return {
      league,
      tigers,
      child,
      teammate,
      monday,
      wednesday,
      name: { firstName, lastName },
      mom: { ...mom, cookie: await cookieOf(mom) },
      coach: { ...coach, cookie: coachCookie },
      leagueAdmin: { ...leagueAdmin, cookie: await cookieOf(leagueAdmin) },
      organizationAdmin: { ...organizationAdmin, cookie: await cookieOf(organizationAdmin) },
    };
  }

  /** Every row of every table, as text, that holds this string. */
  async function rowsHolding(text: string): Promise<string[]> {
    const tables = (await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    const found: string[] = [];
    for (const { table_name } of tables.rows) {
      const hits = (await t.db.execute(
        sql`select ${sql.identifier(table_name)}::text as row from ${sql.identifier(table_name)} where position(lower(${text}) in lower(${sql.identifier(table_name)}::text)) > 0`,
      )) as unknown as { rows: { row: string }[] };
      found.push(...hits.rows.map((r) => `${table_name}: ${r.row}`));
    }
    return found;
  }

  it('a parent asks the league to remove a rostered child: the admins are asked, the coach told, once', async () => {
    const w = await childWithARecord();
    smtp.received.length = 0;
    const child = `${w.name.firstName} ${w.name.lastName}`;
    // Mid-season, the parent does not erase the child in one step: the league is asked.
    const direct = await gql(t.app, REMOVE, { i: { id: w.child.id } }, w.mom.cookie);
    expect(direct.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(direct.errors?.[0]?.message).toMatch(
      new RegExp(`^${child} is on the roster of Tigers \\(.*\\) this season: ask the league`),
    );
    const asked = dataOf<{ removalRequest: { requestedByName: string } }>(
      await gql(t.app, ASK, { i: { id: w.child.id } }, w.mom.cookie),
      'requestPlayerRemoval',
    );
    expect(asked.removalRequest.requestedByName).toBe('Maria Parent');
    // The admins see the request on the child.
    const listed = dataOf<{ items: { id: string; removalRequest: { requestedByName: string } | null }[] }>(
      await gql(
        t.app,
        '{ listPlayers { items { id removalRequest { requestedByName } } } }',
        {},
        w.organizationAdmin.cookie,
      ),
      'listPlayers',
    ).items;
    expect(listed.find((p) => p.id === w.child.id)?.removalRequest).toEqual({ requestedByName: 'Maria Parent' });
    expect(listed.find((p) => p.id === w.teammate.id)?.removalRequest).toBeNull();
    // Asked once: a second request says when the first was made.
    const again = await gql(t.app, ASK, { i: { id: w.child.id } }, w.mom.cookie);
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(again.errors?.[0]?.message).toMatch(new RegExp(`^The league was already asked to remove ${child} on `));

    await t.outbox.flush();
    const toAdmins = smtp.received.filter((m) =>
      plain(m.body).includes(`Maria Parent, a parent of ${child} (Tigers (`),
    );
    expect(toAdmins.map((m) => m.to).sort()).toEqual([w.leagueAdmin.email, w.organizationAdmin.email].sort());
    expect(plain(toAdmins[0]?.body ?? '')).toContain(`Player Management: Delete on ${child}'s row`);
    const toCoach = smtp.received.filter((m) => m.to === w.coach.email).map((m) => plain(m.body));
    expect(toCoach).toHaveLength(1);
    expect(toCoach[0]).toContain('Maria Parent asked the league on ');
    expect(toCoach[0]).toContain(`${child} stays on your roster`);
    expect(smtp.received.filter((m) => m.to === w.mom.email)).toEqual([]);
  });

  it('a parent still removes a child who is on no roster of an open season, at once', async () => {
    const w = await childWithARecord();
    const loner = await buildPlayer(t.db, w.league.organizationId, { guardianIds: [w.mom.id] });
    expect(
      dataOf<{ id: string }>(await gql(t.app, REMOVE, { i: { id: loner.id } }, w.mom.cookie), 'deletePlayer').id,
    ).toBe(loner.id);
  });

  it('erases the child’s personal data, keeps their pitching record under a pseudonym, and tells the admins', async () => {
    const w = await childWithARecord();
    expect(await rowsHolding(w.name.lastName)).not.toEqual([]);
    const before = await t.db.select().from(violations).where(eq(violations.playerId, w.child.id));
    expect(before.map((v) => v.code)).toEqual(['PITCHED_BEFORE_ELIGIBLE']);
    // The parent asked the league (their emails name the child until the removal erases them).
    dataOf(await gql(t.app, ASK, { i: { id: w.child.id } }, w.mom.cookie), 'requestPlayerRemoval');
    smtp.received.length = 0;

    // The organization's admin removes the child: answered with the child as they knew them.
    expect(
      dataOf(await gql(t.app, REMOVE, { i: { id: w.child.id } }, w.organizationAdmin.cookie), 'deletePlayer'),
    ).toEqual({
      id: w.child.id,
      firstName: w.name.firstName,
    });

    // Nothing of who the child was is left anywhere in the database: names, birth date.
    expect(await rowsHolding(w.name.firstName)).toEqual([]);
    expect(await rowsHolding(w.name.lastName)).toEqual([]);
    const [row] = await t.db.select().from(players).where(eq(players.id, w.child.id));
    expect(row).toMatchObject({ firstName: 'Removed', birthDate: null, jerseyNumber: null });
    expect(row?.lastName).toMatch(/^player [0-9A-F]{6}$/);
    expect(row?.removedAt).toBeInstanceOf(Date);
    // Who asked would say whose child this was.
    expect(row).toMatchObject({ removalRequestedAt: null, removalRequestedBy: null, removalRequestedByName: null });
    const pseudonym = `Removed player ${row?.lastName.slice('player '.length)}`;
    expect(await t.db.select().from(rosterEntries).where(eq(rosterEntries.playerId, w.child.id))).toEqual([]);
    expect(await t.db.select().from(playerGuardians).where(eq(playerGuardians.playerId, w.child.id))).toEqual([]);
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.playerId, w.child.id))).toEqual([]);
    const [refused] = await t.db.select().from(refusedPitchEvents).where(eq(refusedPitchEvents.gameId, w.wednesday));
    expect(refused?.description).toBe(`2027-05-12 Tigers vs Visitors: ${pseudonym}, ball`);

    // The pitching record stays whole under the pseudonym: the outings in each game's log (for the
    // admin and the coach, whose roster no longer holds the child) and the violation.
    for (const reader of [w.leagueAdmin, w.coach]) {
      const outings = dataOf<{ items: { playerName: string; pitches: number }[] }>(
        await gql(t.app, OUTINGS, { g: w.monday }, reader.cookie),
        'listPitchOutings',
      ).items;
      expect(outings).toEqual([{ playerId: w.child.id, playerName: pseudonym, pitches: 70 }]);
    }
    const listed = dataOf<{ items: { playerName: string; code: string }[] }>(
      await gql(t.app, VIOLATIONS, { l: w.league.id }, w.leagueAdmin.cookie),
      'listViolations',
    ).items;
    expect(listed).toEqual([{ playerId: w.child.id, playerName: pseudonym, code: 'PITCHED_BEFORE_ELIGIBLE' }]);

    // The admins and the coach are told, by the team and the pseudonym, never the erased name.
    await t.outbox.flush();
    const told = smtp.received.filter((m) => plain(m.body).includes('was removed from Bullpen by'));
    expect(told.map((m) => m.to).sort()).toEqual(
      [w.coach.email, w.leagueAdmin.email, w.organizationAdmin.email].sort(),
    );
    const body = plain(told[0]?.body ?? '');
    expect(body).toContain('A player of Tigers (');
    expect(body).toMatch(/was removed from Bullpen by .+\./);
    expect(body).toContain(`under the name "${pseudonym}"`);
    expect(body).not.toContain(w.name.lastName);

    // The child is gone from every view of people, and no write reaches them.
    expect((await gql(t.app, '{ me { roles } }', {}, w.mom.cookie)).data).toEqual({ me: { roles: [] } });
    const getPlayer = (cookie: string) =>
      gql(t.app, 'query($id: ID!) { getPlayer(id: $id) { id } }', { id: w.child.id }, cookie);
    // The parent holds no role any more: refused before any child is looked for.
    expect((await getPlayer(w.mom.cookie)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    for (const reader of [w.leagueAdmin, w.organizationAdmin, w.coach]) {
      expect((await getPlayer(reader.cookie)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const roster = dataOf<{ items: { id: string }[] }>(
      await gql(t.app, '{ listPlayers { items { id } } }', {}, w.organizationAdmin.cookie),
      'listPlayers',
    ).items;
    expect(roster.map((p) => p.id)).toEqual([w.teammate.id]);
    const status = dataOf<{ pitchers: { playerId: string }[] }>(
      await gql(t.app, STATUS, { t: w.tigers.id }, w.coach.cookie),
      'pitcherStatus',
    );
    expect(status.pitchers.map((p) => p.playerId)).toEqual([w.teammate.id]);
    const again = await gql(t.app, REMOVE, { i: { id: w.child.id } }, w.organizationAdmin.cookie);
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const rename = await gql(
      t.app,
      'mutation($i: UpdatePlayerInput!) { updatePlayer(input: $i) { id } }',
      { i: { id: w.child.id, firstName: 'Back', version: 1 } },
      w.leagueAdmin.cookie,
    );
    expect(rename.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const saturday = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: '2027-05-22', homeTeamId: w.tigers.id, opponentName: 'Visitors' } },
        w.coach.cookie,
      ),
      'createGame',
    ).id;
    const late = await gql(
      t.app,
      'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
      { i: { id: randomUUID(), gameId: saturday, playerId: w.child.id, teamId: w.tigers.id, pitches: 10 } },
      w.coach.cookie,
    );
    expect(late.errors?.[0]).toBeDefined();

    // A rule change judges the league's pitchers again: the removed child's violation stands as judged.
    const presets = await ensurePresetRules(t.db);
    dataOf(
      await gql(
        t.app,
        'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { id } }',
        {
          i: {
            id: w.league.id,
            version: await versionOf(t.db, 'leagues', w.league.id),
            restRuleId: presets.get('pitch-smart'),
          },
        },
        w.organizationAdmin.cookie,
      ),
      'updateLeague',
    );
    const after = await t.db.select().from(violations).where(eq(violations.playerId, w.child.id));
    expect(after.map((v) => ({ id: v.id, code: v.code, message: v.message }))).toEqual(
      before.map((v) => ({ id: v.id, code: v.code, message: v.message })),
    );
  });

  it('two removals of one child at once: one removes, the other finds no child, each is told once', async () => {
    const w = await childWithARecord();
    smtp.received.length = 0;
    const both = await Promise.all([
      gql(t.app, REMOVE, { i: { id: w.child.id } }, w.organizationAdmin.cookie),
      gql(t.app, REMOVE, { i: { id: w.child.id } }, w.organizationAdmin.cookie),
    ]);
    const outcomes = both.map((r) => r.errors?.[0]?.extensions?.code ?? 'removed').sort();
    expect(outcomes).toEqual(['NOT_FOUND', 'removed']);
    await t.outbox.flush();
    const told = smtp.received.filter((m) => plain(m.body).includes('was removed from Bullpen by'));
    expect(told).toHaveLength(3);
    expect(new Set(told.map((m) => m.to)).size).toBe(3);
  });

  it('two requests of one child at once: one is kept, the other is told it was asked, the admins asked once', async () => {
    const w = await childWithARecord();
    smtp.received.length = 0;
    const both = await Promise.all([
      gql(t.app, ASK, { i: { id: w.child.id } }, w.mom.cookie),
      gql(t.app, ASK, { i: { id: w.child.id } }, w.mom.cookie),
    ]);
    expect(both.map((r) => r.errors?.[0]?.extensions?.code ?? 'asked').sort()).toEqual(['CONFLICT', 'asked']);
    await t.outbox.flush();
    expect(smtp.received.filter((m) => m.to === w.organizationAdmin.email)).toHaveLength(1);
  });

  it('refuses a coach, another parent and a league admin (policy: an organization admin or the child’s parent)', async () => {
    const w = await childWithARecord();
    const otherParent = await buildUser(t.db);
    const otherCookie = (await signIn(t.app, otherParent.email, otherParent.password)).cookie;
    for (const cookie of [w.coach.cookie, otherCookie, w.leagueAdmin.cookie]) {
      const refused = await gql(t.app, REMOVE, { i: { id: w.child.id } }, cookie);
      expect(['FORBIDDEN', 'NOT_FOUND']).toContain(refused.errors?.[0]?.extensions?.code);
    }
    // Only the child's parent asks the league (an admin removes them instead).
    for (const cookie of [w.coach.cookie, otherCookie, w.leagueAdmin.cookie, w.organizationAdmin.cookie]) {
      const refused = await gql(t.app, ASK, { i: { id: w.child.id } }, cookie);
      expect(['FORBIDDEN', 'NOT_FOUND']).toContain(refused.errors?.[0]?.extensions?.code);
    }
    const [row] = await t.db.select().from(players).where(eq(players.id, w.child.id));
    expect(row).toMatchObject({ firstName: w.name.firstName, removedAt: null, removalRequestedAt: null });
  });
});
