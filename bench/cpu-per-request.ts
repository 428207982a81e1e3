// `node bench/cpu-per-request.ts [rounds] [seconds]`: the bare route and the demo coach's authenticated `me`,
// alternating, as `npm run bench` does, and besides each throughput the server's own CPU time per request (user +
// system, from /proc). On a machine shared with other work, a throughput swings with what else runs; the CPU a
// request costs the server swings much less, so its ratio says more about a change (docs/performance.md).
import { readFileSync, rmSync } from 'node:fs';
import type { Options } from 'autocannon';
import { freePort, measure, median, signIn, start, startBullpen } from './measure.ts';

const [rounds = '3', seconds = '6'] = process.argv.slice(2);
const TICK_US = 10_000; // /proc counts in clock ticks of 10 ms (USER_HZ 100)
const cpuTicks = (pid: number) => {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

const bare = await start(process.execPath, ['bench/bare-server.ts'], {
  env: { ...process.env, PORT: String(await freePort()) },
  ready: /LISTENING (http:\/\/\S+)/,
  name: 'bare route',
});
const dataDir = `.data-test/cpu-per-request-${process.pid}`;
const bullpen = await startBullpen({ dataDir, env: { BULLPEN_SIGNIN_IP_LIMIT: '100000' } });
const cookie = await signIn(bullpen.url, 'coach@example.com', 'bullpen-demo');
const me = {
  url: `${bullpen.url}/graphql`,
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie },
  body: JSON.stringify({ query: '{ me { id email givenName familyName roles } }' }),
};

interface Run {
  perSecond: number;
  cpuUs: number;
}

async function run(pid: number, options: Options, duration = Number(seconds)): Promise<Run> {
  const before = cpuTicks(pid);
  const result = await measure({ ...options, duration, connections: 10 });
  if (result.non2xx) throw new Error('non-2xx responses during the run');
  return { perSecond: result.requests.average, cpuUs: ((cpuTicks(pid) - before) * TICK_US) / result.requests.total };
}

await run(bullpen.pid, me, 2); // warm-up: the document compiled, the session cached
const rows: { bare: number; me: number; bareCpuUs: number; meCpuUs: number }[] = [];
for (let i = 0; i < Number(rounds); i++) {
  const b = await run(bare.pid, { url: `${bare.url}/bare` });
  const m = await run(bullpen.pid, me);
  rows.push({ bare: b.perSecond, me: m.perSecond, bareCpuUs: b.cpuUs, meCpuUs: m.cpuUs });
  console.log(
    `round ${i + 1}: bare ${Math.round(b.perSecond)} req/s (${b.cpuUs.toFixed(1)} µs CPU each), ` +
      `me ${Math.round(m.perSecond)} req/s (${m.cpuUs.toFixed(1)} µs CPU each)`,
  );
}
const col = (key: keyof (typeof rows)[number]) => median(rows.map((r) => r[key]));
console.log(
  `medians: throughput ratio ${(col('me') / col('bare')).toFixed(3)}; ` +
    `CPU per request: bare ${col('bareCpuUs').toFixed(1)} µs, me ${col('meCpuUs').toFixed(1)} µs, ` +
    `ratio ${(col('bareCpuUs') / col('meCpuUs')).toFixed(3)}`,
);
await bullpen.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
