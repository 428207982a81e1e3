// The league a release's fixture holds (scripts/release-fixture.ts): the demo a fresh install seeds, then a week of
// what the demo leaves out, done by the release's own server through its API as the demo's people would do it, so
// the rows, the outbox and the change history are what that release writes. Each release keeps this file as it was
// (docs/releasing.md): a later one may add to it what its own tables hold.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../src/core/admin-inputs.ts';
import { addDays, todayIn } from '../src/core/local-date.ts';
import { buildApp } from '../src/server/app.ts';
import type { Database, Db } from '../src/server/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/server/db/demo-seed.ts';
import { ensurePresetRules } from '../src/server/db/preset-rules.ts';
import { games, leagues, organizations, players, rosterEntries, teams, violations } from '../src/server/db/schema.ts';
import { readEnv } from '../src/server/env.ts';
import { startHistory } from '../src/server/services/history.ts';

/** Tables the fixture may leave empty: nothing a league does keeps rows there. */
export const MAY_BE_EMPTY = new Set([
  // Events too large for a NOTIFY between PostgreSQL servers, deleted minutes later (src/server/db/event-bus.ts).
  'bullpen_bus_messages',
]);

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** A GraphQL call as the holder of `cookie` (anonymous when empty); an error stops the script, naming the call. */
async function call<T>(
  app: App,
  cookie: string,
  query: string,
  variables: Record<string, unknown>,
  data: z.ZodType<T>,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { query, variables },
  });
  const body = z
    .object({ data: z.unknown(), errors: z.array(z.object({ message: z.string() })).optional() })
    .parse(res.json());
  if (body.errors?.length) throw new Error(`${query.slice(0, 60)}: ${body.errors[0]?.message}`);
  return data.parse(body.data);
}

/** Signs in through the real route; answers the session cookie ('' for a password the route refused). */
async function signIn(app: App, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: '127.0.0.1',
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' },
    payload: { email, password },
  });
  const cookie = [res.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('bullpen.session_token='))
    ?.split(';')[0];
  if (password === DEMO_PASSWORD && !cookie) throw new Error(`${email} could not sign in (${res.statusCode})`);
  return cookie ?? '';
}

const Id = z.object({ id: z.string() });
const Versioned = z.object({ id: z.string(), version: z.number() });

/** Seeds the demo as `bullpen serve` does on a fresh database, then plays a week on it through the API. */
export async function buildReleaseData(database: Database): Promise<void> {
  await ensurePresetRules(database.db);
  await seedDemo(database.db);
  await startHistory(database.db, new Date());
  const env = readEnv({ NODE_ENV: 'development', LOG_LEVEL: 'silent', BULLPEN_SIGNIN_IP_LIMIT: '1000' });
  const { app, outbox } = await buildApp({ database, env, webRoot: null, logger: false });
  await app.ready();
  try {
    const week = new Week(app, await demoPlaces(database.db), {
      coach: await signIn(app, 'coach@example.com'),
      admin: await signIn(app, 'admin@example.com'),
      parent: await signIn(app, 'parent@example.com'),
      superadmin: await signIn(app, 'superadmin@example.com'),
    });
    await week.gameDay();
    // Some emails sent, the later ones still waiting: the outbox holds both.
    await outbox.flush();
    await week.paperLog();
    await week.adminsWork(database.db);
    await week.parentsWork();
    await week.accounts();
  } finally {
    await app.close();
  }
}

async function idOf(rows: Promise<{ id: string }[]>, what: string): Promise<string> {
  const [row] = await rows;
  if (!row) throw new Error(`the demo has no ${what}`);
  return row.id;
}

/** The demo's organization, leagues, teams and children the week plays with. */
async function demoPlaces(db: Db) {
  const team = (name: string) => idOf(db.select({ id: teams.id }).from(teams).where(eq(teams.name, name)), name);
  const league = (name: string) =>
    idOf(db.select({ id: leagues.id }).from(leagues).where(eq(leagues.name, name)), name);
  const child = (firstName: string) =>
    idOf(
      db
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.firstName, firstName), eq(players.lastName, 'Parent'))),
      firstName,
    );
  const rosterOf = async (teamId: string) =>
    (
      await db
        .select({ id: players.id })
        .from(players)
        .innerJoin(rosterEntries, eq(rosterEntries.playerId, players.id))
        .where(eq(rosterEntries.teamId, teamId))
        .orderBy(players.jerseyNumber)
    ).map((r) => r.id);
  const tigers = await team('Tigers');
  return {
    organization: await idOf(db.select({ id: organizations.id }).from(organizations), 'organization'),
    majors: await league('Majors'),
    minors: await league('Minors'),
    tigers,
    tigersRoster: await rosterOf(tigers),
    lions: await team('Lions'),
    bears: await team('Bears'),
    cubs: await team('Cubs'),
    eagles: await team('Eagles'),
    wolvesRoster: await rosterOf(await team('Wolves')),
    riley: await child('Riley'),
    max: await child('Max'),
  };
}

