import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { INSTALL_ROOT } from './paths.ts';

// `npm run start:prod`: the compiled server (dist/server, built by the API tests' global setup as
// `npm run build` does) under NODE_ENV=production, and what it refuses to start with (src/server/env.ts,
// unsafeInProduction; docs/deploy.md).

const run = promisify(execFile);
const COMPILED = join(INSTALL_ROOT, 'dist/server/bullpen.js');
const SAFE = {
  BULLPEN_PUBLIC_URL: 'https://pitches.example.org',
  BULLPEN_TRUST_PROXY: '127.0.0.1',
  BULLPEN_SECRET: 'a test secret of more than thirty-two characters',
};

function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...extra };
  // Only what the case sets: nothing of the test run's own settings.
  for (const name of ['DATABASE_URL', 'BULLPEN_DEMO', 'BULLPEN_DEV_MAILBOX', 'BULLPEN_SECRET', 'NODE_ENV']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

/**
 * package.json's `start:prod`, run as npm would but without npm and a shell between, so the test signals the
 * server itself and sees its own exit code: the leading `NAME=value` words are its environment.
 */
function startProdCommand(): { env: Record<string, string>; command: string; args: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(INSTALL_ROOT, 'package.json'), 'utf8')) as PackageJson;
  const script = scripts['start:prod'];
  if (!script) throw new Error('package.json has no start:prod script');
  const words = script.split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name, value] = (words.shift() as string).split('=');
    env[name as string] = value as string;
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`start:prod runs ${command}, not node: ${script}`);
  return { env, command: process.execPath, args };
}
interface PackageJson {
  scripts: Record<string, string>;
}

function startProd(extra: Record<string, string>) {
  const prod = startProdCommand();
  const child = spawn(prod.command, prod.args, { cwd: INSTALL_ROOT, env: productionEnv({ ...extra, ...prod.env }) });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = stdout.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    void exited.then((code) => reject(new Error(`start:prod exited with ${code}: ${stdout}${stderr}`)));
  });
  // A case that expects a refusal never waits for `ready`.
  ready.catch(() => {});
  return { child, ready, exited, output: () => ({ stdout, stderr }) };
}

const started: ChildProcess[] = [];
const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
/** The scratch databases made, dropped once the file's servers are stopped (a hook made inside a test never runs). */
const scratch: string[] = [];
afterAll(async () => {
  for (const child of started) stop(child, 'SIGKILL');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || scratch.length === 0) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const database of scratch) await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
});

