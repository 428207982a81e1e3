import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pitchOutings, violations } from '../db/schema.ts';
import {
  bootTestApp,
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
import {
  buildPitchingWorld,
  CREATE_GAME,
  type Outing,
  type PitchingWorld,
  pitchingCalls,
} from '../testing/pitching.ts';

describe.each(databaseKinds())('games on the %s database', (kind) => {
  let t: TestApp;
  let world: PitchingWorld;
  const { game, outing } = pitchingCalls(() => t);

  beforeAll(async () => {
    t = await bootTestApp(kind);
    world = await buildPitchingWorld(t);
  });
  afterAll(() => t.close());

  it('keeps pitch counts: a game with outings, a team with games and an archived season refuse changes', async () => {
    const w = world;
    const g = await game(w.coach.cookie, { date: '2027-06-21', homeTeamId: w.tigers.id, awayTeamId: w.cubs.id });
    await outing(w.coach.cookie, { gameId: g.id, playerId: w.ben.id, teamId: w.tigers.id, pitches: 10 });
    // Holding pitching, it is withdrawn only by an admin with a reason (decision 0034; the trusted record's own test).
    const DELETE = 'mutation($i: DeleteGameInput!) { deleteGame(input: $i) { id } }';
    const del = await gql(t.app, DELETE, { i: { id: g.id } }, w.admin.cookie);
    expect(del.code).toBe('BAD_USER_INPUT');
    expect(del.errors?.[0]?.message).toMatch(/Give a reason/);
    const byCoach = await gql(t.app, DELETE, { i: { id: g.id, reason: 'Rained out' } }, w.coach.cookie);
    expect(byCoach.code).toBe('CONFLICT');
    expect(byCoach.errors?.[0]?.message).toMatch(/only a league admin can move or withdraw it/);
    const team = await gql(
      t.app,
      'mutation($i: DeleteTeamInput!) { deleteTeam(input: $i) { id } }',
      { i: { id: w.cubs.id } },
      w.admin.cookie,
    );
    expect(team.code).toBe('CONFLICT');
    expect(team.errors?.[0]?.message).toMatch(/Delete its games first/);
    // Moving the game is an admin's correction, and moves its outings: the pitch now counts on the new date.
    const UPDATE = 'mutation($i: UpdateGameInput!) { updateGame(input: $i) { date } }';
    expect((await gql(t.app, UPDATE, { i: { id: g.id, date: '2027-06-22' } }, w.coach.cookie)).code).toBe('CONFLICT');
    expect(
      dataOf<{ date: string }>(
        await gql(t.app, UPDATE, { i: { id: g.id, date: '2027-06-22', reason: 'Wrong day typed' } }, w.admin.cookie),
        'updateGame',
      ),
    ).toEqual({
      date: '2027-06-22',
    });
    const [moved] = await t.db.select().from(pitchOutings).where(eq(pitchOutings.gameId, g.id));
    expect(moved?.date).toBe('2027-06-22');
    const dropTigers = await gql(
      t.app,
      UPDATE,
      { i: { id: g.id, homeTeamId: w.cubs.id, awayTeamId: null, opponentName: 'X', reason: 'Wrong teams' } },
      w.admin.cookie,
    );
    expect(dropTigers.errors?.[0]?.message).toMatch(/Outings were recorded for Tigers/);

    const old = await buildSeason(t.db, w.organization.id, {
      state: 'archived',
      name: 'Fall 2026',
      startDate: '2026-09-01',
      endDate: '2026-11-30',
    });
    const oldTeam = await buildTeam(t.db, w.league, old.id, { name: 'Tigers', coachIds: [w.coach.id] });
    const archived = await gql(
      t.app,
      CREATE_GAME,
      { i: { date: '2026-10-01', homeTeamId: oldTeam.id, opponentName: 'X' } },
      w.coach.cookie,
    );
    expect(archived.code).toBe('CONFLICT');
    expect(archived.errors?.[0]?.message).toMatch(/archived/);
    expect(await t.db.select().from(violations).where(eq(violations.teamId, oldTeam.id))).toEqual([]);
  });

  // The figures for docs/performance.md come from `npm run bench`; this guards against a slide of an order of magnitude.
  it('counts in the games list the outings each reader sees: a parent their child’s, a team’s list its own', async () => {
    const w = world;
    const g = await game(w.admin.cookie, { date: '2027-06-23', homeTeamId: w.tigers.id, awayTeamId: w.cubs.id });
    for (const [playerId, teamId] of [
      [w.ava.id, w.tigers.id],
      [w.ben.id, w.tigers.id],
      [w.cal.id, w.cubs.id],
    ]) {
      expect((await outing(w.admin.cookie, { gameId: g.id, playerId, teamId, pitches: 10 })).errors).toBeUndefined();
    }
    const GAMES = 'query($f: GameFilter) { listGames(filter: $f) { items { id outingCount } } }';
    const countOf = async (cookie: string, teamId?: string) =>
      dataOf<{ items: { id: string; outingCount: number }[] }>(
        await gql(
          t.app,
          GAMES,
          { f: { ...(teamId ? { teamId: { eq: teamId } } : {}), date: { from: '2027-06-23', to: '2027-06-23' } } },
          cookie,
        ),
        'listGames',
      ).items.find((i) => i.id === g.id)?.outingCount;
    expect(await countOf(w.admin.cookie)).toBe(3);
    expect(await countOf(w.admin.cookie, w.tigers.id)).toBe(2);
    expect(await countOf(w.coach.cookie, w.tigers.id)).toBe(2);
    // Ava's parent sees Ava's outing, and the list says one.
    expect(await countOf(w.parent.cookie, w.tigers.id)).toBe(1);
    expect(await countOf(w.parent.cookie)).toBe(1);
  });

  it('lists games, opponents and outings each caller may read; subscribers hear of the outings they may read', async () => {
    const w = world;
    const g = await game(w.coach.cookie, {
      date: '2027-07-05',
      startTime: '17:30',
      homeTeamId: w.tigers.id,
      awayTeamId: w.cubs.id,
    });
    const GAMES =
      'query($f: GameFilter) { listGames(filter: $f) { items { id date startTime homeTeamName awayTeamName outingCount } } }';
    const mine = dataOf<{ items: { id: string; date: string }[] }>(
      await gql(
        t.app,
        GAMES,
        { f: { teamId: { eq: w.tigers.id }, date: { from: '2027-07-01', to: '2027-07-31' } } },
        w.coach.cookie,
      ),
      'listGames',
    ).items;
    expect(mine).toEqual([
      expect.objectContaining({
        id: g.id,
        startTime: '17:30',
        homeTeamName: 'Tigers',
        awayTeamName: 'Cubs',
        outingCount: 0,
      }),
    ]);
    const OPPONENTS = 'query($t: ID!) { listOpponentTeams(teamId: $t) { name } }';
    expect(dataOf(await gql(t.app, OPPONENTS, { t: w.tigers.id }, w.coach.cookie), 'listOpponentTeams')).toEqual([
      { name: 'Cubs' },
    ]);
    expect((await gql(t.app, OPPONENTS, { t: w.cubs.id }, w.coach.cookie)).code).toBe('NOT_FOUND');

    const { subscribe, parse } = await import('graphql');
    const { schema } = await import('../graphql/schema.ts');
    const { createContext } = await import('../graphql/context.ts');
    const { loadSecret } = await import('../secret.ts');
    const secret = await loadSecret(t.db, undefined);
    const other = await buildUser(t.db);
    await buildPlayer(t.db, w.organization.id, { teamIds: [w.cubs.id], guardianIds: [other.id] });
    const otherCookie = (await signIn(t.app, other.email, other.password)).cookie;
    const listen = async (cookie: string) => {
      const result = await subscribe({
        schema,
        document: parse('subscription { onCreatePitchOuting { id playerName pitches } }'),
        contextValue: createContext(t.services, secret, { cookie }),
      });
      if (!(Symbol.asyncIterator in result)) throw new Error(JSON.stringify(result.errors));
      return result as AsyncGenerator<{ data?: { onCreatePitchOuting: { id: string; pitches: number } } }>;
    };
    const withTimeout = <T>(p: Promise<T>, ms: number) =>
      Promise.race([p, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
    const parentStream = await listen(w.parent.cookie);
    const otherStream = await listen(otherCookie);
    const parentNext = parentStream.next();
    const otherNext = otherStream.next();
    const created = dataOf<Outing>(
      await outing(w.coach.cookie, { gameId: g.id, playerId: w.ava.id, teamId: w.tigers.id, pitches: 12 }),
      'createPitchOuting',
    );
    const heard = await withTimeout(parentNext, 3000);
    expect(
      (heard as IteratorResult<{ data?: { onCreatePitchOuting: { id: string } } }>)?.value?.data?.onCreatePitchOuting
        .id,
    ).toBe(created.id);
    // Another child's parent hears nothing of Ava.
    expect(await withTimeout(otherNext, 500)).toBeNull();
    await parentStream.return(undefined);
    await otherStream.return(undefined);

    const OUTINGS = 'query($f: PitchOutingFilter) { listPitchOutings(filter: $f) { items { id playerName } } }';
    const asParent = dataOf<{ items: { id: string }[] }>(
      await gql(t.app, OUTINGS, { f: { gameId: { eq: g.id } } }, w.parent.cookie),
      'listPitchOutings',
    );
    expect(asParent.items.map((o) => o.id)).toEqual([created.id]);
    const asOther = dataOf<{ items: unknown[] }>(
      await gql(t.app, OUTINGS, { f: { gameId: { eq: g.id } } }, otherCookie),
      'listPitchOutings',
    );
    expect(asOther.items).toEqual([]);
  });
});
