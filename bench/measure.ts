// What the benchmarks and the fault scripts share: starting a server (any command, or Bullpen) and waiting
// for its line, autocannon runs, sign-in, medians and a process's memory.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';
import { z } from 'zod';
import type { ScaleSummary } from '../src/server/db/scale-seed.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Every child the benchmarks and fault scripts start is killed when the script exits, however it ends.
const children = new Set<ChildProcessByStdio<null, Readable, Readable>>();
process.on('exit', () => {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    } catch {}
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nobody listens on right now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      // Listening on an IP address: the address is { address, family, port }, never a pipe's name.
      if (address === null || typeof address === 'string') {
        server.close(() => reject(new Error(`not a TCP address: ${address}`)));
        return;
      }
      const { port } = address;
      server.close(() => resolve(port));
    });
  });
}

/** How a child process ended: its exit code, or the signal that ended it. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A started process, as `start` returns it. */
export interface Started {
  name: string;
  child: ChildProcessByStdio<null, Readable, Readable>;
  pid: number;
  /** Group 1 of the `ready` line, if any. */
  url: string | null;
  exited: Promise<Exit>;
  /** null while running, else { code, signal }. */
  readonly exit: Exit | null;
  output(): string;
  lines(): string[];
  /** SIGTERM (a clean shutdown), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<Exit>;
  /** SIGKILL now: no shutdown hooks run. */
  kill(): Promise<Exit>;
}

export interface StartOptions {
  /** The child's whole environment; this process's by default. */
  env?: NodeJS.ProcessEnv;
  /** The output line that says the process is running. */
  ready: RegExp;
  name?: string;
  timeoutMs?: number | undefined;
  onSpawn?: ((handle: Started) => void) | undefined;
}

/**
 * Starts `command` with `env` (its whole environment; this process's by default) and waits until a line
 * of its output matches `ready` (group 1, if any, is its URL).
 * `onSpawn(handle)` runs before the wait (a fault script registers the stop there).
 */
