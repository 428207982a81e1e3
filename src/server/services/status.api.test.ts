import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { PitchEvent, PitchEventKind } from '../../core/pitch-events.ts';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { games, leagues, organizations } from '../db/schema.ts';
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

/**
 * My Child's Status follows a game while the child pitches: `liveGames` names the team's
 * games today, `gameCounts` and `onGameCount` give the live count to the child's parent only.
 */

// 11:00 UTC on May 10 is already May 11 on Kiritimati (UTC+14): "today" must be the organization's.
const NOW = new Date('2027-05-10T11:00:00Z');
const TODAY = '2027-05-11';

const LIVE_GAMES = `query($p: ID, $t: ID) { pitcherStatus(playerId: $p, teamId: $t) {
  pitchers { playerId liveGames { id date startTime teamId opponent state } } } }`;
const COUNTS = 'query($g: ID!) { gameCounts(gameId: $g) { pitcherId official pitches intentionalWalks } }';
const ON_COUNT = 'subscription($g: ID!) { onGameCount(gameId: $g) { pitcherId official pitches intentionalWalks } }';
const SUBMIT = `mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status message } } }`;

interface LiveGame {
  id: string;
  date: string;
  startTime: string | null;
  teamId: string;
  opponent: string;
  state: string;
}

interface Result {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

describe.each(databaseKinds())('a parent follows the live count on the %s database', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildWorld>>;
  let url: string;
  const clients: Client[] = [];

  async function buildWorld() {
    const presets = await ensurePresetRules(t.db);
    const coach = await buildUser(t.db);
    const parent = await buildUser(t.db);
    const otherParent = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db);
    await t.db
      .update(organizations)
      .set({ timeZone: 'Pacific/Kiritimati' })
      .where(eq(organizations.id, organization.id));
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const cubs = await buildTeam(t.db, league, season.id, { name: 'Cubs' });
    const bears = await buildTeam(t.db, league, season.id, { name: 'Bears' });
    const ace = await buildPlayer(t.db, organization.id, {
      firstName: 'Ace',
      teamIds: [tigers.id],
      guardianIds: [parent.id],
    });
    const mate = await buildPlayer(t.db, organization.id, { firstName: 'Mo', teamIds: [tigers.id] });
    const bo = await buildPlayer(t.db, organization.id, {
      firstName: 'Bo',
      teamIds: [bears.id],
      guardianIds: [otherParent.id],
    });
    const cookieOf = async (u: { email: string; password: string }) =>
      (await signIn(t.app, u.email, u.password)).cookie;
    return {
      tigers,
      cubs,
      bears,
      ace,
      mate,
      bo,
      coach: await cookieOf(coach),
      parent: await cookieOf(parent),
      otherParent: await cookieOf(otherParent),
    };
  }

