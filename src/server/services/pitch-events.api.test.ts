import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../core/permissions.ts';
import { bookStateOf, type PitchEvent, type PitchEventKind } from '../../core/pitch-events.ts';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { games, leagueAdmins, leagues, pitchBooks, pitchEvents, pitchOutings, teamCoaches } from '../db/schema.ts';
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
import { createEvents } from './events.ts';
import { createPitchEventsService } from './pitch-events.service.ts';

const SUBMIT = `mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) {
  results { id status message } counts { pitcherId bookTeamId official pitches intentionalWalks pitchesBeforeLastBatter batters } } }`;
const COUNTS =
  'query($g: ID!) { gameCounts(gameId: $g) { pitcherName bookTeamName official pitches pitchesBeforeLastBatter } }';

interface Submitted {
  results: { id: string; status: string; message: string | null }[];
  counts: {
    pitcherId: string;
    bookTeamId: string;
    official: boolean;
    pitches: number;
    pitchesBeforeLastBatter: number | null;
  }[];
}

describe.each(databaseKinds())('live counting on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;

  async function buildWorld() {
    const presets = await ensurePresetRules(t.db);
    const homeCoach = await buildUser(t.db, { givenName: 'Hal', familyName: 'Home' });
    const awayCoach = await buildUser(t.db, { givenName: 'Ava', familyName: 'Away' });
    const parent = await buildUser(t.db);
    const otherParent = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db);
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [homeCoach.id] });
    const cubs = await buildTeam(t.db, league, season.id, { name: 'Cubs', coachIds: [awayCoach.id] });
    const ace = await buildPlayer(t.db, organization.id, {
      firstName: 'Ace',
      birthDate: '2015-06-01',
      teamIds: [tigers.id],
      guardianIds: [parent.id],
    });
    const bears = await buildTeam(t.db, league, season.id, { name: 'Bears' });
    await buildPlayer(t.db, organization.id, { firstName: 'Bo', teamIds: [bears.id], guardianIds: [otherParent.id] });
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    return {
      organization,
      league,
      tigers,
      cubs,
      ace,
      homeCoach: { ...homeCoach, cookie: await cookieOf(homeCoach) },
      awayCoach: { ...awayCoach, cookie: await cookieOf(awayCoach) },
      parent: { ...parent, cookie: await cookieOf(parent) },
      otherParent: { ...otherParent, cookie: await cookieOf(otherParent) },
    };
  }

  async function newGame() {
    const res = await gql(
      t.app,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: { date: '2027-05-10', homeTeamId: w.tigers.id, awayTeamId: w.cubs.id } },
      w.homeCoach.cookie,
    );
    return dataOf<{ id: string }>(res, 'createGame').id;
  }

  /** A device's taps for one book: ids, a sequence and a clock that never goes back. */
  function device(gameId: string, bookTeamId: string, pitcherId = w.ace.id) {
    const deviceId = randomUUID();
    let seq = 0;
    const start = Date.UTC(2027, 4, 10, 22, 0, 0);
    return (kind: PitchEventKind, undoes?: string): PitchEvent => {
      seq++;
      return {
        id: randomUUID(),
        gameId,
        pitcherId,
        bookTeamId,
        deviceId,
        seq,
        at: new Date(start + seq * 1000).toISOString(),
        kind,
        ...(undoes ? { undoes } : {}),
      };
    };
  }

  const submit = async (cookie: string, events: PitchEvent[]) =>
    dataOf<Submitted>(await gql(t.app, SUBMIT, { i: { events } }, cookie), 'submitPitchEvents');

  const officialOuting = async (gameId: string) =>
    (
      await t.db
        .select()
        .from(pitchOutings)
        .where(
          and(eq(pitchOutings.gameId, gameId), eq(pitchOutings.playerId, w.ace.id), isNull(pitchOutings.deletedAt)),
        )
    )[0];

  beforeAll(async () => {
    t = await bootTestApp(kind);
    w = await buildWorld();
  });
  afterAll(() => t.close());

  it('lists both teams’ players to either dugout, so the away coach can count the home pitcher; not to a parent', async () => {
    const gameId = await newGame();
    const query = 'query($g: ID!) { gameRoster(gameId: $g) { teamId teamName players { id firstName } } }';
    const roster = dataOf<{ teamId: string; teamName: string; players: { id: string; firstName: string }[] }[]>(
      await gql(t.app, query, { g: gameId }, w.awayCoach.cookie),
      'gameRoster',
    );
    expect(roster.map((r) => [r.teamName, r.players.map((p) => p.firstName)])).toEqual([
      ['Tigers', ['Ace']],
      ['Cubs', []],
    ]);
    const refused = await gql(t.app, query, { g: gameId }, w.parent.cookie);
    expect(refused.code).toBe('FORBIDDEN');
  });

  it('derives the outing from the home dugout’s taps; a replay changes nothing; a reused id is refused', async () => {
    const gameId = await newGame();
    const tap = device(gameId, w.tigers.id);
    const first = [tap('new_batter'), tap('ball'), tap('strike'), tap('in_play'), tap('new_batter'), tap('foul')];
    const answer = await submit(w.homeCoach.cookie, first);
    expect(answer.results.map((r) => r.status)).toEqual(first.map(() => 'accepted'));
    expect(answer.counts).toEqual([
      expect.objectContaining({ official: true, pitches: 4, pitchesBeforeLastBatter: 3 }),
    ]);
    expect(await officialOuting(gameId)).toMatchObject({ pitches: 4, pitchesBeforeLastBatter: 3, teamId: w.tigers.id });

    // The same batch again (an answer lost on the way back): nothing is added.
    const again = await submit(w.homeCoach.cookie, first);
    expect(again.results.map((r) => r.status)).toEqual(first.map(() => 'duplicate'));
    expect((await officialOuting(gameId))?.pitches).toBe(4);
    // An undo of the last tap, and a reused id with another tap.
    const undo = tap('undo', (first.at(-1) as PitchEvent).id);
    const reused = { ...(first[1] as PitchEvent), kind: 'strike' as const };
    const mixed = await submit(w.homeCoach.cookie, [undo, reused]);
    expect(mixed.results).toEqual([
      { id: undo.id, status: 'accepted', message: null },
      { id: reused.id, status: 'refused', message: 'This event id was already used for another tap' },
    ]);
    expect((await officialOuting(gameId))?.pitches).toBe(3);
    expect(await t.db.select().from(pitchEvents).where(eq(pitchEvents.gameId, gameId))).toHaveLength(7);
  });

  it('counts a batch by adding it to where the book stood; a late tap or an undo counts the book whole', async () => {
    const gameId = await newGame();
    const tap = device(gameId, w.tigers.id);
    const book = and(eq(pitchBooks.gameId, gameId), eq(pitchBooks.pitcherId, w.ace.id));
    const kept = async () => (await t.db.select().from(pitchBooks).where(book))[0]?.state;
    const first = [tap('ball'), tap('strike')];
    await submit(w.homeCoach.cookie, first);
    expect((await kept())?.tally).toMatchObject({ pitches: 2, batters: 1 });
    // Where the book stands is what the next batch adds to: a state set aside shows the book was not read again.
    const marked = { ...(await kept()), tally: { ...(await kept())?.tally, pitches: 40 } };
    await t.db
      .update(pitchBooks)
      .set({ state: marked as never })
      .where(book);
    const late = tap('foul');
    const next = await submit(w.homeCoach.cookie, [tap('ball'), tap('in_play')]);
    expect(next.counts[0]).toMatchObject({ pitches: 42 });
    // A tap from before the last one counted (a phone that was offline) counts the whole book: the true 5.
    const afterLate = await submit(w.homeCoach.cookie, [late]);
    expect(afterLate.counts[0]).toMatchObject({ pitches: 5, batters: 1 });
    expect(await officialOuting(gameId)).toMatchObject({ pitches: 5 });
    const undo = await submit(w.homeCoach.cookie, [tap('undo', late.id)]);
    expect(undo.counts[0]).toMatchObject({ pitches: 4 });
    expect((await kept())?.tally).toMatchObject({ pitches: 4 });
    // A "New batter" leaves the count as it was: the outing is not written again (nor its pitcher judged again).
    const written = (await officialOuting(gameId))?.updatedAt;
    t.clock.advance(60_000);
    await submit(w.homeCoach.cookie, [tap('new_batter')]);
    expect((await officialOuting(gameId))?.updatedAt).toEqual(written);
  });

  it('counts batches sent into one book at once, and the same batch twice at once, as counting the book whole', async () => {
    const gameId = await newGame();
    const tap = device(gameId, w.tigers.id);
    const batches = Array.from({ length: 8 }, () => [tap('ball'), tap('strike'), tap('foul')]);
    // On PostgreSQL these transactions overlap: each waits for the game's lock and adds to what the one before kept.
    await Promise.all([...batches, batches[3] as PitchEvent[]].map((batch) => submit(w.homeCoach.cookie, batch)));
    const [book] = await t.db.select().from(pitchBooks).where(eq(pitchBooks.gameId, gameId));
    const stored = await t.db.select().from(pitchEvents).where(eq(pitchEvents.gameId, gameId));
    expect(stored).toHaveLength(24);
    expect(book?.state).toEqual(
      bookStateOf(
        stored.map((r) => ({ ...r, at: r.at.toISOString() }) as PitchEvent),
        4,
      ),
    );
    expect(await officialOuting(gameId)).toMatchObject({ pitches: 24 });
  });

  it('keeps both dugouts’ counts side by side; only the pitcher’s own team’s book writes the outing', async () => {
    const gameId = await newGame();
    const home = device(gameId, w.tigers.id);
    const away = device(gameId, w.cubs.id);
    await submit(w.homeCoach.cookie, [home('new_batter'), home('ball'), home('ball'), home('strike')]);
    // The visitors' book missed a pitch.
    await submit(w.awayCoach.cookie, [away('new_batter'), away('ball'), away('strike')]);
    const counts = dataOf<{ bookTeamName: string; official: boolean; pitches: number }[]>(
      await gql(t.app, COUNTS, { g: gameId }, w.homeCoach.cookie),
      'gameCounts',
    );
    expect(counts.map(({ bookTeamName, official, pitches }) => ({ bookTeamName, official, pitches }))).toEqual([
      { bookTeamName: 'Cubs', official: false, pitches: 2 },
      { bookTeamName: 'Tigers', official: true, pitches: 3 },
    ]);
    expect((await officialOuting(gameId))?.pitches).toBe(3);
    // A coach may not count in the other dugout's book: the tap is refused, with the reason, and not stored.
    const forged = home('strike');
    const refused = await submit(w.awayCoach.cookie, [{ ...forged, bookTeamId: w.tigers.id }]);
    expect(refused.results[0]).toMatchObject({ status: 'refused', message: 'You are not allowed to do that.' });
    expect(await t.db.select().from(pitchEvents).where(eq(pitchEvents.id, forged.id))).toEqual([]);
    // It is kept in the coach's list of refused taps, naming the game they may read.
    const listed = dataOf<{ eventId: string; description: string }[]>(
      await gql(t.app, '{ listRefusedPitchEvents { eventId description } }', {}, w.awayCoach.cookie),
      'listRefusedPitchEvents',
    );
    expect(listed.find((r) => r.eventId === forged.id)?.description).toMatch(
      /^2027-05-10 Tigers vs Cubs: Ace Player\w+, strike$/,
    );
    // A pitcher not of the game (here another organization's child) is not named: a tap must not look names up.
    const elsewhere = await buildOrganization(t.db);
    const stranger = await buildPlayer(t.db, elsewhere.organization.id, { firstName: 'Secret', lastName: 'Child' });
    const stray = { ...home('ball'), pitcherId: stranger.id };
    expect((await submit(w.homeCoach.cookie, [stray])).results[0]?.status).toBe('refused');
    const strays = dataOf<{ eventId: string; description: string }[]>(
      await gql(t.app, '{ listRefusedPitchEvents { eventId description } }', {}, w.homeCoach.cookie),
      'listRefusedPitchEvents',
    );
    expect(strays.find((r) => r.eventId === stray.id)?.description).toBe('2027-05-10 Tigers vs Cubs: a pitcher, ball');
  });

  it('refuses, and lists, the taps of a coach who lost the team; bad input is refused whole', async () => {
    const gameId = await newGame();
    const substitute = await buildUser(t.db);
    await t.db.insert(teamCoaches).values({ teamId: w.tigers.id, userId: substitute.id });
    const cookie = (await signIn(t.app, substitute.email, substitute.password)).cookie;
    // They counted for the team (an earlier game), then lost it: their refused taps of its games go to its league.
    const earlier = device(await newGame(), w.tigers.id)('new_batter');
    expect((await submit(cookie, [earlier])).results[0]?.status).toBe('accepted');
    await t.db.delete(teamCoaches).where(eq(teamCoaches.userId, substitute.id));
    const tap = device(gameId, w.tigers.id);
    const lost = tap('ball');
    // Without the team the user is no coach at all: each tap is refused, and kept where they and the admins see it.
    const res = await submit(cookie, [lost]);
    expect(res.results).toEqual([{ id: lost.id, status: 'refused', message: 'You are not allowed to do that.' }]);
    expect((await submit(cookie, [lost])).results[0]?.status).toBe('refused');
    const LIST =
      '{ listRefusedPitchEvents { id eventId gameId description descriptionSaid { id values } reason userName mine } }';
    type Refused = { id: string; eventId: string; description: string; reason: string; mine: boolean }[];
    const theirs = dataOf<Refused>(await gql(t.app, LIST, {}, cookie), 'listRefusedPitchEvents');
    // Kept once, though sent twice; the game is not named to someone who may no longer open it.
    expect(theirs).toEqual([
      expect.objectContaining({
        eventId: lost.id,
        gameId,
        reason: 'You are not allowed to do that.',
        description: 'A game you can no longer open: a pitcher, ball',
        // The same by id, for the reader's language.
        descriptionSaid: { id: 'shell.refusedTaps.tapInClosedGame', values: { kind: 'ball' } },
        mine: true,
      }),
    ]);
    const admin = await buildUser(t.db);
    await t.db.insert(leagueAdmins).values({ leagueId: w.league.id, userId: admin.id });
    const adminCookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    const seen = dataOf<Refused>(await gql(t.app, LIST, {}, adminCookie), 'listRefusedPitchEvents');
    expect(seen.find((r) => r.eventId === lost.id)).toMatchObject({ mine: false });
    // Someone else (the other dugout's coach) sees none of it, and cannot dismiss it.
    const other = dataOf<Refused>(await gql(t.app, LIST, {}, w.awayCoach.cookie), 'listRefusedPitchEvents');
    expect(other.find((r) => r.eventId === lost.id)).toBeUndefined();
    const DISMISS = 'mutation($id: ID!) { dismissRefusedPitchEvent(id: $id) { id } }';
    const id = theirs[0]?.id;
    expect((await gql(t.app, DISMISS, { id }, w.awayCoach.cookie)).code).toBe('NOT_FOUND');
    expect((await gql(t.app, DISMISS, { id }, adminCookie)).errors).toBeUndefined();
    expect(dataOf<Refused>(await gql(t.app, LIST, {}, cookie), 'listRefusedPitchEvents')).toEqual([]);
    const bad = await gql(t.app, SUBMIT, { i: { events: [{ ...tap('ball'), at: 'later' }] } }, w.homeCoach.cookie);
    expect(bad.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toBe('An event carries the time of the tap (ISO 8601)');
    expect(await t.db.select().from(pitchEvents).where(eq(pitchEvents.gameId, gameId))).toEqual([]);
    const del = await gql(
      t.app,
      'mutation($i: DeleteGameInput!) { deleteGame(input: $i) { id } }',
      { i: { id: gameId } },
      w.homeCoach.cookie,
    );
    expect(del.errors).toBeUndefined();
  });

  it('refuses taps for a game withdrawn while they were on their way: withdrawn is read in their transaction', async () => {
    const actor = (
      await t.services.sessions.resolve(
        decodeURIComponent(w.homeCoach.cookie.split('=')[1] as string).split('.')[0] as string,
      )
    ).actor as Actor;
    const gameId = await newGame();
    // The game as the taps' read found it before their transaction: still on. An admin withdraws it meanwhile.
    const before = await t.services.games.loadReadable(actor, gameId);
    await t.db
      .update(games)
      .set({ withdrawnAt: new Date(), withdrawnReason: 'Rained out' })
      .where(eq(games.id, gameId));
    const service = createPitchEventsService({
      db: t.db,
      clock: t.clock,
      events: createEvents(),
      games: { ...t.services.games, loadReadable: async () => before },
    });
    const tap = device(gameId, w.tigers.id);
    const answer = await service.submit(actor, { events: [tap('ball'), tap('strike')] });
    expect(answer.results.map((r) => r.status)).toEqual(['refused', 'refused']);
    expect(answer.results[0]?.message).toMatch(/Rained out/);
    expect(await t.db.select().from(pitchEvents).where(eq(pitchEvents.gameId, gameId))).toEqual([]);
  });

  it('server totals equal the model under random retries, losses and reorders (property)', async () => {
    const actor = (
      await t.services.sessions.resolve(
        decodeURIComponent(w.homeCoach.cookie.split('=')[1] as string).split('.')[0] as string,
      )
    ).actor as Actor;
    const kinds = fc.constantFrom<PitchEventKind | 'undo-last'>(
      'ball',
      'strike',
      'foul',
      'in_play',
      'new_batter',
      'undo-last',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(kinds, { minLength: 1, maxLength: 40 }),
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 6 }), lost: fc.boolean(), again: fc.boolean() }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.nat(), { maxLength: 30 }),
        async (script, deliveries, order) => {
          const gameId = await newGame();
          const tap = device(gameId, w.tigers.id);
          const made: PitchEvent[] = [];
          const live: string[] = [];
          let pitches = 0;
          const marks: PitchEventKind[] = [];
          for (const step of script) {
            if (step === 'undo-last') {
              const target = live.pop();
              if (!target) continue;
              made.push(tap('undo', target));
              marks.pop();
            } else {
              const e = tap(step);
              made.push(e);
              live.push(e.id);
              marks.push(step);
            }
          }
          pitches = marks.filter((m) => m !== 'new_batter').length;
          // The device sends batches in order; some answers are lost (it sends them again), some
          // batches arrive twice, and the network may deliver them in any order.
          const batches: PitchEvent[][] = [];
          let at = 0;
          for (const d of deliveries) {
            if (at >= made.length) break;
            const batch = made.slice(at, at + d.size);
            batches.push(batch);
            if (d.again) batches.push(batch);
            if (!d.lost) at += d.size;
          }
          if (at < made.length) batches.push(made.slice(at));
          const shuffled = batches
            .map((batch, i) => ({ batch, key: order[i] ?? i }))
            .sort((a, b) => a.key - b.key)
            .map((x) => x.batch);
          for (const batch of shuffled) await t.services.pitchEvents.submit(actor, { events: batch });
          const outing = await officialOuting(gameId);
          expect(outing?.pitches ?? 0).toBe(pitches);
        },
      ),
      { numRuns: kind === 'embedded' ? 15 : 8 },
    );
  }, 120_000);

  it('sends a game’s counts live to who may read it: the pitcher’s parent, not a parent of a team not playing', async () => {
    const gameId = await newGame();
    const { subscribe, parse } = await import('graphql');
    const { schema } = await import('../graphql/schema.ts');
    const { createContext } = await import('../graphql/context.ts');
    const { loadSecret } = await import('../secret.ts');
    const secret = await loadSecret(t.db, undefined);
    const listen = async (cookie: string) =>
      subscribe({
        schema,
        document: parse('subscription($g: ID!) { onGameCount(gameId: $g) { pitches official } }'),
        variableValues: { g: gameId },
        contextValue: createContext(t.services, secret, { cookie }),
      });
    const stream = (await listen(w.parent.cookie)) as AsyncGenerator<{ data?: { onGameCount: { pitches: number } } }>;
    const next = stream.next();
    const tap = device(gameId, w.tigers.id);
    await submit(w.homeCoach.cookie, [tap('new_batter'), tap('strike')]);
    const heard = await Promise.race([next, new Promise((r) => setTimeout(() => r(null), 3000))]);
    expect((heard as IteratorResult<{ data?: { onGameCount: { pitches: number } } }>).value.data?.onGameCount).toEqual({
      pitches: 1,
      official: true,
    });
    await stream.return(undefined);
    // A Bears parent reads neither team of this game.
    const refused = (await listen(w.otherParent.cookie)) as { errors?: { message: string }[] };
    expect('errors' in refused && refused.errors?.[0]?.message).toBe('Game not found');
  });
});
