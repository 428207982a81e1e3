import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  backupEmbedded,
  backupPostgres,
  countContents,
  describeContents,
  explainDenied,
  postgresWhere,
  restoreEmbedded,
  restorePostgres,
} from './db/backup.ts';
import type { Database } from './db/client.ts';
import { type Env, withoutSecrets } from './env.ts';

/**
 * `bullpen backup` and `bullpen restore` (src/server/cli.ts): what they say. Each says what the file holds
 * (organizations, games, outings, the newest record), so that a backup of the wrong database shows at once; a
 * refusal is one sentence on stderr, exit 1, without a password (decision 0052).
 */

function fail(error: unknown): void {
  console.error(withoutSecrets(explainDenied(error).message));
  process.exitCode = 1;
}

/** `bullpen backup [file]`: a database that is not there is refused, never created. */
export async function backupCommand(env: Env, file: string | undefined): Promise<void> {
  const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
  const target = resolve(file ?? `bullpen-backup-${stamp}.${env.DATABASE_URL ? 'dump' : 'tar.gz'}`);
  try {
    const contents = env.DATABASE_URL
      ? await backupPostgres(env.DATABASE_URL, target)
      : await backupEmbedded(env.BULLPEN_DATA_DIR, target);
    const what = env.DATABASE_URL
      ? postgresWhere(env.DATABASE_URL)
      : `the embedded database in ${resolve(env.BULLPEN_DATA_DIR)}`;
    console.log(`Backed up ${what} to ${target}: ${describeContents(contents)}.`);
    if (contents.organizations === 0) {
      console.log('It holds no organization: if the server has leagues, it runs with other settings than these.');
    }
  } catch (error) {
    fail(error);
  }
}

/** `bullpen restore <file>`: replaces the database with a backup, migrates it, and says what it holds. */
export async function restoreCommand(
  env: Env,
  file: string,
  openDatabase: (env: Env) => Promise<Database>,
): Promise<void> {
  try {
    const aside = env.DATABASE_URL
      ? await restorePostgres(env.DATABASE_URL, file).then(() => null)
      : await restoreEmbedded(env.BULLPEN_DATA_DIR, file);
    const database = await openDatabase(env);
    let contents: Awaited<ReturnType<typeof countContents>>;
    try {
      await database.migrate();
      contents = await countContents(
        async (text) =>
          ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows,
      );
    } finally {
      await database.close();
    }
    console.log(`Restored ${resolve(file)}: ${contents ? describeContents(contents) : 'no Bullpen tables'}.`);
    if (aside) {
      console.log(
        `The database that was there is kept in ${aside}: once the restored one serves as it should, remove it (rm -rf ${aside}).`,
      );
    }
  } catch (error) {
    fail(error);
  }
}
