import { spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS, describePostgres, postgresUnreachable } from '../doctor/checks.ts';
import { holdsDatabase, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

/**
 * `bullpen backup` and `bullpen restore`. The embedded database is saved whole, as
 * PGlite's own archive of its data folder (a gzipped tar); PostgreSQL through pg_dump's custom
 * format and pg_restore, which must be installed (Debian: postgresql-client). A backup is made only of a
 * database that exists and holds Bullpen's tables, and says what it holds (decision 0052).
 */

/** What to do when the command was not run with the server's settings (docs/deploy.md, "Backups"). */
const withTheServerSettings = (command = 'backup') =>
  `Run it with the server’s settings: on a machine set up by docs/deploy.md, \`sudo bullpen ${command}\` (it reads ` +
  '/etc/bullpen/bullpen.env, as the service does); elsewhere, set DATABASE_URL or BULLPEN_DATA_DIR as the server has them.';
const WITH_THE_SERVER_SETTINGS = withTheServerSettings();

/** The user this process runs as, by name when it has one. */
function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.()}`;
  }
}

export const BACKUP_MESSAGES = {
  noTool: (tool: string) =>
    `${tool} was not found. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client) and try again.`,
  noFile: (file: string) => `There is no backup at ${resolve(file)}.`,
  /** Said by `backup`, and by the commands that only read the database (`audit verify`: `nothing to verify`). */
  noEmbedded: (dataDir: string, { command = 'backup', nothing = 'nothing to back up' } = {}) =>
    `There is no embedded database in ${resolve(dataDir)} (BULLPEN_DATA_DIR=${dataDir}), and DATABASE_URL is not ` +
    `set: ${nothing}, and nothing was created. ${withTheServerSettings(command)}`,
  noTables: (where: string) =>
    `${where} holds no Bullpen tables: nothing to back up, and no file was written. ${WITH_THE_SERVER_SETTINGS}`,
  cannotWrite: (file: string, user = currentUser()) => {
    const dir = dirname(resolve(file));
    return (
      `User ${user} may not write in ${dir}, so the backup cannot be written to ${resolve(file)} (permission ` +
      `denied). Name a file in a folder ${user} may write (on a machine set up by docs/deploy.md, ` +
      `/srv/bullpen/backups: \`sudo bullpen backup\` writes there), or let ${user} write in it (chown ${user} ${dir}).`
    );
  },
  noFolder: (file: string) =>
    `There is no folder ${dirname(resolve(file))} to write ${resolve(file)} into. Create it, or name a file in a folder that exists.`,
  cannotRead: (file: string, user = currentUser()) =>
    `User ${user} may not read ${resolve(file)} (permission denied). Let it (chown ${user} ${resolve(file)}), or ` +
    `copy the backup where it may (on a machine set up by docs/deploy.md, /srv/bullpen/backups).`,
  cannotUse: (path: string, user = currentUser()) =>
    `User ${user} may not use ${resolve(path)} (permission denied). Run the command as the user the server runs ` +
    `as (on a machine set up by docs/deploy.md, \`sudo bullpen <command>\` runs it as bullpen), or give ${user} ` +
    `the folder (chown -R ${user} ${resolve(path)}).`,
} as const;

/** What a database, or a backup of it, holds: printed by backup and restore, so that a wrong one shows at once. */
export interface Contents {
  organizations: number;
  games: number;
  outings: number;
  /** The newest change to an organization, a game, an outing or the change history; null when none. */
  newest: Date | null;
}

/** One query on the database being backed up or restored, answering its rows. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The counts of `contents`, or null when the database holds no Bullpen tables. */
export async function countContents(query: Query): Promise<Contents | null> {
  const tables = ['organizations', 'games', 'pitch_outings', 'audit_entries'];
  const [found] = await query(
    `select ${tables.map((t) => `to_regclass('public.${t}') is not null`).join(' and ')} as found`,
  );
  if (!found?.found) return null;
  const [row = {}] = await query(`select
    (select count(*) from public.organizations)::int as organizations,
    (select count(*) from public.games)::int as games,
    (select count(*) from public.pitch_outings)::int as outings,
    greatest((select max(updated_at) from public.organizations), (select max(updated_at) from public.games),
      (select max(updated_at) from public.pitch_outings), (select max(at) from public.audit_entries)) as newest`);
  return {
    organizations: Number(row.organizations),
    games: Number(row.games),
    outings: Number(row.outings),
    newest: row.newest ? new Date(row.newest as string | Date) : null,
  };
}

