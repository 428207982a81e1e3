import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/local-date.ts';
import { auditEntries, auditHeads, pitchOutings, violations } from '../db/schema.ts';
import {
  bootTestApp,
  buildPlayer,
  buildRivals,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  TEST_NOW,
  type TestApp,
} from '../testing/harness.ts';
import { rehashChain } from '../testing/history-forgery.ts';
import { gameChain, playerChain, sealChains, startHistory, verifyHistory } from './history.ts';
import { checkHeads, headOf } from './record-digest.ts';

/**
 * Each kind of tampering `bullpen audit verify` catches, one test each, on chains split per game and per child and
 * sealed into the organization's (docs/decisions/0054-a-chain-per-game-and-per-child.md). Every case builds its own
 * organization and verifies only it: on PostgreSQL the API tests share one database.
 */

const CREATE_GAME = 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }';
const CREATE_OUTING = 'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }';
const CORRECT = 'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id } }';

type Entry = typeof auditEntries.$inferSelect;

describe.each(databaseKinds())('tampering with the history on the %s database', (kind) => {
  let t: TestApp;
  const today = todayIn('America/New_York', TEST_NOW);
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An organization with a game, an outing corrected twice and one over the limit (a violation), all sealed. */
  async function world() {
    const rivals = await buildRivals(t.db, { startDate: addDays(today, -90), endDate: addDays(today, 60) });
    const { organization, tigers, cubs } = rivals;
    const ivy = await buildPlayer(t.db, organization.id, {
      firstName: 'Ivy',
      lastName: 'Brown',
      birthDate: '2017-10-01',
      teamIds: [tigers.id],
    });
    await startHistory(t.db, new Date(), { chains: [organization.id] });
    const coach = (await signIn(t.app, rivals.homeCoach.email, rivals.homeCoach.password)).cookie;
    const gameId = dataOf<{ id: string }>(
      await gql(
        t.app,
        CREATE_GAME,
        { i: { date: addDays(today, -10), homeTeamId: tigers.id, awayTeamId: cubs.id } },
        coach,
      ),
      'createGame',
    ).id;
    const outingId = dataOf<{ id: string }>(
      await gql(
        t.app,
        CREATE_OUTING,
        { i: { id: randomUUID(), gameId, playerId: ivy.id, teamId: tigers.id, pitches: 40 } },
        coach,
      ),
      'createPitchOuting',
    ).id;
    for (const pitches of [41, 95]) {
      dataOf(
        await gql(t.app, CORRECT, { i: { id: outingId, pitches, reason: 'Recounted the book' } }, coach),
        'updatePitchOuting',
      );
    }
    await sealChains(t.db, t.clock.now(), { organizations: [organization.id] });
    const chain = gameChain(organization.id, gameId);
    const verify = async () => (await verifyHistory(t.db, { chains: [organization.id] })).problems;
    const entriesOf = (of: string) =>
      t.db.select().from(auditEntries).where(eq(auditEntries.chain, of)).orderBy(asc(auditEntries.seq));
    expect(await verify()).toEqual([]);
    return { organization, ivy, gameId, outingId, chain, verify, entriesOf };
  }

  const rehash = (entries: readonly Entry[], from: number, change?: (e: Entry) => Partial<Entry>) =>
    rehashChain(t.db, entries, from, change);

  it('an entry’s words edited: its commitment no longer holds', async () => {
    const w = await world();
    const [, second] = await w.entriesOf(w.chain);
    await t.db
      .update(auditEntries)
      .set({ reason: 'nothing to see' })
      .where(eq(auditEntries.id, second?.id as number));
    expect((await w.verify()).map((p) => p.message)).toEqual([
      `entry ${second?.seq} was changed after it was written (its hash differs)`,
    ]);
  });

  it('an entry’s header edited (what it did): its hash no longer holds', async () => {
    const w = await world();
    const [, second] = await w.entriesOf(w.chain);
    await t.db
      .update(auditEntries)
      .set({ action: 'deleted' })
      .where(eq(auditEntries.id, second?.id as number));
    expect((await w.verify()).map((p) => p.message)).toEqual([
      `entry ${second?.seq} was changed after it was written (its hash differs)`,
    ]);
  });

  it('an entry’s key replaced: the words no longer match their commitment', async () => {
    const w = await world();
    const [first] = await w.entriesOf(w.chain);
    await t.db
      .update(auditEntries)
      .set({ contentKey: 'ab'.repeat(16) })
      .where(eq(auditEntries.id, first?.id as number));
    expect((await w.verify()).map((p) => p.message)).toEqual([
      `entry ${first?.seq} was changed after it was written (its hash differs)`,
    ]);
  });

  it('an entry removed from the middle of a game’s chain: entries are missing', async () => {
    const w = await world();
    const entries = await w.entriesOf(w.chain);
    const middle = entries[1] as Entry;
    await t.db.delete(auditEntries).where(eq(auditEntries.id, middle.id));
    expect((await w.verify()).map((p) => p.message)).toContain(
      `entry ${middle.seq + 1} follows entry ${middle.seq - 1}: entries are missing`,
    );
  });

  it('an entry linked to another than the one before it', async () => {
    const w = await world();
    const [, second] = await w.entriesOf(w.chain);
    await t.db
      .update(auditEntries)
      .set({ prevHash: '0'.repeat(64) })
      .where(eq(auditEntries.id, second?.id as number));
    expect((await w.verify()).map((p) => p.message)).toContain(
      `entry ${second?.seq} does not follow the hash of entry ${(second?.seq as number) - 1}`,
    );
  });

  it('the newest entry of a chain removed: the chain ends before its head', async () => {
    const w = await world();
    const last = (await w.entriesOf(w.chain)).at(-1) as Entry;
    await t.db.delete(auditEntries).where(eq(auditEntries.id, last.id));
    expect((await w.verify()).map((p) => p.message)).toContain(
      `the chain ends at entry ${last.seq - 1}, its head says ${last.seq}`,
    );
  });

  it('an entry forged at a chain’s end with a made-up hash', async () => {
    const w = await world();
    const last = (await w.entriesOf(w.chain)).at(-1) as Entry;
    const { id: _, ...copy } = last;
    const [forged] = await t.db
      .insert(auditEntries)
      .values({
        ...copy,
        seq: last.seq + 1,
        prevHash: last.hash,
        hash: `${randomUUID().replaceAll('-', '')}`.repeat(2),
      })
      .returning({ id: auditEntries.id });
    expect((await w.verify()).map((p) => p.message)).toContain(
      `entry ${last.seq + 1} was changed after it was written (its hash differs)`,
    );
    // Taken away again: on PostgreSQL the other tests' servers share this database, and their deadline job would
    // append to this game's chain after its head.
    await t.db.delete(auditEntries).where(eq(auditEntries.id, forged?.id as number));
  });

  it('an outing changed without an entry', async () => {
    const w = await world();
    await t.db.update(pitchOutings).set({ pitches: 20 }).where(eq(pitchOutings.id, w.outingId));
    expect((await w.verify()).map((p) => p.message)).toEqual([
      expect.stringMatching(new RegExp(`^outing ${w.outingId} is not what its history ends in \\(entry \\d+\\)`)),
    ]);
  });

  it('an outing added without an entry', async () => {
    const w = await world();
    const [row] = await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, w.outingId));
    const cal = await buildPlayer(t.db, w.organization.id, {
      firstName: 'Cal',
      lastName: 'Cole',
      birthDate: '2016-01-02',
    });
    const id = randomUUID();
    await t.db.insert(pitchOutings).values({ ...(row as typeof pitchOutings.$inferSelect), id, playerId: cal.id });
    const problems = (await w.verify()).map((p) => p.message);
    expect(problems).toContain(`outing ${id} has no history`);
  });

  it('an outing removed from the database: its history kept it', async () => {
    const w = await world();
    await t.db.delete(violations).where(eq(violations.outingId, w.outingId));
    await t.db.delete(pitchOutings).where(eq(pitchOutings.id, w.outingId));
    expect((await w.verify()).map((p) => p.message)).toContain(
      `outing ${w.outingId} is missing: its history ends in entry ${(await w.entriesOf(w.chain)).filter((e) => e.entityId === w.outingId).at(-1)?.seq}, which kept it`,
    );
  });

  it('a violation withdrawn behind the server’s back, in the child’s chain', async () => {
    const w = await world();
    const [found] = await t.db.select().from(violations).where(eq(violations.playerId, w.ivy.id));
    if (!found) throw new Error('95 pitches at 10 break the rule');
    const child = await w.entriesOf(playerChain(w.organization.id, w.ivy.id));
    expect(child.some((e) => e.entity === 'violation' && e.entityId === found.id)).toBe(true);
    await t.db.update(violations).set({ withdrawnAt: new Date() }).where(eq(violations.id, found.id));
    expect((await w.verify()).map((p) => p.message)).toEqual([
      expect.stringMatching(new RegExp(`^violation ${found.id} is not what its history ends in`)),
    ]);
  });

  it('a game’s chain rewritten with every hash after the edit computed again: the seal disagrees', async () => {
    const w = await world();
    const entries = await w.entriesOf(w.chain);
    const target = entries.find((e) => e.entity === 'outing' && e.action === 'recorded') as Entry;
    await rehash(entries, target.seq, (e) =>
      e.id === target.id ? { after: { ...(e.after as object), pitches: 12 } } : {},
    );
    const problems = (await w.verify()).filter((p) => p.seq !== null).map((p) => p.message);
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(`^entry ${entries.at(-1)?.seq} of ${w.chain} is not the entry \\d+ of ${w.organization.id} sealed`),
      ),
    ]);
  });

  it('a game’s chain cut back with its head moved back too: the seal names the entry that is gone', async () => {
    const w = await world();
    const entries = await w.entriesOf(w.chain);
    const last = entries.at(-1) as Entry;
    const before = entries.at(-2) as Entry;
    await t.db.delete(auditEntries).where(eq(auditEntries.id, last.id));
    await t.db.update(auditHeads).set({ seq: before.seq, hash: before.hash }).where(eq(auditHeads.chain, w.chain));
    expect((await w.verify()).map((p) => p.message)).toContain(
      `entry ${last.seq} of ${w.chain} is gone: entry ${
        (await w.entriesOf(w.organization.id)).filter((e) => e.action === 'sealed').at(-1)?.seq
      } of ${w.organization.id} sealed it`,
    );
  });

  it('the organization’s chain rewritten, seals included: the digest kept outside the database disagrees', async () => {
    const w = await world();
    const kept = await headOf(t.db, w.organization.id);
    if (!kept) throw new Error('the organization’s chain has its seals');
    const entries = await w.entriesOf(w.organization.id);
    await rehash(entries, 1, (e) => (e.entity === 'history' ? {} : { reason: 'rewritten' }));
    expect(await checkHeads(t.db, [kept])).toEqual([
      expect.stringContaining(`entry ${kept.seq} of history ${w.organization.id} no longer has the hash you kept`),
    ]);
  });

  it('each game and child has a chain of its own, bound into the organization’s by a seal', async () => {
    const w = await world();
    const [one, two] = await t.db
      .select()
      .from(auditHeads)
      .where(sql`${auditHeads.chain} like ${`${w.organization.id}/%`}`)
      .orderBy(desc(auditHeads.chain));
    // The game's and the child's chains each have a head of their own; the organization's holds the seals.
    expect([one?.chain, two?.chain].sort()).toEqual([w.chain, playerChain(w.organization.id, w.ivy.id)].sort());
    // The start of the history sealed the child's chain; the minute's seal after the game's writes, both.
    const seals = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.chain, w.organization.id), eq(auditEntries.action, 'sealed')))
      .orderBy(asc(auditEntries.seq));
    const sealed = seals.map((seal) =>
      ((seal.after as { heads?: { chain: string }[] } | null)?.heads ?? []).map((h) => h.chain).sort(),
    );
    expect(sealed.at(-1)).toEqual([w.chain, playerChain(w.organization.id, w.ivy.id)].sort());
  });
});
