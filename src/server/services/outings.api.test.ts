import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pitchOutings } from '../db/schema.ts';
import { bootTestApp, databaseKinds, dataOf, gql, type TestApp } from '../testing/harness.ts';
import {
  buildPitchingWorld,
  CREATE_GAME,
  CREATE_OUTING,
  DELETE_OUTING,
  type Outing,
  type PitchingWorld,
  pitchingCalls,
} from '../testing/pitching.ts';

describe.each(databaseKinds())('outings on the %s database', (kind) => {
  let t: TestApp;
  let world: PitchingWorld;
  const { game, outing } = pitchingCalls(() => t);

  beforeAll(async () => {
    t = await bootTestApp(kind);
    world = await buildPitchingWorld(t);
  });
  afterAll(() => t.close());

  it('stores a retried outing once, and refuses the same id with another entry', async () => {
    const w = world;
    const g = await game(w.coach.cookie, { date: '2027-04-20', homeTeamId: w.tigers.id, opponentName: 'Travelers' });
    const input = { id: randomUUID(), gameId: g.id, playerId: w.ben.id, teamId: w.tigers.id, pitches: 25 };
    const first = dataOf<Outing>(await gql(t.app, CREATE_OUTING, { i: input }, w.coach.cookie), 'createPitchOuting');
    const again = dataOf<Outing>(await gql(t.app, CREATE_OUTING, { i: input }, w.coach.cookie), 'createPitchOuting');
    expect(again).toEqual(first);
    const rows = await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, input.id));
    expect(rows).toHaveLength(1);
    const changed = await gql(t.app, CREATE_OUTING, { i: { ...input, pitches: 26 } }, w.coach.cookie);
    expect(changed.code).toBe('CONFLICT');
    expect(changed.errors?.[0]?.message).toMatch(/already used for a different entry/);
    // A second outing for the same player in the same game, under a new id: correct the first instead.
    const twice = await outing(w.coach.cookie, { gameId: g.id, playerId: w.ben.id, teamId: w.tigers.id, pitches: 5 });
    expect(twice.code).toBe('CONFLICT');
    expect(twice.errors?.[0]?.message).toMatch(/already recorded: correct it/);
    // Once deleted, a retry of the first entry is refused, not stored again.
    await gql(t.app, DELETE_OUTING, { i: { id: input.id, reason: 'Entered twice' } }, w.coach.cookie);
    const retried = await gql(t.app, CREATE_OUTING, { i: input }, w.coach.cookie);
    expect(retried.code).toBe('CONFLICT');
    expect(retried.errors?.[0]?.message).toMatch(/was deleted; record it again with a new id/);
    expect(await t.db.select().from(pitchOutings).where(eq(pitchOutings.id, input.id))).toHaveLength(1);
  });

  it('refuses bad entries with a clear message and stores nothing', async () => {
    const w = world;
    const g = await game(w.coach.cookie, { date: '2027-04-21', homeTeamId: w.tigers.id, opponentName: 'Travelers' });
    const before = await t.db.select().from(pitchOutings).where(eq(pitchOutings.gameId, g.id));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ playerId: w.ava.id, teamId: w.tigers.id, pitches: -1 }, /Pitches must be a whole number from 0 to 300/],
      [{ playerId: w.ava.id, teamId: w.tigers.id, pitches: 0 }, /Enter the pitches thrown or the innings caught/],
      [{ playerId: w.ava.id, teamId: w.tigers.id, pitches: 20, pitchesBeforeLastBatter: 60 }, /cannot be more/],
      [{ playerId: w.ava.id, teamId: w.tigers.id, pitches: 20, pitchedInnings: [1, 1] }, /Innings are numbers/],
      [{ playerId: w.cal.id, teamId: w.tigers.id, pitches: 20 }, /Cal .* is not on the Tigers roster/],
    ];
    for (const [input, message] of cases) {
      const res = await outing(w.admin.cookie, { gameId: g.id, ...input });
      expect(res.code, JSON.stringify(input)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message).toMatch(message);
    }
    // A team that does not play in the game is unknown there, whoever's it is.
    const otherTeam = await outing(w.admin.cookie, {
      gameId: g.id,
      playerId: w.ava.id,
      teamId: w.cubs.id,
      pitches: 20,
    });
    expect(otherTeam.code).toBe('NOT_FOUND');
    expect(otherTeam.errors?.[0]?.message).toMatch(/one of the game’s teams/);
    expect(await t.db.select().from(pitchOutings).where(eq(pitchOutings.gameId, g.id))).toEqual(before);
    const noTeam = await gql(t.app, CREATE_GAME, { i: { date: '2027-04-22', opponentName: 'X' } }, w.coach.cookie);
    expect(noTeam.errors?.[0]?.message).toBe('Choose at least one of the teams');
    const noOpponent = await gql(
      t.app,
      CREATE_GAME,
      { i: { date: '2027-04-22', homeTeamId: w.tigers.id } },
      w.coach.cookie,
    );
    expect(noOpponent.errors?.[0]?.message).toBe('Choose the other team or name the outside opponent');
    const badDate = await gql(
      t.app,
      CREATE_GAME,
      { i: { date: '2027-02-30', homeTeamId: w.tigers.id, opponentName: 'X' } },
      w.coach.cookie,
    );
    expect(badDate.errors?.[0]?.message).toBe('Enter the game date');
    const outside = await gql(
      t.app,
      CREATE_GAME,
      { i: { date: '2030-04-22', homeTeamId: w.tigers.id, opponentName: 'X' } },
      w.coach.cookie,
    );
    expect(outside.errors?.[0]?.message).toMatch(/^The game date must fall within .* \(2027-03-01 to 2027-07-31\)$/);
  });
});