export async function start(
  command: string,
  args: string[],
  { env = process.env, ready, name = command, timeoutMs = 90_000, onSpawn }: StartOptions,
): Promise<Started> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const { pid } = child;
  // No pid: the command could not be spawned (its 'error' event follows).
  if (pid === undefined) throw new Error(`${name}: ${command} could not be started`);
  children.add(child);
  const lines: string[] = [];
  const keep = (stream: string) => (chunk: Buffer) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      lines.push(`${stream}: ${line}`);
      if (lines.length > 2000) lines.shift();
    }
  };
  child.stdout.on('data', keep('out'));
  child.stderr.on('data', keep('err'));
  const exited = new Promise<Exit>((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  let exitInfo: Exit | null = null;
  void exited.then((info) => {
    exitInfo = info;
  });
  const handle: Started = {
    name,
    child,
    pid,
    url: null,
    exited,
    get exit() {
      return exitInfo;
    },
    output: () => lines.join('\n'),
    lines: () => [...lines],
    async stop(graceMs = 15_000) {
      if (exitInfo) return exitInfo;
      try {
        process.kill(pid, 'SIGTERM');
      } catch {}
      const timer = setTimeout(() => {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }, graceMs);
      const info = await exited;
      clearTimeout(timer);
      return info;
    },
    async kill() {
      if (exitInfo) return exitInfo;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
      return exited;
    },
  };
  onSpawn?.(handle);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = lines.map((line) => line.match(ready)).find(Boolean);
    if (match) {
      handle.url = match[1] ?? null;
      return handle;
    }
    const ended = handle.exit;
    if (ended) {
      throw new Error(
        `${name} exited (${ended.code ?? ended.signal}) before it was running:\n${lines.slice(-20).join('\n')}`,
      );
    }
    if (Date.now() > deadline) {
      await handle.kill();
      throw new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${lines.slice(-20).join('\n')}`);
    }
    await sleep(50);
  }
}

/**
 * Starts `node bin/bullpen.mjs serve` on `port` (a free one if not given) and waits for its "running at"
 * line. `databaseUrl` selects PostgreSQL, `dataDir` the embedded database's folder; `env` adds or overrides.
 * The handle of `start`, with `port` and `url` (http://127.0.0.1:port).
 */
export interface BullpenOptions {
  port?: number;
  env?: Record<string, string>;
  dataDir?: string;
  databaseUrl?: string;
  name?: string;
  timeoutMs?: number;
  onSpawn?: (handle: Started) => void;
}

/** A Bullpen server `startBullpen` started. */
export interface Bullpen extends Started {
  port: number;
  url: string;
}

/**
 * A production server's settings as the benchmarks run one: what `bullpen serve` requires under
 * NODE_ENV=production (src/server/env.ts, unsafeInProduction), though no proxy is in front and no browser
 * checks the address. graphql-js, for one, skips its development checks in production.
 */
export const PRODUCTION_SETTINGS = {
  NODE_ENV: 'production',
  BULLPEN_PUBLIC_URL: 'https://bench.invalid',
  BULLPEN_TRUST_PROXY: '127.0.0.1',
  BULLPEN_SECRET: 'a benchmark-only secret, never a real one',
  BULLPEN_DEMO: '0',
};

export async function startBullpen({
  port,
  env = {},
  dataDir,
  databaseUrl,
  name = 'bullpen',
  timeoutMs,
  onSpawn,
}: BullpenOptions = {}): Promise<Bullpen> {
  port ??= await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, BULLPEN_DEMO: '1' } : {}),
    ...(dataDir ? { BULLPEN_DATA_DIR: dataDir } : {}),
    ...env,
  };
  if (!databaseUrl && !env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const handle = await start(process.execPath, ['bin/bullpen.mjs', 'serve'], {
    env: childEnv,
    ready: /running at/,
    name,
    timeoutMs,
    onSpawn,
  });
  return Object.assign(handle, { port, url: `http://127.0.0.1:${port}` });
}

export function measure(opts: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** The middle value (the upper one of an even count); NaN of none. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Signs in through the real route and returns the session cookie. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    // `__Secure-bullpen.session_token` under NODE_ENV=production.
    .find((c) => /^(__Secure-)?bullpen\.session_token=/.test(c))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** One GraphQL call; throws on any error so a benchmark never measures a refusal. */
export async function graphql<T>(
  base: string,
  cookie: string,
  query: string,
  variables: Record<string, unknown>,
  data: z.ZodType<T>,
): Promise<T> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  const json = z.object({ data: z.unknown().optional(), errors: z.unknown().optional() }).parse(await res.json());
  if (res.status !== 200 || json.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(json.errors)}`);
  return data.parse(json.data);
}

const scaleSummary = z.object({
  tag: z.string(),
  organizations: z.number(),
  leagues: z.number(),
  teams: z.number(),
  players: z.number(),
  users: z.number(),
  games: z.number(),
  outings: z.number(),
  violations: z.number(),
  seconds: z.number(),
  password: z.string(),
  sample: z.object({
    coachEmail: z.string(),
    leagueAdminEmail: z.string(),
    organizationAdminEmail: z.string(),
    organizationId: z.string(),
    leagueId: z.string(),
    seasonId: z.string(),
    teamId: z.string(),
  }),
}) satisfies z.ZodType<ScaleSummary>;

/** The summary `bullpen seed-scale --json` prints as its last line. */
export function scaleSummaryOf(stdout: string): ScaleSummary {
  return scaleSummary.parse(JSON.parse(stdout.trim().split('\n').at(-1) ?? ''));
}

/** Resident and peak memory of a process, in MiB (Linux). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

const pacingAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** A paced run's figures: the rate asked and achieved (per second), latency percentiles (ms), failures. */
export interface Paced {
  rate: number;
  sent: number;
  achieved: number;
  p50: number;
  p99: number;
  failures: number;
}

/**
 * Latency at a fixed rate, paced: request i is due at start + i / rate seconds, whether or not the
 * earlier ones have answered (an open loop, as independent phones are), and its latency counts from
 * when it was due, so a server that falls behind is charged for the wait. autocannon's `overallRate`
 * instead lets each connection send its quota as fast as it can at the start of every second, so its
 * "200/s" arrives as bursts of 20 concurrent requests (docs/performance.md).
 * `request(i)` gives { path, body, headers }.
 */
export async function paced({
  base,
  rate,
  seconds,
  request,
  ok = (status) => status === 200,
}: {
  base: string;
  rate: number;
  seconds: number;
  request: (i: number) => { path: string; body: string; headers: Record<string, string> };
  /** Whether an answer counts as a success; a 200 by default. */
  ok?: (status: number | undefined, body: string) => boolean;
}): Promise<Paced> {
  const { hostname, port } = new URL(base);
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const send = (i: number) =>
    new Promise<void>((resolve) => {
      const due = started + (i * 1000) / rate;
      const { path, body, headers } = request(i);
      const req = http.request(
        {
          host: hostname,
          port,
          path,
          method: 'POST',
          agent: pacingAgent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (!ok(res.statusCode, Buffer.concat(chunks).toString())) failures++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end(body);
    });
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN) * 10) / 10;
  return { rate, sent: total, achieved: total / elapsed, p50: at(0.5), p99: at(0.99), failures };
}
