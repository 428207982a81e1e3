#!/usr/bin/env node
// `npm run bench`: measures Bullpen against a bare Fastify route in the same run and prints the
// figures docs/performance.md reports (ratios and medians: the machine is shared). Parts, chosen by
// BENCH_PARTS (default all): demo (me and pitcherStatus on the demo data), pages (page weight and
// Lighthouse), embedded and postgres (seed-scale, then every operation at scale; bench/scale.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { z } from 'zod';
import { graphql, measure, median, signIn, start, startBullpen } from '../bench/measure.ts';
import { BUSY_GAMES } from '../bench/one-organization.ts';
import { type Lighthouse, lighthouseMobile, pageWeight } from '../bench/pages.ts';
import { type ScaleRun, scaleBench } from '../bench/scale.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'demo,pages,embedded,postgres').split(','));
// 2,084 leagues of seed-scale make 1,000,320 outings.
const LEAGUES = Number(process.env.BENCH_LEAGUES ?? 2084);
const EMBEDDED_LEAGUES = Number(process.env.BENCH_EMBEDDED_LEAGUES ?? LEAGUES);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bullpen_bench';

if (!existsSync('dist/web/index.html') || process.env.BENCH_BUILD === '1') {
  spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}

// measure.ts kills the servers it started when this script exits.
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.on(event, (error) => {
    console.error(error);
    process.exit(1);
  });
}

const bare = await start('node', ['bench/bare-server.ts'], {
  env: { ...process.env, PORT: '4311' },
  ready: /LISTENING (http:\/\/\S+)/,
  name: 'bare route',
});
const bareUrl = bare.url;
if (!bareUrl) throw new Error('the bare route printed no address');
const out = [
  `Date: ${new Date().toISOString().slice(0, 10)}; machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  `Load: autocannon on the same machine, ${CONNECTIONS} connections for throughput, ${DURATION} s per measurement; medians`,
];

if (PARTS.has('demo') || PARTS.has('pages')) {
  const dataDir = '.data-test/bench';
  rmSync(dataDir, { recursive: true, force: true });
  const bullpen = await startBullpen({
    port: 4310,
    dataDir,
    env: { BULLPEN_SIGNIN_IP_LIMIT: '100000' },
    name: 'bullpen (demo)',
  });
  const base = bullpen.url;
  const cookie = await signIn(base, 'coach@example.com', 'bullpen-demo');

  if (PARTS.has('demo')) {
    const me = JSON.stringify({ query: '{ me { id email givenName familyName roles } }' });
    // The demo coach's team (the Majors Tigers): twelve players, half a season of outings.
    const teams = await graphql(
      base,
      cookie,
      '{ listTeams { items { id name } } }',
      {},
      z.object({ listTeams: z.object({ items: z.array(z.object({ id: z.string() })) }) }),
    );
    const teamId = teams.listTeams.items[0]?.id;
    const status = JSON.stringify({
      query: `query($t: ID) { pitcherStatus(teamId: $t) { asOf pitchers { playerId today { canPitch remainingToday nextEligibleDate }
        days { date canPitch remaining } recentOutings { date count daysRest } workload { date count } } } }`,
      variables: { t: teamId },
    });
    const post = (body: string) => ({
      url: `${base}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body,
      duration: DURATION,
      connections: CONNECTIONS,
    });
    const rounds: Record<'bare' | 'me' | 'meP50' | 'meP99' | 'status' | 'statusP50' | 'statusP99', number>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate so both see the same machine conditions.
      const b = await measure({ url: `${bareUrl}/bare`, duration: DURATION, connections: CONNECTIONS });
      const m = await measure(post(me));
      const s = await measure(post(status));
      if (m.non2xx || b.non2xx || s.non2xx) throw new Error('non-2xx responses during the run');
      rounds.push({
        bare: b.requests.average,
        me: m.requests.average,
        meP50: m.latency.p50,
        meP99: m.latency.p99,
        status: s.requests.average,
        statusP50: s.latency.p50,
        statusP99: s.latency.p99,
      });
      console.log(`round ${i + 1}: bare ${Math.round(b.requests.average)}, me ${Math.round(m.requests.average)} req/s`);
    }
    // The JavaScript and CSS that /login names in its HTML (the entry and what it preloads), gzipped.
    const html = await (await fetch(`${base}/login`)).text();
    const assets = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
    let loginBytes = 0;
    for (const asset of assets) {
      loginBytes += gzipSync(Buffer.from(await (await fetch(`${base}${asset}`)).arrayBuffer()), { level: 9 }).length;
    }
    const col = (key: keyof (typeof rounds)[number]) => median(rounds.map((r) => r[key]));
    out.push(
      '',
      '| demo data, embedded database | value |',
      '|---|---|',
      `| bare Fastify JSON route | ${Math.round(col('bare'))} req/s |`,
      `| authenticated GraphQL \`me\` | ${Math.round(col('me'))} req/s, ratio ${(col('me') / col('bare')).toFixed(3)} (goal >= 0.25) |`,
      `| \`me\` latency p50 / p99 under that load | ${col('meP50')} ms / ${col('meP99')} ms |`,
      `| \`pitcherStatus\`, 12-player team | ${Math.round(col('status'))} req/s, ratio ${(col('status') / col('bare')).toFixed(4)} |`,
      `| \`pitcherStatus\` latency p50 / p99 under that load | ${col('statusP50')} ms / ${col('statusP99')} ms |`,
      `| /login entry JS + CSS, gzipped (${assets.size} files) | ${(loginBytes / 1024).toFixed(1)} KB (goal <= 180 KB) |`,
    );
  }

  if (PARTS.has('pages')) {
    const login = await pageWeight(base, '/login');
    const tracker = await pageWeight(base, '/tracker', { email: 'coach@example.com', password: 'bullpen-demo' });
    const runs: (Lighthouse & { score: number })[] = [];
    // Lighthouse now and then loses the trace's start (NO_NAVSTART) and gives no score: such a run is
    // run again, at most three times in all.
    for (let tries = 0; runs.length < 3 && tries < 6; tries++) {
      const run = await lighthouseMobile(`${base}/login`);
      const { score } = run;
      if (typeof score === 'number') runs.push({ ...run, score });
      else console.log(`Lighthouse gave no score (${run.error ?? 'no reason'}); running it again`);
    }
    const best = runs.map((r) => r.score);
    const mid = runs.find((r) => r.score === median(best)) ?? runs[0];
    if (!mid) throw new Error('Lighthouse gave no score in six runs');
    console.log(`Lighthouse mobile /login: ${best.join(', ')}`);
    out.push(
      '',
      '| page, cold cache, everything fetched gzipped | value |',
      '|---|---|',
      `| /login | ${login.kb.toFixed(1)} KB in ${login.files} files |`,
      `| /tracker (a signed-in coach) | ${tracker.kb.toFixed(1)} KB in ${tracker.files} files |`,
      `| Lighthouse ${mid.formFactor} performance of /login, median of 3 | ${mid.score} (runs: ${best.join(', ')}; goal >= 0.95) |`,
      `| its first / largest contentful paint, blocking time, layout shift | ${mid.fcp} ms / ${mid.lcp} ms, ${mid.tbt} ms, ${mid.cls.toFixed(3)} |`,
    );
  }
  await bullpen.stop();
}

