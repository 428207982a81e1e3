#!/usr/bin/env node
// `node scripts/release-fixture.ts`: the fixture of the release this checkout is (package.json's version), made by
// its own code, in test/fixtures/releases/<version>/: the backup of a database on each of the two databases
// (embedded.tar.gz, postgres.dump, as `bullpen backup` writes them) and manifest.json, what they hold table by
// table. src/server/upgrade.api.test.ts upgrades every release's backups with the current migrations and compares.
// Needs TEST_DATABASE_URL (a PostgreSQL it may create databases on) and pg_dump and pg_restore. docs/releasing.md.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { backupEmbedded, backupPostgres } from '../src/server/db/backup.ts';
import { type Database, openEmbedded, openPostgres } from '../src/server/db/client.ts';
import { readJournal } from '../src/server/db/migrations.ts';
import { type TableState, tableStates } from '../src/server/db/table-digest.ts';
import {
  BACKUP_FILES,
  type DatabaseKind,
  freshPostgres,
  type Manifest,
  RELEASES_FOLDER,
  restoreBackup,
} from '../src/server/testing/release-fixtures.ts';
import { buildReleaseData, MAY_BE_EMPTY } from './release-data.ts';

const root = new URL('..', import.meta.url);
const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(new URL('package.json', root), 'utf8')));
const folder = join(RELEASES_FOLDER, version);
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL this script may create databases on (see docs/releasing.md).');
  process.exit(1);
}
if (existsSync(folder) && !process.argv.includes('--again')) {
  console.error(
    `${folder} already holds release ${version}'s fixture. A release's fixture is made once, with that release's code; ` +
      'bump the version in package.json first, or pass --again to make this one anew.',
  );
  process.exit(1);
}
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

/** Builds the release's data on a new database of `kind` and saves it with `bullpen backup`'s code. */
async function make(kind: DatabaseKind, file: string): Promise<Record<string, TableState>> {
  const started = Date.now();
  let database: Database;
  let backup: () => Promise<unknown>;
  let remove: () => Promise<void>;
  if (kind === 'embedded') {
    const place = mkdtempSync(join(tmpdir(), 'bullpen-fixture-'));
    const dataDir = join(place, 'data');
    database = openEmbedded({ dataDir });
    backup = () => backupEmbedded(dataDir, file);
    remove = async () => rmSync(place, { recursive: true, force: true });
  } else {
    const target = await freshPostgres(adminUrl as string, 'bullpen_fixture');
    database = openPostgres(target.url, { max: 4 });
    backup = () => backupPostgres(target.url, file);
    remove = target.drop;
  }
  let open = true;
  try {
    await database.migrate();
    await buildReleaseData(database);
    const tables = await tableStates(database.db);
    open = false;
    await database.close();
    const empty = Object.entries(tables).filter(([name, t]) => t.rows === 0 && !MAY_BE_EMPTY.has(name));
    if (empty.length) {
      throw new Error(
        `the ${kind} database left ${empty.map(([name]) => name).join(', ')} empty: scripts/release-data.ts must write them`,
      );
    }
    await backup();
    // The backup restored as `bullpen restore` would must hold what was saved.
    const restored = await restoreBackup(kind, file, adminUrl);
    try {
      if (!isDeepStrictEqual(await tableStates(restored.database.db), tables)) {
        throw new Error(`the ${kind} backup, restored, does not hold what was saved`);
      }
    } finally {
      await restored.database.close();
      await restored.remove();
    }
    console.log(`${kind}: ${BACKUP_FILES[kind]} in ${Math.round((Date.now() - started) / 1000)} s`);
    return tables;
  } finally {
    if (open) await database.close();
    await remove();
  }
}

try {
  const embedded = await make('embedded', join(folder, BACKUP_FILES.embedded));
  const postgres = await make('postgres', join(folder, BACKUP_FILES.postgres));
  const lastMigration = readJournal().at(-1)?.tag ?? '';
  const manifest: Manifest = {
    version,
    madeOn: new Date().toISOString().slice(0, 10),
    lastMigration,
    databases: { embedded, postgres },
  };
  writeFileSync(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const name of [...Object.values(BACKUP_FILES), 'manifest.json']) {
    console.log(`${join(folder, name)}: ${(statSync(join(folder, name)).size / 1024).toFixed(0)} KiB`);
  }
} catch (error) {
  rmSync(folder, { recursive: true, force: true });
  console.error(error);
  process.exit(1);
}
