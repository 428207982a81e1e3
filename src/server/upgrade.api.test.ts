import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from './db/demo-seed.ts';
import { readJournal } from './db/migrations.ts';
import { digestRows, listTables } from './db/table-digest.ts';
import { startHistory, verifyHistory } from './services/history.ts';
import { bootTestApp, databaseKinds, dataOf, gql, signIn } from './testing/harness.ts';
import {
  BACKUP_FILES,
  RELEASES_FOLDER,
  readManifest,
  releaseVersions,
  restoreBackup,
} from './testing/release-fixtures.ts';

/**
 * Upgrading from every release (docs/releasing.md): its backup, made by its own code, is restored as `bullpen
 * restore` restores it and migrated by this code; every row it held is still there as it was (columns added
 * since are not compared), its change history still verifies (as it was, and converted to commitments at start-up,
 * docs/decisions/0048-an-erasable-history.md), and the server starts on it and lets its people
 * sign in. A migration that drops or rewrites a release's data fails here.
 */

const versions = releaseVersions();

describe('the release fixtures', () => {
  it('hold at least the first release, and each names a migration this code still carries', () => {
    expect(versions).toContain('1.0.0');
    const tags = readJournal().map((e) => e.tag);
    for (const version of versions) expect(tags).toContain(readManifest(version).lastMigration);
  });
});

describe.each(databaseKinds())('upgrading on the %s database', (kind) => {
  it.each(versions)(
    'keeps every record and the change history of release %s',
    async (version) => {
      const expected = readManifest(version).databases[kind];
      const file = join(RELEASES_FOLDER, version, BACKUP_FILES[kind]);
      const { database, remove } = await restoreBackup(kind, file, inject('postgresUrl'));
      try {
        await database.migrate();
        const [applied] = (
          (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows;
        expect(Number(applied?.n)).toBe(readJournal().length);

        // Every table and column the release had is still there...
        const now = await listTables(database.db);
        const missing = Object.entries(expected).flatMap(([table, { columns }]) => {
          const present = new Set(now.get(table)?.map((c) => c.name));
          if (!now.has(table)) return [table];
          return columns.filter((c) => !present.has(c.name)).map((c) => `${table}.${c.name}`);
        });
        expect(missing).toEqual([]);
        // ...and holds the same rows, as they were.
        const changed: string[] = [];
        for (const [table, { columns, rows, digest }] of Object.entries(expected)) {
          const found = await digestRows(
            database.db,
            table,
            columns.map((c) => c.name),
          );
          if (found.rows !== rows || found.digest !== digest) changed.push(`${table}: ${rows} rows, now ${found.rows}`);
        }
        expect(changed).toEqual([]);
        // A kind of record the release's history did not keep yet (a child's record, decision 0049) has none
        // until start-up begins it; anything else must verify as the release left it.
        const newKinds = new Set(['player-record']);
        expect(
          (await verifyHistory(database.db)).problems.filter(
            (p) => !(p.entity && newKinds.has(p.entity) && p.message.endsWith('has no history')),
          ),
        ).toEqual([]);
        // Start-up converts the release's chains to commitments (docs/decisions/0048-an-erasable-history.md).
        await startHistory(database.db, new Date());
        expect((await verifyHistory(database.db)).problems).toEqual([]);
      } catch (error) {
        await database.close();
        await remove();
        throw error;
      }

      // The server starts on the upgraded database, and the release's coach signs in and reads his games.
      const t = await bootTestApp(kind, {}, { database });
      try {
        const { res, cookie } = await signIn(t.app, 'coach@example.com', DEMO_PASSWORD);
        expect(res.statusCode).toBe(200);
        const games = dataOf<{ items: { id: string }[] }>(
          await gql(t.app, '{ listGames(limit: 5) { items { id } } }', {}, cookie),
          'listGames',
        );
        expect(games.items.length).toBeGreaterThan(0);
      } finally {
        await t.close();
        await remove();
      }
    },
    60_000,
  );
});
