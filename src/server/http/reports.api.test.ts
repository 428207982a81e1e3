import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
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

/** The text a PDF shows: its content streams inflated, and the strings of their text operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] as string, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...(block[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return texts.join(' ');
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
