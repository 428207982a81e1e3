import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { outingCorrections } from '../db/schema.ts';
import {
  bootTestApp,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
  versionOf,
} from '../testing/harness.ts';
import {
  buildPitchingWorld,
  DELETE_OUTING,
  type Outing,
  type PitchingWorld,
  pitchingCalls,
  UPDATE_OUTING,
  VIOLATIONS,
  type ViolationItem,
} from '../testing/pitching.ts';

describe.each(databaseKinds())('violations on the %s database', (kind) => {
  let t: TestApp;
  let world: PitchingWorld;
  const { game, outing, status, violationsOf } = pitchingCalls(() => t);

  beforeAll(async () => {
    t = await bootTestApp(kind);
    world = await buildPitchingWorld(t);
  });
  afterAll(() => t.close());

  it('a pitch thrown too soon is recorded and becomes a violation an admin acknowledges, then a correction withdraws it', async () => {
    const w = world;
    const monday = await game(w.coach.cookie, { date: '2027-05-03', homeTeamId: w.tigers.id, opponentName: 'North' });
    const wednesday = await game(w.coach.cookie, {
      date: '2027-05-05',
      homeTeamId: w.tigers.id,
      opponentName: 'South',
    });
    const long = dataOf<Outing>(
      await outing(w.coach.cookie, { gameId: monday.id, playerId: w.ben.id, teamId: w.tigers.id, pitches: 70 }),
      'createPitchOuting',
    );
    // Owed 4 days (eligible Saturday), pitched Wednesday: the record is kept true, and flagged.
    const early = await outing(w.coach.cookie, {
      gameId: wednesday.id,
      playerId: w.ben.id,
      teamId: w.tigers.id,
      pitches: 20,
    });
    expect(early.errors).toBeUndefined();
    const found = (await violationsOf(w.admin.cookie, { teamId: { eq: w.tigers.id } })).filter(
      (v) => v.date === '2027-05-05',
    );
    expect(found).toEqual([
      expect.objectContaining({
        playerName: expect.stringMatching(/^Ben /),
        code: 'PITCHED_BEFORE_ELIGIBLE',
        state: 'open',
      }),
    ]);
    const violation = found[0] as ViolationItem;
    expect((await gql(t.app, VIOLATIONS, {}, w.coach.cookie)).code).toBe('FORBIDDEN');

    const UPDATE =
      'mutation($i: UpdateViolationInput!) { updateViolation(input: $i) { state note actedByName actedAt } }';
    const noNote = await gql(t.app, UPDATE, { i: { id: violation.id, state: 'resolved', note: ' ' } }, w.admin.cookie);
    expect(noNote.errors?.[0]?.message).toBe('Add a note: what was done about it');
    const acknowledged = dataOf<ViolationItem>(
      await gql(
        t.app,
        UPDATE,
        { i: { id: violation.id, state: 'acknowledged', note: 'Talked to the manager' } },
        w.admin.cookie,
      ),
      'updateViolation',
    );
    expect(acknowledged).toMatchObject({
      state: 'acknowledged',
      note: 'Talked to the manager',
      actedByName: 'Ada Admin',
    });
    expect(acknowledged.actedAt).toBeTruthy();

    // The home book had it wrong: 18 pitches owe no rest. The history keeps who, why, before and after.
    const corrected = dataOf<Outing>(
      await gql(
        t.app,
        UPDATE_OUTING,
        { i: { id: long.id, pitches: 18, reason: 'Matched the visiting book' } },
        w.coach.cookie,
      ),
      'updatePitchOuting',
    );
    expect(corrected).toMatchObject({ pitches: 18, version: 2 });
    expect(corrected.corrections).toEqual([
      {
        changedByName: 'Cole Coach',
        reason: 'Matched the visiting book',
        before: { pitches: 70 },
        after: { pitches: 18 },
      },
    ]);
    const noReason = await gql(t.app, UPDATE_OUTING, { i: { id: long.id, pitches: 19, reason: '' } }, w.coach.cookie);
    expect(noReason.errors?.[0]?.message).toMatch(/Say why the outing is corrected/);
    // Acted on, so kept as withdrawn history rather than deleted.
    expect((await violationsOf(w.admin.cookie)).some((v) => v.id === violation.id)).toBe(false);
    const withdrawn = (await violationsOf(w.admin.cookie, { includeWithdrawn: true })).find(
      (v) => v.id === violation.id,
    );
    expect(withdrawn?.withdrawnAt).toBeTruthy();

    // Deleting an outing keeps it in the history with the reason; it counts for nothing after.
    const deleted = dataOf<Outing>(
      await gql(t.app, DELETE_OUTING, { i: { id: long.id, reason: 'Entered for the wrong player' } }, w.coach.cookie),
      'deletePitchOuting',
    );
    expect(deleted.deleted).toBe(true);
    expect(deleted.corrections.at(-1)).toMatchObject({ reason: 'Entered for the wrong player', after: null });
    expect(await t.db.select().from(outingCorrections).where(eq(outingCorrections.outingId, long.id))).toHaveLength(2);
    const report = await status(w.coach.cookie, { t: w.tigers.id, d: '2027-05-04' });
    expect(report.pitchers.find((p) => p.firstName === 'Ben')?.today?.canPitch).toBe(true);
  });

  it('finishing the batter: the daily max is broken only by a batter started at or past it; a rule change judges anew', async () => {
    const w = world;
    const legal = await game(w.coach.cookie, { date: '2027-06-07', homeTeamId: w.tigers.id, opponentName: 'East' });
    const over = await game(w.coach.cookie, { date: '2027-06-14', homeTeamId: w.tigers.id, opponentName: 'West' });
    // A 10-year-old (max 75) starts a batter at 74 and finishes him at 80: legal.
    await outing(w.coach.cookie, {
      gameId: legal.id,
      playerId: w.ava.id,
      teamId: w.tigers.id,
      pitches: 80,
      pitchesBeforeLastBatter: 74,
    });
    // Starting a new batter at 76 breaks it.
    await outing(w.coach.cookie, {
      gameId: over.id,
      playerId: w.ava.id,
      teamId: w.tigers.id,
      pitches: 80,
      pitchesBeforeLastBatter: 76,
    });
    const codesOn = async (date: string) =>
      (await violationsOf(w.admin.cookie)).filter((v) => v.date === date).map((v) => v.code);
    expect(await codesOn('2027-06-07')).toEqual([]);
    expect(await codesOn('2027-06-14')).toEqual(['DAILY_MAX_EXCEEDED']);

    // The league plays by another rule from now on (no daily max): its games are judged anew.
    const RULE = 'mutation($i: CreateRestRuleInput!) { createRestRule(input: $i) { id } }';
    const superAdmin = await buildUser(t.db, { roles: ['SuperAdmin'] });
    const su = (await signIn(t.app, superAdmin.email, superAdmin.password)).cookie;
    const lenient = dataOf<{ id: string }>(
      await gql(
        t.app,
        RULE,
        {
          i: {
            name: 'Lenient',
            ageGroup: 'All',
            global: false,
            organizationId: w.organization.id,
            pitchLimits: [{ pitchCount: 1, daysRest: 0 }],
          },
        },
        su,
      ),
      'createRestRule',
    );
    const SET = 'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { id } }';
    await gql(
      t.app,
      SET,
      { i: { id: w.league.id, version: await versionOf(t.db, 'leagues', w.league.id), restRuleId: lenient.id } },
      su,
    );
    expect(await codesOn('2027-06-14')).toEqual([]);
    const presets = await ensurePresetRules(t.db);
    await gql(
      t.app,
      SET,
      {
        i: {
          id: w.league.id,
          version: await versionOf(t.db, 'leagues', w.league.id),
          restRuleId: presets.get('little-league-baseball'),
        },
      },
      su,
    );
    expect(await codesOn('2027-06-14')).toEqual(['DAILY_MAX_EXCEEDED']);
  });
});