const scaleRuns: ScaleRun[] = [];
if (PARTS.has('embedded')) {
  const dataDir = '.data-test/bench-scale';
  rmSync(dataDir, { recursive: true, force: true });
  scaleRuns.push(
    await scaleBench({
      label: 'embedded',
      database: { BULLPEN_DATA_DIR: dataDir },
      leagues: EMBEDDED_LEAGUES,
      port: 4312,
      bare: bareUrl,
      seconds: DURATION,
      connections: CONNECTIONS,
    }),
  );
}
if (PARTS.has('postgres')) {
  const url = new URL(PG_URL);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).href });
  await admin.connect();
  const name = url.pathname.slice(1);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const [{ server_version: version }] = z
    .tuple([z.object({ server_version: z.string() })])
    .parse((await admin.query('show server_version')).rows);
  await admin.end();
  scaleRuns.push({
    ...(await scaleBench({
      label: `PostgreSQL ${version}`,
      database: { DATABASE_URL: PG_URL },
      leagues: LEAGUES,
      port: 4313,
      bare: bareUrl,
      seconds: DURATION,
      connections: CONNECTIONS,
    })),
  });
}
for (const run of scaleRuns) {
  const s = run.summary;
  const f = run.figures;
  const row = (name: string, goal: string) => {
    const x = f[name];
    if (!x) return `| ${name} | not measured (BENCH_OPERATIONS) | | | | | ${goal} |`;
    const even = x.paced;
    return `| ${name} | ${Math.round(x.rps)} req/s | ${(x.rps / run.bareRps).toFixed(4)} | ${x.rate}/s | ${x.p50} ms / ${x.p99} ms (${Math.round(x.achieved)}/s achieved) | ${even.p50} ms / ${even.p99} ms (${Math.round(even.achieved)}/s${even.failures ? `, ${even.failures} failed` : ''}) | ${goal} |`;
  };
  out.push(
    '',
    `${run.label}: ${s.leagues} leagues, ${s.organizations} organizations, ${s.teams} teams, ${s.players} players, ${s.users} users, ${s.games} games, ${s.outings} outings, ${s.violations} violations (seeded in ${s.seconds} s); bare route ${Math.round(run.bareRps)} req/s`,
    '',
    '| operation | throughput | ratio to bare | fixed rate | p50 / p99, autocannon | p50 / p99, paced | goal |',
    '|---|---|---|---|---|---|---|',
    row('pitcherStatus', 'p99 < 20 ms at 200/s (PostgreSQL)'),
    row('pitcherStatus computed', ''),
    row('createPitchOuting', 'p99 < 50 ms at 100/s'),
    row('listViolations', ''),
    row('sign-in', ''),
    ...(run.busy
      ? [
          `| submitPitchEvents, ${BUSY_GAMES} games of one organization, 120 devices | | | ${run.busy.taps.rate} batches/s | | ${run.busy.taps.p50} ms / ${run.busy.taps.p99} ms (${Math.round(run.busy.taps.achieved)}/s; runs' p99 ${run.busy.taps.p99s.join(', ')}${run.busy.taps.failures ? `; ${run.busy.taps.failures} failed` : ''}) | p99 < 50 ms |`,
          `| pitcherStatus while those taps run | | | ${run.busy.status.rate}/s | | ${run.busy.status.p50} ms / ${run.busy.status.p99} ms (${Math.round(run.busy.status.achieved)}/s; runs' p99 ${run.busy.status.p99s.join(', ')}) | p99 < 20 ms |`,
          '',
          `Every tap counted once: ${run.busy.sent} taps sent, ${run.busy.counted} counted by the books.`,
        ]
      : []),
    '',
    `Server memory during the load: median RSS ${Math.round(run.memory.medianRss)} MiB, highest ${Math.round(run.memory.maxRss)} MiB, peak (VmHWM) ${Math.round(run.memory.peak)} MiB`,
  );
}

console.log(`\n${out.join('\n')}`);
process.exit(0);
