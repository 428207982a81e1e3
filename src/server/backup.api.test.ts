import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';

/**
 * The restore drill: back up, change, restore, and find the data as it was at the
 * backup, through the `bullpen` command, on the embedded database and on PostgreSQL.
 */
const run = promisify(execFile);
const BIN = new URL('../../bin/bullpen.mjs', import.meta.url).pathname;

async function bullpen(args: string[], extra: Record<string, string>) {
  return run(process.execPath, [BIN, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...extra },
  });
}

const createUser = (email: string, extra: Record<string, string>) =>
  bullpen(
    ['create-user', '--email', email, '--given-name', 'Dee', '--family-name', 'Drill', '--password', 'drill-pass-123'],
    extra,
  );

/** Users that exist: create-user refuses an email already taken. */
async function exists(email: string, extra: Record<string, string>) {
  try {
    await createUser(email, extra);
    return false;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '');
    if (stderr.includes('already exists')) return true;
    throw error;
  }
}

async function drill(extra: Record<string, string>, file: string) {
  await createUser('kept@example.com', extra);
  const saved = await bullpen(['backup', file], extra);
  expect(saved.stdout).toMatch(/^Backed up .+ to /);
  expect(existsSync(file)).toBe(true);
  await createUser('after@example.com', extra);
  const restored = await bullpen(['restore', file], extra);
  expect(restored.stdout).toContain(`Restored ${file}: `);
  // As at the backup: the first user is there; the one added after is not (creating it works again).
  expect(await exists('kept@example.com', extra)).toBe(true);
  expect(await exists('after@example.com', extra)).toBe(false);
  return restored.stdout;
}

describe('bullpen backup and restore', () => {
  it('restores the embedded database as it was at the backup, keeping what it replaced aside', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bullpen-backup-'));
    const dataDir = join(root, 'data');
    const out = await drill({ BULLPEN_DATA_DIR: dataDir }, join(root, 'backup.tar.gz'));
    const aside = out.match(/kept in (\S+): /)?.[1] ?? '';
    expect(aside).toContain(`${dataDir}.before-restore-`);
    expect(readdirSync(aside).length).toBeGreaterThan(0);
    // A missing backup is a clear error and changes nothing.
    await expect(bullpen(['restore', join(root, 'nope.tar.gz')], { BULLPEN_DATA_DIR: dataDir })).rejects.toThrow(
      /There is no backup at/,
    );
    expect(await exists('kept@example.com', { BULLPEN_DATA_DIR: dataDir })).toBe(true);
  }, 120_000);

  it.runIf(Boolean(inject('postgresUrl')))(
    'restores PostgreSQL with pg_dump and pg_restore',
    async () => {
      const url = new URL(inject('postgresUrl') as string);
      const name = `bullpen_drill_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      url.pathname = `/${name}`;
      try {
        const root = mkdtempSync(join(tmpdir(), 'bullpen-backup-'));
        await drill({ DATABASE_URL: url.toString() }, join(root, 'backup.dump'));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