/** "2 organizations, 14 games, 96 outings; the newest record of 2026-11-27 18:04 UTC". */
export function describeContents(contents: Contents): string {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const newest = contents.newest
    ? `the newest record of ${contents.newest.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : 'no record yet';
  return `${count(contents.organizations, 'organization')}, ${count(contents.games, 'game')}, ${count(contents.outings, 'outing')}; ${newest}`;
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

const DENIED = new Set(['EACCES', 'EPERM']);

/** Refuses, in words, a backup file this user cannot write. */
export function checkWritable(file: string): void {
  const dir = dirname(resolve(file));
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new Error(code(error) === 'ENOENT' ? BACKUP_MESSAGES.noFolder(file) : BACKUP_MESSAGES.cannotWrite(file));
  }
}

/** Refuses, in words, a backup file that is not there or that this user cannot read. */
export function checkReadable(file: string): void {
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    throw new Error(DENIED.has(code(error) ?? '') ? BACKUP_MESSAGES.cannotRead(file) : BACKUP_MESSAGES.noFile(file));
  }
}

/** An error of the file system said in words when it is a refused permission (the path, the user, the fix). */
export function explainDenied(error: unknown): Error {
  const path = (error as NodeJS.ErrnoException | undefined)?.path;
  if (DENIED.has(code(error) ?? '') && path) return new Error(BACKUP_MESSAGES.cannotUse(path));
  return error instanceof Error ? error : new Error(String(error));
}

/** Refuses, before anything is opened or created, an embedded database folder that holds no database. */
function checkEmbeddedExists(dataDir: string): void {
  try {
    statSync(dataDir);
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    throw code(error) === 'ENOENT' ? new Error(BACKUP_MESSAGES.noEmbedded(dataDir)) : explainDenied(error);
  }
  if (!holdsDatabase(dataDir)) throw new Error(BACKUP_MESSAGES.noEmbedded(dataDir));
}

/**
 * Saves the embedded database in `dataDir` to `file` and answers what it holds; refuses while a server uses the
 * folder, when there is no database there (never creating one) or no Bullpen tables in it.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<Contents> {
  checkEmbeddedExists(dataDir);
  checkWritable(file);
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite({ dataDir });
    try {
      // Dumping before PGlite is ready never finishes; its own gzip uses a web stream, zlib is simpler.
      await client.waitReady;
      const contents = await countContents(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
      if (!contents) throw new Error(BACKUP_MESSAGES.noTables(`The embedded database in ${resolve(dataDir)}`));
      const archive = await client.dumpDataDir('none');
      writeFileSync(file, gzipSync(Buffer.from(await archive.arrayBuffer())));
      return contents;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Replaces the embedded database in `dataDir` with the backup in `file`. What was there is moved
 * aside, never deleted, into `<dataDir>.before-restore-<time>`; answers that folder (null if empty).
 */
export async function restoreEmbedded(dataDir: string, file: string, now = new Date()): Promise<string | null> {
  checkReadable(file);
  const archive = gunzipSync(readFileSync(file));
  const release = lockDataDir(dataDir);
  try {
    const entries = readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
    let aside: string | null = null;
    if (entries.length) {
      aside = `${dataDir}.before-restore-${now.toISOString().replaceAll(':', '-').slice(0, 19)}`;
      mkdirSync(aside, { recursive: true });
      for (const name of entries) renameSync(join(dataDir, name), join(aside, name));
    }
    const client = new PGlite({ dataDir, loadDataDir: new Blob([archive]) });
    await client.query('select 1');
    await client.close();
    // The archive may hold the lock of the process that made it: the lock is ours until we release it.
    writeFileSync(join(dataDir, LOCK_FILE), String(process.pid));
    return aside;
  } finally {
    release();
  }
}

function run(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(BACKUP_MESSAGES.noTool(tool)) : error),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** Where DATABASE_URL points, without its password: "PostgreSQL at host:5432/bullpen". */
export function postgresWhere(databaseUrl: string): string {
  const target = describePostgres(databaseUrl);
  return `PostgreSQL at ${target.host}:${target.port}/${target.database}`;
}

/** A connection to DATABASE_URL's database; one that fails is said as `bullpen doctor` says it. */
async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw new Error(postgresUnreachable(describePostgres(databaseUrl), error as Error).message);
  }
}

/**
 * pg_dump's custom format: every table, sequence and migration record of the database. It dumps the snapshot
 * the counts it answers were read in, so they are what the file holds, even with servers writing meanwhile.
 */
export async function backupPostgres(databaseUrl: string, file: string): Promise<Contents> {
  checkWritable(file);
  const client = await connect(databaseUrl);
  try {
    await client.query('begin isolation level repeatable read, read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id ?? '';
    const contents = await countContents(async (text) => (await client.query(text)).rows);
    if (!contents) throw new Error(BACKUP_MESSAGES.noTables(postgresWhere(databaseUrl)));
    try {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--snapshot=${snapshot}`,
        `--file=${file}`,
        `--dbname=${databaseUrl}`,
      ]);
    } catch (error) {
      // Half a dump is no backup: it goes, so that no file is left to be taken for one.
      rmSync(file, { force: true });
      throw error;
    }
    return contents;
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}

/** Replaces the database's Bullpen objects with the backup's, in one transaction (all or nothing). */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  checkReadable(file);
  // A database that is not there is said in words, before pg_restore.
  await (await connect(databaseUrl)).end();
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}
