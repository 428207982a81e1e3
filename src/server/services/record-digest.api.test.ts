import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/local-date.ts';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { auditEntries, leagues, outboxEmails } from '../db/schema.ts';
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
  TEST_NOW,
  type TestApp,
} from '../testing/harness.ts';
import { rehashChain } from '../testing/history-forgery.ts';
import { gameChain, sealChains, verifyHistory } from './history.ts';
import { checkHeads, headDigestText, headOf, parseHeadDigest } from './record-digest.ts';

/**
 * A history's head kept outside the database: emailed to the organization's admins once a day and printed on the
 * pitch log; `audit verify --head` finds the history rewritten up to it, even with every hash after the edit
 * computed again (which the chain alone cannot show).
 */
describe.each(databaseKinds())('the record digest on the %s database', (kind) => {
  let t: TestApp;
  const today = todayIn('America/New_York', TEST_NOW);
  let organizationId: string;
  let coach: string;
  let gameId: string;

  beforeAll(async () => {
    t = await bootTestApp(kind);
    const presets = await ensurePresetRules(t.db);
    const leagueAdmin = await buildUser(t.db, { givenName: 'Lee', familyName: 'Admin' });
    const orgAdmin = await buildUser(t.db, { givenName: 'Ora', familyName: 'Owner' });
    const coachUser = await buildUser(t.db, { givenName: 'Cal', familyName: 'Coach' });
    const { organization, league } = await buildOrganization(t.db, {
      adminIds: [orgAdmin.id],
      leagueAdminIds: [leagueAdmin.id],
    });
    organizationId = organization.id;
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, {
      startDate: addDays(today, -30),
      endDate: addDays(today, 30),
    });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coachUser.id] });
    const ace = await buildPlayer(t.db, organization.id, { firstName: 'Ace', lastName: 'Hill', teamIds: [tigers.id] });
    coach = (await signIn(t.app, coachUser.email, coachUser.password)).cookie;
    gameId = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: today, homeTeamId: tigers.id, opponentName: 'River City' } },
        coach,
      ),
      'createGame',
    ).id;
    const recorded = await gql(
      t.app,
      'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
      { i: { id: randomUUID(), gameId, playerId: ace.id, teamId: tigers.id, pitches: 30 } },
      coach,
    );
    expect(recorded.errors).toBeUndefined();
  });
  afterAll(() => t.close());

  const digestsSent = async () =>
    (await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'record-digest'))).map((e) => ({
      to: e.toEmail,
      subject: e.subject,
      body: e.body,
    }));

  it('emails the head to the organization’s and its leagues’ admins once a day, only when the history grew', async () => {
    // The game's chain is sealed into the organization's first: its head then vouches for the game too.
    await sealChains(t.db, t.clock.now());
    const head = await headOf(t.db, organizationId);
    if (!head) throw new Error('the organization has a history');
    const gameHead = await headOf(t.db, gameChain(organizationId, gameId));
    if (!gameHead) throw new Error('the game has a history');
    const sealed = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.chain, organizationId), eq(auditEntries.seq, head.seq)));
    expect(sealed[0]?.after).toEqual({ heads: [{ chain: gameHead.chain, seq: gameHead.seq, hash: gameHead.hash }] });
    expect(await t.services.recordDigest.sendDaily(t.clock.now())).toBeGreaterThanOrEqual(1);
    const mine = (await digestsSent()).filter((e) => e.body.includes(headDigestText(head)));
    expect(mine.map((e) => e.to).sort()).toHaveLength(2);
    expect(mine[0]?.body).toContain(`npx bullpen audit verify --head ${headDigestText(head)}`);
    // Once a day: the next run sends nothing; the next day, nothing either until the history grows.
    expect(await t.services.recordDigest.sendDaily(t.clock.now())).toBe(0);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000);
    expect(await t.services.recordDigest.sendDaily(tomorrow)).toBe(0);
    // The printed log carries the game's head as it stands when read.
    const LOG = 'query($g: ID!) { gamePitchLog(gameId: $g) { headDigest } }';
    expect(dataOf(await gql(t.app, LOG, { g: gameId }, coach), 'gamePitchLog')).toEqual({
      headDigest: headDigestText(gameHead),
    });
  });

  it('reads a digest as copied, and refuses anything else', () => {
    const hash = 'ab'.repeat(32);
    expect(parseHeadDigest(` ${organizationId.toUpperCase()}:12:${hash.toUpperCase()} `)).toEqual({
      chain: organizationId,
      seq: 12,
      hash,
    });
    // A game's digest as a printout breaks it across lines.
    const game = gameChain(organizationId, gameId);
    expect(parseHeadDigest(`${game.slice(0, 60)}\n ${game.slice(60)}:12:${hash}`)).toEqual({
      chain: game,
      seq: 12,
      hash,
    });
    expect(parseHeadDigest(`${organizationId}:12:${hash.slice(2)}`)).toBeNull();
    expect(parseHeadDigest(`${organizationId}:${hash}`)).toBeNull();
  });

  it('finds the history rewritten up to a kept head, though every hash after the edit was computed again', async () => {
    // The game's head as its printed log carries it, sealed into the organization's chain.
    const chain = gameChain(organizationId, gameId);
    await sealChains(t.db, t.clock.now());
    const kept = await headOf(t.db, chain);
    if (!kept) throw new Error('the game has a history');
    expect(await checkHeads(t.db, [kept])).toEqual([]);
    // Someone with the database edits an entry's words and computes its commitment and every hash after it again.
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.chain, chain))
      .orderBy(auditEntries.seq);
    const target = entries.find((e) => e.entity === 'outing');
    if (!target?.contentKey) throw new Error('an outing entry with a commitment');
    await rehashChain(t.db, entries, target.seq, (e) =>
      e.id === target.id ? { after: { ...(e.after as object), pitches: 12 } } : {},
    );
    // The game's chain alone holds (the outing's record aside, which the edit no longer matches), but the seal in
    // the organization's chain names the head it had ...
    const { problems } = await verifyHistory(t.db, { chains: [organizationId] });
    expect(problems.filter((p) => p.seq !== null).map((p) => p.message)).toEqual([
      expect.stringMatching(
        new RegExp(`^entry ${kept.seq} of ${chain} is not the entry \\d+ of ${organizationId} sealed`),
      ),
    ]);
    // ... and the digest kept outside the database does not hold either.
    const found = await checkHeads(t.db, [kept]);
    expect(found).toEqual([
      `entry ${kept.seq} of history ${chain} no longer has the hash you kept (${kept.hash.slice(0, 12)}…): the history up to it was rewritten after that digest`,
    ]);
    // A kept head past the chain's end: the history was cut back.
    expect(await checkHeads(t.db, [{ ...kept, seq: kept.seq + 50 }])).toEqual([
      `entry ${kept.seq + 50} of history ${chain} is gone: the history was cut back after the digest you kept`,
    ]);
  });
});
