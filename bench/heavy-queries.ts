// How much one caller's expensive documents slow everyone else (docs/api.md "Limits"): a server on an
// embedded database seeded by `bullpen seed-scale`, an organization admin who sees its outings, and
// `{ me { id } }` latency (autocannon, one connection) while 8 clients each send, in a loop: 15 aliases of
// listPitchOutings(limit: 1000) (the probe's), 4 of them (about the most the cost limit accepts), and the web
// app's page of 1000 outings. Also times each alone. `--leagues N` (default 5, 480 outings each).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { z } from 'zod';
import { OUTING_FIELDS } from '../src/web/features/tracker/api/list-pitch-outings.ts';
import { measure, PRODUCTION_SETTINGS, scaleSummaryOf, signIn, startBullpen } from './measure.ts';

const at = process.argv.indexOf('--leagues');
const leagues = at > 0 ? Number(process.argv[at + 1]) : 5;
const dataDir = mkdtempSync(join(tmpdir(), 'bullpen-heavy-'));
const seeded = spawnSync('node', ['bin/bullpen.mjs', 'seed-scale', '--leagues', String(leagues), '--json'], {
  env: (({ DATABASE_URL: _, ...env }) => ({ ...env, BULLPEN_DATA_DIR: dataDir }))(process.env),
  encoding: 'utf8',
});
if (seeded.status !== 0) throw new Error(`seed-scale failed: ${seeded.stderr}`);
const summary = scaleSummaryOf(seeded.stdout);
console.log(`seeded ${summary.outings} outings`);

const server = await startBullpen({
  dataDir,
  env: { ...PRODUCTION_SETTINGS, BULLPEN_SIGNIN_IP_LIMIT: '100000' },
});
const base = server.url;
try {
  const cookie = await signIn(base, summary.sample.organizationAdminEmail, summary.password);
  // What is read of an answer: its errors' code and message.
  const answer = z.object({
    errors: z
      .array(z.object({ message: z.string(), extensions: z.object({ code: z.string().optional() }).optional() }))
      .optional(),
  });
  const post = async (query: string, variables: Record<string, unknown> = {}) => {
    const started = performance.now();
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query, variables }),
    });
    const json = answer.parse(await res.json());
    return { ms: performance.now() - started, json };
  };
  const pages = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `a${i}: listPitchOutings(limit: 1000) { items { id } }`).join(' ')} }`;
  const PAGE = `query($l: Int) { listPitchOutings(limit: $l) { items { ${OUTING_FIELDS} } nextToken } }`;
  // The probe's document; the costliest of its kind the cost limit accepts (4 x 21,001 + 4); the web's page.
  const loads = [
    { name: '15 aliases of listPitchOutings(limit: 1000) { items { id } }', query: pages(15), variables: {} },
    { name: '4 aliases of the same', query: pages(4), variables: {} },
    { name: "the web app's page of 1000 outings", query: PAGE, variables: { l: 1000 } },
  ];
  const outcome = ({ errors }: z.infer<typeof answer>) =>
    errors?.[0] ? `refused: ${errors[0].extensions?.code} ${errors[0].message}` : 'answered';
  for (const load of loads) {
    for (let i = 0; i < 2; i++) await post(load.query, load.variables);
    const times: number[] = [];
    let last = await post(load.query, load.variables);
    times.push(last.ms);
    for (let i = 1; i < 3; i++) {
      last = await post(load.query, load.variables);
      times.push(last.ms);
    }
    console.log(`${load.name} alone: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms; ${outcome(last.json)}`);
  }

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
  const figures = (r: Result) =>
    `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, ${r.requests.total} answered in 10 s`;
  console.log(`me alone: ${figures(await me())}`);
  for (const load of loads) {
    let running = true;
    let sent = 0;
    const loop = async () => {
      while (running) {
        await post(load.query, load.variables);
        sent++;
      }
    };
    const loops = Array.from({ length: 8 }, loop);
    const busy = await me();
    running = false;
    await Promise.all(loops);
    console.log(`me while 8 clients send ${load.name} in a loop (${sent} sent): ${figures(busy)}`);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
