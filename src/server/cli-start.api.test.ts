import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmbedded } from './db/client.ts';
import { databaseKinds } from './testing/harness.ts';
import { freshPostgres } from './testing/release-fixtures.ts';

/**
 * `bullpen serve` that cannot start stops at once (exit 1) with one sentence saying what is wrong and to run
 * `bullpen doctor`: never a server that keeps running without listening, which systemd would never restart, never
 * a driver's bare error or a stack, never a password.
 */
const BIN = new URL('../../bin/bullpen.mjs', import.meta.url).pathname;
const DATABASE_PASSWORD = 'db-Pa55word-never-printed';
const MAIL_PASSWORD = 'mail-Pa55word-never-printed';

/** These settings, and none of the test runner's DATABASE_URL, SMTP_URL or mailbox. */
function only(settings: Record<string, string>) {
  const { DATABASE_URL: _d, SMTP_URL: _s, BULLPEN_DEV_MAILBOX: _m, NODE_ENV: _n, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', NODE_ENV: 'development', BULLPEN_DEMO: '0', HOST: '127.0.0.1', ...settings };
}

/** Runs `bullpen serve`; resolves when it exits, or says it was still running after `seconds`. */
function serve(settings: Record<string, string>, seconds: number) {
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, 'serve'], { env: only(settings) });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string; seconds: number }>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, output: `${output}\n(still running after ${seconds} s)`, seconds });
    }, seconds * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** A port another program holds. */
async function takenPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, server }),
    );
  });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const { port, server } = await takenPort();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A port that accepts connections and never answers, as an address behind a firewall dropping packets does. */
async function silentPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.on('error', () => {})).listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, server }),
    );
  });
}

function expectOneSentence(output: string, startsWith: string) {
  const lines = output.trim().split('\n');
  expect(lines, output).toHaveLength(1);
  expect(lines[0]?.startsWith(`Bullpen did not start: ${startsWith}`), output).toBe(true);
  expect(lines[0]).toMatch(/ Run `bullpen doctor` to check the settings, the database and the port\.$/);
  expect(output).not.toMatch(/\n\s+at |Error:/);
  expect(output).not.toContain(DATABASE_PASSWORD);
  expect(output).not.toContain(MAIL_PASSWORD);
}

describe('bullpen serve stops at once when it cannot start', () => {
  for (const kind of databaseKinds()) {
    describe(`on the ${kind} database`, () => {
      let database: Record<string, string> = {};
      let drop = async () => {};
      beforeAll(async () => {
        if (kind === 'postgres') {
          const target = await freshPostgres(inject('postgresUrl') as string, 'bullpen_cli_start');
          drop = target.drop;
          const url = new URL(target.url);
          // A password in the URL (trust authentication ignores it): nothing printed may carry it.
          if (!url.password) url.password = DATABASE_PASSWORD;
          database = { DATABASE_URL: url.toString() };
        } else {
          // Migrated beforehand, so the start reaches the port in a moment.
          const dataDir = join(mkdtempSync(join(tmpdir(), 'bullpen-start-')), 'db');
          const embedded = openEmbedded({ dataDir });
          await embedded.migrate();
          await embedded.close();
          database = { BULLPEN_DATA_DIR: dataDir };
        }
      });
      afterAll(() => drop());

      it('exits 1 with a sentence when the port is taken, not running on without listening', async () => {
        const { port, server } = await takenPort();
        try {
          const settings = { ...database, PORT: String(port), SMTP_URL: `smtp://me:${MAIL_PASSWORD}@127.0.0.1:1` };
          const { code, output, seconds } = await serve(settings, 45);
          expect(code, output).toBe(1);
          expectOneSentence(
            output,
            `port ${port} on 127.0.0.1 is already in use by another program (an older Bullpen still running?): stop it, or set PORT to a free port.`,
          );
          // It stopped once it found the port taken, not minutes later.
          expect(seconds).toBeLessThan(30);
        } finally {
          server.close();
        }
      }, 60_000);
    });
  }

  it('exits 1 with a sentence when PostgreSQL does not answer, without the password', async () => {
    const port = await closedPort();
    const { code, output } = await serve(
      { DATABASE_URL: `postgres://bullpen:${DATABASE_PASSWORD}@127.0.0.1:${port}/bullpen`, PORT: '0' },
      30,
    );
    expect(code, output).toBe(1);
    expectOneSentence(output, `DATABASE_URL: cannot connect to 127.0.0.1:${port} (connection refused).`);
  }, 45_000);

  it('exits 1 with a sentence when PostgreSQL never answers (a firewall), after 10 s, without the password', async () => {
    const { port, server } = await silentPort();
    try {
      const { code, output, seconds } = await serve(
        { DATABASE_URL: `postgres://bullpen:${DATABASE_PASSWORD}@127.0.0.1:${port}/bullpen`, PORT: '0' },
        45,
      );
      expect(code, output).toBe(1);
      expectOneSentence(
        output,
        `DATABASE_URL: no answer from 127.0.0.1:${port} within 10 s. Check that PostgreSQL is running and the URL’s ` +
          'host, port, user and database. A firewall may be in the way.',
      );
      // The 10 s, the start before them (slow on a busy machine) and at most 3 s closing: not forever.
      expect(seconds).toBeLessThan(40);
    } finally {
      server.close();
    }
  }, 60_000);

  it('exits 1 on a mail address with a typo in its scheme, saying the setting and never its password', async () => {
    const { code, output } = await serve(
      {
        BULLPEN_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'bullpen-start-')), 'db'),
        SMTP_URL: `smpts://pitches%40example.org:${MAIL_PASSWORD}@smtp.example.org:465`,
      },
      30,
    );
    expect(code, output).toBe(1);
    expect(output).toMatch(
      /^Invalid configuration:\n {2}SMTP_URL: starts with smpts:\/\/, which is not a mail server's address/,
    );
    expect(output.trim()).toMatch(/then run `bullpen doctor`\.$/);
    expect(output).not.toContain(MAIL_PASSWORD);
    expect(output).not.toMatch(/\n\s+at /);
  }, 45_000);
});
