import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { postgresWhere } from './db/backup.ts';
import type { Database, Db } from './db/client.ts';
import { holdsDatabase } from './db/data-dir-lock.ts';
import type { Env } from './env.ts';

/**
 * `bullpen migrate` (src/server/cli.ts): applies the pending migrations and says what it did, to which database. It
 * creates the database on a fresh install (docs/deploy.md runs it first), and says so: a command run with other
 * settings than the server's must not read as if it had upgraded the league's database.
 */
export async function migrateCommand(env: Env, openDatabase: (env: Env) => Promise<Database>): Promise<void> {
  const where = env.DATABASE_URL
    ? postgresWhere(env.DATABASE_URL)
    : `the embedded database in ${resolve(env.BULLPEN_DATA_DIR)}`;
  // Looked at before opening it: opening a folder that holds no database creates one.
  const created = !env.DATABASE_URL && !holdsDatabase(env.BULLPEN_DATA_DIR);
  const database = await openDatabase(env);
  try {
    const before = await appliedCount(database.db);
    await database.migrate();
    const applied = (await appliedCount(database.db)) - before;
    const migrations = `${applied} migration${applied === 1 ? '' : 's'}`;
    if (created) {
      console.log(`Created a new embedded database in ${resolve(env.BULLPEN_DATA_DIR)} and applied ${migrations}.`);
    } else if (applied > 0 && before === 0) {
      console.log(`Created Bullpen’s tables in ${where}: applied ${migrations}.`);
    } else if (applied > 0) {
      console.log(`Applied ${migrations} to ${where}.`);
    } else {
      console.log(`${where.charAt(0).toUpperCase()}${where.slice(1)} is up to date: no migration to apply.`);
    }
  } finally {
    await database.close();
  }
}

/** How many migrations the database records as applied (0 before the first). */
async function appliedCount(db: Db): Promise<number> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [table] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!table?.t) return 0;
  const [count] = await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(count?.n ?? 0);
}
