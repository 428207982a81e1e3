import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  buildOrganization,
  buildPlayer,
  buildSeason,
  buildTeam,
  buildUser,
  databaseKinds,
  openTestDatabase,
} from '../testing/harness.ts';
import { freshPostgres } from '../testing/release-fixtures.ts';
import { type Database, openPostgres } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrations.ts';
import { tableStates } from './table-digest.ts';

/**
 * A migration that fails leaves the database as it was: every pending migration of the run is undone with it,
 * the one before it too, and the error names the migration and why. On each database, in one of its own.
 */

/** Bullpen's migrations and two more: one that works, then one that changes data and schema and then fails. */
function migrationsThatFail(): string {
  const folder = mkdtempSync(join(tmpdir(), 'bullpen-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1) as (typeof journal.entries)[number];
  const extra = [
    { tag: '9998_works', sql: 'CREATE TABLE "new_notes" ("id" integer PRIMARY KEY);' },
    {
      tag: '9999_fails',
      sql: [
        'ALTER TABLE "players" ADD COLUMN "nickname" text;',
        `UPDATE "players" SET "nickname" = "first_name", "first_name" = 'Renamed';`,
        'DELETE FROM "roster_entries";',
        'SELECT 1 / (SELECT count(*) - count(*) FROM "players");',
      ].join('--> statement-breakpoint\n'),
    },
  ];
  extra.forEach(({ tag, sql }, i) => {
    writeFileSync(join(folder, `${tag}.sql`), sql);
    journal.entries.push({ ...last, idx: last.idx + 1 + i, when: last.when + 1000 * (i + 1), tag });
  });
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe.each(databaseKinds())('a failed migration on the %s database', (kind) => {
  let database: Database;
  let drop = async () => {};
  let folder: string;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const target = await freshPostgres(inject('postgresUrl') as string, 'bullpen_failed_migration');
      drop = target.drop;
      database = openPostgres(target.url, { max: 2 });
      await database.migrate();
    } else {
      database = openTestDatabase('embedded');
    }
    // Something to lose: an organization with a team and its players.
    const coach = await buildUser(database.db);
    const { organization, league } = await buildOrganization(database.db, { adminIds: [coach.id] });
    const season = await buildSeason(database.db, organization.id);
    const team = await buildTeam(database.db, league, season.id, { coachIds: [coach.id] });
    for (const firstName of ['Ada', 'Ben', 'Cy']) {
      await buildPlayer(database.db, organization.id, { firstName, teamIds: [team.id] });
    }
    folder = migrationsThatFail();
  });
  afterAll(async () => {
    await database.close();
    await drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is refused with the migration and the reason, and changes nothing, the migration before it included', async () => {
    const before = await tableStates(database.db, ['public', 'drizzle']);
    expect(before.roster_entries?.rows).toBe(3);

    const refused = await database.migrate({ folder }).then(
      () => new Error('migrated'),
      (error: Error) => error,
    );
    expect(refused.message).toMatch(
      /^The database was not upgraded: migration 9999_fails failed \(division by zero\)\. No migration of this upgrade was applied/,
    );
    // The way out is the release that ran before, not the same migration again.
    expect(refused.message).toMatch(/go back to that release \(docs\/deploy\.md, Upgrades\) and report this message\./);
    expect(refused.message).toMatch(/Running `bullpen migrate` again fails the same way\.$/);

    // The same tables, columns and rows: no nickname, no new_notes, no migration recorded, the roster whole.
    expect(await tableStates(database.db, ['public', 'drizzle'])).toEqual(before);
    // And this version's own migrations still find nothing to do.
    await database.migrate();
    expect(await tableStates(database.db, ['public', 'drizzle'])).toEqual(before);
  });
});
