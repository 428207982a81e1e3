import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

/**
 * `bullpen backup` and `bullpen restore`. The embedded database is saved whole, as
 * PGlite's own archive of its data folder (a gzipped tar); PostgreSQL through pg_dump's custom
 * format and pg_restore, which must be installed (Debian: postgresql-client).
 */

export const BACKUP_MESSAGES = {
  noTool: (tool: string) =>
    `${tool} was not found. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client) and try again.`,
  noFile: (file: string) => `There is no backup at ${file}.`,
} as const;

/** Saves the embedded database in `dataDir` to `file`; refuses while a server uses the folder. */
export async function backupEmbedded(dataDir: string, file: string): Promise<void> {
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite({ dataDir });
    try {
      // Dumping before PGlite is ready never finishes; its own gzip uses a web stream, zlib is simpler.
      await client.waitReady;
      const archive = await client.dumpDataDir('none');
      writeFileSync(file, gzipSync(Buffer.from(await archive.arrayBuffer())));
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
  if (!existsSync(file)) throw new Error(BACKUP_MESSAGES.noFile(file));
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

/** pg_dump's custom format: every table, sequence and migration record of the database. */
export function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  return run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

/** Replaces the database's Bullpen objects with the backup's, in one transaction (all or nothing). */
export function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  if (!existsSync(file)) return Promise.reject(new Error(BACKUP_MESSAGES.noFile(file)));
  return run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}