const TAP_KINDS = ['strike', 'ball', 'foul', 'ball', 'in_play', 'new_batter'];

/** One dugout's taps of one pitcher from one phone: `pitches` pitches, then one more taken back by an undo. */
function taps(gameId: string, pitcherId: string, bookTeamId: string, pitches: number) {
  const deviceId = randomUUID();
  const start = Date.now() - 2 * 3_600_000;
  const kinds = [
    ...Array.from({ length: pitches }, (_, i) => TAP_KINDS[i % TAP_KINDS.length] as string),
    'ball',
    'undo',
  ];
  const ids = kinds.map(() => randomUUID());
  return kinds.map((kind, i) => ({
    id: ids[i],
    gameId,
    pitcherId,
    bookTeamId,
    deviceId,
    seq: i + 1,
    at: new Date(start + i * 20_000).toISOString(),
    kind,
    ...(kind === 'undo' ? { undoes: ids[i - 1] } : {}),
  }));
}

class Week {
  private readonly today = todayIn(DEFAULT_TIME_ZONE);
  private readonly app: App;
  private readonly p: Awaited<ReturnType<typeof demoPlaces>>;
  private readonly as: { coach: string; admin: string; parent: string; superadmin: string };

  constructor(app: App, places: Awaited<ReturnType<typeof demoPlaces>>, cookies: Week['as']) {
    this.app = app;
    this.p = places;
    this.as = cookies;
  }

  private call<T>(cookie: string, query: string, variables: Record<string, unknown>, data: z.ZodType<T>) {
    return call(this.app, cookie, query, variables, data);
  }

