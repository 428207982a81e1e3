import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, gameConfirmations, games } from '../db/schema.ts';
import { bootTestApp, buildPlayer, buildRivals, databaseKinds, type TestApp } from '../testing/harness.ts';
import { startHistory, verifyHistory } from './history.ts';

/**
 * The history of records written before it began (a database from before the history, what the seeds write):
 * `startHistory` records each once, a page at a time, each page reading on from the last (docs/performance.md,
 * the first start of a million outings). Small pages here, so that every kind of key is paged through.
 */
describe.each(databaseKinds())('starting the history in pages (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  /** An organization's players, games and both teams' confirmations, written without history. */
  async function recordsWithoutHistory() {
    const w = await buildRivals(t.db, { startDate: '2028-03-01', endDate: '2028-07-31' });
    const players = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        buildPlayer(t.db, w.organization.id, { firstName: `Page${i}`, teamIds: [w.tigers.id] }),
      ),
    );
    const written = await t.db
      .insert(games)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          organizationId: w.organization.id,
          leagueId: w.league.id,
          seasonId: w.seasonId,
          date: `2028-04-${String(10 + i).padStart(2, '0')}`,
          homeTeamId: w.tigers.id,
          awayTeamId: w.cubs.id,
        })),
      )
      .returning({ id: games.id });
    await t.db.insert(gameConfirmations).values(
      written.flatMap((g) =>
        [w.tigers.id, w.cubs.id].map((teamId) => ({
          gameId: g.id,
          teamId,
          confirmedByName: 'Hal Home',
          confirmedAt: new Date('2028-04-20T12:00:00Z'),
          counts: [],
        })),
      ),
    );
    const ids = {
      'player-record': players.map((p) => p.id),
      game: written.map((g) => g.id),
      confirmation: written.flatMap((g) => [`${g.id}/${w.tigers.id}`, `${g.id}/${w.cubs.id}`]),
    };
    return { organizationId: w.organization.id, ids };
  }

  /** How many baseline entries each record has, by kind. */
  async function baselines(ids: Record<string, string[]>) {
    const counts: Record<string, number[]> = {};
    for (const [entity, keys] of Object.entries(ids)) {
      const rows = await t.db
        .select({ id: auditEntries.entityId, n: sql<number>`count(*)::int` })
        .from(auditEntries)
        .where(and(eq(auditEntries.entity, entity), inArray(auditEntries.entityId, keys)))
        .groupBy(auditEntries.entityId);
      const byId = new Map(rows.map((r) => [r.id, Number(r.n)]));
      counts[entity] = keys.map((k) => byId.get(k) ?? 0);
    }
    return counts;
  }

  const once = (ids: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(ids).map(([entity, keys]) => [entity, keys.map(() => 1)]));

  it('records every record of the whole database once, two at a time, and the history verifies', async () => {
    const { organizationId, ids } = await recordsWithoutHistory();
    expect(await baselines(ids)).toEqual(
      Object.fromEntries(Object.entries(ids).map(([entity, keys]) => [entity, keys.map(() => 0)])),
    );
    await startHistory(t.db, new Date(), { batch: 2 });
    expect(await baselines(ids)).toEqual(once(ids));
    // Again: nothing is recorded twice.
    await startHistory(t.db, new Date(), { batch: 2 });
    expect(await baselines(ids)).toEqual(once(ids));
    expect((await verifyHistory(t.db, { chains: [organizationId] })).problems).toEqual([]);
  });

  it("records one organization's records once, two at a time", async () => {
    const { organizationId, ids } = await recordsWithoutHistory();
    const added = await startHistory(t.db, new Date(), { chains: [organizationId], batch: 2 });
    // The league and the preset rule a league uses are the organization's too.
    expect(added).toBeGreaterThanOrEqual(7 + 5 + 10);
    expect(await baselines(ids)).toEqual(once(ids));
    expect(await startHistory(t.db, new Date(), { chains: [organizationId], batch: 2 })).toBe(0);
    expect((await verifyHistory(t.db, { chains: [organizationId] })).problems).toEqual([]);
  });
});
