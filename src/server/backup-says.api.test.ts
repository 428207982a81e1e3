import { execFile } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * `bullpen backup` and `restore` never lie (decision 0052): a database that is not there is refused and never
 * created, each says what the file holds, and a refused permission names the folder, the user and the fix.
 */
const run = promisify(execFile);
const BIN = new URL('../../bin/bullpen.mjs', import.meta.url).pathname;

/** Root runs the command as `nobody`, so that permissions apply; anyone else runs it as themselves. */
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `bullpen`, with none of this process's database settings but `extra`'s; never throws. */
async function bullpen(
  args: string[],
  extra: Record<string, string>,
  options: { cwd?: string; node?: string; uid?: number } = {},
): Promise<Ran> {
  const { DATABASE_URL: _url, BULLPEN_DATA_DIR: _dir, ...env } = process.env;
  try {
    const { stdout, stderr } = await run(options.node ?? process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: { ...env, LOG_LEVEL: 'warn', NODE_ENV: 'development', HOME: tmpdir(), ...extra },
      ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const places: string[] = [];
function place(): string {
  const root = mkdtempSync(join(tmpdir(), 'bullpen-backup-says-'));
  chmodSync(root, 0o755);
  places.push(root);
  return root;
}
afterAll(() => {
  for (const root of places) {
    // A folder the test closed is opened again, so that its owner may remove what is inside.
    for (const dir of [join(root, 'closed'), join(root, 'mine', 'db')]) if (existsSync(dir)) chmodSync(dir, 0o755);
    rmSync(root, { recursive: true, force: true });
  }
});

const COUNTS =
  /: (\d+) organizations?, (\d+) games?, (\d+) outings?; the newest record of (\d{4}-\d\d-\d\d) \d\d:\d\d UTC\.$/m;

/** Seeds one league, backs it up, seeds another, restores: both say the backup's counts. */
async function countsSaid(extra: Record<string, string>, file: string) {
  const seeded = await bullpen(['seed-scale', '--leagues', '1', '--json'], extra);
  expect(seeded.code, seeded.stderr).toBe(0);
  const summary = JSON.parse(seeded.stdout) as { organizations: number; games: number; outings: number };
  const saved = await bullpen(['backup', file], extra);
  expect(saved.code, saved.stderr).toBe(0);
  const said = saved.stdout.match(COUNTS);
  expect(said?.slice(1, 4).map(Number)).toEqual([summary.organizations, summary.games, summary.outings]);
  expect(said?.[4]).toBe(new Date().toISOString().slice(0, 10));
  await bullpen(['seed-scale', '--leagues', '1', '--json'], extra);
  const restored = await bullpen(['restore', file], extra);
  expect(restored.code, restored.stderr).toBe(0);
  expect(restored.stdout).toContain(`Restored ${file}: `);
  // What was restored is the backup's, not the database's before the restore (which had two organizations).
  expect(restored.stdout.match(COUNTS)?.slice(1)).toEqual(said?.slice(1));
  return { saved: saved.stdout, restored: restored.stdout };
}

describe('bullpen backup where there is no database', () => {
  it('refuses in the app folder without the settings: nothing created, exit 1, one sentence', async () => {
    const app = place();
    const out = await bullpen(['backup'], {}, { cwd: app });
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr.trim()).toBe(
      `There is no embedded database in ${join(app, 'data')} (BULLPEN_DATA_DIR=./data), and DATABASE_URL is not set: ` +
        'nothing to back up, and nothing was created. Run it with the server’s settings: on a machine set up by ' +
        'docs/deploy.md, `sudo bullpen backup` (it reads /etc/bullpen/bullpen.env, as the service does); elsewhere, ' +
        'set DATABASE_URL or BULLPEN_DATA_DIR as the server has them.',
    );
    expect(readdirSync(app)).toEqual([]);
  }, 60_000);

  it('refuses an embedded database without Bullpen’s tables (as the old backup left in ./data), writing no file', async () => {
    const root = place();
    const dataDir = join(root, 'data');
    const empty = new PGlite({ dataDir });
    await empty.waitReady;
    await empty.close();
    const out = await bullpen(['backup', join(root, 'b.tar.gz')], { BULLPEN_DATA_DIR: dataDir });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(new RegExp(`^The embedded database in ${dataDir} holds no Bullpen tables: nothing to`));
    expect(existsSync(join(root, 'b.tar.gz'))).toBe(false);
  }, 60_000);

  it.runIf(Boolean(inject('postgresUrl')))(
    'refuses a PostgreSQL database that is not there, or holds no Bullpen tables, without its password',
    async () => {
      const admin = new URL(inject('postgresUrl') as string);
      const root = place();
      const absent = new URL(admin);
      absent.password = 'never-printed-pw';
      absent.pathname = `/bullpen_absent_${Date.now()}`;
      const missing = await bullpen(['backup', join(root, 'a.dump')], { DATABASE_URL: absent.toString() });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`has no database ${absent.pathname.slice(1)}`);
      expect(`${missing.stdout}${missing.stderr}`).not.toContain('never-printed-pw');

      const name = `bullpen_bare_${Date.now()}`;
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`create database ${name}`);
      try {
        const bare = new URL(admin);
        bare.pathname = `/${name}`;
        const out = await bullpen(['backup', join(root, 'b.dump')], { DATABASE_URL: bare.toString() });
        expect(out.code).toBe(1);
        expect(out.stderr).toMatch(new RegExp(`^PostgreSQL at .+/${name} holds no Bullpen tables: nothing to back up`));
        expect(readdirSync(root)).toEqual([]);
      } finally {
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      }
    },
    60_000,
  );
});

