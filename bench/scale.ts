// The figures at scale (docs/performance.md): a database seeded by `bullpen seed-scale`, one Bullpen server on it,
// and each operation measured for throughput (a ratio to the bare route) and for latency at a fixed
// rate (p50/p99), with the server's memory sampled throughout.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Options, Request, Result } from 'autocannon';
import { z } from 'zod';
import { addDays, todayIn } from '../src/core/local-date.ts';
import { freeOutingSlots, type OutingSlot, type ScaleSummary, scaleId } from '../src/server/db/scale-seed.ts';
import {
  graphql,
  measure,
  median,
  memoryOf,
  type Paced,
  PRODUCTION_SETTINGS,
  paced,
  scaleSummaryOf,
  signIn,
  startBullpen,
} from './measure.ts';
import { BUSY_LEAGUES, type BusyHour, busyHour } from './one-organization.ts';

const REPORT = `{ asOf pitchers { playerId today { canPitch remainingToday nextEligibleDate }
  days { date canPitch remaining } recentOutings { date count daysRest } workload { date count } } }`;
const STATUS = `query($t: ID) { pitcherStatus(teamId: $t) ${REPORT} }`;
// The same report as of a given day: each day's report is its own, never one kept from another day's request.
const STATUS_ON = `query($t: ID, $d: String) { pitcherStatus(teamId: $t, date: $d) ${REPORT} }`;
const VIOLATIONS = `query($f: ViolationFilter) { listViolations(filter: $f, limit: 50) { items { id date code message state
  playerName teamName opponent } nextToken } }`;
const CREATE = `mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id pitches version } }`;

/**
 * The slots game by game in turn, so consecutive outings are of different games, as on a busy day (the seed lists
 * a game's 18 free slots together, and outings of one game are written one after the other).
 */
function acrossGames(slots: readonly OutingSlot[]): OutingSlot[] {
  const byGame = new Map<string, OutingSlot[]>();
  for (const slot of slots) byGame.set(slot.gameId, [...(byGame.get(slot.gameId) ?? []), slot]);
  const games = [...byGame.values()];
  const turns: OutingSlot[] = [];
  for (let i = 0; turns.length < slots.length; i++) {
    for (const game of games) {
      const slot = game[i];
      if (slot) turns.push(slot);
    }
  }
  return turns;
}

/** One operation's figures: its most requests per second, and its latency at a fixed rate (ms). */
export interface Figure {
  rps: number;
  rate: number;
  achieved: number;
  p50: number;
  p99: number;
  paced: PacedOf3;
}

/** The paced run with the median p99 of three, with the three runs' p99s and their failures in all. */
type PacedOf3 = Paced & { p99s: number[] };

/** What `scaleBench` measured on one database. */
export interface ScaleRun {
  label: string;
  summary: ScaleSummary;
  bareRps: number;
  figures: Record<string, Figure>;
  /** One organization's busiest hour (bench/one-organization.ts), when measured. */
  busy: BusyHour | null;
  memory: { medianRss: number; maxRss: number; peak: number };
}

/** What a run measures (BENCH_OPERATIONS, a comma list; all by default). */
const OPERATIONS = new Set(
  (process.env.BENCH_OPERATIONS ?? 'status,computed,violations,create,busy,sign-in').split(',').map((o) => o.trim()),
);

/**
 * Seeds, serves and measures one database. `database` is { DATABASE_URL } or { BULLPEN_DATA_DIR };
 * `bare` is the bare route's URL, measured between the operations so the ratios share conditions.
 */
