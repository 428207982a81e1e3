// Bullpen killed with SIGKILL during writes, and started again (docs/reliability.md).
// On the embedded database (a temporary BULLPEN_DATA_DIR) and, when a PostgreSQL answers, on a
// database of our own on it. Outings are submitted at a steady rate; the server is killed several
// times and started again on the same port and database; the client sends what was not acknowledged
// again with the same ids. No acknowledged outing may be lost, none stored twice.
//   node bench/faults/sigkill.ts [--quick]
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (a database
// bullpen_fault_kill_<pid> is created on that server and dropped at the end).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type Check,
  checklist,
  createLedger,
  DEMO,
  driveLoad,
  freePort,
  latencies,
  log,
  main,
  messageOf,
  onCleanup,
  pgliteQuery,
  pgQuery,
  prepareGames,
  printTallies,
  type Query,
  signIn,
  sleep,
  startBullpen,
  verifyAuditChain,
  verifyLedger,
} from './lib.ts';

/** A PostgreSQL to use (a database of ours on it, by name and URL), or why there is none. */
async function findPostgres(): Promise<
  { adminUrl: string; error: string } | { adminUrl: string; error: null; name: string; databaseUrl: string }
> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  try {
    await pgQuery(adminUrl, 'select 1');
  } catch (error) {
    return { adminUrl, error: messageOf(error) };
  }
  const name = `bullpen_fault_kill_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { adminUrl, error: null, name, databaseUrl: url.toString() };
}

/** What one database's scenario saw: its report's lines and checks, to print when both are done. */
interface Scenario {
  kind: string;
  lines: string[];
  checks: { ok: boolean; text: string }[];
  outings: number;
  kills: number;
  restartSeconds: string[];
}

/**
 * One database: load, kills, restarts, checks. Its report is kept and printed when it ends (in
 * --quick the two databases run side by side); progress lines go out at once.
 */
async function scenario(
  kind: string,
  { quick, where }: { quick: boolean; where: { dataDir: string } | { databaseUrl: string } },
): Promise<Scenario> {
  const lines = [`\n=== ${kind} ===`];
  const say = (line: string) => lines.push(line);
  const checks: Scenario['checks'] = [];
  const check: Check = (ok, text) => checks.push({ ok: Boolean(ok), text: `[${kind}] ${text}` });
  const port = await freePort();
  const start = (n: number) => startBullpen({ port, ...where, name: `bullpen ${kind} #${n}` });
  const t0 = Date.now();
  let server = await start(1);
  log(`[${kind}] bullpen pid ${server.pid} up in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${server.url}`);
  const cookie = await signIn(server.url, DEMO.coach.email, DEMO.coach.password);
  const games = quick ? 10 : 80;
  const { pairs, gameIds } = await prepareGames(server.url, cookie, { games });
  const ledger = createLedger(pairs);
  const kills = quick ? 1 : 5;
  const rate = quick ? 12 : 15;
  say(`${pairs.length} outings submitted at ${rate}/s; SIGKILL ${kills} time(s)`);
  log(`[${kind}] ${pairs.length} outings to submit at ${rate}/s; ${kills} kill(s)`);

  const restarts: {
    killed: number;
    killedAt: number;
    upAt: number;
    acked: number;
    staleLock: string | null;
    pid: number;
  }[] = [];
  let loadDone = false;
  const chaos = (async () => {
    for (let k = 1; k <= kills && !loadDone; k++) {
      // Some seconds of writes, then SIGKILL in the middle of them.
      await sleep(quick ? 2_000 : 8_000);
      if (loadDone) break;
      const acked = ledger.acked.length;
      const killed = server.pid;
      const killedAt = Date.now();
      await server.kill();
      const lockFile = 'dataDir' in where ? join(where.dataDir, 'bullpen.lock') : null;
      const staleLock = lockFile && existsSync(lockFile) ? readFileSync(lockFile, 'utf8').trim() : null;
      server = await start(k + 1);
      const upAt = Date.now();
      restarts.push({ killed, killedAt, upAt, acked, staleLock, pid: server.pid });
      const line = `kill ${k}: SIGKILL pid ${killed} with ${acked} acknowledged${staleLock ? `, lock file left holding ${staleLock}` : ''}; pid ${server.pid} serving ${((upAt - killedAt) / 1000).toFixed(1)} s later`;
      say(`  ${line}`);
      log(`[${kind}] ${line}`);
    }
  })();
  const result = await driveLoad(ledger, {
    getTarget: () => ({ url: server.url, cookie }),
    rate,
    concurrency: 6,
    retryMs: 1_000,
    deadline: Date.now() + (quick ? 90_000 : 300_000),
  });
  loadDone = true;
  await chaos;
  log(`[${kind}] load done: ${ledger.acked.length}/${ledger.entries.length} acknowledged`);
  // The last server stops cleanly, so the embedded folder can be read.
  await server.stop();

  say('Answers to the outing submissions:');
  printTallies(ledger, say);
  const lat = latencies(ledger);
  say(`  latency of acknowledged submissions: p50 ${lat.p50} ms, p95 ${lat.p95} ms, max ${lat.max} ms`);
  const lostAnswer = ledger.entries.filter((e) => e.acked && e.answers.some((a) => a.startsWith('network'))).length;
  say(`  ${ledger.retried.length} submissions were sent more than once (${lostAnswer} got no answer first)`);

  const statuses = [...ledger.statuses.keys()];
  check(
    statuses.every((k) => k === '200 ok' || k.startsWith('network')),
    `answers were successes, or none while the server was down (never an error answer): ${statuses.join(', ')}`,
  );
  check(restarts.length === kills, `killed with SIGKILL and started again ${restarts.length}/${kills} times`);
  if ('dataDir' in where) {
    check(
      restarts.every((r) => r.staleLock === String(r.killed)),
      'each restart took over the lock file the killed process left',
    );
  }
  check(
    result.pending === 0 && ledger.pending.length === 0 && result.unsent === 0,
    `every submission acknowledged in the end (${ledger.acked.length}/${ledger.entries.length})`,
  );
  const query: Query =
    'dataDir' in where
      ? (text, params) => pgliteQuery(where.dataDir, text, params)
      : (text, params) => pgQuery(where.databaseUrl, text, params);
  await verifyLedger(query, ledger, gameIds, check);
  await verifyAuditChain(where, check);
  // Requests the kill cut off (no answer, the connection dropped): were they stored before it?
  const cut = ledger.entries.filter((e) =>
    e.answers.some((a) => a.startsWith('network') && a !== 'network ECONNREFUSED'),
  );
  if (cut.length) {
    const rows = z
      .array(z.object({ id: z.string(), created_at: z.union([z.date(), z.string()]) }))
      .parse(
        await query('select id::text as id, created_at from pitch_outings where id::text = any($1::text[])', [
          cut.map((e) => e.id),
        ]),
      );
    const created = new Map(rows.map((r) => [r.id, new Date(r.created_at).getTime()]));
    // The last kill before the request's first failure: the one that cut it off.
    const killOf = ({ firstFailureAt }: (typeof cut)[number]) =>
      restarts.filter((r) => firstFailureAt !== undefined && r.killedAt <= firstFailureAt + 100).at(-1);
    const before = cut.filter((e) => {
      const kill = killOf(e);
      const stored = created.get(e.id);
      return kill !== undefined && stored !== undefined && stored <= kill.killedAt;
    }).length;
    say(
      `  ${cut.length} requests were cut off by a kill: ${before} had been stored before it (the retry answered the stored outing), ${cut.length - before} had not (the retry stored it)`,
    );
  }
  return {
    kind,
    lines,
    checks,
    outings: ledger.acked.length,
    kills: restarts.length,
    restartSeconds: restarts.map((r) => ((r.upAt - r.killedAt) / 1000).toFixed(1)),
  };
}

