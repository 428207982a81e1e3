import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPostgresBus, type EventBus } from './event-bus.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The data access every repository takes: the same Drizzle API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'embedded' | 'postgres';
  db: Db;
  /** Runs pending migrations; safe when several servers start together. */
  migrate(): Promise<void>;
  /** True while the database answers (for /readyz). */
  ping(): Promise<boolean>;
  /**
   * The count of changes to who may do what (the auth_generation row, bumped by triggers). The
   * embedded database has one writer, this process, and hears each bump before the write returns,
   * so it answers from memory; PostgreSQL may have other writers (servers, the CLI), so it reads the row.
   */
  authGeneration(): Promise<number>;
  /**
   * A bus carrying events between the servers sharing this database (PostgreSQL only: an
   * embedded database has one server, whose in-process events reach all its subscribers).
   */
  eventBus?(channel: string, log: { warn(obj: object, msg: string): void }): EventBus;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

// Any fixed number works; every Bullpen server must use the same one.
const MIGRATION_LOCK_ID = 72_410_001;

export function openEmbedded(options: { dataDir?: string; loadDataDir?: Blob } = {}): Database {
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  return fromPglite(client);
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let known: number | undefined;
  let listening: Promise<void> | undefined;
  const heard = (n: number) => {
    if (Number.isFinite(n) && (known === undefined || n > known)) known = n;
  };
  return {
    kind: 'embedded',
    db,
    // PGlite is one connection in this process: nothing else can migrate concurrently.
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => pingDb(db),
    async authGeneration() {
      if (known === undefined) {
        listening ??= (async () => {
          await client.listen(AUTH_CHANNEL, (payload) => heard(Number(payload)));
          heard(await readAuthGeneration(db));
        })();
        await listening;
      }
      return known as number;
    },
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async migrate() {
      const client = await pool.connect();
      try {
        // Several servers may start together: the advisory lock lets one migrate at a time.
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: () => pingDb(db),
    authGeneration: () => readAuthGeneration(db),
    eventBus: (channel, log) => createPostgresBus(connectionString, channel, log),
    close: () => pool.end(),
  };
}

/** The channel drizzle/0003_auth_generation.sql notifies on. */
const AUTH_CHANNEL = 'bullpen_auth';

async function readAuthGeneration(db: Db): Promise<number> {
  const [row] = await db.select({ n: schema.authGeneration.n }).from(schema.authGeneration).where(sql`id = 1`);
  return row?.n ?? 0;
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
