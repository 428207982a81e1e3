// PostgreSQL restarted under a load of outing submissions (docs/reliability.md).
// A throwaway cluster of our own (never the machine's PostgreSQL on 5432); Bullpen on it; PostgreSQL
// stopped (fast, and at full size also immediate, as a crash) and started again while outings are
// submitted at a steady rate. Bullpen must stay up, answer 503 with a clear message while the
// database is away, recover by itself, and store every outing exactly once.
//   node bench/faults/pg-restart.ts [--quick]
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Answer,
  checklist,
  createLedger,
  DEMO,
  driveLoad,
  freePort,
  kindOf,
  latencies,
  log,
  main,
  onCleanup,
  pgQuery,
  prepareGames,
  printTallies,
  request,
  run,
  signIn,
  sleep,
  startBullpen,
  verifyAuditChain,
  verifyLedger,
} from './lib.ts';

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  const [newest] = versions;
  return newest === undefined ? null : join(base, newest, 'bin');
}

/** Runs a command as the postgres user (initdb and pg_ctl refuse root). */
const asPostgres = (command: string, opts?: Parameters<typeof run>[2]) =>
  run('su', ['postgres', '-s', '/bin/sh', '-c', command], opts);

await main('pg-restart', async ({ quick }) => {
  const c = checklist();
  const bin = postgresBin();
  if (!bin) return { pass: false, summary: 'no PostgreSQL server binaries under /usr/lib/postgresql' };
  if (process.getuid?.() !== 0) return { pass: false, summary: 'must run as root (initdb runs as the postgres user)' };

  // --- A throwaway cluster ---
  const dir = mkdtempSync(join(tmpdir(), 'bullpen-pg-restart-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }), `remove ${dir}`);
  const pgdata = join(dir, 'data');
  await run('chown', ['postgres:postgres', dir]);
  const pgPort = await freePort();
  log(`initdb in ${pgdata} (PostgreSQL ${bin.split('/').at(-2)}), port ${pgPort}`);
  await asPostgres(`${bin}/initdb -D ${pgdata} -A trust -U postgres --no-sync > ${dir}/initdb.log 2>&1`);
  const pgCtl = (args: string, opts?: Parameters<typeof run>[2]) =>
    asPostgres(`${bin}/pg_ctl -D ${pgdata} ${args}`, opts);
  const startPg = () =>
    pgCtl(`-l ${dir}/postgres.log -w -o "-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1" start`);
  await startPg();
  onCleanup(() => pgCtl('-m immediate stop', { allowFail: true }), 'stop the throwaway cluster');
  const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  await pgQuery(adminUrl, 'create database bullpen');
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/bullpen`;

  // --- Bullpen on it, the demo seeded ---
  const server = await startBullpen({ databaseUrl, name: 'bullpen (PostgreSQL)' });
  log(`bullpen pid ${server.pid} at ${server.url}`);
  const cookie = await signIn(server.url, DEMO.coach.email, DEMO.coach.password);
  // The report downloads are for league officials: the demo admin probes REST.
  const adminCookie = await signIn(server.url, DEMO.admin.email, DEMO.admin.password);
  const games = quick ? 15 : 100;
  const { pairs, gameIds } = await prepareGames(server.url, cookie, { games });
  const ledger = createLedger(pairs);
  const rate = quick ? 15 : 20;
  // Outages: [start after (s), down for (s), pg_ctl stop mode].
  const outages: [after: number, seconds: number, mode: 'fast' | 'immediate'][] = quick
    ? [[3, 5, 'fast']]
    : [
        [10, 15, 'fast'],
        [40, 10, 'immediate'],
      ];
  log(`${pairs.length} outings to submit at ${rate}/s over ${games} games; outages: ${JSON.stringify(outages)}`);

  // --- While the load runs: restart PostgreSQL, and probe every transport while it is away ---
  const probes: { at: number; graphql: Answer; rest: Answer; ready: Answer; health: Answer }[] = [];
  // Each outage: when PostgreSQL stopped and started again, and how long until an outing was acknowledged.
  const windows: { mode: string; stoppedAt: number; startedAt: number; recoveredMs: number }[] = [];
  let down = false;
  let ledgerDone = false;
  const probeLoop = (async () => {
    while (!ledgerDone) {
      if (down) {
        const at = Date.now();
        const [graphql, rest, ready, health] = await Promise.all([
          request(server.url, '/graphql', {
            method: 'POST',
            cookie,
            body: { query: '{ listGames(limit: 1) { items { id } } }' },
          }),
          request(server.url, '/api/reports/outings.csv', { cookie: adminCookie }),
          request(server.url, '/readyz'),
          request(server.url, '/healthz'),
        ]);
        probes.push({ at, graphql, rest, ready, health });
      }
      await sleep(500);
    }
  })();
  const t0 = Date.now();
  const chaos = (async () => {
    for (const [after, seconds, mode] of outages) {
      await sleep(Math.max(0, t0 + after * 1000 - Date.now()));
      const stoppedAt = Date.now();
      await pgCtl(`-m ${mode} stop`);
      down = true;
      log(`PostgreSQL stopped (-m ${mode}); acknowledged so far: ${ledger.acked.length}`);
      await sleep(seconds * 1000);
      down = false;
      await startPg();
      const window = { mode, stoppedAt, startedAt: Date.now(), recoveredMs: Number.NaN };
      windows.push(window);
      log(`PostgreSQL started again after ${((window.startedAt - window.stoppedAt) / 1000).toFixed(1)} s`);
    }
  })();

  const deadline = Date.now() + (quick ? 60_000 : 240_000);
  const result = await driveLoad(ledger, {
    getTarget: () => ({ url: server.url, cookie }),
    rate,
    concurrency: 6,
    retryMs: 1_000,
    deadline,
  });
  await chaos;
  ledgerDone = true;
  await probeLoop;
  log(`load done: ${ledger.acked.length}/${ledger.entries.length} acknowledged, ${result.pending} pending`);

  // --- What was seen ---
  console.log('\nAnswers to the outing submissions:');
  printTallies(ledger);
  for (const w of windows) {
    // Infinity when none was.
    const firstAfter = Math.min(
      ...ledger.entries.flatMap(({ ackedAt }) => (ackedAt !== undefined && ackedAt >= w.startedAt ? [ackedAt] : [])),
    );
    w.recoveredMs = firstAfter - w.startedAt;
    console.log(
      `  outage -m ${w.mode}: down ${((w.startedAt - w.stoppedAt) / 1000).toFixed(1)} s; first outing acknowledged ${(w.recoveredMs / 1000).toFixed(2)} s after PostgreSQL was back`,
    );
  }
  const lat = latencies(ledger);
  console.log(`  latency of acknowledged submissions: p50 ${lat.p50} ms, p95 ${lat.p95} ms, max ${lat.max} ms`);
  const probeKinds = (key: 'graphql' | 'rest' | 'ready' | 'health') => {
    const counts = new Map<string, number>();
    for (const p of probes) counts.set(kindOf(p[key]), (counts.get(kindOf(p[key])) ?? 0) + 1);
    return [...counts].map(([k, n]) => `${n}× ${k}`).join(', ');
  };
  console.log(`\nProbes while PostgreSQL was down (${probes.length} rounds):`);
  for (const key of ['graphql', 'rest', 'ready', 'health'] as const)
    console.log(`  ${key.padEnd(8)} ${probeKinds(key)}`);
  const sample = probes.find((p) => p.graphql.status === 503);
  if (sample) {
    console.log(
      `  a GraphQL 503: Retry-After ${sample.graphql.headers?.get('retry-after')}, body ${JSON.stringify(sample.graphql.json)}`,
    );
  }
  const restSample = probes.find((p) => p.rest.status === 503);
  if (restSample) console.log(`  a REST 503: ${JSON.stringify(restSample.rest.json)}`);

  if (server.exit) {
    console.log(`\nBullpen exited (${JSON.stringify(server.exit)}); its last lines:`);
    console.log(server.lines().slice(-30).join('\n'));
  }
  console.log('\nChecks:');
  c.check(server.exit === null, `the server never exited (pid ${server.pid} still running)`);
  c.check(
    probes.every((p) => p.health.status === 200),
    `/healthz answered 200 throughout (${probes.length} probes)`,
  );
  const statuses = [...ledger.statuses.keys()];
  c.check(
    statuses.every((k) => k === '200 ok' || k.startsWith('503 SERVICE_UNAVAILABLE')),
    `every submission was acknowledged or answered 503 SERVICE_UNAVAILABLE (no 500, no dropped connection): ${statuses.join(', ')}`,
  );
  const refused = ledger.statuses.get('503 SERVICE_UNAVAILABLE') ?? 0;
  c.check(refused > 0, `submissions during the outage were answered 503 (${refused})`);
  const clear = (res: Answer) =>
    res.status === 503 &&
    res.headers?.get('retry-after') === '5' &&
    /database is unavailable/.test(res.json?.errors?.[0]?.message ?? res.json?.message ?? '');
  const downProbes = probes.filter((p) => p.ready.status === 503);
  c.check(
    downProbes.length > 0 && downProbes.every((p) => clear(p.graphql) && clear(p.rest)),
    `while /readyz said 503, GraphQL and REST both answered 503 with Retry-After and "database is unavailable" (${downProbes.length} probes)`,
  );
  c.check(
    windows.every((w) => Number.isFinite(w.recoveredMs) && w.recoveredMs < 15_000),
    `recovered by itself after each restart, without restarting Bullpen (${windows.map((w) => `${(w.recoveredMs / 1000).toFixed(2)} s`).join(', ')})`,
  );
  const ready = await request(server.url, '/readyz');
  c.check(ready.status === 200, `/readyz answers 200 at the end (${ready.status})`);
  c.check(
    ledger.pending.length === 0 && result.unsent === 0,
    `every submission acknowledged in the end (${ledger.acked.length}/${ledger.entries.length}; ${ledger.retried.length} needed a retry)`,
  );
  await verifyLedger((text, params) => pgQuery(databaseUrl, text, params), ledger, gameIds, c.check);
  await verifyAuditChain({ databaseUrl }, c.check);

  return {
    pass: c.pass,
    summary: c.pass
      ? `${ledger.acked.length} outings, ${windows.length} PostgreSQL restart(s), ${refused} answered 503 and retried, every one stored once`
      : `failed: ${c.failed.join('; ')}`,
  };
});
