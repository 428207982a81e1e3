// How much one caller's expensive documents slow everyone else (docs/api.md "Limits"): a server on an
// embedded database seeded by `bullpen seed-scale`, an organization admin who sees its outings, and
// `{ me { id } }` latency (autocannon) while 8 clients each send, in a loop, 15 aliases of
// listPitchOutings(limit: 1000). Also times one such request alone, and one full page as the web app
// asks for it. `--leagues N` (default 5, 480 outings each).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { measure, signIn, startBullpen } from './measure.mjs';

register();
const { OUTING_FIELDS } = await import('../src/web/features/tracker/api/list-pitch-outings.ts');

const at = process.argv.indexOf('--leagues');
const leagues = at > 0 ? Number(process.argv[at + 1]) : 5;
const dataDir = mkdtempSync(join(tmpdir(), 'bullpen-heavy-'));
const seeded = spawnSync('node', ['bin/bullpen.mjs', 'seed-scale', '--leagues', String(leagues), '--json'], {
  env: (({ DATABASE_URL: _, ...env }) => ({ ...env, BULLPEN_DATA_DIR: dataDir }))(process.env),
  encoding: 'utf8',
});
if (seeded.status !== 0) throw new Error(`seed-scale failed: ${seeded.stderr}`);
const summary = JSON.parse(seeded.stdout.trim().split('\n').at(-1));
console.log(`seeded ${summary.outings} outings`);

const server = await startBullpen({
  dataDir,
  env: { NODE_ENV: 'production', BULLPEN_SIGNIN_IP_LIMIT: '100000' },
});
const base = server.url;
try {
  const cookie = await signIn(base, summary.sample.organizationAdminEmail, summary.password);
  const post = async (query, variables = {}) => {
    const started = performance.now();
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query, variables }),
    });
    const json = await res.json();
    return { ms: performance.now() - started, json };
  };
  const aliases = Array.from({ length: 15 }, (_, i) => `a${i}: listPitchOutings(limit: 1000) { items { id } }`);
  const HEAVY = `{ ${aliases.join(' ')} }`;
  const PAGE = `query($l: Int) { listPitchOutings(limit: $l) { items { ${OUTING_FIELDS} } nextToken } }`;

  const outcome = (json) =>
    json.errors ? `refused: ${json.errors[0].extensions?.code} ${json.errors[0].message}` : 'answered';
  for (let i = 0; i < 2; i++) await post(HEAVY);
  const alone = await post(HEAVY);
  console.log(`15 aliases of listPitchOutings(limit: 1000) alone: ${alone.ms.toFixed(0)} ms, ${outcome(alone.json)}`);
  await post(PAGE, { l: 1000 });
  const page = await post(PAGE, { l: 1000 });
  const items = page.json.data?.listPitchOutings.items.length;
  console.log(`the web app's page of 1000 outings: ${page.ms.toFixed(0)} ms, ${outcome(page.json)} (${items} items)`);

  const meBody = JSON.stringify({ query: '{ me { id } }' });
  const me = () =>
    measure({
      url: `${base}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: meBody,
      duration: 10,
      connections: 1,
    });
  const quiet = await me();
  console.log(`me alone: p50 ${quiet.latency.p50} ms, p99 ${quiet.latency.p99} ms, max ${quiet.latency.max} ms`);
  let running = true;
  let heavySent = 0;
  const loop = async () => {
    while (running) {
      await post(HEAVY);
      heavySent++;
    }
  };
  const loops = Array.from({ length: 8 }, loop);
  const busy = await me();
  running = false;
  await Promise.all(loops);
  console.log(
    `me while 8 clients send the 15 aliases in a loop (${heavySent} sent): p50 ${busy.latency.p50} ms, ` +
      `p99 ${busy.latency.p99} ms, max ${busy.latency.max} ms, ${busy.requests.total} answered`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