describe('bullpen backup and restore say what the file holds', () => {
  it('on the embedded database', async () => {
    const root = place();
    const { saved, restored } = await countsSaid({ BULLPEN_DATA_DIR: join(root, 'data') }, join(root, 'b.tar.gz'));
    expect(saved).toMatch(
      new RegExp(`^Backed up the embedded database in ${join(root, 'data')} to ${root}/b.tar.gz: `),
    );
    expect(restored).toMatch(/The database that was there is kept in .+data\.before-restore-.+: once the restored/);
  }, 180_000);

  it.runIf(Boolean(inject('postgresUrl')))(
    'on PostgreSQL',
    async () => {
      const url = new URL(inject('postgresUrl') as string);
      const name = `bullpen_says_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      url.pathname = `/${name}`;
      try {
        const root = place();
        const { saved } = await countsSaid({ DATABASE_URL: url.toString() }, join(root, 'b.dump'));
        expect(saved).toMatch(new RegExp(`^Backed up PostgreSQL at ${url.hostname}:${url.port || 5432}/${name} to `));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    180_000,
  );
});

describe('bullpen backup and restore where permission is refused', () => {
  it('names the folder or file, the user and what to do', async () => {
    const root = place();
    // Root is never refused: the command runs as nobody, from a copy of Node.js it may run.
    const node = AS_ROOT ? join(root, 'node') : process.execPath;
    if (AS_ROOT) copyFileSync(process.execPath, node);
    chmodSync(node, 0o755);
    const options = AS_ROOT ? { node, uid: NOBODY } : { node };
    const user = AS_ROOT ? 'nobody' : userInfo().username;
    const data = join(root, 'mine');
    mkdirSync(data);
    if (AS_ROOT) chownSync(data, NOBODY, NOBODY);
    const extra = { BULLPEN_DATA_DIR: join(data, 'db'), NODE_COMPILE_CACHE: join(data, 'cache') };
    expect((await bullpen(['migrate'], extra, options)).code).toBe(0);

    // A folder it may not write: as the guide's wrapper ran it, in /srv/bullpen.
    const closed = join(root, 'closed');
    mkdirSync(closed, { mode: 0o555 });
    chmodSync(closed, 0o555);
    const write = await bullpen(['backup'], extra, { ...options, cwd: closed });
    expect(write.code).toBe(1);
    expect(write.stderr).toMatch(
      new RegExp(
        `^User ${user} may not write in ${closed}, so the backup cannot be written to ${closed}/bullpen-backup-.+ ` +
          `\\(permission denied\\)\\. Name a file in a folder ${user} may write .+/srv/bullpen/backups.+chown ${user} ${closed}\\)\\.`,
      ),
    );

    // A backup it may not read.
    const saved = await bullpen(['backup', join(data, 'b.tar.gz')], extra, options);
    expect(saved.code, saved.stderr).toBe(0);
    chmodSync(join(data, 'b.tar.gz'), 0o000);
    if (AS_ROOT) chownSync(join(data, 'b.tar.gz'), 0, 0);
    const read = await bullpen(['restore', join(data, 'b.tar.gz')], extra, options);
    expect(read.code).toBe(1);
    expect(read.stderr).toContain(`User ${user} may not read ${join(data, 'b.tar.gz')} (permission denied).`);

    // A database folder that is not its own.
    chmodSync(join(data, 'db'), 0o500);
    if (AS_ROOT) chownSync(join(data, 'db'), 0, 0);
    const use = await bullpen(['backup', join(data, 'c.tar.gz')], extra, options);
    expect(use.code).toBe(1);
    expect(use.stderr).toContain(`User ${user} may not use ${join(data, 'db')} (permission denied).`);
    expect(use.stderr).toContain(`chown -R ${user} ${join(data, 'db')}`);
  }, 120_000);
});
