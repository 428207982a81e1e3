import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../core/local-date.ts';
import { auditEntries, pitchOutings } from '../db/schema.ts';
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
import { startHistory, verifyHistory } from './history.ts';

/**
 * No lost update, anywhere (docs/decisions/0034-the-pitch-record.md): random interleavings of corrections (with
 * and without the version read), confirmations, state changes and admins' moves of one game, several callers at
 * once, on both databases. The history, in its order, is the serial order: replaying the
 * acknowledged writes in it gives the stored record; every acknowledged write is in it once, no
 * refused one is, and nothing answers a 5xx.
 */

const CORRECT = 'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { pitches version } }';
const CONFIRM = 'mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { status } }';
const UPDATE_GAME = 'mutation($i: UpdateGameInput!) { updateGame(input: $i) { id version } }';
const REFUSALS = new Set(['CONFLICT', 'BAD_USER_INPUT']);

type Op =
  | { kind: 'correct'; by: 'home' | 'admin'; pitches: number; withVersion: boolean }
  | { kind: 'confirm'; team: 'tigers' | 'cubs' }
  | { kind: 'state'; state: 'in_progress' | 'scheduled' }
  | { kind: 'move'; days: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('correct' as const),
      by: fc.constantFrom('home' as const, 'admin' as const),
      pitches: fc.integer({ min: 1, max: 110 }),
      withVersion: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('confirm' as const),
      team: fc.constantFrom('tigers' as const, 'cubs' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('state' as const),
      state: fc.constantFrom('in_progress' as const, 'scheduled' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('move' as const), days: fc.integer({ min: 1, max: 3 }) }) },
);

