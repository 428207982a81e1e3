import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

/** What the TLS proxy test starts: Caddy from Debian in front of a production Bullpen (tls-proxy.api.test.ts). */

const run = promisify(execFile);

/** The caddy command, or null when it is not installed. */
export async function caddyVersion(): Promise<string | null> {
  try {
    return (await run('caddy', ['version'])).stdout.trim();
  } catch {
    return null;
  }
}

async function caddyPids(): Promise<Set<number>> {
  // pgrep exits 1 when nothing matches.
  const { stdout } = await run('pgrep', ['-x', 'caddy']).catch(() => ({ stdout: '' }));
  return new Set(stdout.split(/\s+/).filter(Boolean).map(Number));
}

/**
 * Installs Caddy from Debian when it is missing (`apt-get update` first only if the plain install fails).
 * The package starts its service where systemd runs; a caddy the install started is stopped, so none keeps
 * ports 80 and 443: only that one, never a caddy that was running before.
 */
export async function ensureCaddy(): Promise<string> {
  const installed = await caddyVersion();
  if (installed) return installed;
  const before = await caddyPids();
  // Another apt-get at work (an upgrade, another test): wait up to 2 minutes for its lock.
  const apt = (...args: string[]) =>
    run('apt-get', ['-q', '-o', 'DPkg::Lock::Timeout=120', ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      maxBuffer: 1 << 24,
    });
  console.log('tls-proxy: installing Caddy from Debian (apt-get install -y caddy)');
  try {
    await apt('install', '-y', 'caddy');
  } catch {
    // The package lists may be older than the mirror's files.
    try {
      await apt('update');
      await apt('install', '-y', 'caddy');
    } catch (error) {
      const said = (error as { stderr?: string }).stderr ?? String(error);
      throw new Error(`Could not install Caddy from Debian (apt-get install -y caddy):\n${said}`);
    }
  }
  for (const pid of await caddyPids()) if (!before.has(pid)) process.kill(pid, 'SIGTERM');
  const version = await caddyVersion();
  if (!version) throw new Error('apt-get installed caddy, but `caddy version` does not answer');
  return version;
}

/** `n` different TCP ports, free on every address, IPv4 and IPv6 (Caddy listens on all of them). */
export async function freePorts(n: number): Promise<number[]> {
  // All held open at once, so no two are the same.
  const servers = Array.from({ length: n }, () => createServer().listen(0, '::'));
  await Promise.all(servers.map((server) => once(server, 'listening')));
  const ports = servers.map((server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export interface Started {
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr. */
  output(): string;
}

/** Starts a command, keeping what it writes for the failure message. */
export function start(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // A command that is not there: the wait below says so with the output.
  child.on('error', (error) => {
    output += String(error);
  });
  return { child, output: () => output };
}

/** Stops a process this test started, by its pid; SIGKILL if it has not ended in 5 s. */
export async function stop(started: Started | undefined): Promise<void> {
  const child = started?.child;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** GET over HTTPS to `address`, naming `host` (SNI and Host) as the browser does; any certificate. */
export function httpsGet(
  address: string,
  port: number,
  host: string,
  path: string,
  timeoutMs = 5000,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: address, port, path, servername: host, headers: { host: `${host}:${port}` }, rejectUnauthorized: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timed out')));
    req.end();
  });
}

/** Waits until `ready` answers true, failing with the process's output if it ends first or time runs out. */
export async function waitFor(what: string, started: Started, ready: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`${what} stopped before it was ready:\n${started.output()}`);
    }
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready after ${ms / 1000} s:\n${started.output()}`);
}
