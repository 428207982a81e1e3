// Shared helpers of the fault scripts (bench/faults/*.ts): start Bullpen servers as child processes,
// sign in, call GraphQL, drive outing submissions with a ledger, check the ledger against the database,
// and clean up whatever was started, even when a script fails.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Bullpen, type BullpenOptions, freePort, startBullpen as startServer } from '../measure.ts';

export { signIn } from '../measure.ts';
export { freePort };

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DEMO_PASSWORD = 'bullpen-demo';
export const DEMO = {
  coach: { email: 'coach@example.com', password: DEMO_PASSWORD },
  admin: { email: 'admin@example.com', password: DEMO_PASSWORD },
  superadmin: { email: 'superadmin@example.com', password: DEMO_PASSWORD },
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What was thrown, as one line: an error's message. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** What was thrown, with its stack when it is an error. */
const stackOf = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/** Why a request got no answer: the network's code (ECONNREFUSED, ...), else the error's name (TimeoutError). */
function networkErrorOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { cause } = error;
  if (typeof cause === 'object' && cause !== null && 'code' in cause && cause.code != null) return String(cause.code);
  return error.name;
}

/** `--quick`: the reduced size for CI. */
export function parseArgs(argv: string[] = process.argv.slice(2)): { quick: boolean } {
  return { quick: argv.includes('--quick') };
}

/** Timestamped progress lines, so a report shows when each step happened. */
const started = Date.now();
export function log(...parts: unknown[]) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...parts);
}

// --- Cleanup: every script registers what it started; it is undone in reverse order, always. ---

const cleanups: { fn: () => unknown; label: string }[] = [];

/** Registers an async step that undoes something (stop a cluster, unmount, remove a folder). */
export function onCleanup(fn: () => unknown, label = 'cleanup') {
  cleanups.push({ fn, label });
}

let cleaning: Promise<void> | null = null;
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      try {
        await step.fn();
      } catch (error) {
        console.error(`cleanup (${step.label}) failed: ${messageOf(error)}`);
      }
    }
  })();
  return cleaning;
}

// An error no one caught still cleans up (measure.ts's 'exit' hook only kills the servers).
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    console.error(`${event}: ${stackOf(error)}`);
    console.log(`RESULT: FAIL ${event}: ${messageOf(error)}`);
    void cleanup().finally(() => process.exit(1));
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.log(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

/**
 * Runs a script's body: it returns `{ pass, summary }` (or throws: a FAIL); prints the RESULT line,
 * cleans up and exits 0 on pass, 1 on fail.
 */
export async function main(
  name: string,
  body: (args: { quick: boolean }) => Promise<{ pass: boolean; summary: string }>,
): Promise<never> {
  const args = parseArgs();
  const t0 = Date.now();
  let pass = false;
  let summary = '';
  try {
    const result = await body(args);
    pass = result.pass;
    summary = result.summary;
  } catch (error) {
    summary = `${name}: ${stackOf(error)}`;
  }
  await cleanup();
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`RESULT: ${pass ? 'PASS' : 'FAIL'} ${name}${args.quick ? ' (quick)' : ''} in ${seconds} s: ${summary}`);
  process.exit(pass ? 0 : 1);
}

/** Records one check: whether it held, and what it says. */
export type Check = (ok: boolean, text: string) => unknown;

/** Collects the checks of a run; `pass` only when every one held. */
export function checklist() {
  const items: { ok: boolean; text: string }[] = [];
  return {
    check(ok: boolean, text: string): boolean {
      items.push({ ok: Boolean(ok), text });
      console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${text}`);
      return Boolean(ok);
    },
    get pass() {
      return items.length > 0 && items.every((i) => i.ok);
    },
    get failed() {
      return items.filter((i) => !i.ok).map((i) => i.text);
    },
    get count() {
      return items.length;
    },
  };
}

// --- Processes and ports ---

/** Runs a command to its end; rejects on a non-zero exit unless `allowFail`. */
export function run(
  command: string,
  args: string[],
  { env, allowFail = false, input }: { env?: Record<string, string>; allowFail?: boolean; input?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || allowFail) resolve({ code, stdout, stderr });
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.trim() || stdout.trim()}`));
    });
    if (input !== undefined) {
      child.stdin?.on('error', () => {});
      child.stdin?.end(input);
    }
  });
}

/**
 * `startBullpen` of measure.ts, stopped at cleanup (even when it never got running).
 * Returns { child, pid, url, port, output(), exited, stop(), kill() }.
 */
