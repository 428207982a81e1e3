#!/usr/bin/env node
// `npm run bench`: starts the built server and a bare Fastify route, measures both in one run,
// and prints the figures docs/performance.md reports (ratios and medians: the machine is shared).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

if (!existsSync('dist/web/index.html') || process.env.BENCH_BUILD === '1') {
  spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}

function start(command, args, env, ready) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const match = buffer.match(ready);
      if (match) resolve({ child, url: match[1] });
    });
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
  });
}

const dataDir = '.data-test/bench';
rmSync(dataDir, { recursive: true, force: true });
const bullpen = await start(
  'node',
  ['bin/bullpen.mjs', 'serve'],
  { PORT: '4310', HOST: '127.0.0.1', BULLPEN_DATA_DIR: dataDir, LOG_LEVEL: 'warn', BULLPEN_SIGNIN_IP_LIMIT: '100000' },
  /running at (http:\/\/\S+)/,
);
const bare = await start('node', ['bench/bare-server.mjs'], { PORT: '4311' }, /LISTENING (http:\/\/\S+)/);
// Whatever happens below, the two servers stop with this script.
const stopServers = () => {
  bullpen.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
};
process.on('exit', stopServers);
process.on('uncaughtException', (error) => {
  console.error(error);
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  console.error(error);
  process.exit(1);
});
const base = 'http://127.0.0.1:4310';

const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'coach@example.com', password: 'bullpen-demo' }),
});
const cookie = signIn.headers
  .getSetCookie()
  .find((c) => c.startsWith('bullpen.session_token='))
  ?.split(';')[0];
if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);

const me = JSON.stringify({ query: '{ me { id email givenName familyName roles } }' });
// The demo coach's team (the Majors Tigers): twelve players, half a season of outings.
const teams = await (
  await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query: '{ listTeams { items { id name } } }' }),
  })
).json();
const teamId = teams.data?.listTeams?.items?.[0]?.id;
if (!teamId) throw new Error(`no team: ${JSON.stringify(teams)}`);
const status = JSON.stringify({
  query: `query($t: ID) { pitcherStatus(teamId: $t) { asOf pitchers { playerId today { canPitch remainingToday nextEligibleDate }
    days { date canPitch remaining } recentOutings { date count daysRest } workload { date count } } } }`,
  variables: { t: teamId },
});
const check = await (
  await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: me })
).json();
if (!check.data?.me) throw new Error(`me failed: ${JSON.stringify(check)}`);

function measure(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rounds = [];
for (let i = 0; i < ROUNDS; i++) {
  // Alternate so both see the same machine conditions.
  const b = await measure({ url: `${bare.url}/bare` });
  const m = await measure({
    url: `${base}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: me,
  });
  const s = await measure({
    url: `${base}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: status,
  });
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
  console.log(
    `round ${i + 1}: bare ${Math.round(b.requests.average)} req/s, me ${Math.round(m.requests.average)} req/s, pitcherStatus ${Math.round(s.requests.average)} req/s`,
  );
}

// The JavaScript and CSS that /login loads (the entry and what it preloads), gzipped.
const html = await (await fetch(`${base}/login`)).text();
const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let loginBytes = 0;
for (const asset of new Set(assets)) {
  const body = Buffer.from(await (await fetch(`${base}${asset}`)).arrayBuffer());
  loginBytes += gzipSync(body, { level: 9 }).length;
}

stopServers();

const bareRps = median(rounds.map((r) => r.bare));
const meRps = median(rounds.map((r) => r.me));
const statusRps = median(rounds.map((r) => r.status));
const lines = [
  `Date: ${new Date().toISOString().slice(0, 10)}; machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  `Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per measurement, ${ROUNDS} alternating rounds; medians`,
  '',
  '| measure | value |',
  '|---|---|',
  `| bare Fastify JSON route | ${Math.round(bareRps)} req/s |`,
  `| authenticated GraphQL \`me\` (embedded database) | ${Math.round(meRps)} req/s |`,
  `| ratio me / bare | ${(meRps / bareRps).toFixed(3)} (goal >= 0.25) |`,
  `| \`me\` latency p50 / p99 under that load | ${median(rounds.map((r) => r.meP50))} ms / ${median(rounds.map((r) => r.meP99))} ms |`,
  `| \`pitcherStatus\` of a 12-player team, half a season of outings (embedded database) | ${Math.round(statusRps)} req/s |`,
  `| ratio pitcherStatus / bare | ${(statusRps / bareRps).toFixed(4)} |`,
  `| \`pitcherStatus\` latency p50 / p99 under that load | ${median(rounds.map((r) => r.statusP50))} ms / ${median(rounds.map((r) => r.statusP99))} ms |`,
  `| /login JS + CSS, gzipped (${new Set(assets).size} files) | ${(loginBytes / 1024).toFixed(1)} KB (goal <= 180 KB) |`,
];
console.log(`\n${lines.join('\n')}`);
process.exit(0);
