import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { pdfText } from '../testing/pdf-text.ts';

describe.each(databaseKinds())('reports on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  it('gives a game’s pitch log as a PDF and a league’s outings as CSV, to who may read them', async () => {
    const admin = await buildUser(t.db);
    const coach = await buildUser(t.db, { givenName: 'Cole', familyName: 'Coach' });
    const parent = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const ava = await buildPlayer(t.db, organization.id, {
      firstName: 'Ava',
      lastName: '=HYPERLINK("x")',
      jerseyNumber: '7',
      teamIds: [tigers.id],
      guardianIds: [parent.id],
    });
    const cookie = async (u: { email: string; password: string }) => (await signIn(t.app, u.email, u.password)).cookie;
    const [adminCookie, coachCookie, parentCookie] = [await cookie(admin), await cookie(coach), await cookie(parent)];
    const game = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: '2027-05-10', startTime: '18:00', homeTeamId: tigers.id, opponentName: 'River City' } },
        coachCookie,
      ),
      'createGame',
    );
    await gql(
      t.app,
      'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
      {
        i: {
          id: randomUUID(),
          gameId: game.id,
          playerId: ava.id,
          teamId: tigers.id,
          pitches: 71,
          pitchesBeforeLastBatter: 66,
          pitchedInnings: [1, 2, 3, 4],
          caughtInnings: [5],
        },
      },
      coachCookie,
    );
    // The coach confirms the final counts: the log carries the signature.
    const confirmed = await gql(
      t.app,
      'mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { status } }',
      { g: game.id, t: tigers.id },
      coachCookie,
    );
    expect(dataOf(confirmed, 'confirmOfficialCount')).toEqual({ status: 'confirmed' });

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/reports/games/${game.id}/pitch-log.pdf`,
      headers: { cookie: coachCookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Pitch log',
      '2027-05-10',
      'Tigers',
      'River City',
      '#7 Ava',
      '71',
      '66',
      '1, 2, 3, 4',
      'Cole Coach',
      'Final counts: Confirmed',
      'Confirmed for Tigers by Cole Coach',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // A parent reads no pitch log; a game of nobody's is missing.
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/reports/games/${game.id}/pitch-log.pdf`,
      headers: { cookie: parentCookie },
    });
    expect(refused.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/reports/games/${randomUUID()}/pitch-log.pdf`,
      headers: { cookie: adminCookie },
    });
    expect(missing.statusCode).toBe(404);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/reports/outings.csv?leagueId=${league.id}`,
      headers: { cookie: adminCookie },
    });
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.split(/\r?\n/);
    expect(header).toBe(
      'Date,League,Season,Team,Opponent,Player First Name,Player Last Name,Jersey,Pitches,Pitches Before Last Batter,Innings Pitched,Innings Caught,Outs,Intentional Walks,Recorded By',
    );
    // A name that looks like a formula stays text in a spreadsheet.
    expect(line).toBe(
      `2027-05-10,Majors,${season.name},Tigers,River City,Ava,"'=HYPERLINK(""x"")",7,71,66,1 2 3 4,5,0,0,Cole Coach`,
    );
    const asCoach = await t.app.inject({
      method: 'GET',
      url: '/api/reports/outings.csv',
      headers: { cookie: coachCookie },
    });
    expect(asCoach.statusCode).toBe(403);
  });
});