/** A database of its own on the test PostgreSQL, dropped after the tests; null without TEST_DATABASE_URL. */
async function scratchDatabase(name: string): Promise<string | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const database = `bullpen_prod_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  scratch.push(database);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: string }>(
    "select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
  );
  await client.end();
  return Number(rows[0]?.n);
}

describe('npm run start:prod', () => {
  it('refuses each unsafe configuration, says what to set, and touches no database', async () => {
    const base = join(mkdtempSync(join(tmpdir(), 'bullpen-prod-')), 'data');
    const postgres = await scratchDatabase('refused');
    const cases: { name: string; env: Record<string, string>; says: RegExp }[] = [
      {
        name: 'no public address',
        env: { BULLPEN_TRUST_PROXY: '127.0.0.1' },
        says: /BULLPEN_PUBLIC_URL is not set: .*Set it to the https:\/\/ address people open/,
      },
      {
        name: 'a plain http address',
        env: { ...SAFE, BULLPEN_PUBLIC_URL: 'http://pitches.example.org' },
        says: /BULLPEN_PUBLIC_URL is http:\/\/pitches\.example\.org, not an https:\/\/ address/,
      },
      {
        name: 'no trusted proxy',
        env: { ...SAFE, BULLPEN_TRUST_PROXY: '' },
        says: /BULLPEN_TRUST_PROXY is not set.*BULLPEN_TRUST_PROXY=127\.0\.0\.1/s,
      },
      { name: 'the dev mailbox', env: { ...SAFE, BULLPEN_DEV_MAILBOX: '1' }, says: /BULLPEN_DEV_MAILBOX is on/ },
      { name: 'the demo accounts', env: { ...SAFE, BULLPEN_DEMO: '1' }, says: /BULLPEN_DEMO is on/ },
      ...(postgres
        ? [
            {
              name: 'servers sharing a PostgreSQL without a secret',
              env: {
                BULLPEN_PUBLIC_URL: SAFE.BULLPEN_PUBLIC_URL,
                BULLPEN_TRUST_PROXY: '127.0.0.1',
                DATABASE_URL: postgres,
              },
              says: /BULLPEN_SECRET is not set.*openssl rand -base64 48/s,
            },
          ]
        : []),
    ];
    const outcomes = await Promise.all(
      cases.map(async (c, i) => {
        const dataDir = `${base}-${i}`;
        const server = startProd({ ...c.env, BULLPEN_DATA_DIR: dataDir });
        started.push(server.child);
        const code = await server.exited;
        return { ...c, code, dataDir, ...server.output() };
      }),
    );
    for (const outcome of outcomes) {
      expect(outcome.code, outcome.name).toBe(1);
      expect(outcome.stderr, outcome.name).toMatch(/^Bullpen did not start: NODE_ENV=production/);
      expect(outcome.stderr, outcome.name).toMatch(outcome.says);
      expect(outcome.stdout, outcome.name).not.toContain('running at');
      expect(existsSync(outcome.dataDir), `${outcome.name}: no embedded database created`).toBe(false);
    }
    if (postgres) expect(await tablesIn(postgres)).toBe(0);
  }, 90_000);

  it('serves the compiled build on the embedded database: no demo, secure cookie, HSTS, and says how to begin', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'bullpen-prod-')), 'data');
    const env = { ...SAFE, BULLPEN_DATA_DIR: dataDir };
    const created = await run(
      process.execPath,
      [COMPILED, 'create-user', '--email', 'ada@example.org', '--given-name', 'Ada', '--family-name', 'Coach'],
      { env: productionEnv({ ...env, NODE_ENV: 'production' }), cwd: INSTALL_ROOT },
    );
    const password = created.stdout.match(/Generated password: (\S+)/)?.[1] ?? '';
    const server = startProd(env);
    started.push(server.child);
    const url = await server.ready;
    const { stdout } = server.output();
    expect(stdout).toContain('Nobody can sign in to administer it yet: create a SuperAdmin with');
    expect(stdout).not.toContain('demo');

    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready' });
    const home = await fetch(`${url}/`);
    expect(home.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);

    const signIn = (email: string, pass: string) =>
      fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: pass }),
      });
    expect((await signIn('admin@example.com', 'bullpen-demo')).status).toBe(401);
    const signedIn = await signIn('ada@example.org', password);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(cookie).toMatch(/^__Secure-bullpen\.session_token=.*; Secure/);
    stop(server.child);
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('runs on PostgreSQL with the shared secret set', async () => {
    const postgres = await scratchDatabase('serves');
    if (!postgres) return;
    const server = startProd({ ...SAFE, DATABASE_URL: postgres });
    started.push(server.child);
    const url = await server.ready;
    expect(server.output().stdout).toContain('(PostgreSQL)');
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready' });
    expect(await tablesIn(postgres)).toBeGreaterThan(10);
    stop(server.child);
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('answers /readyz 503 while it drains after SIGTERM, /healthz 200, then exits cleanly', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'bullpen-prod-')), 'data');
    const server = startProd({ ...SAFE, BULLPEN_DATA_DIR: dataDir, BULLPEN_DRAIN_SECONDS: '2' });
    started.push(server.child);
    const url = await server.ready;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const stopping = Date.now();
    stop(server.child);
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'shutting down' });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(2000);
  }, 90_000);
});
