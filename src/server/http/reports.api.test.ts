import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromSpreadsheetText } from '../../core/spreadsheet-cell.ts';
import { games, leagues, players, seasons } from '../db/schema.ts';
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

/**
 * What a spreadsheet could run, judged apart from the export's own code: a cell that starts with a
 * control character, or any line of it that starts, after whitespace, with =, +, -, @ or their
 * full-width forms (docs/decisions/0025).
 */
function runsAsFormula(cell: string): boolean {
  if (/^\p{Cc}/u.test(cell)) return true;
  return cell.split(/\r\n|\r|\n/).some((line) => /^[=+\-@＝＋－＠]/.test(line.trimStart()));
}

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

  it('writes the PDF and the CSV headers in the language of whoever asks (docs/i18n.md)', async () => {
    const admin = await buildUser(t.db);
    const coach = await buildUser(t.db, { givenName: 'Cole', familyName: 'Coach' });
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const ava = await buildPlayer(t.db, organization.id, { firstName: 'Ava', jerseyNumber: '7', teamIds: [tigers.id] });
    const cookie = async (u: { email: string; password: string }) => (await signIn(t.app, u.email, u.password)).cookie;
    const [adminCookie, coachCookie] = [await cookie(admin), await cookie(coach)];
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
        i: { id: randomUUID(), gameId: game.id, playerId: ava.id, teamId: tigers.id, pitches: 71, intentionalWalks: 1 },
      },
      coachCookie,
    );
    const download = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who } });
    const SET = 'mutation($l: String!) { setMyLanguage(language: $l) { language } }';
    const pdfUrl = `/api/reports/games/${game.id}/pitch-log.pdf`;
    // A cell's text that wraps comes out in pieces: read as one line.
    const textOf = async () => pdfText((await download(pdfUrl, coachCookie)).rawPayload).replace(/\s+/g, ' ');
    const english = await textOf();

    for (const who of [adminCookie, coachCookie]) await gql(t.app, SET, { l: 'es' }, who);
    const spanish = await textOf();
    for (const expected of [
      'Registro de lanzamientos',
      'Fecha: 2027-05-10 a las 18:00',
      'Local: Tigers',
      'Visitante: River City',
      'Estado: programado',
      'Lanzador',
      'Antes del último bateador',
      '71 (+1 BBI)',
      'Conteos finales: sin confirmar',
      'Ningún equipo ha confirmado todavía los conteos finales.',
      'Mánager local:',
      'Hash del registro:',
    ]) {
      expect(spanish, expected).toContain(expected);
    }
    for (const word of ['Pitch log', 'Pitcher', 'Final counts', 'Home manager', 'Record hash']) {
      expect(spanish, word).not.toContain(word);
    }
    // The English log, asked before, read as it always has.
    for (const expected of [
      'Pitch log',
      'Date: 2027-05-10 at 18:00',
      'State: scheduled',
      '71 (+1 IW)',
      'Final counts: Unconfirmed',
      'No team has confirmed the final counts yet.',
      'Home manager:',
      'Record hash:',
    ]) {
      expect(english, expected).toContain(expected);
    }

    const outings = await download(`/api/reports/outings.csv?leagueId=${league.id}`, adminCookie);
    expect(outings.body.split(/\r?\n/)[0]).toBe(
      'Fecha,Liga,Temporada,Equipo,Rival,Nombre del jugador,Apellido del jugador,Número de uniforme,Lanzamientos,Lanzamientos antes del último bateador,Entradas lanzadas,Entradas como receptor,Outs,Bases por bolas intencionales,Registrado por',
    );
    const history = await download(`/api/reports/history.csv?gameId=${game.id}`, adminCookie);
    expect(history.statusCode).toBe(200);
    expect(history.body.split(/\r?\n/)[0]).toBe(
      'Cuándo (UTC),Quién,Sesión,Qué,Cambio,Motivo,Antes,Después,N.º de registro,Hash',
    );
  });
});

