import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmbedded, openPostgres } from './db/client.ts';
import { LOCK_FILE } from './db/data-dir-lock.ts';
import type { Check } from './doctor/checks.ts';
import { databaseKinds } from './testing/harness.ts';
import { startSmtp } from './testing/smtp.ts';

const run = promisify(execFile);
const BIN = new URL('../../bin/bullpen.mjs', import.meta.url).pathname;

/** These settings, and none of the test runner's DATABASE_URL, SMTP_URL or mailbox. */
function only(settings: Record<string, string>) {
  const { DATABASE_URL: _d, SMTP_URL: _s, BULLPEN_DEV_MAILBOX: _m, NODE_ENV: _n, ...rest } = process.env;
  // PORT=0 unless a test says: the machine's own port 3000 may be anyone's.
  return { ...rest, LOG_LEVEL: 'warn', NODE_ENV: 'development', PORT: '0', ...settings };
}

/** Runs `bullpen doctor --json` with these settings. */
async function doctor(settings: Record<string, string>) {
  const answer = await run(process.execPath, [BIN, 'doctor', '--json'], { env: only(settings) }).then(
    (done) => ({ code: 0, stdout: done.stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  const { checks } = JSON.parse(answer.stdout) as { checks: Check[] };
  const check = (name: string) => checks.find((c) => c.name === name) as Check;
  return { code: answer.code, checks, check };
}

/** A port nothing listens on. */
async function closedPort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const root = mkdtempSync(join(tmpdir(), 'bullpen-doctor-'));
/** A migrated embedded database: the healthy configuration. */
const healthyDir = join(root, 'healthy');
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  const database = openEmbedded({ dataDir: healthyDir });
  await database.migrate();
  await database.close();
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

/** A fresh PostgreSQL database beside the tests' own, dropped afterwards. */
async function withPostgresDatabase(use: (url: string) => Promise<void>) {
  const url = new URL(inject('postgresUrl') as string);
  const name = `bullpen_doctor_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  url.pathname = `/${name}`;
  try {
    await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Whether this connection's role is a superuser. */
async function superuserConnects(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ rolsuper: boolean }>(
      'select rolsuper from pg_roles where rolname = current_user',
    );
    return rows[0]?.rolsuper === true;
  } finally {
    await client.end();
  }
}

describe('bullpen doctor', () => {
  for (const kind of databaseKinds()) {
    it(`passes a healthy configuration on the ${kind} database, the mail server answering`, async () => {
      const database: Record<string, string> =
        kind === 'postgres' ? { DATABASE_URL: inject('postgresUrl') as string } : { BULLPEN_DATA_DIR: healthyDir };
      const port = await closedPort();
      const { code, checks, check } = await doctor({
        ...database,
        SMTP_URL: smtp.url,
        HOST: '127.0.0.1',
        PORT: String(port),
      });
      expect(checks.map((c) => c.name)).toEqual([
        'configuration',
        'port',
        'proxy',
        'database',
        'migrations',
        'clock',
        'mail',
        'disk',
      ]);
      expect(check('port')).toEqual({
        name: 'port',
        status: 'ok',
        message: `port ${port} on 127.0.0.1 is free for \`bullpen serve\`.`,
      });
      expect(check('proxy')).toMatchObject({
        status: 'ok',
        message: expect.stringMatching(/^BULLPEN_TRUST_PROXY is not set/),
      });
      expect(checks.filter((c) => c.status === 'fail')).toEqual([]);
      expect(code).toBe(0);
      // The tests' PostgreSQL role is the server's superuser where the machine made one (CI's): doctor says so.
      const superuser = kind === 'postgres' && (await superuserConnects(inject('postgresUrl') as string));
      expect(check('database').status).toBe(superuser ? 'warn' : 'ok');
      if (superuser) expect(check('database').message).toMatch(/, a superuser: /);
      expect(check('migrations')).toMatchObject({
        status: 'ok',
        message: expect.stringMatching(/^all \d+ migrations are applied\.$/),
      });
      expect(check('mail')).toMatchObject({
        status: 'ok',
        message: expect.stringContaining('answers and accepts the connection'),
      });
      expect(check('clock').message).toMatch(
        kind === 'postgres' ? /^this machine and PostgreSQL agree within/ : /nothing to compare with/,
      );
    }, 60_000);
  }

  it('prints one line per check without --json', async () => {
    const { stdout } = await run(process.execPath, [BIN, 'doctor'], {
      env: only({ BULLPEN_DATA_DIR: healthyDir }),
    });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^ok {4}configuration {2}every setting is valid/);
    expect(lines[6]).toMatch(/^warn {2}mail {11}SMTP_URL is not set: emails go to the server log/);
  }, 60_000);

  it('fails an unreachable PostgreSQL, saying where it tried', async () => {
    const port = await closedPort();
    const { code, check } = await doctor({ DATABASE_URL: `postgres://postgres:s3cret@127.0.0.1:${port}/bullpen` });
    expect(code).toBe(1);
    expect(check('database')).toEqual({
      name: 'database',
      status: 'fail',
      message: `DATABASE_URL: cannot connect to 127.0.0.1:${port} (connection refused). Check that PostgreSQL is running and the URL’s host, port, user and database.`,
    });
    expect(check('migrations').message).toBe('not checked: the database could not be reached.');
  });

  it('fails an embedded database folder that is not a folder', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a database');
    const { code, check } = await doctor({ BULLPEN_DATA_DIR: file });
    expect(code).toBe(1);
    expect(check('database')).toMatchObject({
      status: 'fail',
      message: `BULLPEN_DATA_DIR: ${file} is not a folder. Set BULLPEN_DATA_DIR to a folder (./data by default).`,
    });
  });

  it('leaves an embedded database a running server holds unopened, and says so', async () => {
    const held = join(root, 'held');
    mkdirSync(held);
    // This test process is alive: a lock holding its id is a live holder's.
    writeFileSync(join(held, LOCK_FILE), String(process.pid));
    const { code, check } = await doctor({ BULLPEN_DATA_DIR: held });
    expect(code).toBe(0);
    expect(check('database')).toMatchObject({
      status: 'ok',
      message: expect.stringContaining(`in use by process ${process.pid}`),
    });
    expect(check('migrations').status).toBe('ok');
    // Not opened: opening would have created a database there.
    expect(existsSync(join(held, 'PG_VERSION'))).toBe(false);
  });

  it('names the pending migrations of an embedded database created without them', async () => {
    const bare = join(root, 'bare');
    await openEmbedded({ dataDir: bare }).close();
    const { code, check } = await doctor({ BULLPEN_DATA_DIR: bare });
    expect(code).toBe(1);
    expect(check('database').status).toBe('ok');
    expect(check('migrations')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/^\d+ of \d+ migrations are not applied: 0000_init, 0001_user_search/),
    });
  }, 60_000);

  it.runIf(Boolean(inject('postgresUrl')))(
    'names the pending migrations of a PostgreSQL database created without them, and fails one newer than this code',
    async () => {
      await withPostgresDatabase(async (url) => {
        const empty = await doctor({ DATABASE_URL: url });
        expect(empty.code).toBe(1);
        expect(empty.check('database').status).toBe((await superuserConnects(url)) ? 'warn' : 'ok');
        expect(empty.check('migrations')).toMatchObject({
          status: 'fail',
          message: expect.stringMatching(/^\d+ of \d+ migrations are not applied: 0000_init,/),
        });
        const database = openPostgres(url, { max: 1 });
        await database.migrate();
        // A newer Bullpen's migration, applied after this code's newest.
        await database.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', (select max(created_at) + 1 from drizzle.__drizzle_migrations))`,
        );
        await database.close();
        const newer = await doctor({ DATABASE_URL: url });
        expect(newer.code).toBe(1);
        expect(newer.check('migrations')).toMatchObject({
          status: 'fail',
          message: expect.stringMatching(/^the database is newer than this version of Bullpen/),
        });
      });
    },
    60_000,
  );

  it('fails a mail server nothing answers on', async () => {
    const port = await closedPort();
    const { code, check } = await doctor({ BULLPEN_DATA_DIR: healthyDir, SMTP_URL: `smtp://127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(check('mail')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(
        new RegExp(`^SMTP_URL: cannot connect to 127\\.0\\.0\\.1:${port} \\(connection refused\\)`),
      ),
    });
  });

  it('fails the development mailbox in production, as the server would refuse it', async () => {
    const production = {
      BULLPEN_DATA_DIR: healthyDir,
      NODE_ENV: 'production',
      BULLPEN_PUBLIC_URL: 'https://pitches.example.org',
      BULLPEN_TRUST_PROXY: '127.0.0.1',
      SMTP_URL: smtp.url,
    };
    const safe = await doctor(production);
    expect(safe.check('production')).toMatchObject({ status: 'ok' });
    const { code, checks, check } = await doctor({ ...production, BULLPEN_DEV_MAILBOX: '1' });
    expect(code).toBe(1);
    expect(check('production')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(
        /^the server refuses to start with NODE_ENV=production: BULLPEN_DEV_MAILBOX is on/,
      ),
    });
    expect(checks.filter((c) => c.status === 'fail').map((c) => c.name)).toEqual(['production']);
  });

  it('fails an invalid setting, naming it, and runs nothing else', async () => {
    const { code, checks } = await doctor({ BULLPEN_DATA_DIR: healthyDir, BULLPEN_PASSWORD_MIN_LENGTH: '4' });
    expect(code).toBe(1);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      name: 'configuration',
      status: 'fail',
      message: expect.stringMatching(/^a setting is invalid: BULLPEN_PASSWORD_MIN_LENGTH: /),
    });
  });

  it('fails a port another program holds, and passes one a running Bullpen answers on', async () => {
    const other = createServer().listen(0, '127.0.0.1');
    await once(other, 'listening');
    const taken = (other.address() as AddressInfo).port;
    // Stands for a running Bullpen: /healthz answers as the server's does.
    const bullpen = createHttpServer((_req, res) =>
      res.setHeader('content-type', 'application/json').end('{"status":"ok"}'),
    );
    bullpen.listen(0, '127.0.0.1');
    await once(bullpen, 'listening');
    try {
      const { code, checks, check } = await doctor({
        BULLPEN_DATA_DIR: healthyDir,
        HOST: '127.0.0.1',
        PORT: String(taken),
      });
      expect(code).toBe(1);
      expect(check('port')).toEqual({
        name: 'port',
        status: 'fail',
        message: `port ${taken} on 127.0.0.1 is already in use by another program (an older Bullpen still running?): stop it, or set PORT to a free port. The server would not start.`,
      });
      expect(checks.filter((c) => c.status === 'fail').map((c) => c.name)).toEqual(['port']);
      const running = await doctor({
        BULLPEN_DATA_DIR: healthyDir,
        HOST: '127.0.0.1',
        PORT: String((bullpen.address() as AddressInfo).port),
      });
      expect(running.check('port')).toMatchObject({
        status: 'ok',
        message: expect.stringContaining('in use by a Bullpen server that answers there'),
      });
    } finally {
      other.close();
      bullpen.close();
    }
  });

  it('fails a mail address with a typo in its scheme, and never prints its password', async () => {
    const password = 'mail-Pa55word-never-printed';
    const settings = {
      BULLPEN_DATA_DIR: healthyDir,
      SMTP_URL: `smpts://pitches%40example.org:${password}@smtp.example.org:465`,
    };
    const { code, checks, check } = await doctor(settings);
    expect(code).toBe(1);
    expect(checks.map((c) => c.name)).toEqual(['configuration']);
    expect(check('configuration')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(
        /^a setting is invalid: SMTP_URL: starts with smpts:\/\/, which is not a mail server's address: only smtp:\/\/ and smtps:\/\//,
      ),
    });
    const text = await run(process.execPath, [BIN, 'doctor'], { env: only(settings) }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(`${JSON.stringify(checks)}${text.stdout}${text.stderr}`).not.toContain(password);
    expect(text.stdout).toMatch(/^fail {2}configuration {2}a setting is invalid: SMTP_URL: starts with smpts:\/\//);
  });

  it('says what BULLPEN_TRUST_PROXY=1 means, and fails a proxy setting that trusts nobody who can connect', async () => {
    const hop = await doctor({ BULLPEN_DATA_DIR: healthyDir, HOST: '127.0.0.1', BULLPEN_TRUST_PROXY: '1' });
    expect(hop.code).toBe(0);
    expect(hop.check('proxy')).toEqual({
      name: 'proxy',
      status: 'ok',
      message:
        'BULLPEN_TRUST_PROXY=1: one proxy is in front of Bullpen, and a client’s address is the one it wrote in X-Forwarded-For.',
    });
    const nobody = await doctor({ BULLPEN_DATA_DIR: healthyDir, HOST: '127.0.0.1', BULLPEN_TRUST_PROXY: '10.0.0.5' });
    expect(nobody.code).toBe(1);
    expect(nobody.check('proxy')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(
        /^BULLPEN_TRUST_PROXY trusts 10\.0\.0\.5, but HOST=127\.0\.0\.1 lets only this machine connect, so it trusts nobody/,
      ),
    });
  });

  it('fails the disk under BULLPEN_DOCTOR_MIN_FREE_MB', async () => {
    // A petabyte: more than any test machine has free.
    const { code, check } = await doctor({
      BULLPEN_DATA_DIR: healthyDir,
      BULLPEN_DOCTOR_MIN_FREE_MB: String(1024 ** 3),
    });
    expect(code).toBe(1);
    expect(check('disk')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(new RegExp(`^only .* free for ${healthyDir}, under 1048576\\.0 GiB`)),
    });
  });
});
