import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { auditEntries, auditHeads, leagues, seasons } from '../db/schema.ts';
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
import { pdfText } from '../testing/pdf-text.ts';
import { plainBody as plain, startSmtp } from '../testing/smtp.ts';
import { checkPrintedHash, currentHashOfGame, hashOf, startHistory, verifyHistory } from './history.ts';

/**
 * Removing a child reaches everything (docs/decisions/0048-an-erasable-history.md): after the removal, the
 * child's names and birth date are in no text or JSON column of any table (read from the catalogue, so a new
 * table is searched too), no export and no kept email; the history still verifies and still reads.
 */

const REMOVE = 'mutation($i: DeletePlayerInput!) { deletePlayer(input: $i) { id } }';

describe.each(databaseKinds())('removing a child reaches everything on the %s database', (kind) => {
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

  /** Every text, varchar, json and jsonb column (and text array) of every table of the database. */
  async function textColumns(): Promise<{ table: string; column: string }[]> {
    const result = (await t.db.execute(
      sql`select c.table_name as table, c.column_name as column from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
            or c.udt_name in ('_text', '_varchar', '_json', '_jsonb'))
        order by 1, 2`,
    )) as unknown as { rows: { table: string; column: string }[] };
    return result.rows;
  }

  /** Each column that holds any of the values, in any case: 'table.column: value'. */
  async function columnsHolding(values: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    const columns = await textColumns();
    expect(columns.length).toBeGreaterThan(50);
    for (const { table, column } of columns) {
      for (const value of values) {
        const hits = (await t.db.execute(
          sql`select ${sql.identifier(column)}::text as v from ${sql.identifier(table)}
            where position(lower(${value}) in lower(${sql.identifier(column)}::text)) > 0`,
        )) as unknown as { rows: { v: string }[] };
        found.push(...hits.rows.map((r) => `${table}.${column}: ${r.v.slice(0, 200)}`));
      }
    }
    return found;
  }

  async function world(birthDate: string) {
    const presets = await ensurePresetRules(t.db);
    const leagueAdmin = await buildUser(t.db);
    const organizationAdmin = await buildUser(t.db);
    const coach = await buildUser(t.db);
    const mom = await buildUser(t.db);
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
    // Values found nowhere else, so every column can be searched for them.
    const firstName = `Ysolde${randomUUID().slice(0, 6)}`;
    const lastName = `Brackenridge${randomUUID().slice(0, 6)}`;
    const child = await buildPlayer(t.db, organization.id, {
      firstName,
      lastName,
      birthDate,
      jerseyNumber: '31',
      teamIds: [tigers.id],
      guardianIds: [mom.id],
    });
    const teammate = await buildPlayer(t.db, organization.id, { teamIds: [tigers.id] });
    // Records made by the factories start their history, as at a server's start.
    await startHistory(t.db, new Date());
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    return {
      organization,
      league,
      tigers,
      child,
      teammate,
      values: { firstName, lastName, birthDate },
      coach: await cookieOf(coach),
      mom: await cookieOf(mom),
      leagueAdmin: await cookieOf(leagueAdmin),
      organizationAdmin: await cookieOf(organizationAdmin),
    };
  }

  type World = Awaited<ReturnType<typeof world>>;

  async function game(w: World, date: string) {
    return dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date, homeTeamId: w.tigers.id, opponentName: 'Visitors' } },
        w.coach,
      ),
      'createGame',
    ).id;
  }

  async function outing(w: World, gameId: string, playerId: string, pitches: number) {
    return dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
        { i: { id: randomUUID(), gameId, playerId, teamId: w.tigers.id, pitches } },
        w.coach,
      ),
      'createPitchOuting',
    ).id;
  }

  async function download(url: string, cookie: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, url).toBe(200);
    return res;
  }

  it('leaves the child’s names and birth date in no column, export or kept email, and the history verifies and reads', async () => {
    const w = await world('2016-09-21');
    const { firstName } = w.values;
    // The record was entered with another last name and birth date, corrected since: those were the child's too.
    const former = { lastName: w.values.lastName, birthDate: w.values.birthDate };
    const lastName = `Quenneville${randomUUID().slice(0, 6)}`;
    const birthDate = '2016-09-23';
    const { version } = dataOf<{ version: number }>(
      await gql(t.app, 'query($id: ID!) { getPlayer(id: $id) { version } }', { id: w.child.id }, w.organizationAdmin),
      'getPlayer',
    );
    dataOf(
      await gql(
        t.app,
        'mutation($i: UpdatePlayerInput!) { updatePlayer(input: $i) { id } }',
        { i: { id: w.child.id, version, lastName, birthDate } },
        w.organizationAdmin,
      ),
      'updatePlayer',
    );
    const values = [firstName, lastName, birthDate, former.lastName, former.birthDate];
    const full = `${firstName} ${lastName}`;
    const monday = await game(w, '2027-05-10');
    const mondayOuting = await outing(w, monday, w.child.id, 70);
    await outing(w, monday, w.teammate.id, 15);
    // A correction whose reason names the child, in full and by the first name alone.
    dataOf(
      await gql(
        t.app,
        'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id } }',
        { i: { id: mondayOuting, pitches: 72, reason: `${full} threw two more; ${firstName}'s mother counted them` } },
        w.coach,
      ),
      'updatePitchOuting',
    );
    // Pitching again on Wednesday breaks the rest rule: a violation, noted by the admin with the name, then
    // withdrawn when the outing is deleted with a reason naming the child.
    const wednesday = await game(w, '2027-05-12');
    const wednesdayOuting = await outing(w, wednesday, w.child.id, 20);
    const violation = dataOf<{ items: { id: string }[] }>(
      await gql(
        t.app,
        'query($l: ID!) { listViolations(filter: { leagueId: { eq: $l } }) { items { id } } }',
        { l: w.league.id },
        w.leagueAdmin,
      ),
      'listViolations',
    ).items[0];
    expect(violation).toBeDefined();
    dataOf(
      await gql(
        t.app,
        'mutation($i: UpdateViolationInput!) { updateViolation(input: $i) { id } }',
        {
          i: { id: violation?.id, state: 'acknowledged', note: `Spoke with ${lastName}'s parents (born ${birthDate})` },
        },
        w.leagueAdmin,
      ),
      'updateViolation',
    );
    dataOf(
      await gql(
        t.app,
        'mutation($i: DeletePitchOutingInput!) { deletePitchOuting(input: $i) { id } }',
        { i: { id: wednesdayOuting, reason: `${lastName} did not pitch: another child's count` } },
        w.leagueAdmin,
      ),
      'deletePitchOuting',
    );
    // A game withdrawn with a reason naming the child (a game holding pitching is withdrawn, never removed).
    const friday = await game(w, '2027-05-14');
    await outing(w, friday, w.child.id, 10);
    dataOf(
      await gql(
        t.app,
        'mutation($i: DeleteGameInput!) { deleteGame(input: $i) { id } }',
        { i: { id: friday, reason: `Scrimmage: only ${full} pitched` } },
        w.leagueAdmin,
      ),
      'deleteGame',
    );
    // An outside outing the parent reported, its description naming the child.
    dataOf(
      await gql(
        t.app,
        'mutation($i: CreateOutsideOutingInput!) { createOutsideOuting(input: $i) { id } }',
        {
          i: {
            id: randomUUID(),
            playerId: w.child.id,
            date: '2027-10-03',
            description: `Travel team: ${firstName} closed the game`,
            pitches: 25,
          },
        },
        w.mom,
      ),
      'createOutsideOuting',
    );
    await t.outbox.flush();
    expect(smtp.received.length).toBeGreaterThan(0);
    const printed = await currentHashOfGame(t.db, monday);

    // Before the removal the values are in the history, the corrections, the violation, the game, the
    // outside outing and the emails (the search finds them).
    const before = await columnsHolding(values);
    // The former last name and birth date are in the history's entries of the record.
    expect(await columnsHolding([former.lastName, former.birthDate])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^audit_entries\.before: /)]),
    );
    for (const place of [
      'audit_entries.reason',
      'audit_entries.after',
      'outing_corrections.reason',
      'violations.note',
      'violations.withdrawn_reason',
      'games.withdrawn_reason',
      'outside_outings.description',
      'outbox_emails.body',
      'players.first_name',
    ]) {
      expect(
        before.some((b) => b.startsWith(`${place}:`)),
        place,
      ).toBe(true);
    }

    dataOf(await gql(t.app, REMOVE, { i: { id: w.child.id } }, w.organizationAdmin), 'deletePlayer');
    const mondayLog = dataOf<{ items: { playerName: string; corrections: { reason: string }[] }[] }>(
      await gql(
        t.app,
        'query($g: ID!) { listPitchOutings(filter: { gameId: { eq: $g } }) { items { playerName corrections { reason } } } }',
        { g: monday },
        w.leagueAdmin,
      ),
      'listPitchOutings',
    ).items;
    const name = mondayLog.find((o) => o.playerName.startsWith('Removed player '))?.playerName as string;
    expect(name).toMatch(/^Removed player [0-9A-F]{6}$/);
    expect(mondayLog.flatMap((o) => o.corrections)).toEqual([
      { reason: `${name} threw two more; ${name}'s mother counted them` },
    ]);

    // No column of any table holds the names or the birth dates.
    expect(await columnsHolding(values)).toEqual([]);

    // Nor any export: each game's history and the league's as CSV, the outings report, each game's pitch log.
    const exports: string[] = [];
    for (const g of [monday, wednesday, friday]) {
      exports.push((await download(`/api/reports/history.csv?gameId=${g}`, w.leagueAdmin)).body);
      exports.push(pdfText((await download(`/api/reports/games/${g}/pitch-log.pdf`, w.leagueAdmin)).rawPayload));
    }
    exports.push((await download(`/api/reports/history.csv?leagueId=${w.league.id}`, w.leagueAdmin)).body);
    exports.push((await download(`/api/reports/history.csv?playerId=${w.child.id}`, w.organizationAdmin)).body);
    exports.push((await download(`/api/reports/outings.csv?leagueId=${w.league.id}`, w.leagueAdmin)).body);
    const text = exports.join('\n').toLowerCase();
    expect(text).toContain(name.toLowerCase());
    for (const value of values) expect(text).not.toContain(value.toLowerCase());

    // The history holds, as `bullpen audit verify` checks it, and still reads: the removal is an entry of it. (Its own
    // organization's: on PostgreSQL the API tests share one database, where other tests change records on purpose.)
    expect((await verifyHistory(t.db, { chains: [w.organization.id] })).problems).toEqual([]);
    const history = dataOf<{ items: { summary: string; reason: string | null }[] }>(
      await gql(
        t.app,
        'query($p: ID!) { changeHistory(playerId: $p, limit: 100) { items { summary reason } } }',
        { p: w.child.id },
        w.organizationAdmin,
      ),
      'changeHistory',
    ).items;
    expect(history[0]?.summary).toMatch(new RegExp(`removed ${name} from Bullpen`));
    expect(history.some((h) => h.reason === `${lastName} did not pitch: another child's count`)).toBe(false);
    expect(history.some((h) => h.reason === `${name} did not pitch: another child's count`)).toBe(true);
    // The hash printed on Monday's log is still found.
    expect((await checkPrintedHash(t.db, printed?.hash ?? ''))?.gameId).toBe(monday);

    // An entry's words changed behind the server's back after the removal are still found.
    await t.db.execute(
      sql`update audit_entries set reason = 'edited' where reason like ${`${name} threw%`}
        and organization_id = ${w.organization.id}`,
    );
    const tampered = await verifyHistory(t.db, { chains: [w.organization.id] });
    expect(tampered.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^entry \d+ was changed after it was written/),
    ]);
    await t.db.execute(
      sql`update audit_entries set reason = ${`${name} threw two more; ${name}'s mother counted them`} where reason = 'edited'`,
    );
    expect((await verifyHistory(t.db, { chains: [w.organization.id] })).problems).toEqual([]);
  });

  it('a history written before commitments is converted at start-up, still verifies, and is erased too', async () => {
    const w = await world('2016-08-19');
    const { firstName, lastName } = w.values;
    const monday = await game(w, '2027-05-10');
    const mondayOuting = await outing(w, monday, w.child.id, 40);
    dataOf(
      await gql(
        t.app,
        'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id } }',
        { i: { id: mondayOuting, pitches: 41, reason: `${firstName} ${lastName} threw one more` } },
        w.coach,
      ),
      'updatePitchOuting',
    );
    // The organization's chains as an older release wrote them: no seals (decision 0054 came after), every entry
    // hashed whole, no key.
    const chain = w.organization.id;
    await t.db
      .delete(auditEntries)
      .where(and(eq(auditEntries.organizationId, chain), eq(auditEntries.entity, 'history')));
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, chain))
      .orderBy(asc(auditEntries.chain), asc(auditEntries.seq));
    const heads = new Map<string, { seq: number; hash: string }>();
    for (const e of entries) {
      const before = heads.get(e.chain) ?? { seq: 0, hash: '' };
      const seq = before.seq + 1;
      const hash = hashOf({
        chain: e.chain,
        seq,
        prevHash: before.hash,
        organizationId: e.organizationId,
        leagueId: e.leagueId,
        gameId: e.gameId,
        playerId: e.playerId,
        at: e.at,
        actorId: e.actorId,
        actorName: e.actorName,
        sessionId: e.sessionId,
        entity: e.entity,
        entityId: e.entityId,
        action: e.action,
        before: e.before,
        after: e.after,
        reason: e.reason,
      });
      await t.db
        .update(auditEntries)
        .set({ seq, prevHash: before.hash, hash, contentKey: null, contentMac: null })
        .where(eq(auditEntries.id, e.id));
      heads.set(e.chain, { seq, hash });
    }
    for (const [c, head] of heads) {
      await t.db
        .update(auditHeads)
        .set({ ...head, sealedSeq: 0 })
        .where(eq(auditHeads.chain, c));
    }
    expect((await verifyHistory(t.db, { chains: [chain] })).problems).toEqual([]);
    const printed = (await currentHashOfGame(t.db, monday))?.hash as string;
    const named = entries.filter((e) => e.reason?.includes(lastName)).length;
    expect(named).toBeGreaterThan(0);

    // Start-up converts the chain: it verifies, and the hash printed before is still found.
    await startHistory(t.db, new Date(), { chains: [chain] });
    const converted = await t.db.select().from(auditEntries).where(eq(auditEntries.organizationId, chain));
    expect(converted.every((e) => e.contentMac !== null && e.contentKey !== null)).toBe(true);
    expect((await verifyHistory(t.db, { chains: [chain] })).problems).toEqual([]);
    expect((await checkPrintedHash(t.db, printed))?.gameId).toBe(monday);

    // The removal rewrites the entries that named the child; the hashes they had (which a guessed name
    // could be checked against) are gone with them, and the chain still verifies.
    const oldHashes = entries.filter((e) => e.reason?.includes(lastName)).map((e) => e.hash);
    dataOf(await gql(t.app, REMOVE, { i: { id: w.child.id } }, w.organizationAdmin), 'deletePlayer');
    expect(await columnsHolding([firstName, lastName, w.values.birthDate])).toEqual([]);
    const kept = (await t.db.execute(
      sql`select count(*)::int as n from audit_entries where legacy_hash in (${sql.join(
        oldHashes.map((h) => sql`${h}`),
        sql`, `,
      )}) or hash in (${sql.join(
        oldHashes.map((h) => sql`${h}`),
        sql`, `,
      )}) or prev_hash in (${sql.join(
        oldHashes.map((h) => sql`${h}`),
        sql`, `,
      )})`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(kept.rows[0]?.n)).toBe(0);
    expect((await verifyHistory(t.db, { chains: [chain] })).problems).toEqual([]);
  });
  it('a parent who removes their child is kept as “a parent”: their family name no longer points at the pseudonym', async () => {
    const presets = await ensurePresetRules(t.db);
    const leagueAdmin = await buildUser(t.db);
    const family = `Marchetti${randomUUID().slice(0, 6)}`;
    const mom = await buildUser(t.db, { givenName: 'Maria', familyName: family });
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [leagueAdmin.id] });
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    // The mother coaches the child's team too: she counts her own child's pitches.
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [mom.id] });
    const firstName = `Ottavio${randomUUID().slice(0, 6)}`;
    const birthDate = '2016-07-14';
    const child = await buildPlayer(t.db, organization.id, {
      firstName,
      lastName: family,
      birthDate,
      teamIds: [tigers.id],
      guardianIds: [mom.id],
    });
    await startHistory(t.db, new Date());
    const coachCookie = (await signIn(t.app, mom.email, mom.password)).cookie;
    const gameId = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: '2027-05-10', homeTeamId: tigers.id, opponentName: 'Visitors' } },
        coachCookie,
      ),
      'createGame',
    ).id;
    const outingId = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
        { i: { id: randomUUID(), gameId, playerId: child.id, teamId: tigers.id, pitches: 30 } },
        coachCookie,
      ),
      'createPitchOuting',
    ).id;
    dataOf(
      await gql(
        t.app,
        'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id } }',
        { i: { id: outingId, pitches: 33, reason: `${firstName} ${family} threw 3 more` } },
        coachCookie,
      ),
      'updatePitchOuting',
    );
    // She counts two of the child's pitches live.
    const deviceId = randomUUID();
    const taps = dataOf<{ results: { status: string }[] }>(
      await gql(
        t.app,
        'mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status } } }',
        {
          i: {
            events: [1, 2].map((seq) => ({
              id: randomUUID(),
              gameId,
              pitcherId: child.id,
              bookTeamId: tigers.id,
              deviceId,
              seq,
              at: new Date(Date.now() - 60_000 + seq * 1000).toISOString(),
              kind: 'ball',
            })),
          },
        },
        coachCookie,
      ),
      'submitPitchEvents',
    ).results;
    expect(taps.map((r) => r.status)).toEqual(['accepted', 'accepted']);
    // She reports the child's pitching for a travel team.
    dataOf(
      await gql(
        t.app,
        'mutation($i: CreateOutsideOutingInput!) { createOutsideOuting(input: $i) { id } }',
        { i: { id: randomUUID(), playerId: child.id, date: '2027-10-03', description: 'Travel team', pitches: 20 } },
        coachCookie,
      ),
      'createOutsideOuting',
    );
    // The season is over: the parent removes the child at once (decision 0047).
    await t.db.update(seasons).set({ state: 'archived' }).where(eq(seasons.id, season.id));
    const momCookie = coachCookie;
    smtp.received.length = 0;
    dataOf(await gql(t.app, REMOVE, { i: { id: child.id } }, momCookie), 'deletePlayer');

    // The family name is left only in the mother's own account; the child's first name and birth date nowhere.
    const hits = await columnsHolding([family, firstName, birthDate]);
    expect(hits.filter((h) => !h.startsWith('users.') && !h.startsWith('audit_entries.actor_name: '))).toEqual([]);
    // As the team's coach she keeps her name on what is not about the child: the game she scheduled.
    const hers = await t.db
      .select({ entity: auditEntries.entity, playerId: auditEntries.playerId })
      .from(auditEntries)
      .where(sql`${auditEntries.actorName} = ${`Maria ${family}`}`);
    expect(hers).toEqual([{ entity: 'game', playerId: null }]);
    // What she wrote about the child (the outing, its correction, the taps, the removal) is kept as by "A parent".
    const about = await t.db
      .select({ actorId: auditEntries.actorId, actorName: auditEntries.actorName, entity: auditEntries.entity })
      .from(auditEntries)
      .where(
        sql`${auditEntries.playerId} = ${child.id} and ${auditEntries.entity} in ('outing', 'pitch-event', 'player')`,
      );
    expect(about.filter((e) => e.entity === 'pitch-event')).toHaveLength(2);
    expect(about.length).toBeGreaterThanOrEqual(5);
    for (const entry of about) expect(entry).toMatchObject({ actorId: null, actorName: 'A parent' });
    const ids = await columnsHolding([mom.id]);
    expect(ids.filter((h) => /^(pitch_outings|outside_outings|outing_corrections|pitch_events)\./.test(h))).toEqual([]);
    expect(
      await t.db.select({ entity: auditEntries.entity }).from(auditEntries).where(eq(auditEntries.actorId, mom.id)),
    ).toEqual([{ entity: 'game' }]);
    await t.outbox.flush();
    const told = smtp.received.filter((m) => m.to === leagueAdmin.email).map((m) => plain(m.body));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('was removed from Bullpen by one of their parents.');
    expect(told[0]).not.toContain(family);
    expect((await verifyHistory(t.db, { chains: [organization.id] })).problems).toEqual([]);
  });
});