await main('sigkill', async ({ quick }) => {
  const c = checklist();
  const dataDir = mkdtempSync(join(tmpdir(), 'bullpen-sigkill-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }), `remove ${dataDir}`);
  const pg = await findPostgres();
  if (pg.error === null) {
    await pgQuery(pg.adminUrl, `drop database if exists ${pg.name} with (force)`);
    await pgQuery(pg.adminUrl, `create database ${pg.name}`);
    onCleanup(() => pgQuery(pg.adminUrl, `drop database if exists ${pg.name} with (force)`), `drop ${pg.name}`);
  }
  const embedded = () => scenario('embedded', { quick, where: { dataDir } });
  const postgres = () =>
    pg.error !== null ? null : scenario('PostgreSQL', { quick, where: { databaseUrl: pg.databaseUrl } });
  // --quick runs both side by side (each server start costs seconds); the full run one after the other.
  const runs = (quick ? await Promise.all([embedded(), postgres()]) : [await embedded(), await postgres()]).filter(
    (run) => run !== null,
  );
  if (pg.error !== null) console.log(`\n=== PostgreSQL: skipped, none answers at ${pg.adminUrl} (${pg.error}) ===`);
  for (const r of runs) {
    console.log(r.lines.join('\n'));
    for (const { ok, text } of r.checks) c.check(ok, text);
  }
  const done = runs.map(
    (r) => `${r.kind}: ${r.outings} outings, ${r.kills} kill(s) (back in ${r.restartSeconds.join(', ')} s)`,
  );
  return {
    pass: c.pass,
    summary: c.pass
      ? `${done.join('; ')}; none lost, none doubled${pg.error !== null ? ' (PostgreSQL skipped: none answers)' : ''}`
      : `failed: ${c.failed.join('; ')}`,
  };
});
