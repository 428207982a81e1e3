import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../core/local-date.ts';
import type { PitchEvent } from '../../core/pitch-events.ts';
import { auditEntries, pitchEvents, pitchOutings } from '../db/schema.ts';
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
import { sealChains, startHistory, verifyHistory } from './history.ts';

/**
 * One organization's busiest hour on PostgreSQL, where transactions overlap for real
 * (docs/decisions/0054-a-chain-per-game-and-per-child.md): 60 games at once, both dugouts tapping, an admin
 * correcting outings meanwhile. Every tap is counted once, every correction is kept, and the history verifies.
 */

const GAMES = 60;
const BATCHES = 4;
const SUBMIT = `mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) {
  results { id status } counts { bookTeamId official pitches } } }`;
const CORRECT = 'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id pitches } }';

/** Runs the tasks with at most `width` at a time. */
async function inParallel(tasks: (() => Promise<void>)[], width: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) await (tasks[next++] as () => Promise<void>)();
    }),
  );
}

describe.runIf(databaseKinds().includes('postgres'))('one organization’s busiest hour on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('60 games tapped by both dugouts while an admin corrects: every tap once, every correction kept', async () => {
    const today = todayIn('America/New_York', TEST_NOW);
    const admin = await buildUser(t.db, { givenName: 'Lee', familyName: 'Admin' });
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    const season = await buildSeason(t.db, organization.id, { startDate: '2028-03-01', endDate: '2028-10-31' });
    // Twelve coaches, each counting for ten teams' dugouts.
    const coaches = await Promise.all(
      Array.from({ length: 12 }, (_, i) => buildUser(t.db, { givenName: `Coach${i}`, familyName: 'Busy' })),
    );
    const cookies = await Promise.all(coaches.map(async (c) => (await signIn(t.app, c.email, c.password)).cookie));
    const adminCookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    const dugouts: { teamId: string; pitcherId: string; cookie: string; gameId: string; taps: number }[] = [];
    for (let i = 0; i < GAMES * 2; i++) {
      const team = await buildTeam(t.db, league, season.id, {
        name: `Team ${i}`,
        coachIds: [coaches[i % 12]?.id ?? ''],
      });
      const pitcher = await buildPlayer(t.db, organization.id, {
        firstName: `Arm${i}`,
        lastName: 'Busy',
        birthDate: '2015-05-05',
        teamIds: [team.id],
      });
      dugouts.push({ teamId: team.id, pitcherId: pitcher.id, cookie: cookies[i % 12] ?? '', gameId: '', taps: 0 });
    }
    // What the seed wrote directly starts its history, as the server's start does.
    await startHistory(t.db, new Date(), { chains: [organization.id] });
    for (let g = 0; g < GAMES; g++) {
      const [home, away] = [dugouts[2 * g], dugouts[2 * g + 1]] as [(typeof dugouts)[0], (typeof dugouts)[0]];
      const { id } = dataOf<{ id: string }>(
        await gql(
          t.app,
          'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
          { i: { date: today, homeTeamId: home.teamId, awayTeamId: away.teamId } },
          adminCookie,
        ),
        'createGame',
      );
      home.gameId = id;
      away.gameId = id;
    }
    const devices = dugouts.map((d) => ({ ...d, deviceId: randomUUID(), seq: 0 }));
    const tap = async (device: (typeof devices)[number]) => {
      const events: PitchEvent[] = Array.from({ length: 3 }, () => ({
        id: randomUUID(),
        gameId: device.gameId,
        pitcherId: device.pitcherId,
        bookTeamId: device.teamId,
        deviceId: device.deviceId,
        seq: ++device.seq,
        at: new Date(Date.now() - 600_000 + device.seq * 1000).toISOString(),
        kind: 'ball',
      }));
      const res = dataOf<{ results: { status: string }[] }>(
        await gql(t.app, SUBMIT, { i: { events } }, device.cookie),
        'submitPitchEvents',
      );
      expect(res.results.map((r) => r.status)).toEqual(['accepted', 'accepted', 'accepted']);
      device.taps += 3;
    };
    // Each dugout's first batch starts its pitcher's outing.
    await inParallel(
      devices.map((d) => () => tap(d)),
      12,
    );
    const outings = await t.db
      .select({ id: pitchOutings.id, playerId: pitchOutings.playerId })
      .from(pitchOutings)
      .where(
        inArray(
          pitchOutings.gameId,
          devices.map((d) => d.gameId),
        ),
      );
    expect(outings).toHaveLength(GAMES * 2);
    // The admin corrects the home pitchers of the first 20 games three times each, while every dugout taps on.
    const corrected = devices.filter((_, i) => i % 2 === 0).slice(0, 20);
    const corrections = new Map<string, { id: string; values: number[] }>();
    const correct = async (device: (typeof devices)[number]) => {
      const outing = outings.find((o) => o.playerId === device.pitcherId) as { id: string };
      const mine = { id: outing.id, values: [] as number[] };
      corrections.set(device.pitcherId, mine);
      for (const pitches of [20, 35, 50]) {
        const res = dataOf<{ pitches: number }>(
          await gql(t.app, CORRECT, { i: { id: outing.id, pitches, reason: `Recount ${pitches}` } }, adminCookie),
          'updatePitchOuting',
        );
        expect(res.pitches).toBe(pitches);
        mine.values.push(pitches);
      }
    };
    const work: (() => Promise<void>)[] = [];
    for (let b = 1; b < BATCHES; b++) for (const d of devices) work.push(() => tap(d));
    for (const d of corrected) work.splice(Math.floor(Math.random() * work.length), 0, () => correct(d));
    await inParallel(work, 16);

    // Every tap once: the stored taps, and each book's count as the server tallies it.
    const stored = await t.db
      .select({ bookTeamId: pitchEvents.bookTeamId, n: sql<number>`count(*)::int` })
      .from(pitchEvents)
      .where(
        inArray(
          pitchEvents.gameId,
          devices.map((d) => d.gameId),
        ),
      )
      .groupBy(pitchEvents.bookTeamId);
    const byTeam = new Map(stored.map((s) => [s.bookTeamId, Number(s.n)]));
    for (const d of devices) expect(byTeam.get(d.teamId)).toBe(BATCHES * 3);
    // Every correction kept: the outing says the last, its history each, and a corrected outing no longer follows
    // the taps; the others follow their book.
    const now = await t.db
      .select({ id: pitchOutings.id, playerId: pitchOutings.playerId, pitches: pitchOutings.pitches })
      .from(pitchOutings)
      .where(
        inArray(
          pitchOutings.id,
          outings.map((o) => o.id),
        ),
      );
    for (const o of now) {
      const correction = corrections.get(o.playerId);
      if (correction) {
        expect(o.pitches).toBe(50);
        const entries = await t.db
          .select({ reason: auditEntries.reason })
          .from(auditEntries)
          .where(and(eq(auditEntries.entity, 'outing'), eq(auditEntries.entityId, o.id)))
          .orderBy(auditEntries.id);
        expect(entries.filter((e) => e.reason?.startsWith('Recount')).map((e) => e.reason)).toEqual([
          'Recount 20',
          'Recount 35',
          'Recount 50',
        ]);
      } else {
        expect(o.pitches).toBe(BATCHES * 3);
      }
    }
    await sealChains(t.db, t.clock.now(), { organizations: [organization.id] });
    expect((await verifyHistory(t.db, { chains: [organization.id] })).problems).toEqual([]);
  }, 180_000);
});