  async function createGame(input: Record<string, unknown>) {
    const res = await gql(
      t.app,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: input },
      w.coach,
    );
    return dataOf<{ id: string }>(res, 'createGame').id;
  }

  const liveGamesOf = async (cookie: string, variables: { p?: string; t?: string }) => {
    const res = await gql(t.app, LIVE_GAMES, variables, cookie);
    return dataOf<{ pitchers: { playerId: string; liveGames: LiveGame[] }[] }>(res, 'pitcherStatus').pitchers;
  };

  function connect(cookie: string) {
    const client = createClient({
      url,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols: string[]) {
          super(address, protocols, { headers: { cookie } });
        }
      },
      retryAttempts: 0,
      lazy: false,
    });
    clients.push(client);
    return client;
  }

  /** A subscription's results as a queue: `next()` waits for the next one (null after `ms`). */
  function listen(client: Client, query: string, variables: Record<string, unknown>) {
    const received: Result[] = [];
    const waiting: ((r: Result) => void)[] = [];
    const push = (r: Result) => {
      const next = waiting.shift();
      if (next) next(r);
      else received.push(r);
    };
    const stop = client.subscribe(
      { query, variables },
      {
        next: (value) => push(value as Result),
        error: (error) => push({ errors: [{ message: String((error as Error).message ?? error) }] }),
        complete: () => undefined,
      },
    );
    return {
      stop,
      next(ms = 3000): Promise<Result | null> {
        const ready = received.shift();
        if (ready) return Promise.resolve(ready);
        return new Promise((resolve) => {
          const timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(done), 1);
            resolve(null);
          }, ms);
          const done = (r: Result) => {
            clearTimeout(timer);
            resolve(r);
          };
          waiting.push(done);
        });
      },
    };
  }

  /** The Tigers dugout's taps for Ace. */
  function tigersDevice(gameId: string) {
    const deviceId = randomUUID();
    let seq = 0;
    return (kind: PitchEventKind): PitchEvent => {
      seq++;
      return {
        id: randomUUID(),
        gameId,
        pitcherId: w.ace.id,
        bookTeamId: w.tigers.id,
        deviceId,
        seq,
        at: new Date(NOW.getTime() + seq * 1000).toISOString(),
        kind,
      };
    };
  }

  beforeAll(async () => {
    t = await bootTestApp(kind);
    vi.setSystemTime(NOW);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/graphql`;
    w = await buildWorld();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await t.close();
  });

  it("lists the child's team's games today that are not over, to the parent and the coach alike", async () => {
    const evening = await createGame({
      date: TODAY,
      startTime: '18:00',
      homeTeamId: w.cubs.id,
      awayTeamId: w.tigers.id,
    });
    const morning = await createGame({
      date: TODAY,
      startTime: '10:00',
      homeTeamId: w.tigers.id,
      opponentName: 'Travel Stars',
      state: 'in_progress',
    });
    // Over, another day (UTC's today and tomorrow), and another team's game: none of them.
    await createGame({
      date: TODAY,
      startTime: '08:00',
      homeTeamId: w.tigers.id,
      awayTeamId: w.bears.id,
      state: 'final',
    });
    await createGame({ date: '2027-05-10', homeTeamId: w.tigers.id, awayTeamId: w.cubs.id });
    await createGame({ date: '2027-05-12', homeTeamId: w.tigers.id, awayTeamId: w.cubs.id });
    const [bearsGame] = await t.db
      .insert(games)
      .values({
        organizationId: w.bears.organizationId,
        leagueId: w.bears.leagueId,
        seasonId: w.bears.seasonId,
        date: TODAY,
        homeTeamId: w.bears.id,
        awayTeamId: w.cubs.id,
      })
      .returning();

    const expected = [
      {
        id: morning,
        date: TODAY,
        startTime: '10:00',
        teamId: w.tigers.id,
        opponent: 'Travel Stars',
        state: 'in_progress',
      },
      { id: evening, date: TODAY, startTime: '18:00', teamId: w.tigers.id, opponent: 'Cubs', state: 'scheduled' },
    ];
    expect(await liveGamesOf(w.parent, { p: w.ace.id })).toEqual([{ playerId: w.ace.id, liveGames: expected }]);
    // The coach's team report: the same games for every pitcher.
    const team = await liveGamesOf(w.coach, { t: w.tigers.id });
    expect(team.map((p) => p.liveGames)).toEqual([expected, expected]);
    // Another child's parent: their own child's team's game, and Ace is not theirs.
    const bo = await liveGamesOf(w.otherParent, { p: w.bo.id });
    expect(bo[0]?.liveGames.map((g) => [g.id, g.teamId, g.opponent])).toEqual([[bearsGame?.id, w.bears.id, 'Cubs']]);
    expect((await gql(t.app, LIVE_GAMES, { p: w.ace.id }, w.otherParent)).code).toBe('NOT_FOUND');
  });

  it("gives the parent the game's live count as the coach taps it, and no one else's parent", async () => {
    const gameId = await createGame({
      date: TODAY,
      startTime: '12:00',
      homeTeamId: w.tigers.id,
      awayTeamId: w.cubs.id,
    });
    const listed = (await liveGamesOf(w.parent, { p: w.ace.id }))[0]?.liveGames ?? [];
    expect(listed.map((g) => g.id)).toContain(gameId);

    const sub = listen(connect(w.parent), ON_COUNT, { g: gameId });
    const tap = tigersDevice(gameId);
    const submit = async (...kinds: PitchEventKind[]) => {
      const res = await gql(t.app, SUBMIT, { i: { events: kinds.map(tap) } }, w.coach);
      const answer = dataOf<{ results: { status: string }[] }>(res, 'submitPitchEvents');
      expect(answer.results.map((r) => r.status)).toEqual(kinds.map(() => 'accepted'));
    };
    // The server starts the subscription with no acknowledgement: tap until the first count arrives.
    let first: Result | null = null;
    for (let attempt = 0; attempt < 30 && !first; attempt++) {
      await submit(attempt === 0 ? 'new_batter' : 'ball');
      first = await sub.next(200);
    }
    expect(first?.errors).toBeUndefined();
    const heard = first?.data?.onGameCount as { pitcherId: string; official: boolean; pitches: number };
    expect(heard).toMatchObject({ pitcherId: w.ace.id, official: true });
    const before = heard.pitches;
    await submit('strike', 'intentional_walk');
    const after = (await sub.next())?.data?.onGameCount;
    expect(after).toEqual({ pitcherId: w.ace.id, official: true, pitches: before + 1, intentionalWalks: 1 });
    sub.stop();

    // The parent reads the count; a parent of a child on neither team does not, by query or subscription.
    const counts = dataOf<unknown[]>(await gql(t.app, COUNTS, { g: gameId }, w.parent), 'gameCounts');
    expect(counts).toEqual([after]);
    const refused = await gql(t.app, COUNTS, { g: gameId }, w.otherParent);
    expect(refused.code).toBe('NOT_FOUND');
    const foreign = listen(connect(w.otherParent), ON_COUNT, { g: gameId });
    const answer = await foreign.next();
    expect(answer?.data ?? null).toBeNull();
    expect(answer?.errors?.[0]?.message).toBe('Game not found');
  });
});