export function startBullpen(options: BullpenOptions = {}): Promise<Bullpen> {
  return startServer({
    ...options,
    onSpawn: (handle) => onCleanup(() => handle.stop(5_000), `stop ${handle.name} (pid ${handle.pid})`),
  });
}

// --- HTTP ---

// What the scripts read of an answer's JSON (GraphQL's errors and data, a REST route's code and message); the
// rest is kept, for the reports that print a body.
const answerBody = z.looseObject({
  data: z.unknown().optional(),
  errors: z
    .array(
      z.looseObject({
        message: z.string().optional(),
        extensions: z.looseObject({ code: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  unparsed: z.string().optional(),
});
export type AnswerBody = z.infer<typeof answerBody>;

/** An answer to `gql` or `request`: status 0 and `error` when none came. */
export interface Answer {
  status: number;
  json: AnswerBody | null;
  headers?: Headers;
  error?: string;
  ms?: number;
}

async function readBody(res: Response): Promise<AnswerBody | null> {
  const text = await res.text();
  try {
    return text ? answerBody.parse(JSON.parse(text)) : null;
  } catch {
    return { unparsed: text.slice(0, 200) };
  }
}

/**
 * POSTs one GraphQL operation. Never throws for an HTTP answer: returns { status, json, headers };
 * a network failure (server gone) returns { status: 0, error }.
 */
export async function gql(
  url: string,
  cookie: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
  { timeoutMs = 30_000 } = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(variables ? { query, variables } : { query }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, json: await readBody(res), headers: res.headers };
  } catch (error) {
    return { status: 0, json: null, error: networkErrorOf(error) };
  }
}

/** Any other request (REST routes, /readyz); same answer shape as gql. */
export async function request(
  url: string,
  path: string,
  {
    method = 'GET',
    cookie,
    body,
    timeoutMs = 30_000,
  }: { method?: string; cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer & { ms: number }> {
  const t0 = Date.now();
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, json: await readBody(res), headers: res.headers, ms: Date.now() - t0 };
  } catch (error) {
    return { status: 0, json: null, error: networkErrorOf(error), ms: Date.now() - t0 };
  }
}

/** The data of a GraphQL answer, as `data` reads it, or an Error carrying what came back. */
export async function gqlData<T>(
  url: string,
  cookie: string,
  query: string,
  variables: Record<string, unknown> | undefined,
  data: z.ZodType<T>,
): Promise<T> {
  const res = await gql(url, cookie, query, variables);
  if (res.status !== 200 || res.json?.errors?.length || !res.json?.data) {
    throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(res.json ?? res.error).slice(0, 400)}`);
  }
  return data.parse(res.json.data);
}

// --- The outing load ---

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A (game, player) pair of the load: it takes one outing. */
export interface Pair {
  gameId: string;
  playerId: string;
  teamId: string;
}

/**
 * As the demo coach would: finds his team (the Majors Tigers) and its players, and creates `games`
 * games against outside opponents on past days of the season. Returns the (game, player) pairs,
 * each of which takes one outing.
 */
export async function prepareGames(
  url: string,
  cookie: string,
  { games = 20, label = 'Fault' } = {},
): Promise<{ teamId: string; gameIds: string[]; playerIds: string[]; pairs: Pair[] }> {
  const { me } = await gqlData(url, cookie, '{ me { id } }', undefined, z.object({ me: z.object({ id: z.string() }) }));
  const teams = (
    await gqlData(
      url,
      cookie,
      '{ listTeams(limit: 1000) { items { id name coaches seasonId } } }',
      undefined,
      z.object({
        listTeams: z.object({
          items: z.array(z.object({ id: z.string(), coaches: z.array(z.string()), seasonId: z.string() })),
        }),
      }),
    )
  ).listTeams.items;
  const team = teams.find((t) => t.coaches.includes(me.id));
  if (!team) throw new Error('the signed-in user coaches no team');
  const seasons = (
    await gqlData(
      url,
      cookie,
      '{ listSeasons(limit: 1000) { items { id startDate endDate } } }',
      undefined,
      z.object({
        listSeasons: z.object({
          items: z.array(z.object({ id: z.string(), startDate: z.string(), endDate: z.string() })),
        }),
      }),
    )
  ).listSeasons.items;
  const season = seasons.find((s) => s.id === team.seasonId);
  if (!season) throw new Error('the team’s season was not found');
  // Past days only (an outing is of a game played), inside the season.
  const today = isoDay(new Date(Date.now() - 86_400_000));
  const [last] = [today, season.endDate].sort();
  const days: string[] = [];
  for (let d = new Date(`${last}T12:00:00Z`); isoDay(d) >= season.startDate && days.length < 60; ) {
    days.push(isoDay(d));
    d = new Date(d.getTime() - 86_400_000);
  }
  const created: { id: string; date: string }[] = [];
  for (let i = 0; i < games; i++) {
    const data = await gqlData(
      url,
      cookie,
      'mutation($input: CreateGameInput!) { createGame(input: $input) { id date } }',
      {
        input: {
          date: days[i % days.length],
          homeTeamId: team.id,
          opponentName: `${label} ${randomUUID().slice(0, 8)}`,
          state: 'final',
        },
      },
      z.object({ createGame: z.object({ id: z.string(), date: z.string() }) }),
    );
    created.push(data.createGame);
  }
  const [first] = created;
  if (!first) throw new Error('no game to take the outings (games: 0)');
  const roster = (
    await gqlData(
      url,
      cookie,
      'query($g: ID!) { gameRoster(gameId: $g) { teamId players { id } } }',
      { g: first.id },
      z.object({
        gameRoster: z.array(z.object({ teamId: z.string(), players: z.array(z.object({ id: z.string() })) })),
      }),
    )
  ).gameRoster.find((r) => r.teamId === team.id);
  if (!roster) throw new Error('the game’s roster has no side for the team');
  const pairs: Pair[] = [];
  for (const game of created) {
    for (const player of roster.players) pairs.push({ gameId: game.id, playerId: player.id, teamId: team.id });
  }
  return { teamId: team.id, gameIds: created.map((g) => g.id), playerIds: roster.players.map((p) => p.id), pairs };
}

export const CREATE_OUTING = `mutation($input: CreatePitchOutingInput!) {
  createPitchOuting(input: $input) { id pitches }
}`;

/** One submission of the ledger, and what became of it. */
export interface Entry extends Pair {
  /** The outing's id, made by the client and kept across retries. */
  id: string;
  pitches: number;
  attempts: number;
  acked: boolean;
  /** Each answer's kind, in order. */
  answers: string[];
  ackedAt?: number;
  /** How long the acknowledged attempt took. */
  ms?: number;
  lastFailure?: { kind: string; at: number; retryAfter: number };
  firstFailureAt?: number;
}

export type Ledger = ReturnType<typeof createLedger>;

/**
 * A ledger of outing submissions: each (game, player) pair gets one client-made id, kept across
 * retries as the web app keeps its draft's id. `acked` holds the ids the server answered with
 * success; an answer that is not a success leaves the submission pending, to be sent again.
 */
export function createLedger(pairs: Pair[]) {
  const entries = pairs.map(
    (pair, i): Entry => ({
      id: randomUUID(),
      ...pair,
      // 1..20 pitches: no rest owed, so the rules engine has little to say.
      pitches: 1 + (i % 20),
      attempts: 0,
      acked: false,
      answers: [],
    }),
  );
  const statuses = new Map<string, number>();
  const messages = new Map<string, string>();
  return {
    entries,
    /** Answers by kind ("200", "503 SERVICE_UNAVAILABLE", "network ECONNREFUSED", ...), counted. */
    statuses,
    /** A sample of each kind's message. */
    messages,
    record(entry: Entry, kind: string, message: string | undefined) {
      statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
      if (message && !messages.has(kind)) messages.set(kind, message);
      entry.answers.push(kind);
    },
    get acked() {
      return entries.filter((e) => e.acked);
    },
    get sent() {
      return entries.filter((e) => e.attempts > 0);
    },
    get pending() {
      return entries.filter((e) => e.attempts > 0 && !e.acked);
    },
    get retried() {
      return entries.filter((e) => e.attempts > 1);
    },
  };
}

/** What an answer was, as one short word for the tallies. */
export function kindOf(res: Answer): string {
  if (res.status === 0) return `network ${res.error}`;
  const code = res.json?.errors?.[0]?.extensions?.code ?? res.json?.code;
  return code ? `${res.status} ${code}` : String(res.status);
}

const createdId = z.object({ createPitchOuting: z.object({ id: z.string() }) });

/** Sends one submission; true when the server acknowledged it (answered the outing under our id). */
export async function submit(
  url: string,
  cookie: string,
  ledger: Ledger,
  entry: Entry,
): Promise<{ ok: boolean; res: Answer; kind: string }> {
  entry.attempts++;
  const t0 = Date.now();
  const res = await gql(url, cookie, CREATE_OUTING, {
    input: {
      id: entry.id,
      gameId: entry.gameId,
      playerId: entry.playerId,
      teamId: entry.teamId,
      pitches: entry.pitches,
    },
  });
  const ok =
    res.status === 200 &&
    !res.json?.errors?.length &&
    createdId.safeParse(res.json?.data).data?.createPitchOuting.id === entry.id;
  const kind = ok ? '200 ok' : kindOf(res);
  ledger.record(entry, kind, ok ? undefined : (res.json?.errors?.[0]?.message ?? res.json?.message ?? res.error));
  if (ok) {
    entry.acked = true;
    entry.ackedAt = Date.now();
    entry.ms = Date.now() - t0;
  } else {
    entry.lastFailure = { kind, at: Date.now(), retryAfter: Number(res.headers?.get('retry-after') ?? 0) };
    entry.firstFailureAt ??= entry.lastFailure.at;
  }
  return { ok, res, kind };
}

/**
 * Submits the ledger's entries (or `entries`, some of them) at a steady `rate` per second (at most `concurrency` at once) until
 * `stopWhen()` or every entry was sent; a failed one is sent again (same id, same entry) after
 * `retryMs` (or the Retry-After it was given), as the web app's queue does when the server is back.
 * `getTarget()` gives the { url, cookie } to send to now (a restarted server has a new one).
 * Returns when no entry is left unsent and nothing is pending, at `deadline`, or once `stopWhen()`.
 */
export async function driveLoad(
  ledger: Ledger,
  {
    getTarget,
    rate = 20,
    concurrency = 8,
    retryMs = 1_000,
    deadline,
    stopWhen,
    onTick,
    entries = ledger.entries,
  }: {
    getTarget: () => { url: string; cookie: string };
    rate?: number;
    concurrency?: number;
    retryMs?: number;
    deadline: number;
    stopWhen?: () => boolean;
    onTick?: () => void;
    entries?: Entry[];
  },
): Promise<{ unsent: number; pending: number }> {
  const queue = [...entries];
  // Entries whose last answer was a failure (`lastFailure` is set).
  const retries: Entry[] = [];
  let inFlight = 0;
  const interval = 1000 / rate;
  let next = Date.now();
  const flights = new Set<Promise<void>>();
  while (Date.now() < deadline && !stopWhen?.()) {
    onTick?.();
    const now = Date.now();
    const dueRetry = retries.findIndex(
      ({ lastFailure: failed }) =>
        failed !== undefined && now - failed.at >= Math.max(retryMs, (failed.retryAfter || 0) * 1000),
    );
    const entry = dueRetry >= 0 ? retries.splice(dueRetry, 1)[0] : queue.shift();
    if (!entry) {
      if (inFlight === 0 && retries.length === 0) break;
      await sleep(20);
      continue;
    }
    while (inFlight >= concurrency) await sleep(5);
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    next = Math.max(next + interval, Date.now() - interval);
    inFlight++;
    const target = getTarget();
    const flight = submit(target.url, target.cookie, ledger, entry)
      .then(({ ok }) => {
        if (!ok) retries.push(entry);
      })
      .finally(() => {
        inFlight--;
        flights.delete(flight);
      });
    flights.add(flight);
  }
  await Promise.all(flights);
  return { unsent: queue.length, pending: retries.length };
}

/**
 * Checks the ledger against the stored rows: every acknowledged id stored exactly once, with the
 * entry as sent; nothing stored that was never submitted; one live outing per (game, player); and the
 * total, for the load's games, equal to the ids submitted (each eventually stored once).
 * `query(sql, params)` returns rows (PGlite or pg).
 */
export async function verifyLedger(
  query: Query,
  ledger: Ledger,
  gameIds: string[],
  check: Check,
): Promise<{ rows: number; lost: number; doubled: number }> {
  const rows = z
    .array(
      z.object({
        id: z.string(),
        game_id: z.string(),
        player_id: z.string(),
        pitches: z.number(),
        deleted_at: z.unknown(),
      }),
    )
    .parse(
      await query(
        `select id::text as id, game_id::text as game_id, player_id::text as player_id, pitches, deleted_at
       from pitch_outings where game_id::text = any($1::text[])`,
        [gameIds],
      ),
    );
  const byId = new Map<string, typeof rows>();
  for (const r of rows) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
  const submitted = new Map(ledger.sent.map((e) => [e.id, e]));
  const acked = ledger.acked;
  const lost = acked.filter((e) => !byId.has(e.id));
  const doubled = [...byId.values()].filter((list) => list.length > 1);
  const wrong = acked.filter((e) => {
    const r = byId.get(e.id)?.[0];
    return r && (r.pitches !== e.pitches || r.player_id !== e.playerId || r.game_id !== e.gameId);
  });
  const unknown = rows.filter((r) => !submitted.has(r.id));
  const pairs = new Map<string, number>();
  for (const r of rows.filter((r) => !r.deleted_at)) {
    const key = `${r.game_id}/${r.player_id}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  const twicePerPair = [...pairs.values()].filter((n) => n > 1).length;
  check(lost.length === 0, `every acknowledged outing is stored (${acked.length} acknowledged, ${lost.length} lost)`);
  check(doubled.length === 0, `none is stored twice (${doubled.length} ids with more than one row)`);
  check(wrong.length === 0, `each is stored as sent (${wrong.length} differ)`);
  check(unknown.length === 0, `nothing stored that was never submitted (${unknown.length})`);
  check(twicePerPair === 0, `one outing per (game, player) (${twicePerPair} pairs with more)`);
  check(
    rows.length === submitted.size,
    `rows for the load's games = ids submitted (${rows.length} rows, ${submitted.size} ids, ${ledger.retried.length} of them retried)`,
  );
  // The change history (docs/decisions/0034-the-pitch-record.md): each acknowledged outing recorded in it once,
  // whatever the fault.
  const recorded = z.array(z.object({ id: z.string(), n: z.number() })).parse(
    await query(
      `select entity_id as id, count(*)::int as n from audit_entries
      where entity = 'outing' and action = 'recorded' and entity_id = any($1::text[]) group by entity_id`,
      [acked.map((e) => e.id)],
    ),
  );
  const inHistory = new Map(recorded.map((r) => [r.id, r.n]));
  const missing = acked.filter((e) => !inHistory.has(e.id)).length;
  const twice = recorded.filter((r) => r.n > 1).length;
  check(
    missing === 0 && twice === 0,
    `every acknowledged outing is in the change history once (${missing} missing, ${twice} twice)`,
  );
  return { rows: rows.length, lost: lost.length, doubled: doubled.length };
}

// What `bullpen audit verify --json` prints (src/server/services/history.ts, verifyHistory).
const auditVerdict = z.object({
  entries: z.number(),
  records: z.number(),
  problems: z.array(z.object({ message: z.string() })),
});

/**
 * `bullpen audit verify` on the fault's database (a stopped server's folder, or PostgreSQL): the
 * hash chain holds and every record is what its history ends in, after the fault
 * (docs/decisions/0034-the-pitch-record.md).
 */
export async function verifyAuditChain(where: { dataDir: string } | { databaseUrl: string }, check: Check) {
  const env: Record<string, string> =
    'dataDir' in where ? { BULLPEN_DATA_DIR: where.dataDir } : { DATABASE_URL: where.databaseUrl };
  const result = await run(process.execPath, [join(ROOT, 'bin/bullpen.mjs'), 'audit', 'verify', '--json'], {
    env: { ...env, LOG_LEVEL: 'warn' },
    allowFail: true,
  });
  let verdict: z.infer<typeof auditVerdict> | null = null;
  try {
    verdict = auditVerdict.parse(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? ''));
  } catch {
    verdict = null;
  }
  check(
    result.code === 0 && verdict?.problems.length === 0,
    verdict
      ? `audit verify: the chain holds, ${verdict.entries} entries, ${verdict.records} records as their history ends (${verdict.problems.length} problems${verdict.problems[0] ? `; first: ${verdict.problems[0].message}` : ''})`
      : `audit verify ran (exit ${result.code}: ${result.stderr.trim().slice(0, 200)})`,
  );
}

/** Runs `text` with `params` on a database: its rows, to be read through a schema. */
export type Query = (text: string, params?: unknown[]) => Promise<unknown[]>;

/** Rows from PostgreSQL at `url`, as verifyLedger's `query`. */
export async function pgQuery(databaseUrl: string, text: string, params?: unknown[]): Promise<unknown[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Rows from an embedded database folder (no server may hold it: stop it first). */
export async function pgliteQuery(dataDir: string, text: string, params?: unknown[]): Promise<unknown[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite({ dataDir });
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.close();
  }
}

/** The tallies of a ledger, one line each, for the report. */
export function printTallies(ledger: Ledger, print: (line: string) => void = console.log) {
  const kinds = [...ledger.statuses.entries()].sort((a, b) => b[1] - a[1]);
  for (const [kind, n] of kinds) {
    const sample = ledger.messages.get(kind);
    print(`    ${String(n).padStart(6)} × ${kind}${sample ? `  "${sample}"` : ''}`);
  }
}

/** Latency percentiles (ms) of acknowledged submissions. */
export function latencies(ledger: Ledger): { p50: number; p95: number; max: number } {
  const ms = ledger.acked.map((e) => e.ms ?? 0).sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0;
  return { p50: at(50), p95: at(95), max: ms.at(-1) ?? 0 };
}