describe.each(databaseKinds())('formulas in exports on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  /** Names planted before the inputs refused line breaks (or written to the database some other way). */
  const PLANTED = {
    league: 'Majors\n=HYPERLINK("http://evil.example","click")',
    season: 'Spring\r\n+cmd',
    team: 'Tigers\n  @SUM(A1)',
    opponent: 'x\n=HYPERLINK("http://evil.example","click")',
    firstName: '\t=1+1',
    lastName: 'Diaz\r-2+3',
    recordedBy: 'Cole \n＝1+1',
  };

  it('writes the outings CSV so that no cell, and no line within a cell, runs as a formula', async () => {
    const admin = await buildUser(t.db);
    // The log keeps the recorder's name as "given family".
    const coach = await buildUser(t.db, { givenName: 'Cole', familyName: '\n＝1+1' });
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const team = await buildTeam(t.db, league, season.id, { name: PLANTED.team, coachIds: [coach.id] });
    const player = await buildPlayer(t.db, organization.id, {
      firstName: PLANTED.firstName,
      lastName: PLANTED.lastName,
      teamIds: [team.id],
    });
    const coachCookie = (await signIn(t.app, coach.email, coach.password)).cookie;
    const game = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date: '2027-05-10', homeTeamId: team.id, opponentName: 'River City' } },
        coachCookie,
      ),
      'createGame',
    );
    dataOf(
      await gql(
        t.app,
        'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
        { i: { id: randomUUID(), gameId: game.id, playerId: player.id, teamId: team.id, pitches: 41 } },
        coachCookie,
      ),
      'createPitchOuting',
    );
    await t.db.update(games).set({ opponentName: PLANTED.opponent }).where(eq(games.id, game.id));
    await t.db.update(leagues).set({ name: PLANTED.league }).where(eq(leagues.id, league.id));
    await t.db.update(seasons).set({ name: PLANTED.season }).where(eq(seasons.id, season.id));

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/outings.csv?leagueId=${league.id}`,
      headers: { cookie: (await signIn(t.app, admin.email, admin.password)).cookie },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(res.body, { newline: '\r\n' }).data;
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? [];
    expect(row).toHaveLength(header?.length ?? 0);
    for (const cell of row) expect(runsAsFormula(cell), JSON.stringify(cell)).toBe(false);
    // Every planted name is there, as text: only the quotes the export added tell it from the stored one.
    const column = (name: string) => fromSpreadsheetText(row[header?.indexOf(name) ?? -1] ?? '');
    expect([
      column('League'),
      column('Season'),
      column('Team'),
      column('Opponent'),
      column('Player First Name'),
      column('Player Last Name'),
      column('Recorded By'),
    ]).toEqual([
      PLANTED.league,
      PLANTED.season,
      PLANTED.team,
      PLANTED.opponent,
      PLANTED.firstName,
      PLANTED.lastName,
      PLANTED.recordedBy,
    ]);
    // The counts stay numbers a spreadsheet adds up.
    expect(row[header?.indexOf('Pitches') ?? -1]).toBe('41');
  });

  it('refuses a player’s name or an opponent’s name with a line break, and stores nothing', async () => {
    const admin = await buildUser(t.db);
    const coach = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const team = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const adminCookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    const coachCookie = (await signIn(t.app, coach.email, coach.password)).cookie;

    for (const [firstName, lastName] of [
      ['x\n=HYPERLINK("http://evil.example","click")', 'Diaz'],
      ['Ana', 'Diaz\r\n+cmd'],
      ['Ana\t@SUM(A1)', 'Diaz'],
    ]) {
      const refused = await gql(
        t.app,
        'mutation($i: CreatePlayerInput!) { createPlayer(input: $i) { id } }',
        { i: { organizationId: organization.id, firstName, lastName, birthDate: '2015-04-02', teamId: team.id } },
        adminCookie,
      );
      expect(refused.code).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.message).toMatch(/^(First|Last) name must be one line/);
    }
    const stored = await t.db.select().from(players).where(eq(players.organizationId, organization.id));
    expect(stored).toEqual([]);

    const game = await gql(
      t.app,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: { date: '2027-05-10', homeTeamId: team.id, opponentName: 'x\n  @SUM(A1)' } },
      coachCookie,
    );
    expect(game.code).toBe('BAD_USER_INPUT');
    expect(game.errors?.[0]?.message).toBe(
      "The opponent's name must be one line, without line breaks, tabs or other control characters",
    );
    const storedGames = await t.db
      .select()
      .from(games)
      .where(and(eq(games.leagueId, league.id), eq(games.homeTeamId, team.id)));
    expect(storedGames).toEqual([]);
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
