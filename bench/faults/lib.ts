// Shared helpers of the fault scripts (bench/faults/*.ts): start Bullpen servers as child processes,
// sign in, call GraphQL, drive outing submissions with a ledger, check the ledger against the database,
// and clean up whatever was started, even when a script fails.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort, startBullpen as startServer } from '../measure.ts';

export { signIn } from '../measure.ts';
export { freePort };

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DEMO_PASSWORD = 'bullpen-demo';
export const DEMO = {
  coach: { email: 'coach@example.com', password: DEMO_PASSWORD },
  admin: { email: 'admin@example.com', password: DEMO_PASSWORD },
  superadmin: { email: 'superadmin@example.com', password: DEMO_PASSWORD },
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `--quick`: the reduced size for CI. */
export function parseArgs(argv = process.argv.slice(2)) {
  return { quick: argv.includes('--quick') };
}

/** Timestamped progress lines, so a report shows when each step happened. */
const started = Date.now();
export function log(...parts) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s]`, ...parts);
}

// --- Cleanup: every script registers what it started; it is undone in reverse order, always. ---

const cleanups = [];

/** Registers an async step that undoes something (stop a cluster, unmount, remove a folder). */
export function onCleanup(fn, label = 'cleanup') {
  cleanups.push({ fn, label });
}

let cleaning = null;
export function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const { fn, label } = cleanups.pop();
      try {
        await fn();
      } catch (error) {
        console.error(`cleanup (${label}) failed: ${error?.message ?? error}`);
      }
    }
  })();
  return cleaning;
}

// An error no one caught still cleans up (measure.ts's 'exit' hook only kills the servers).
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    console.error(`${event}: ${error?.stack ?? error}`);
    console.log(`RESULT: FAIL ${event}: ${error?.message ?? error}`);
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
export async function main(name, body) {
  const args = parseArgs();
  const t0 = Date.now();
  let pass = false;
  let summary = '';
  try {
    const result = await body(args);
    pass = result.pass;
    summary = result.summary;
  } catch (error) {
    summary = `${name}: ${error?.stack ?? error}`;
  }
  await cleanup();
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`RESULT: ${pass ? 'PASS' : 'FAIL'} ${name}${args.quick ? ' (quick)' : ''} in ${seconds} s: ${summary}`);
  process.exit(pass ? 0 : 1);
}

/** Collects the checks of a run; `pass` only when every one held. */
export function checklist() {
  const items = [];
  return {
    check(ok, text) {
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
export function run(command, args, { env, allowFail = false, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || allowFail) resolve({ code, stdout, stderr });
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.trim() || stdout.trim()}`));
    });
    if (input !== undefined) {
      child.stdin.on('error', () => {});
      child.stdin.end(input);
    }
  });
}

/**
 * `startBullpen` of measure.ts, stopped at cleanup (even when it never got running).
 * Returns { child, pid, url, port, output(), exited, stop(), kill() }.
 */
export function startBullpen(options = {}) {
  return startServer({
    ...options,
    onSpawn: (handle) => onCleanup(() => handle.stop(5_000), `stop ${handle.name} (pid ${handle.pid})`),
  });
}

// --- HTTP ---

async function readBody(res) {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { unparsed: text.slice(0, 200) };
  }
}

/**
 * POSTs one GraphQL operation. Never throws for an HTTP answer: returns { status, json, headers };
 * a network failure (server gone) returns { status: 0, error }.
 */
export async function gql(url, cookie, query, variables, { timeoutMs = 30_000 } = {}) {
  try {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(variables ? { query, variables } : { query }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, json: await readBody(res), headers: res.headers };
  } catch (error) {
    return { status: 0, json: null, error: error?.cause?.code ?? error?.name ?? String(error) };
  }
}

/** Any other request (REST routes, /readyz); same answer shape as gql. */
export async function request(url, path, { method = 'GET', cookie, body, timeoutMs = 30_000 } = {}) {
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
    return { status: 0, json: null, error: error?.cause?.code ?? error?.name ?? String(error), ms: Date.now() - t0 };
  }
}

