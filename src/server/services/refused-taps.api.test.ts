import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PitchEvent, PitchEventKind } from '../../core/pitch-events.ts';
import { refusedPitchEvents, teamCoaches } from '../db/schema.ts';
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
import { REFUSED_KEPT_PER_PLACE } from './pitch-events.service.ts';

/**
 * Refused taps stay with their sender (docs/decisions/0029-refused-taps-stay-with-their-sender.md):
 * a caller who may not count a game writes nothing into its organization's list, and no sender's
 * volume pushes another's refused taps out of the admins' view.
 */

const SUBMIT = `mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { id status message } } }`;
const LIST = '{ listRefusedPitchEvents { id eventId gameId description reason userName mine moreRefused } }';

interface Listed {
  id: string;
  eventId: string;
  gameId: string | null;
  description: string;
  reason: string;
  userName: string;
  mine: boolean;
  moreRefused: number;
}

describe.each(databaseKinds())('refused taps on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;

  async function member(name: string) {
    const user = await buildUser(t.db, { givenName: name, familyName: 'Tester' });
    return { ...user, cookie: (await signIn(t.app, user.email, user.password)).cookie };
  }

  /** A coach of organization B's own team, who may count B's games and no other. */
  async function coachOfB() {
    const coach = await buildUser(t.db, { givenName: 'Bea', familyName: 'Outsider' });
    await t.db.insert(teamCoaches).values({ teamId: w.bees.id, userId: coach.id });
    return { ...coach, cookie: (await signIn(t.app, coach.email, coach.password)).cookie };
  }

  async function buildWorld() {
    const homeCoach = await buildUser(t.db, { givenName: 'Hal', familyName: 'Home' });
    const awayCoach = await buildUser(t.db, { givenName: 'Ava', familyName: 'Away' });
    const admin = await buildUser(t.db, { givenName: 'Ada', familyName: 'Admin' });
    const substitute = await buildUser(t.db, { givenName: 'Sub', familyName: 'Stitute' });
    const parentCoach = await buildUser(t.db, { givenName: 'Pat', familyName: 'Parent' });
    const a = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    const season = await buildSeason(t.db, a.organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, a.league, season.id, {
      name: 'Secret Tigers',
      coachIds: [homeCoach.id, substitute.id],
    });
    const cubs = await buildTeam(t.db, a.league, season.id, { name: 'Secret Cubs', coachIds: [awayCoach.id] });
    const ace = await buildPlayer(t.db, a.organization.id, {
      firstName: 'Secretace',
      lastName: 'Childname',
      teamIds: [tigers.id],
      guardianIds: [parentCoach.id],
    });
    const b = await buildOrganization(t.db);
    const bSeason = await buildSeason(t.db, b.organization.id);
    const bees = await buildTeam(t.db, b.league, bSeason.id, { name: 'Bees', coachIds: [parentCoach.id] });
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    const home = { ...homeCoach, cookie: await cookieOf(homeCoach) };
    const game = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: '2027-05-10', homeTeamId: tigers.id, awayTeamId: cubs.id } },
        home.cookie,
      ),
      'createGame',
    ).id;
    return {
      a,
      b,
      tigers,
      cubs,
      bees,
      ace,
      game,
      homeCoach: home,
      awayCoach: { ...awayCoach, cookie: await cookieOf(awayCoach) },
      admin: { ...admin, cookie: await cookieOf(admin) },
      substitute: { ...substitute, cookie: await cookieOf(substitute) },
      parentCoach: { ...parentCoach, cookie: await cookieOf(parentCoach) },
      /** The league's own refused tap: the substitute's, after losing the team while counting. */
      ownTap: '',
    };
  }

  function device(gameId: string, bookTeamId: string, pitcherId: string) {
    const deviceId = randomUUID();
    let seq = 0;
    const start = Date.UTC(2027, 4, 10, 22, 0, 0);
    return (kind: PitchEventKind = 'ball'): PitchEvent => {
      seq++;
      return {
        id: randomUUID(),
        gameId,
        pitcherId,
        bookTeamId,
        deviceId,
        seq,
        at: new Date(start + seq).toISOString(),
        kind,
      };
    };
  }
  const taps = (n: number, make: () => PitchEvent) => Array.from({ length: n }, () => make());

  async function submit(cookie: string, events: PitchEvent[]) {
    const res = await gql(t.app, SUBMIT, { i: { events } }, cookie);
    return dataOf<{ results: { id: string; status: string; message: string | null }[] }>(res, 'submitPitchEvents')
      .results;
  }
  const list = async (cookie: string) => dataOf<Listed[]>(await gql(t.app, LIST, {}, cookie), 'listRefusedPitchEvents');

  /** Rows of organization A's list, counted in the database: its organization, its league or its game. */
  async function rowsOfA() {
    const [row] = await t.db
      .select({ n: count() })
      .from(refusedPitchEvents)
      .where(
        or(
          eq(refusedPitchEvents.organizationId, w.a.organization.id),
          eq(refusedPitchEvents.leagueId, w.a.league.id),
          eq(refusedPitchEvents.gameId, w.game),
        ),
      );
    return row?.n ?? 0;
  }
  /** A user's rows not yet dismissed, and the further refusals counted on them. */
  async function keptOf(userId: string) {
    const [row] = await t.db
      .select({ kept: count(), more: sql<number>`coalesce(sum(${refusedPitchEvents.moreRefused}), 0)::int` })
      .from(refusedPitchEvents)
      .where(and(eq(refusedPitchEvents.userId, userId), isNull(refusedPitchEvents.dismissedAt)));
    return { kept: row?.kept ?? 0, more: row?.more ?? 0 };
  }
  const adminSeesOwnTap = async () => (await list(w.admin.cookie)).some((r) => r.eventId === w.ownTap);

  beforeAll(async () => {
    t = await bootTestApp(kind);
    w = await buildWorld();
    // The substitute counts, loses the team, and their next tap is refused: the league's own refused tap.
    const tap = device(w.game, w.tigers.id, w.ace.id);
    expect((await submit(w.substitute.cookie, [tap()]))[0]?.status).toBe('accepted');
    await t.db.delete(teamCoaches).where(eq(teamCoaches.userId, w.substitute.id));
    const lost = tap();
    expect((await submit(w.substitute.cookie, [lost]))[0]).toMatchObject({ status: 'refused' });
    w.ownTap = lost.id;
  });
  afterAll(() => t.close());

  it('keeps another organization’s coach’s taps on A’s game only for that coach, naming nothing of A', async () => {
    const outsider = await coachOfB();
    // Only the league's own refused tap so far: the substitute's, named to its admins as someone else's.
    const before = await rowsOfA();
    expect(before).toBe(1);
    expect((await list(w.admin.cookie)).find((r) => r.eventId === w.ownTap)).toMatchObject({
      gameId: w.game,
      mine: false,
      userName: 'Sub Stitute',
    });
    const intoA = device(w.game, w.tigers.id, w.ace.id);
    const sent = [intoA(), intoA('strike'), { ...intoA(), bookTeamId: w.bees.id }];
    const nowhere = device(randomUUID(), w.bees.id, randomUUID())();
    const results = await submit(outsider.cookie, [...sent, nowhere]);
    expect(results.map((r) => r.status)).toEqual(['refused', 'refused', 'refused', 'refused']);
    // The answer for A's game is the one for a game that does not exist.
    expect(new Set(results.map((r) => r.message))).toEqual(new Set([results[3]?.message]));

    // Nothing was written in A: counted in the database, not only through the API.
    expect(await rowsOfA()).toBe(before);
    const rows = await t.db.select().from(refusedPitchEvents).where(eq(refusedPitchEvents.userId, outsider.id));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatchObject({ organizationId: null, leagueId: null, gameId: null });
      expect(row.description).not.toMatch(/Secret|Childname/);
    }
    // A's admin sees A's own refused tap, and none of the outsider's.
    const adminView = await list(w.admin.cookie);
    expect(adminView.some((r) => r.eventId === w.ownTap)).toBe(true);
    expect(adminView.filter((r) => rows.some((row) => row.eventId === r.eventId))).toEqual([]);

    // The outsider sees every tap they sent, each described as the one for a made-up game.
    const theirs = await list(outsider.cookie);
    expect(theirs.map((r) => r.eventId).sort()).toEqual([...sent, nowhere].map((e) => e.id).sort());
    const shown = (r: Listed) => ({ gameId: r.gameId, description: r.description, reason: r.reason, mine: r.mine });
    const made = shown(theirs.find((r) => r.eventId === nowhere.id) as Listed);
    const ofA = shown(theirs.find((r) => r.eventId === sent[0]?.id) as Listed);
    expect(ofA).toEqual(made);
    expect(ofA).toEqual({
      gameId: null,
      description: 'A game you cannot count: a pitcher, ball',
      reason: made.reason,
      mine: true,
    });
  });

  it('keeps a parent’s taps on their child’s game only for them: they may read it, not count it', async () => {
    const before = await rowsOfA();
    const tap = device(w.game, w.tigers.id, w.ace.id)();
    expect(await submit(w.parentCoach.cookie, [tap])).toEqual([
      { id: tap.id, status: 'refused', message: 'You are not allowed to do that.' },
    ]);
    expect(await rowsOfA()).toBe(before);
    expect((await list(w.parentCoach.cookie)).find((r) => r.eventId === tap.id)).toMatchObject({
      gameId: null,
      description: 'A game you cannot count: a pitcher, ball',
      mine: true,
    });
  });

  it('keeps the league’s own refused tap in its admins’ view after 500 taps of an outsider and 500 of an insider', async () => {
    const outsider = await coachOfB();
    const intoA = device(w.game, w.tigers.id, w.ace.id);
    const fromOutside = await submit(outsider.cookie, taps(500, intoA));
    expect(fromOutside.every((r) => r.status === 'refused')).toBe(true);
    expect(await adminSeesOwnTap()).toBe(true);

    // The other dugout's coach may count this game, not in the home book: refused, and kept for the league.
    const insider = await member('Ivy');
    await t.db.insert(teamCoaches).values({ teamId: w.cubs.id, userId: insider.id });
    const intoHomeBook = device(w.game, w.tigers.id, w.ace.id);
    const fromInside = await submit(insider.cookie, taps(500, intoHomeBook));
    expect(fromInside.every((r) => r.message === 'You are not allowed to do that.')).toBe(true);
    const adminView = await list(w.admin.cookie);
    expect(adminView.some((r) => r.eventId === w.ownTap)).toBe(true);
    expect(adminView.filter((r) => r.userName === 'Ivy Tester').length).toBeGreaterThan(0);
  });

  it(`keeps at most ${REFUSED_KEPT_PER_PLACE} of a user’s refused taps in each place, and counts the rest; a retry is kept once`, async () => {
    const outsider = await coachOfB();
    const intoA = device(w.game, w.tigers.id, w.ace.id);
    const first = taps(REFUSED_KEPT_PER_PLACE, intoA);
    await submit(outsider.cookie, first);
    // A retried batch is kept once, and not counted again.
    await submit(outsider.cookie, first.slice(0, 50));
    expect(await keptOf(outsider.id)).toEqual({ kept: REFUSED_KEPT_PER_PLACE, more: 0 });
    const more = await submit(outsider.cookie, taps(120, intoA));
    // The device still hears of each one.
    expect(more.map((r) => r.status)).toEqual(Array(120).fill('refused'));
    expect(await keptOf(outsider.id)).toEqual({ kept: REFUSED_KEPT_PER_PLACE, more: 120 });
    // The sender sees the count on their newest kept tap.
    const theirs = await list(outsider.cookie);
    expect(theirs.reduce((sum, r) => sum + r.moreRefused, 0)).toBe(120);
    expect(theirs[0]?.moreRefused).toBe(120);

    // Once one is dismissed there is room for one more.
    const DISMISS = 'mutation($id: ID!) { dismissRefusedPitchEvent(id: $id) { id } }';
    expect((await gql(t.app, DISMISS, { id: theirs.at(-1)?.id }, outsider.cookie)).errors).toBeUndefined();
    await submit(outsider.cookie, taps(2, intoA));
    expect(await keptOf(outsider.id)).toEqual({ kept: REFUSED_KEPT_PER_PLACE, more: 121 });

    // An insider's refused taps in the league are capped the same way, apart from their own list.
    const insider = await member('Ike');
    await t.db.insert(teamCoaches).values({ teamId: w.cubs.id, userId: insider.id });
    const before = await rowsOfA();
    const intoHomeBook = device(w.game, w.tigers.id, w.ace.id);
    await submit(insider.cookie, taps(REFUSED_KEPT_PER_PLACE, intoHomeBook));
    await submit(insider.cookie, taps(30, intoHomeBook));
    await submit(insider.cookie, taps(10, device(randomUUID(), w.cubs.id, w.ace.id)));
    expect(await rowsOfA()).toBe(before + REFUSED_KEPT_PER_PLACE);
    expect(await keptOf(insider.id)).toEqual({ kept: REFUSED_KEPT_PER_PLACE + 10, more: 30 });
    expect(await adminSeesOwnTap()).toBe(true);
  });

  it('keeps to the cap when one caller submits several batches at once, without an error', async () => {
    const outsider = await coachOfB();
    const intoA = device(w.game, w.tigers.id, w.ace.id);
    const batches = Array.from({ length: 6 }, () => taps(150, intoA));
    const answers = await Promise.all(batches.map((b) => gql(t.app, SUBMIT, { i: { events: b } }, outsider.cookie)));
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(answer.status).toBe(200);
    }
    expect(await keptOf(outsider.id)).toEqual({ kept: REFUSED_KEPT_PER_PLACE, more: 6 * 150 - REFUSED_KEPT_PER_PLACE });
  });
});
