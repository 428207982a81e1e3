// What the benchmarks and the fault scripts share: starting a server (any command, or Bullpen) and waiting
// for its line, autocannon runs, sign-in, medians and a process's memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Every child the benchmarks and fault scripts start is killed when the script exits, however it ends.
const children = new Set();
process.on('exit', () => {
  for (const child of children) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {}
  }
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nobody listens on right now (the kernel's choice). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `command` with `env` (its whole environment; this process's by default) and waits until a line
 * of its output matches `ready` (group 1, if any, is its URL).
 * `onSpawn(handle)` runs before the wait (a fault script registers the stop there). Returns
 * { name, child, pid, url, exited, exit, output(), lines(), stop(), kill() }.
 */
export async function start(
  command,
  args,
  { env = process.env, ready, name = command, timeoutMs = 90_000, onSpawn } = {},
) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const lines = [];
  const keep = (stream) => (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      lines.push(`${stream}: ${line}`);
      if (lines.length > 2000) lines.shift();
    }
  };
  child.stdout.on('data', keep('out'));
  child.stderr.on('data', keep('err'));
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  let exitInfo = null;
  void exited.then((info) => {
    exitInfo = info;
  });
  const handle = {
    name,
    child,
    pid: child.pid,
    url: null,
    exited,
    /** null while running, else { code, signal }. */
    get exit() {
      return exitInfo;
    },
    output: () => lines.join('\n'),
    lines: () => [...lines],
    /** SIGTERM (a clean shutdown), then SIGKILL after `graceMs`. */
    async stop(graceMs = 15_000) {
      if (exitInfo) return exitInfo;
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {}
      const timer = setTimeout(() => {
        try {
          process.kill(child.pid, 'SIGKILL');
        } catch {}
      }, graceMs);
      const info = await exited;
      clearTimeout(timer);
      return info;
    },
    /** SIGKILL now: no shutdown hooks run. */
    async kill() {
      if (exitInfo) return exitInfo;
      try {
        process.kill(child.pid, 'SIGKILL');
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
    if (exitInfo) {
      throw new Error(
        `${name} exited (${exitInfo.code ?? exitInfo.signal}) before it was running:\n${lines.slice(-20).join('\n')}`,
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
export async function startBullpen({
  port,
  env = {},
  dataDir,
  databaseUrl,
  name = 'bullpen',
  timeoutMs,
  onSpawn,
} = {}) {
  port ??= await freePort();
  const childEnv = {
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

export function measure(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Signs in through the real route and returns the session cookie. */
export async function signIn(base, email, password) {
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
export async function graphql(base, cookie, query, variables = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  const json = await res.json();
  if (res.status !== 200 || json.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(json.errors)}`);
  return json.data;
}

/** Resident and peak memory of a process, in MiB (Linux). */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

const pacingAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * Latency at a fixed rate, paced: request i is due at start + i / rate seconds, whether or not the
 * earlier ones have answered (an open loop, as independent phones are), and its latency counts from
 * when it was due, so a server that falls behind is charged for the wait. autocannon's `overallRate`
 * instead lets each connection send its quota as fast as it can at the start of every second, so its
 * "200/s" arrives as bursts of 20 concurrent requests (docs/performance.md).
 * `request(i)` gives { path, body, headers }.
 */
export async function paced({ base, rate, seconds, request, ok = (status) => status === 200 }) {
  const { hostname, port } = new URL(base);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let failures = 0;
  const started = performance.now();
  const send = (i) =>
    new Promise((resolve) => {
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
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
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
  const pending = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  return { rate, sent: total, achieved: total / elapsed, p50: at(0.5), p99: at(0.99), failures };
}
