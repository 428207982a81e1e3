// What the benchmarks share: starting a server and waiting for its line, autocannon runs, sign-in,
// medians and a process's memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

/** Starts a child and resolves when its stdout matches `ready` (group 1 is the URL). */
export function start(command, args, env, ready) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const match = buffer.match(ready);
      if (match) resolve({ child, url: match[1] });
    });
    child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)));
  });
}

export const bullpenReady = /running at (http:\/\/\S+)/;

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