export async function scaleBench({
  label,
  database,
  leagues,
  port,
  bare,
  seconds,
  connections,
}: {
  label: string;
  database: { DATABASE_URL: string } | { BULLPEN_DATA_DIR: string };
  leagues: number;
  port: number;
  bare: string;
  seconds: number;
  connections: number;
}): Promise<ScaleRun> {
  const log = (line: string) => console.log(`[${label}] ${line}`);
  log(`seeding ${leagues} leagues...`);
  const seedStarted = performance.now();
  // Fifteen leagues an organization: the busiest hour's 60 games are all one organization's, and so are the
  // outings createPitchOuting adds (leagues 2 to 7).
  const perOrganization = BUSY_LEAGUES;
  const seedArgs = ['seed-scale', '--leagues', String(leagues), '--leagues-per-organization', String(perOrganization)];
  const seeded = spawnSync('node', ['bin/bullpen.mjs', ...seedArgs, '--json'], {
    env: { ...process.env, ...database },
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (seeded.status !== 0) throw new Error(`seed-scale failed: ${seeded.stderr}`);
  const summary = scaleSummaryOf(seeded.stdout);
  log(
    `seeded ${summary.outings} outings, ${summary.games} games, ${summary.users} users in ${summary.seconds} s; ` +
      `with the history started (as a first start would): ${Math.round((performance.now() - seedStarted) / 1000)} s`,
  );

  const server = await startBullpen({
    port,
    env: {
      ...database,
      // As a national program runs it.
      ...PRODUCTION_SETTINGS,
      BULLPEN_SIGNIN_IP_LIMIT: '10000000',
    },
    name: `bullpen (${label})`,
  });
  const base = server.url;
  const memory: number[] = [];
  const sampler = setInterval(() => memory.push(memoryOf(server.pid).rss), 500);
  try {
    const { tag, sample, password } = summary;
    const coach = await signIn(base, sample.coachEmail, password);
    const leagueAdmin = await signIn(base, sample.leagueAdminEmail, password);
    const statusBody = JSON.stringify({ query: STATUS, variables: { t: sample.teamId } });
    const violationsBody = JSON.stringify({
      query: VIOLATIONS,
      variables: { f: { leagueId: { eq: sample.leagueId }, seasonId: { eq: sample.seasonId } } },
    });
    // Both answer without errors before they are measured.
    const status = await graphql(
      base,
      coach,
      STATUS,
      { t: sample.teamId },
      z.object({ pitcherStatus: z.object({ pitchers: z.array(z.unknown()) }) }),
    );
    if (status.pitcherStatus.pitchers.length !== 12) throw new Error('the sample team should have twelve pitchers');
    await graphql(base, leagueAdmin, VIOLATIONS, JSON.parse(violationsBody).variables, z.unknown());

    const post = (cookie: string, body: string): Options => ({
      url: `${base}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body,
    });
    const bareRuns: number[] = [];
    const measureBare = async () => {
      const b = await measure({ url: `${bare}/bare`, duration: seconds, connections });
      bareRuns.push(b.requests.average);
    };
    // A run of GraphQL answers that counts 200s carrying GraphQL errors too: a refusal is not a figure.
    const checked = async (opts: Options): Promise<Result> => {
      let graphqlErrors = 0;
      const result = await measure({
        ...opts,
        requests: [
          {
            ...(opts.setupRequest ? { setupRequest: opts.setupRequest } : {}),
            onResponse: (code, body) => {
              if (code !== 200 || body.includes('"errors"')) graphqlErrors++;
            },
          },
        ],
      });
      if (result.non2xx || result.errors || graphqlErrors) {
        throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${graphqlErrors} GraphQL errors`);
      }
      return result;
    };
    const figures: Record<string, Figure> = {};
    const record = (name: string, maxRps: number, rated: Result, rate: number, even: PacedOf3) => {
      figures[name] = {
        rps: maxRps,
        rate,
        achieved: rated.requests.average,
        p50: rated.latency.p50,
        p99: rated.latency.p99,
        paced: even,
      };
      log(
        `${name}: ${maxRps ? `${Math.round(maxRps)} req/s at most; ` : ''}` +
          `at ${rate}/s p50 ${rated.latency.p50} ms, p99 ${rated.latency.p99} ms (autocannon); ` +
          `paced ${Math.round(even.achieved)}/s p50 ${even.p50} ms, p99 ${even.p99} ms (runs' p99: ${even.p99s.join(', ')}), ${even.failures} failed`,
      );
    };
    // The same rate, evenly paced (measure.ts: autocannon's rate comes in bursts each second).
    const gqlOk = (status: number | undefined, body: string) => status === 200 && !body.includes('"errors"');
    // Three runs, and the one with the median p99 is the figure: one run's tail on this shared machine
    // can be another process's pause.
    const medianOf3 = async (run: (round: number) => Promise<Paced>): Promise<PacedOf3> => {
      const runs = [await run(0), await run(1), await run(2)] as const;
      const sorted = [...runs].sort((a, b) => a.p99 - b.p99);
      return {
        ...(sorted[1] ?? runs[1]),
        p99s: runs.map((r) => r.p99),
        failures: runs.reduce((n, r) => n + r.failures, 0),
      };
    };
    const evenly = (rate: number, cookie: string, bodyOf: (i: number) => string) =>
      medianOf3((round) =>
        paced({
          base,
          rate,
          seconds,
          request: (i) => ({
            path: '/graphql',
            body: bodyOf(round * 100_000 + i),
            headers: { 'content-type': 'application/json', cookie },
          }),
          ok: gqlOk,
        }),
      );

    await measureBare();
    if (OPERATIONS.has('status')) {
      // pitcherStatus for one team (the issue's goal: p99 under 20 ms at 200 requests/s on PostgreSQL).
      const statusMax = await checked({ ...post(coach, statusBody), duration: seconds, connections });
      const statusRated = await checked({
        ...post(coach, statusBody),
        duration: seconds,
        connections: 20,
        overallRate: 200,
      });
      record('pitcherStatus', statusMax.requests.average, statusRated, 200, await evenly(200, coach, () => statusBody));
    }

    // pitcherStatus computed every time: the admins of five organizations ask in turn for another of
    // their 40 teams on another of the season's 70 days, 14,000 reports in all, never one twice in a run
    // (more than the 2,000 kept in memory, decisions/0021).
    const organizations = Math.max(1, Math.min(5, Math.floor(leagues / perOrganization)));
    const orgAdmins: string[] = [];
    for (let o = 1; o <= organizations; o++) {
      orgAdmins.push(await signIn(base, `admin.${o}.${tag}@scale.example`, password));
    }
    const today = todayIn('America/New_York');
    let cold = 0;
    const nextCold = () => {
      const k = cold++;
      const o = k % organizations;
      const league = perOrganization * o + 1 + (Math.floor(k / organizations) % 5);
      const team = Math.floor(k / (organizations * 5)) % 8;
      const day = Math.floor(k / (organizations * 40)) % 70;
      const body = JSON.stringify({
        query: STATUS_ON,
        variables: { t: scaleId(tag, 't', league, team), d: addDays(today, -day) },
      });
      return { cookie: orgAdmins[o] ?? '', body };
    };
    const coldRequest = (req: Request): Request => {
      const { cookie, body } = nextCold();
      return { ...req, headers: { ...req.headers, cookie }, body };
    };
    if (OPERATIONS.has('computed')) {
      const computedMax = await checked({ ...post('', ''), setupRequest: coldRequest, duration: seconds, connections });
      const computedRated = await checked({
        ...post('', ''),
        setupRequest: coldRequest,
        duration: seconds,
        connections: 20,
        overallRate: 100,
      });
      const computedEven = await medianOf3(() =>
        paced({
          base,
          rate: 100,
          seconds,
          request: () => {
            const { cookie, body } = nextCold();
            return { path: '/graphql', body, headers: { 'content-type': 'application/json', cookie } };
          },
          ok: gqlOk,
        }),
      );
      record('pitcherStatus computed', computedMax.requests.average, computedRated, 100, computedEven);
    }

    if (OPERATIONS.has('violations')) {
      const violationsMax = await checked({ ...post(leagueAdmin, violationsBody), duration: seconds, connections });
      const violationsRated = await checked({
        ...post(leagueAdmin, violationsBody),
        duration: seconds,
        connections: 20,
        overallRate: 100,
      });
      record(
        'listViolations',
        violationsMax.requests.average,
        violationsRated,
        100,
        await evenly(100, leagueAdmin, () => violationsBody),
      );
    }
    await measureBare();

    // createPitchOuting: late relievers on played games, each slot once, as league admins of leagues 2 to 7.
    const creator = async (league: number) => {
      const cookie = await signIn(base, `league-admin.${league}.${tag}@scale.example`, password);
      const slots = acrossGames(freeOutingSlots(tag, league));
      let next = 0;
      return {
        cookie,
        count: slots.length,
        setupRequest: (req: Request): Request => {
          const slot = slots[next++ % slots.length];
          const input = { id: randomUUID(), ...slot, pitches: 5 + (next % 20), pitchedInnings: [6] };
          return { ...req, body: JSON.stringify({ query: CREATE, variables: { i: input } }) };
        },
      };
    };
    if (OPERATIONS.has('create')) {
      const rated = await creator(2);
      // Outings of one league's free slots, paced at `rate` for at most `limit` seconds.
      const pacedCreates = async (league: number, rate: number, limit: number) => {
        const even = await creator(league);
        return paced({
          base,
          rate,
          seconds: Math.min(limit, Math.floor(even.count / rate)),
          request: () => ({
            path: '/graphql',
            body: even.setupRequest({}).body ?? '',
            headers: { 'content-type': 'application/json', cookie: even.cookie },
          }),
          ok: gqlOk,
        });
      };
      // Warm-up, not measured: the first outings of a server compile its code and fill PostgreSQL's
      // prepared statements (decision 0023); the figure is of a server in its steady state.
      await pacedCreates(7, 50, 4);
      // Paced: three runs, each on its own league (4, 5 and 6) so that every slot is new.
      const createEven = await medianOf3((round) => pacedCreates(4 + round, 100, seconds));
      const createRated = await checked({
        ...post(rated.cookie, ''),
        setupRequest: rated.setupRequest,
        amount: Math.min(rated.count, 100 * seconds),
        connections: 10,
        overallRate: 100,
      });
      const flat = await creator(3);
      const createMax = await checked({
        ...post(flat.cookie, ''),
        setupRequest: flat.setupRequest,
        amount: Math.min(flat.count, 2000),
        connections,
      });
      // A run of `amount` requests ends on autocannon's next one-second tick and averages whole seconds,
      // so its requests.average reads low (1,440 outings done in about 2.2 s read as 480/s). Each connection
      // always waits on one request, so the throughput is connections / mean latency (Little's law).
      record('createPitchOuting', (connections * 1000) / createMax.latency.mean, createRated, 100, createEven);
    }
    const busy = OPERATIONS.has('busy') ? await busyHour({ base, tag, password, today, seconds, log }) : null;

    // Sign-in: argon2 by design costs tens of milliseconds; each request is a coach of another team.
    let signIns = 0;
    const signInSetup = (req: Request): Request => {
      const n = signIns++;
      const email = `coach.${1 + (Math.floor(n / 8) % leagues)}.${n % 8}.${tag}@scale.example`;
      return { ...req, body: JSON.stringify({ email, password }) };
    };
    if (OPERATIONS.has('sign-in')) {
      const signInRequest: Options = {
        url: `${base}/api/auth/sign-in/email`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [{ setupRequest: signInSetup }],
      };
      const signInMax = await measure({ ...signInRequest, duration: seconds, connections });
      const signInRated = await measure({ ...signInRequest, duration: seconds, connections: 10, overallRate: 20 });
      if (signInMax.non2xx || signInRated.non2xx) throw new Error(`${label}: sign-ins refused`);
      const signInEven = await medianOf3(() =>
        paced({
          base,
          rate: 20,
          seconds,
          request: () => ({
            path: '/api/auth/sign-in/email',
            body: signInSetup({}).body ?? '',
            headers: { 'content-type': 'application/json' },
          }),
        }),
      );
      record('sign-in', signInMax.requests.average, signInRated, 20, signInEven);
    }
    await measureBare();

    const bareRps = median(bareRuns);
    const peak = memoryOf(server.pid).peak;
    return {
      label,
      summary,
      bareRps,
      figures,
      busy,
      memory: { medianRss: median(memory), maxRss: Math.max(...memory), peak },
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}