  private async newGame(cookie: string, input: Record<string, unknown>): Promise<string> {
    const query = 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }';
    return (await this.call(cookie, query, { i: input }, z.object({ createGame: Id }))).createGame.id;
  }

  /** Submits taps and checks the server answered each as expected. */
  private async submit(cookie: string, events: ReturnType<typeof taps>, expected: 'accepted' | 'refused') {
    const query = 'mutation($i: SubmitPitchEventsInput!) { submitPitchEvents(input: $i) { results { status } } }';
    const Results = z.object({ submitPitchEvents: z.object({ results: z.array(z.object({ status: z.string() })) }) });
    const { results } = (await this.call(cookie, query, { i: { events } }, Results)).submitPitchEvents;
    if (results.some((r) => r.status !== expected)) throw new Error(`taps were not all ${expected}`);
  }

  /** The league's version as the admin's page reads it: a change names it. */
  private async versionOfLeague(id: string): Promise<number> {
    const { listLeagues } = await this.call(
      this.as.admin,
      'query { listLeagues(limit: 100) { items { id version } } }',
      {},
      z.object({ listLeagues: z.object({ items: z.array(Versioned) }) }),
    );
    return listLeagues.items.find((l) => l.id === id)?.version ?? 1;
  }

  /** Today's game of the Tigers, counted live by both dugouts, confirmed by both, and signed by the official. */
  async gameDay() {
    const { p, as } = this;
    // The Majors ask for the official's signature too (a league's change, in the history).
    await this.call(
      as.admin,
      'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { id } }',
      { i: { id: p.majors, version: await this.versionOfLeague(p.majors), requireOfficialSignature: true } },
      z.object({ updateLeague: Id }),
    );
    const game = await this.newGame(as.coach, {
      date: this.today,
      startTime: '17:30',
      homeTeamId: p.tigers,
      awayTeamId: p.lions,
    });
    // Riley's own team's book writes the record; the league's admin keeps the Lions' book, one pitch apart.
    await this.submit(as.coach, taps(game, p.riley, p.tigers, 30), 'accepted');
    await this.submit(as.admin, taps(game, p.riley, p.lions, 31), 'accepted');
    // The Tigers' coach counting a Minors game he may not count: refused, and kept for him alone.
    const minors = await this.newGame(as.admin, {
      date: this.today,
      startTime: '18:00',
      homeTeamId: p.cubs,
      opponentName: 'Hillcrest Travel',
    });
    await this.submit(as.coach, taps(minors, p.max, p.cubs, 2), 'refused');
    for (const [cookie, teamId] of [
      [as.coach, p.tigers],
      [as.admin, p.lions],
    ] as const) {
      await this.call(
        cookie,
        'mutation($g: ID!, $t: ID!) { confirmOfficialCount(gameId: $g, teamId: $t) { status } }',
        { g: game, t: teamId },
        z.object({ confirmOfficialCount: z.object({ status: z.string() }) }),
      );
    }
    const { code } = (
      await this.call(
        as.coach,
        'mutation($g: ID!) { createOfficialCode(gameId: $g) { code } }',
        { g: game },
        z.object({ createOfficialCode: z.object({ code: z.string() }) }),
      )
    ).createOfficialCode;
    await this.call(
      '',
      'mutation($i: SignAsOfficialInput!) { signAsOfficial(input: $i) { gameId } }',
      { i: { code, name: 'Pat Umpire' } },
      z.object({ signAsOfficial: z.object({ gameId: z.string() }) }),
    );
  }

  /** Yesterday's game at the Bears, written from the paper log: the starter past the Majors' 85, corrected; one deleted. */
  async paperLog() {
    const { p, as } = this;
    const game = await this.newGame(as.coach, {
      date: addDays(this.today, -1),
      homeTeamId: p.bears,
      awayTeamId: p.tigers,
    });
    const [starter, reliever, , , , , catcher] = p.tigersRoster;
    const record = async (playerId: string | undefined, counts: Record<string, unknown>) =>
      (
        await this.call(
          as.coach,
          'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id version } }',
          { i: { id: randomUUID(), gameId: game, playerId, teamId: p.tigers, ...counts } },
          z.object({ createPitchOuting: Versioned }),
        )
      ).createPitchOuting;
    const innings = [1, 2, 3, 4, 5];
    const long = await record(starter, { pitches: 92, pitchesBeforeLastBatter: 87, pitchedInnings: innings, outs: 14 });
    await record(reliever, { pitches: 9, pitchesBeforeLastBatter: 7, pitchedInnings: [5, 6], outs: 4 });
    const wrong = await record(catcher, { pitches: 0, caughtInnings: [1, 2, 3, 4, 5, 6] });
    await this.call(
      as.coach,
      'mutation($i: UpdatePitchOutingInput!) { updatePitchOuting(input: $i) { id } }',
      {
        i: {
          id: long.id,
          version: long.version,
          pitches: 90,
          pitchesBeforeLastBatter: 86,
          pitchedInnings: innings,
          outs: 14,
          reason: 'Recounted with the Bears’ book after the game',
        },
      },
      z.object({ updatePitchOuting: Id }),
    );
    await this.call(
      as.coach,
      'mutation($i: DeletePitchOutingInput!) { deletePitchOuting(input: $i) { id } }',
      { i: { id: wrong.id, version: wrong.version, reason: 'Entered for the wrong catcher' } },
      z.object({ deletePitchOuting: Id }),
    );
  }

  /**
   * A violation acknowledged, a game moved and one withdrawn, a child removed, the organization's own rule for
   * the Minors, and a game scheduled against a travel team.
   */
  async adminsWork(db: Db) {
    const { p, as } = this;
    const [violation] = await db.select({ id: violations.id }).from(violations).orderBy(violations.date).limit(1);
    await this.call(
      as.admin,
      'mutation($i: UpdateViolationInput!) { updateViolation(input: $i) { id } }',
      { i: { id: violation?.id, state: 'acknowledged', note: 'Spoke with the coach; rest rule explained.' } },
      z.object({ updateViolation: Id }),
    );
    const [yesterdays] = await db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.homeTeamId, p.bears), eq(games.date, addDays(this.today, -1))));
    await this.call(
      as.admin,
      'mutation($i: UpdateGameInput!) { updateGame(input: $i) { id } }',
      { i: { id: yesterdays?.id, startTime: '10:00', reason: 'The log had the wrong start time' } },
      z.object({ updateGame: Id }),
    );
    const [twice] = await db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.leagueId, p.minors))
      .orderBy(games.date, games.homeTeamId)
      .limit(1);
    await this.call(
      as.admin,
      'mutation($i: DeleteGameInput!) { deleteGame(input: $i) { id } }',
      { i: { id: twice?.id, reason: 'Entered twice; the other copy stands' } },
      z.object({ deleteGame: Id }),
    );
    await this.call(
      as.admin,
      'mutation($i: DeletePlayerInput!) { deletePlayer(input: $i) { id } }',
      { i: { id: p.wolvesRoster.at(-1) } },
      z.object({ deletePlayer: Id }),
    );
    // The organization's own rule (a SuperAdmin's to write), stricter than the rulebook's; the Minors take it.
    const rule = (
      await this.call(
        as.superadmin,
        'mutation($i: CreateRestRuleInput!) { createRestRule(input: $i) { id version } }',
        {
          i: {
            name: 'Riverside Minors',
            ageGroup: '9-10',
            global: false,
            organizationId: p.organization,
            dailyLimits: [{ minAge: 9, maxAge: 10, max: 70 }],
            pitchLimits: [
              { pitchCount: 1, daysRest: 0 },
              { pitchCount: 21, daysRest: 1 },
              { pitchCount: 36, daysRest: 2 },
              { pitchCount: 51, daysRest: 3 },
              { pitchCount: 61, daysRest: 4 },
            ],
          },
        },
        z.object({ createRestRule: Versioned }),
      )
    ).createRestRule;
    await this.call(
      as.admin,
      'mutation($i: UpdateLeagueInput!) { updateLeague(input: $i) { id } }',
      { i: { id: p.minors, version: await this.versionOfLeague(p.minors), restRuleId: rule.id } },
      z.object({ updateLeague: Id }),
    );
    await this.newGame(as.admin, {
      date: addDays(this.today, 7),
      startTime: '11:00',
      homeTeamId: p.eagles,
      opponentName: 'Lakeside',
    });
  }

  /** The parent reports Riley's travel-team outing (and deletes one entered by mistake), and stops outing emails. */
  async parentsWork() {
    const { p, as } = this;
    const create = 'mutation($i: CreateOutsideOutingInput!) { createOutsideOuting(input: $i) { id } }';
    const Created = z.object({ createOutsideOuting: Id });
    const travel = { playerId: p.riley, date: addDays(this.today, -3), description: 'Travel team vs Eagles' };
    await this.call(as.parent, create, { i: { ...travel, id: randomUUID(), pitches: 38, innings: 2 } }, Created);
    const mistake = await this.call(
      as.parent,
      create,
      { i: { ...travel, id: randomUUID(), pitches: 12, innings: 1 } },
      Created,
    );
    await this.call(
      as.parent,
      'mutation($i: DeleteOutsideOutingInput!) { deleteOutsideOuting(input: $i) { id } }',
      { i: { id: mistake.createOutsideOuting.id } },
      z.object({ deleteOutsideOuting: Id }),
    );
    await this.call(
      as.parent,
      'mutation($i: UpdateMyPreferencesInput!) { updateMyPreferences(input: $i) { outingEmails } }',
      { i: { outingEmails: false } },
      z.object({ updateMyPreferences: z.object({ outingEmails: z.boolean() }) }),
    );
  }

  /** A coach the SuperAdmin adds (a temporary password), a reset code asked for, a mistyped password, a sign-out. */
  async accounts() {
    const { as } = this;
    await this.call(
      as.superadmin,
      'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
      { i: { email: 'new.coach@example.com', givenName: 'Noor', familyName: 'Newcoach', roles: ['coach'] } },
      z.object({ createUser: Id }),
    );
    const reset = await this.app.inject({
      method: 'POST',
      url: '/api/auth/email-otp/request-password-reset',
      payload: { email: 'parent@example.com' },
    });
    if (reset.statusCode !== 200) throw new Error(`the password reset was refused (${reset.statusCode})`);
    if (await signIn(this.app, 'superadmin@example.com', 'not-the-password'))
      throw new Error('a wrong password signed in');
    // The coach signs out everywhere: his sessions end, and are remembered as ended.
    await this.call(as.coach, 'mutation { signOutEverywhere }', {}, z.object({ signOutEverywhere: z.boolean() }));
  }
}
