import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { z } from 'zod';
import { restoreEmbedded, restorePostgres } from '../db/backup.ts';
import { type Database, openEmbedded, openPostgres } from '../db/client.ts';

/**
 * Each release's fixture (docs/releasing.md): its database as `bullpen backup` saved it, on each database,
 * and a manifest of what that database held. scripts/release-fixture.ts writes them; src/server/upgrade.api.test.ts
 * upgrades each with the current migrations and compares.
 */

export const RELEASES_FOLDER = fileURLToPath(new URL('../../../test/fixtures/releases', import.meta.url));

export type DatabaseKind = 'embedded' | 'postgres';

/** The backup of each database in a release's folder. */
export const BACKUP_FILES: Record<DatabaseKind, string> = { embedded: 'embedded.tar.gz', postgres: 'postgres.dump' };

const Tables = z.record(
  z.string(),
  z.object({
    columns: z.array(z.object({ name: z.string(), type: z.string() })),
    rows: z.number(),
    digest: z.string(),
  }),
);

export const Manifest = z.object({
  version: z.string(),
  /** The day it was made (the demo's season and games are dated around it). */
  madeOn: z.string(),
  /** The newest migration of the release (drizzle/meta/_journal.json). */
  lastMigration: z.string(),
  databases: z.object({ embedded: Tables, postgres: Tables }),
});
export type Manifest = z.infer<typeof Manifest>;

const semver = (v: string) => v.split('.').map(Number);
const olderFirst = (a: string, b: string) => {
  const [x, y] = [semver(a), semver(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

/** The releases that kept a fixture, oldest first. */
export function releaseVersions(): string[] {
  if (!existsSync(RELEASES_FOLDER)) return [];
  return readdirSync(RELEASES_FOLDER, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort(olderFirst);
}

export function readManifest(version: string): Manifest {
  return Manifest.parse(JSON.parse(readFileSync(join(RELEASES_FOLDER, version, 'manifest.json'), 'utf8')));
}

/** A database of its own on the PostgreSQL server `adminUrl` reaches: its address, and what drops it. */
export async function freshPostgres(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * A backup restored as `bullpen restore` restores it, in a place of its own: a new folder for the embedded
 * database, a new database on PostgreSQL. `remove` deletes that place, once the database is closed.
 */
export async function restoreBackup(
  kind: DatabaseKind,
  file: string,
  adminUrl?: string | null,
): Promise<{ database: Database; remove(): Promise<void> }> {
  if (kind === 'embedded') {
    const place = mkdtempSync(join(tmpdir(), 'bullpen-release-'));
    const dataDir = join(place, 'data');
    await restoreEmbedded(dataDir, file);
    return {
      database: openEmbedded({ dataDir }),
      remove: async () => rmSync(place, { recursive: true, force: true }),
    };
  }
  if (!adminUrl) throw new Error('Restoring the PostgreSQL backup needs a PostgreSQL: set TEST_DATABASE_URL.');
  const target = await freshPostgres(adminUrl, 'bullpen_release');
  try {
    await restorePostgres(target.url, file);
  } catch (error) {
    await target.drop();
    throw error;
  }
  return { database: openPostgres(target.url, { max: 4 }), remove: target.drop };
}
