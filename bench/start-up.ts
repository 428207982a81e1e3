// `node bench/start-up.ts [runs]`: how long `bullpen serve` takes from its start to /readyz answering 200, and its
// resident memory 5 s later, idle; on a fresh embedded data folder (migrations and the demo seed included), then
// restarted on that folder. Medians (docs/performance.md). Both ways of running it, in turns: the sources
// (bin/bullpen.mjs, Node stripping the types) and the compiled server of `npm run build` (dist/server).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, median } from './measure.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 3);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const residentMB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

interface Start {
  seconds: number;
  mb: number;
}

const ENTRIES = { sources: ['bin/bullpen.mjs'], compiled: ['--enable-source-maps', 'dist/server/bullpen.js'] };
type Entry = keyof typeof ENTRIES;

async function startOnce(entry: Entry, dataDir: string): Promise<Start> {
  const port = await freePort();
  const { DATABASE_URL: _, ...env } = process.env;
  const began = performance.now();
  const child = spawn(process.execPath, [...ENTRIES[entry], 'serve'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', BULLPEN_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let seconds: number | undefined;
  while (seconds === undefined) {
    if (child.exitCode !== null) throw new Error(`bullpen serve exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) seconds = (performance.now() - began) / 1000;
    else await sleep(50);
  }
  await sleep(5000);
  const mb = residentMB(child.pid as number);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('close', resolve));
  return { seconds: seconds as number, mb };
}

const folder = mkdtempSync(join(tmpdir(), 'bullpen-start-up-'));
const entries = Object.keys(ENTRIES) as Entry[];
const fresh = new Map<Entry, Start[]>(entries.map((e) => [e, []]));
const restarts = new Map<Entry, Start[]>(entries.map((e) => [e, []]));
try {
  for (let i = 0; i < runs; i++) {
    for (const entry of entries) fresh.get(entry)?.push(await startOnce(entry, join(folder, `${entry}-${i}`)));
  }
  for (let i = 0; i < runs; i++) {
    for (const entry of entries) restarts.get(entry)?.push(await startOnce(entry, join(folder, `${entry}-0`)));
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
for (const entry of entries) {
  for (const [label, rows] of [
    ['fresh data folder', fresh.get(entry) ?? []],
    ['restart', restarts.get(entry) ?? []],
  ] as const) {
    const list = rows.map((r) => `${r.seconds.toFixed(2)} s / ${Math.round(r.mb)} MB`).join(', ');
    console.log(
      `${entry}, ${label}: to /readyz ${median(rows.map((r) => r.seconds)).toFixed(2)} s, idle ${Math.round(median(rows.map((r) => r.mb)))} MB (${list})`,
    );
  }
}
