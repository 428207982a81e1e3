import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, readJournal } from '../src/server/db/migrations.ts';

/**
 * Migrations never lose data (docs/releasing.md): a migration holding a statement that can destroy or rewrite
 * rows (DROP TABLE, DROP COLUMN, DROP SCHEMA, a DROP ... CASCADE, TRUNCATE, DELETE, UPDATE, a column's type
 * changed) says, in a comment naming that kind, why no data is lost:
 *
 *   -- keeps-data UPDATE: only leagues named alike are renamed, and each keeps its name at the start of the new one.
 *
 * The upgrade test (src/server/upgrade.api.test.ts) catches what a migration lost from a release's data; this
 * catches the statement before any release meets it, and makes its author say why it is safe.
 */

const KINDS: { kind: string; pattern: RegExp }[] = [
  { kind: 'DROP TABLE', pattern: /\bdrop\s+table\b/i },
  { kind: 'DROP COLUMN', pattern: /\bdrop\s+column\b/i },
  { kind: 'DROP SCHEMA', pattern: /\bdrop\s+schema\b/i },
  { kind: 'CASCADE', pattern: /\bdrop\b[^;]*\bcascade\b/i },
  { kind: 'TRUNCATE', pattern: /\btruncate\b/i },
  { kind: 'DELETE', pattern: /\bdelete\s+from\b/i },
  { kind: 'UPDATE', pattern: /\bupdate\s+("[^"]+"|\w+)(\s+as\s+\w+)?\s+set\b/i },
  { kind: 'TYPE', pattern: /\balter\s+column\s+("[^"]+"|\w+)\s+(set\s+data\s+)?type\b/i },
];

const MARKER = /^--\s*keeps-data\s+([A-Z ]+?)\s*:\s*(.+)$/gm;

/**
 * What runs when the migration runs: comments and quoted text removed, and the bodies of functions and
 * procedures too (they run later, when called, and are not data the migration changes; a DO block's body runs
 * now and is kept).
 */
function executable(sqlText: string): string {
  return sqlText
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(
      /(create\s+(or\s+replace\s+)?(function|procedure)\b[\s\S]*?)\$(\w*)\$[\s\S]*?\$\4\$/gi,
      (_match, head: string) => `${head} body`,
    )
    .replace(/'(?:[^']|'')*'/g, "''");
}

/** The kinds of destructive statement a migration holds that no marker of its own explains. */
export function unexplained(sqlText: string): string[] {
  const code = executable(sqlText);
  const explained = new Set(
    [...sqlText.matchAll(MARKER)].filter((m) => (m[2] ?? '').trim().length >= 20).map((m) => m[1]),
  );
  return KINDS.filter(({ kind, pattern }) => pattern.test(code) && !explained.has(kind)).map(({ kind }) => kind);
}

describe('migrations keep data', () => {
  it('each statement that can destroy or rewrite rows carries a keeps-data comment saying why it is safe', () => {
    const found = readJournal().flatMap(({ tag }) =>
      unexplained(readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8')).map((kind) => `${tag}: ${kind}`),
    );
    expect(found).toEqual([]);
  });

  it('finds each kind, and only in what runs', () => {
    expect(unexplained('DROP TABLE "notes";')).toEqual(['DROP TABLE']);
    expect(unexplained('ALTER TABLE "games" DROP COLUMN "note";')).toEqual(['DROP COLUMN']);
    expect(unexplained('DROP TYPE "state" CASCADE;')).toEqual(['CASCADE']);
    expect(unexplained('TRUNCATE "sessions";')).toEqual(['TRUNCATE']);
    expect(unexplained('DELETE FROM "sessions" WHERE true;')).toEqual(['DELETE']);
    expect(unexplained(`UPDATE "leagues" AS l SET "name" = 'x';`)).toEqual(['UPDATE']);
    expect(unexplained('ALTER TABLE "games" ALTER COLUMN "date" SET DATA TYPE text;')).toEqual(['TYPE']);
    expect(unexplained('ALTER TABLE "games" ALTER COLUMN "date" TYPE text;')).toEqual(['TYPE']);
    expect(unexplained('DO $$ BEGIN DELETE FROM "sessions"; END $$;')).toEqual(['DELETE']);
    // Not destructive: a foreign key's rule, a constraint dropped, a trigger's body, a comment, a string.
    expect(
      unexplained(`ALTER TABLE "a" ADD CONSTRAINT "f" FOREIGN KEY ("b") REFERENCES "b"("id") ON DELETE cascade;
        ALTER TABLE "players" ALTER COLUMN "birth_date" DROP NOT NULL;
        DROP INDEX "games_idx"; ALTER TABLE "a" DROP CONSTRAINT "c";
        CREATE FUNCTION "f"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "t" SET "n" = 1; RETURN NULL; END $$;
        CREATE TRIGGER "t" AFTER UPDATE OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "f"();
        -- DELETE FROM "everything"
        INSERT INTO "notes" VALUES ('drop table "x"');`),
    ).toEqual([]);
  });

  it('accepts a statement whose kind a marker names with a reason, and only that kind', () => {
    const marked = '-- keeps-data DELETE: removes only the sessions that expired, which no one can use again.\n';
    expect(unexplained(`${marked}DELETE FROM "sessions" WHERE "expires_at" < now();`)).toEqual([]);
    expect(unexplained(`${marked}DELETE FROM "sessions"; DROP TABLE "notes";`)).toEqual(['DROP TABLE']);
    expect(unexplained('-- keeps-data DELETE: fine\nDELETE FROM "sessions";')).toEqual(['DELETE']);
  });
});