describe.each(databaseKinds())('simultaneous writes of one game on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;
  // The tests' clock starts on TEST_NOW (testing/harness.ts).
  const today = todayIn('America/New_York', TEST_NOW);

  async function buildWorld() {
    const { organization, tigers, cubs, homeCoach, awayCoach, leagueAdmin } = await buildRivals(t.db, {
      startDate: addDays(today, -200),
      endDate: addDays(today, 60),
    });
    const ivy = await buildPlayer(t.db, organization.id, {
      firstName: 'Ivy',
      lastName: 'Brown',
      birthDate: '2014-10-01',
      teamIds: [tigers.id],
    });
    const cal = await buildPlayer(t.db, organization.id, {
      firstName: 'Cal',
      lastName: 'Cole',
      birthDate: '2014-09-01',
      teamIds: [cubs.id],
    });
    await startHistory(t.db, new Date(), { chains: [organization.id] });
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    return {
      organization,
      tigers,
      cubs,
      ivy,
      cal,
      home: await cookieOf(homeCoach),
      away: await cookieOf(awayCoach),
      admin: await cookieOf(leagueAdmin),
    };
  }

  beforeAll(async () => {
    t = await bootTestApp(kind);
    w = await buildWorld();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('twelve identical first sends of one outing at once all answer the one stored outing', async () => {
    const date = addDays(today, -197);
    const game = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date, homeTeamId: w.tigers.id, awayTeamId: w.cubs.id } },
        w.home,
      ),
      'createGame',
    );
    const id = randomUUID();
    const sends = await Promise.all(
      Array.from({ length: 12 }, () =>
        gql(
          t.app,
          'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id pitches } }',
          { i: { id, gameId: game.id, playerId: w.ivy.id, teamId: w.tigers.id, pitches: 41 } },
          w.home,
        ),
      ),
    );
    // A phone's retries of one entry are one entry: each answer is the outing, none a conflict.
    expect(sends.map((r) => r.code ?? 'ok')).toEqual(Array(12).fill('ok'));
    expect(sends.map((r) => r.data?.createPitchOuting)).toEqual(Array(12).fill({ id, pitches: 41 }));
    const stored = await t.db.select().from(pitchOutings).where(eq(pitchOutings.gameId, game.id));
    expect(stored.map((o) => o.id)).toEqual([id]);
    const recorded = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'outing'), eq(auditEntries.entityId, id)));
    expect(recorded).toHaveLength(1);
  });

  let day = 0;
  it('ends in the state the history’s order gives, with every acknowledged write in it once and no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 3, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 12, maxLength: 12 }),
        async (ops, rounds) => {
          // A day of its own for each run's game (the season holds 36 of them, 5 days apart).
          day = (day + 5) % 180;
          const date = addDays(today, -190 + day);
          const game = dataOf<{ id: string }>(
            await gql(
              t.app,
              'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
              { i: { date, homeTeamId: w.tigers.id, awayTeamId: w.cubs.id } },
              w.home,
            ),
            'createGame',
          );
          const outingId = randomUUID();
          const record = (id: string, player: { id: string }, team: { id: string }, cookie: string, pitches: number) =>
            gql(
              t.app,
              'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
              { i: { id, gameId: game.id, playerId: player.id, teamId: team.id, pitches } },
              cookie,
            );
          expect((await record(outingId, w.ivy, w.tigers, w.home, 63)).errors).toBeUndefined();
          expect((await record(randomUUID(), w.cal, w.cubs, w.away, 20)).errors).toBeUndefined();

          // Each op gets a reason of its own: the history says which op each entry is.
          const tag = randomUUID().slice(0, 8);
          const answers: { op: Op; reason: string; code?: string; data?: unknown }[] = [];
          let next = 0;
          for (const size of rounds) {
            if (next >= ops.length) break;
            const batch = ops.slice(next, next + size).map((o, j) => ({ op: o, reason: `${tag}-${next + j}` }));
            next += size;
            const [read] = await t.db
              .select({ version: pitchOutings.version })
              .from(pitchOutings)
              .where(eq(pitchOutings.id, outingId));
            const settled = await Promise.all(
              batch.map(async ({ op: o, reason }) => {
                const res = await send(o, reason, game.id, outingId, read?.version ?? 1, date);
                return { op: o, reason, code: res.code, data: res.data };
              }),
            );
            answers.push(...settled);
          }
          // Nothing failed on our side: every refusal is a catalogued one a person can act on.
          for (const a of answers) {
            if (a.code)
              expect(REFUSALS.has(a.code) || a.code === 'FORBIDDEN', `${a.code} for ${JSON.stringify(a.op)}`).toBe(
                true,
              );
          }

          // The history of the outing, in its order, is the serial order the writes took.
          const entries = await t.db
            .select()
            .from(auditEntries)
            .where(and(eq(auditEntries.entity, 'outing'), eq(auditEntries.entityId, outingId)))
            .orderBy(asc(auditEntries.seq));
          const model = { pitches: 63, version: 1 };
          const seen = new Map<string, number>();
          for (const e of entries.slice(1)) {
            const after = e.after as { pitches: number };
            // Each write started from the one before it: none read a state another had replaced.
            expect((e.before as { pitches: number }).pitches).toBe(model.pitches);
            // Each write names its op by its reason (a move's correction reason ends with it).
            const reason = answers.find((a) => e.reason?.endsWith(a.reason))?.reason;
            if (reason) seen.set(reason, (seen.get(reason) ?? 0) + 1);
            model.pitches = after.pitches;
            model.version += 1;
            const answer = answers.find((a) => a.reason === reason && a.op.kind === 'correct');
            if (answer) expect((answer.data as { version: number }).version).toBe(model.version);
          }
          const [stored] = await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, outingId));
          expect({ pitches: stored?.pitches, version: stored?.version }).toEqual(model);
          // A refused write left nothing; an acknowledged one is in it once (none when it changed
          // nothing: the count or the date was already what it asked).
          for (const a of answers) {
            const times = seen.get(a.reason) ?? 0;
            if (a.code) expect(times, `refused ${a.reason} is not in the history`).toBe(0);
            else expect(times, `acknowledged ${a.reason} once at most`).toBeLessThanOrEqual(1);
          }
          // Every acknowledged correction answered the count it asked for.
          for (const a of answers.filter((x) => x.op.kind === 'correct' && !x.code)) {
            const answered = a.data as { pitches: number; version: number };
            expect(answered.pitches).toBe((a.op as { pitches: number }).pitches);
          }
          expect((await verifyHistory(t.db, { chains: [w.organization.id] })).problems).toEqual([]);
        },
      ),
      { numRuns: Number(process.env.RECORD_RUNS ?? 12) },
    );
  }, 240_000);

  async function send(o: Op, reason: string, gameId: string, outingId: string, version: number, date: string) {
    switch (o.kind) {
      case 'correct':
        return gql(
          t.app,
          CORRECT,
          {
            i: {
              id: outingId,
              pitches: o.pitches,
              reason,
              ...(o.withVersion ? { version } : {}),
            },
          },
          o.by === 'home' ? w.home : w.admin,
        ).then((r) => ({ code: r.code, data: r.errors ? undefined : r.data?.updatePitchOuting }));
      case 'confirm':
        return gql(
          t.app,
          CONFIRM,
          { g: gameId, t: o.team === 'tigers' ? w.tigers.id : w.cubs.id },
          o.team === 'tigers' ? w.home : w.away,
        ).then((r) => ({ code: r.code, data: r.data }));
      case 'state':
        return gql(t.app, UPDATE_GAME, { i: { id: gameId, state: o.state } }, w.home).then((r) => ({
          code: r.code,
          data: r.data,
        }));
      case 'move':
        return gql(t.app, UPDATE_GAME, { i: { id: gameId, date: addDays(date, o.days), reason } }, w.admin).then(
          (r) => ({ code: r.code, data: r.data }),
        );
    }
  }
});