describe.each(databaseKinds())('the printable pitch log on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  const PITCH_LOG = `query($g: ID!) { gamePitchLog(gameId: $g) {
    game { id date startTime leagueName seasonName homeTeamName awayTeamName opponentName state }
    lines { teamName playerName jerseyNumber pitches intentionalWalks pitchesBeforeLastBatter
      pitchedInnings caughtInnings recordedByName correctionCount }
  } }`;

  it('answers gamePitchLog with the lines the PDF prints, to a coach of the game’s team, and no one outside', async () => {
    const coach = await buildUser(t.db, { givenName: 'Cole', familyName: 'Coach' });
    const otherCoach = await buildUser(t.db);
    const parent = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db);
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    await buildTeam(t.db, league, season.id, { name: 'Lions', coachIds: [otherCoach.id] });
    const ava = await buildPlayer(t.db, organization.id, {
      firstName: 'Ava',
      lastName: 'Diaz',
      jerseyNumber: '7',
      teamIds: [tigers.id],
      guardianIds: [parent.id],
    });
    const ben = await buildPlayer(t.db, organization.id, { firstName: 'Ben', lastName: 'Avery', teamIds: [tigers.id] });
    const cookie = async (u: { email: string; password: string }) => (await signIn(t.app, u.email, u.password)).cookie;
    const [coachCookie, otherCookie, parentCookie] = [
      await cookie(coach),
      await cookie(otherCoach),
      await cookie(parent),
    ];
    const game = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: '2027-05-10', startTime: '18:00', homeTeamId: tigers.id, opponentName: 'River City' } },
        coachCookie,
      ),
      'createGame',
    );
    const counts = {
      pitches: 71,
      pitchesBeforeLastBatter: 66,
      pitchedInnings: [1, 2, 3, 4],
      caughtInnings: [5],
      intentionalWalks: 1,
    };
    const avaOuting = randomUUID();
    for (const [id, playerId, entry] of [
      [avaOuting, ava.id, { ...counts, pitches: 70 }],
      [randomUUID(), ben.id, { pitches: 0, caughtInnings: [1, 2, 3, 4] }],
    ] as const) {
      dataOf(
        await gql(
          t.app,
          'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
          { i: { id, gameId: game.id, playerId, teamId: tigers.id, ...entry } },
          coachCookie,
        ),
        'createPitchOuting',
      );
    }
    dataOf(
      await gql(
        t.app,
        'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id } }',
        { i: { id: avaOuting, reason: 'Recounted', ...counts } },
        coachCookie,
      ),
      'updatePitchOuting',
    );

    const log = dataOf<{ game: Record<string, unknown>; lines: Record<string, unknown>[] }>(
      await gql(t.app, PITCH_LOG, { g: game.id }, coachCookie),
      'gamePitchLog',
    );
    expect(log.game).toEqual({
      id: game.id,
      date: '2027-05-10',
      startTime: '18:00',
      leagueName: 'Majors',
      seasonName: season.name,
      homeTeamName: 'Tigers',
      awayTeamName: null,
      opponentName: 'River City',
      state: 'scheduled',
    });
    // By team, then last name: Avery before Diaz.
    expect(log.lines).toEqual([
      {
        teamName: 'Tigers',
        playerName: 'Ben Avery',
        jerseyNumber: null,
        pitches: 0,
        intentionalWalks: 0,
        pitchesBeforeLastBatter: null,
        pitchedInnings: [],
        caughtInnings: [1, 2, 3, 4],
        recordedByName: 'Cole Coach',
        correctionCount: 0,
      },
      {
        teamName: 'Tigers',
        playerName: 'Ava Diaz',
        jerseyNumber: '7',
        pitches: 71,
        intentionalWalks: 1,
        pitchesBeforeLastBatter: 66,
        pitchedInnings: [1, 2, 3, 4],
        caughtInnings: [5],
        recordedByName: 'Cole Coach',
        correctionCount: 1,
      },
    ]);

    // The PDF prints the same lines.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/reports/games/${game.id}/pitch-log.pdf`,
      headers: { cookie: coachCookie },
    });
    const text = pdfText(pdf.rawPayload);
    for (const expected of ['#7 Ava Diaz', '71 (+1', 'Ben Avery', 'corrected 1x']) {
      expect(text, expected).toContain(expected);
    }

    // A parent reads no pitch log; another team's coach does not see the game; nor does anyone signed out.
    const asParent = await gql(t.app, PITCH_LOG, { g: game.id }, parentCookie);
    expect(asParent.code).toBe('FORBIDDEN');
    expect(asParent.data?.gamePitchLog ?? null).toBeNull();
    const asOtherCoach = await gql(t.app, PITCH_LOG, { g: game.id }, otherCookie);
    expect(asOtherCoach.code).toBe('NOT_FOUND');
    expect(asOtherCoach.data?.gamePitchLog ?? null).toBeNull();
    const anonymous = await gql(t.app, PITCH_LOG, { g: game.id });
    expect(anonymous.code).toBe('UNAUTHENTICATED');
  });
});