/** The data of a GraphQL answer, or an Error carrying what came back. */
export async function gqlData(url, cookie, query, variables) {
  const res = await gql(url, cookie, query, variables);
  if (res.status !== 200 || res.json?.errors?.length || !res.json?.data) {
    throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(res.json ?? res.error).slice(0, 400)}`);
  }
  return res.json.data;
}

// --- The outing load ---

const isoDay = (d) => d.toISOString().slice(0, 10);

/**
 * As the demo coach would: finds his team (the Majors Tigers) and its players, and creates `games`
 * games against outside opponents on past days of the season. Returns the (game, player) pairs,
 * each of which takes one outing.
 */
export async function prepareGames(url, cookie, { games = 20, label = 'Fault' } = {}) {
  const me = (await gqlData(url, cookie, '{ me { id } }')).me;
  const teams = (await gqlData(url, cookie, '{ listTeams(limit: 1000) { items { id name coaches seasonId } } }'))
    .listTeams.items;
  const team = teams.find((t) => t.coaches.includes(me.id));
  if (!team) throw new Error('the signed-in user coaches no team');
  const seasons = (await gqlData(url, cookie, '{ listSeasons(limit: 1000) { items { id startDate endDate } } }'))
    .listSeasons.items;
  const season = seasons.find((s) => s.id === team.seasonId);
  if (!season) throw new Error('the team’s season was not found');
  // Past days only (an outing is of a game played), inside the season.
  const today = isoDay(new Date(Date.now() - 86_400_000));
  const [last] = [today, season.endDate].sort();
  const days = [];
  for (let d = new Date(`${last}T12:00:00Z`); isoDay(d) >= season.startDate && days.length < 60; ) {
    days.push(isoDay(d));
    d = new Date(d.getTime() - 86_400_000);
  }
  const created = [];
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
    );
    created.push(data.createGame);
  }
  const roster = (
    await gqlData(url, cookie, 'query($g: ID!) { gameRoster(gameId: $g) { teamId players { id } } }', {
      g: created[0].id,
    })
  ).gameRoster.find((r) => r.teamId === team.id);
  const pairs = [];
  for (const game of created) {
    for (const player of roster.players) pairs.push({ gameId: game.id, playerId: player.id, teamId: team.id });
  }
  return { teamId: team.id, gameIds: created.map((g) => g.id), playerIds: roster.players.map((p) => p.id), pairs };
}

export const CREATE_OUTING = `mutation($input: CreatePitchOutingInput!) {
  createPitchOuting(input: $input) { id pitches }
}`;

/**
 * A ledger of outing submissions: each (game, player) pair gets one client-made id, kept across
 * retries as the web app keeps its draft's id. `acked` holds the ids the server answered with
 * success; an answer that is not a success leaves the submission pending, to be sent again.
 */
export function createLedger(pairs) {
  const entries = pairs.map((pair, i) => ({
    id: randomUUID(),
    ...pair,
    // 1..20 pitches: no rest owed, so the rules engine has little to say.
    pitches: 1 + (i % 20),
    attempts: 0,
    acked: false,
    answers: [],
  }));
  const statuses = new Map();
  const messages = new Map();
  return {
    entries,
    /** Answers by kind ("200", "503 SERVICE_UNAVAILABLE", "network ECONNREFUSED", ...), counted. */
    statuses,
    /** A sample of each kind's message. */
    messages,
    record(entry, kind, message) {
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
export function kindOf(res) {
  if (res.status === 0) return `network ${res.error}`;
  const code = res.json?.errors?.[0]?.extensions?.code ?? res.json?.code;
  return code ? `${res.status} ${code}` : String(res.status);
}

/** Sends one submission; true when the server acknowledged it (answered the outing under our id). */
export async function submit(url, cookie, ledger, entry) {
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
  const ok = res.status === 200 && !res.json?.errors?.length && res.json?.data?.createPitchOuting?.id === entry.id;
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
  ledger,
  { getTarget, rate = 20, concurrency = 8, retryMs = 1_000, deadline, stopWhen, onTick, entries = ledger.entries },
) {
  const queue = [...entries];
  const retries = [];
  let inFlight = 0;
  const interval = 1000 / rate;
  let next = Date.now();
  const flights = new Set();
  while (Date.now() < deadline && !stopWhen?.()) {
    onTick?.();
    const now = Date.now();
    const dueRetry = retries.findIndex(
      (e) => now - e.lastFailure.at >= Math.max(retryMs, (e.lastFailure.retryAfter || 0) * 1000),
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
export async function verifyLedger(query, ledger, gameIds, check) {
  const rows = await query(
    `select id::text as id, game_id::text as game_id, player_id::text as player_id, pitches, deleted_at
       from pitch_outings where game_id::text = any($1::text[])`,
    [gameIds],
  );
  const byId = new Map();
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
  const pairs = new Map();
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
  // The change history (issue 17): each acknowledged outing recorded in it once, whatever the fault.
  const recorded = await query(
    `select entity_id as id, count(*)::int as n from audit_entries
      where entity = 'outing' and action = 'recorded' and entity_id = any($1::text[]) group by entity_id`,
    [acked.map((e) => e.id)],
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

/**
 * `bullpen audit verify` on the fault's database (a stopped server's folder, or PostgreSQL): the
 * hash chain holds and every record is what its history ends in, after the fault (issue 17).
 */
export async function verifyAuditChain(where, check) {
  const env = where.dataDir ? { BULLPEN_DATA_DIR: where.dataDir } : { DATABASE_URL: where.databaseUrl };
  const result = await run(process.execPath, [join(ROOT, 'bin/bullpen.mjs'), 'audit', 'verify', '--json'], {
    env: { ...env, LOG_LEVEL: 'warn' },
    allowFail: true,
  });
  let verdict = null;
  try {
    verdict = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '');
  } catch {
    verdict = null;
  }
  check(
    result.code === 0 && verdict?.problems?.length === 0,
    verdict
      ? `audit verify: the chain holds, ${verdict.entries} entries, ${verdict.records} records as their history ends (${verdict.problems.length} problems${verdict.problems[0] ? `; first: ${verdict.problems[0].message}` : ''})`
      : `audit verify ran (exit ${result.code}: ${result.stderr.trim().slice(0, 200)})`,
  );
}

/** Rows from PostgreSQL at `url`, as verifyLedger's `query`. */
export async function pgQuery(databaseUrl, text, params) {
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
export async function pgliteQuery(dataDir, text, params) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite({ dataDir });
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.close();
  }
}

/** The tallies of a ledger, one line each, for the report. */
export function printTallies(ledger, print = console.log) {
  const kinds = [...ledger.statuses.entries()].sort((a, b) => b[1] - a[1]);
  for (const [kind, n] of kinds) {
    const sample = ledger.messages.get(kind);
    print(`    ${String(n).padStart(6)} × ${kind}${sample ? `  "${sample}"` : ''}`);
  }
}

/** Latency percentiles (ms) of acknowledged submissions. */
export function latencies(ledger) {
  const ms = ledger.acked.map((e) => e.ms).sort((a, b) => a - b);
  const at = (p) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0;
  return { p50: at(50), p95: at(95), max: ms.at(-1) ?? 0 };
}
