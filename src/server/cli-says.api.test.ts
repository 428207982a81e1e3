import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmbedded } from './db/client.ts';
import { readJournal } from './db/migrations.ts';
import { describePostgres } from './doctor/checks.ts';
import { databaseKinds } from './testing/harness.ts';
import { freshPostgres } from './testing/release-fixtures.ts';

/**
 * The command line says what it did, and to which database: `migrate` says whether it created the database, a
 * command that only reads refuses a folder that holds none (never creating one), and the start line names the
 * public address. Operations never lie.
 */
const run = promisify(execFile);
const BIN = new URL('../../bin/bullpen.mjs', import.meta.url).pathname;
const MIGRATIONS = readJournal().length;
const PASSWORD = 'db-Pa55word-never-printed';

/** These settings, and none of the test runner's DATABASE_URL, BULLPEN_DATA_DIR, SMTP_URL or public address. */
function only(settings: Record<string, string>) {
  const {
    DATABASE_URL: _d,
    BULLPEN_DATA_DIR: _b,
    SMTP_URL: _s,
    BULLPEN_PUBLIC_URL: _p,
    BULLPEN_DEV_MAILBOX: _m,
    NODE_ENV: _n,
    ...rest
  } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', NODE_ENV: 'development', BULLPEN_DEMO: '0', PORT: '0', ...settings };
}

/** Runs `bullpen`; never throws. */
async function bullpen(args: string[], settings: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: only(settings) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const root = mkdtempSync(join(tmpdir(), 'bullpen-cli-says-'));

describe('bullpen migrate says what it did', () => {
  it('on a fresh embedded folder: it created a new database there; then, that it is up to date', async () => {
    const dataDir = join(root, 'fresh');
    const first = await bullpen(['migrate'], { BULLPEN_DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe(
      `Created a new embedded database in ${dataDir} and applied ${MIGRATIONS} migrations.`,
    );
    const again = await bullpen(['migrate'], { BULLPEN_DATA_DIR: dataDir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim()).toBe(`The embedded database in ${dataDir} is up to date: no migration to apply.`);
  }, 60_000);

  describe.runIf(databaseKinds().includes('postgres'))('on PostgreSQL', () => {
    let target: Awaited<ReturnType<typeof freshPostgres>>;
    beforeAll(async () => {
      target = await freshPostgres(inject('postgresUrl') as string, 'bullpen_cli_says');
    });
    afterAll(() => target.drop());

    it('creates Bullpen’s tables in an empty database, saying where; then, that it is up to date', async () => {
      const { host, port, database } = describePostgres(target.url);
      const first = await bullpen(['migrate'], { DATABASE_URL: target.url });
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout.trim()).toBe(
        `Created Bullpen’s tables in PostgreSQL at ${host}:${port}/${database}: applied ${MIGRATIONS} migrations.`,
      );
      const again = await bullpen(['migrate'], { DATABASE_URL: target.url });
      expect(again.stdout.trim()).toBe(
        `PostgreSQL at ${host}:${port}/${database} is up to date: no migration to apply.`,
      );
    }, 60_000);
  });

  it('stops with the doctor’s sentence when PostgreSQL never answers, not waiting forever, without the password', async () => {
    // Accepts the connection and never answers, as an address behind a firewall that drops packets.
    const server = await new Promise<Server>((resolve) => {
      const s = createServer((socket) => socket.on('error', () => {})).listen(0, '127.0.0.1', () => resolve(s));
    });
    const { port } = server.address() as AddressInfo;
    try {
      const started = Date.now();
      const out = await bullpen(['migrate'], { DATABASE_URL: `postgres://bullpen:${PASSWORD}@127.0.0.1:${port}/x` });
      expect(out.code).toBe(1);
      expect(out.stdout).toBe('');
      expect(out.stderr.trim()).toBe(
        `DATABASE_URL: no answer from 127.0.0.1:${port} within 10 s. Check that PostgreSQL is running and the URL’s ` +
          'host, port, user and database. A firewall may be in the way.',
      );
      expect(`${out.stdout}${out.stderr}`).not.toContain(PASSWORD);
      expect(Date.now() - started).toBeLessThan(40_000);
    } finally {
      server.close();
    }
  }, 60_000);
});

describe('a command that only reads refuses a folder that holds no database, creating nothing', () => {
  const commands = [
    { args: ['audit', 'verify'], nothing: 'nothing to verify' },
    { args: ['audit', 'check', 'a'.repeat(64)], nothing: 'no history to look the hash up in' },
  ];
  for (const { args, nothing } of commands) {
    it(`bullpen ${args.slice(0, 2).join(' ')}`, async () => {
      const missing = join(root, `missing-${args[1]}`);
      const out = await bullpen(args, { BULLPEN_DATA_DIR: missing });
      expect(out.code).toBe(1);
      expect(out.stdout).toBe('');
      expect(out.stderr.trim()).toBe(
        `There is no embedded database in ${missing} (BULLPEN_DATA_DIR=${missing}), and DATABASE_URL is not set: ` +
          `${nothing}, and nothing was created. Run it with the server’s settings: on a machine set up by ` +
          `docs/deploy.md, \`sudo bullpen ${args.slice(0, 2).join(' ')}\` (it reads /etc/bullpen/bullpen.env, as the ` +
          'service does); elsewhere, set DATABASE_URL or BULLPEN_DATA_DIR as the server has them.',
      );
      expect(existsSync(missing)).toBe(false);
      // An empty folder (made for the database, never started) stays empty: no database, no lock file.
      const empty = join(root, `empty-${args[1]}`);
      mkdirSync(empty);
      const inEmpty = await bullpen(args, { BULLPEN_DATA_DIR: empty });
      expect(inEmpty.code).toBe(1);
      expect(inEmpty.stderr).toContain(`There is no embedded database in ${empty} `);
      expect(readdirSync(empty)).toEqual([]);
    }, 60_000);
  }
});

describe('the start line', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = join(root, 'serve');
    const database = openEmbedded({ dataDir });
    await database.migrate();
    await database.close();
  }, 60_000);

  /** The first line `bullpen serve` prints; the server is stopped. */
  async function startLine(settings: Record<string, string>): Promise<string> {
    const child = spawn(process.execPath, [BIN, 'serve'], {
      env: only({ BULLPEN_DATA_DIR: dataDir, HOST: '127.0.0.1', ...settings }),
    });
    let output = '';
    try {
      return await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          output += chunk;
          if (output.includes('\n')) resolve(output.split('\n')[0] as string);
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
      });
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    }
  }

  it('gives the public address people open when BULLPEN_PUBLIC_URL is set, as well as where it listens', async () => {
    expect(await startLine({ BULLPEN_PUBLIC_URL: 'https://pitches.example.org' })).toMatch(
      new RegExp(
        `^Bullpen is running at http://localhost:\\d+ \\(embedded database in ${dataDir}\\); people open it at https://pitches\\.example\\.org$`,
      ),
    );
    expect(await startLine({})).toMatch(
      new RegExp(`^Bullpen is running at http://localhost:\\d+ \\(embedded database in ${dataDir}\\)$`),
    );
  }, 90_000);
});
