import { statfsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { POSTGRES_CONNECT_TIMEOUT_MS } from '../doctor/checks.ts';
import { createPostgresBus, type EventBus } from './event-bus.ts';
import { applyMigrations, MIGRATIONS_FOLDER } from './migrations.ts';
import * as schema from './schema.ts';
import { DatabaseBrokenError, logTaskFailure } from './unavailable.ts';

export type Schema = typeof schema;
/** The data access every repository takes: the same Drizzle API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Runs independent reads side by side on the pool, and one after another inside a transaction: a
 * transaction is one connection, and pg deprecates (pg@9 refuses) a query sent while another runs on it.
 */
export async function readTogether<R extends readonly (() => PromiseLike<unknown>)[]>(
  from: Db,
  reads: [...R],
): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }> {
  type Results = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };
  if (!(from instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

export interface Database {
  kind: 'embedded' | 'postgres';
  db: Db;
  /**
   * Runs pending migrations, all in one transaction (one that fails leaves the database as it was); safe
   * when several servers start together. `folder` is for tests; Bullpen runs its own (MIGRATIONS_FOLDER).
   */
  migrate(options?: { folder?: string }): Promise<void>;
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
  /** Where the database reports what it does on its own (the embedded one reopening after a fatal error). */
  setLog?(log: DatabaseLog): void;
  close(): Promise<void>;
}

export interface DatabaseLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

// Any fixed number works; every Bullpen server must use the same one.
const MIGRATION_LOCK_ID = 72_410_001;

export function openEmbedded(options: { dataDir?: string; loadDataDir?: Blob } = {}): Database {
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // Only a folder can be reopened; an in-memory database is gone with its instance.
  const { dataDir } = options;
  return fromPglite(client, dataDir ? { dataDir, reopen: () => new PGlite({ dataDir }) } : {});
}

/** Free space a reopen waits for: a new WAL segment (16 MiB) and room to work. */
export const REOPEN_MIN_FREE_BYTES = 32 * 1024 * 1024;
const REOPEN_CHECK_MS = 2_000;

/**
 * After a PANIC (or FATAL) PGlite's backend is dead, and the next query spins in WebAssembly
 * forever, freezing the process (seen when a full disk keeps a new WAL segment from being created).
 * Once one is seen, this instance answers DatabaseBrokenError at once and never runs again.
 * Returns what tells whether it has broken.
 */
function guardPglite(instance: PGlite, onPanic: (error: unknown) => void): () => DatabaseBrokenError | null {
  let broken: DatabaseBrokenError | null = null;
  const run = instance.execProtocolRawSync.bind(instance);
  instance.execProtocolRawSync = (message) => {
    if (broken) throw broken;
    return run(message);
  };
  const watch = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => {
    return async (...args: A): Promise<R> => {
      // PGlite answers without any I/O: a request's queries would chain as promise callbacks, and the
      // server would read no other request until that one is done. One turn of the event loop first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        return await call(...args);
      } catch (error) {
        const severity = (error as { severity?: unknown }).severity;
        if (!broken && (severity === 'PANIC' || severity === 'FATAL')) {
          broken = new DatabaseBrokenError(error);
          onPanic(error);
        }
        throw error;
      }
    };
  };
  instance.execProtocol = watch(instance.execProtocol.bind(instance));
  instance.execProtocolStream = watch(instance.execProtocolStream.bind(instance));
  return () => broken;
}

function freeBytes(dir: string): number {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return 0;
  }
}

export function fromPglite(first: PGlite, recovery: { dataDir?: string; reopen?: () => PGlite } = {}): Database {
  let log: DatabaseLog = { warn: () => {}, error: () => {} };
  let current = first;
  let healing: NodeJS.Timeout | null = null;
  let reopening = false;
  let closed = false;
  const onPanic = (error: unknown) => {
    log.error(
      { err: error },
      recovery.reopen
        ? 'the embedded database stopped after a fatal error; answering 503 until it is reopened'
        : 'the embedded database stopped after a fatal error',
    );
    if (recovery.reopen && !healing && !closed) {
      healing = setInterval(() => void reopen(), REOPEN_CHECK_MS);
      healing.unref();
    }
  };
  let brokenNow = guardPglite(first, onPanic);

  /** A fresh instance on the same folder: PostgreSQL's recovery replays the WAL to the last commit. */
  async function reopen() {
    if (reopening || closed || !recovery.reopen) return;
    if (recovery.dataDir && freeBytes(recovery.dataDir) < REOPEN_MIN_FREE_BYTES) return;
    reopening = true;
    try {
      const next = recovery.reopen();
      await next.waitReady;
      const brokenNext = guardPglite(next, onPanic);
      await next.query('select 1');
      // The broken instance is dropped, never closed: closing runs its backend again.
      current = next;
      brokenNow = brokenNext;
      known = undefined;
      listening = undefined;
      if (healing) clearInterval(healing);
      healing = null;
      log.warn({}, 'the embedded database was reopened');
    } catch (error) {
      log.warn({ err: error }, 'the embedded database could not be reopened yet');
    } finally {
      reopening = false;
    }
  }

  // Drizzle and the listeners hold this: it always reaches the instance in use.
  const client = new Proxy(first, {
    get(_target, prop) {
      const value = Reflect.get(current, prop, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
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
    migrate: ({ folder = MIGRATIONS_FOLDER } = {}) =>
      applyMigrations(() => migratePglite(db as never, { migrationsFolder: folder }), folder),
    ping: () => pingDb(db),
    async authGeneration() {
      if (known === undefined) {
        listening ??= (async () => {
          await client.listen(AUTH_CHANNEL, (payload) => heard(Number(payload)));
          heard(await readAuthGeneration(db));
        })().catch((error) => {
          listening = undefined;
          throw error;
        });
        await listening;
      }
      return known as number;
    },
    setLog(next) {
      log = next;
    },
    async close() {
      closed = true;
      if (healing) clearInterval(healing);
      healing = null;
      if (!brokenNow()) await current.close();
    },
  };
}

/** How many statement texts one process prepares; the rest run unnamed (decision 0023). */
export const PREPARED_STATEMENTS_MAX = 500;

/**
 * A connection that prepares each statement carrying parameters once, under a name, so PostgreSQL
 * parses and plans it once per connection instead of at every call: planning was most of the
 * database's time in recording an outing (decision 0023). Statements without parameters (BEGIN,
 * migrations, LISTEN) stay on the simple protocol, which allows several commands in one text.
 */
export function preparingClient(names = new Map<string, string>()) {
  return class PreparingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them all through.
    override query(config: any, values?: any, callback?: any): any {
      const params = Array.isArray(values) ? values : config?.values;
      if (
        config !== null &&
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        !config.name &&
        typeof config.submit !== 'function' &&
        Array.isArray(params) &&
        params.length > 0
      ) {
        let name = names.get(config.text);
        if (!name && names.size < PREPARED_STATEMENTS_MAX) {
          name = `bullpen_${names.size + 1}`;
          names.set(config.text, name);
        }
        if (name) return super.query({ ...config, name }, values, callback);
      }
      return super.query(config, values, callback);
    }
  };
}

export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // Without it, an address that never answers holds `serve`, `migrate` and every request forever.
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    Client: preparingClient(),
  });
  let log: DatabaseLog | null = null;
  // An idle client losing its connection (a database restart) must not crash the process.
  pool.on('error', (error) => {
    if (log) logTaskFailure(log, error, 'an idle database connection was lost');
  });
  // Nor one checked out: the pool stops listening while a client is lent (a transaction between two
  // statements), and PostgreSQL's FATAL on shutdown would be an unhandled 'error'. The client then
  // fails its next query (a 503) and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (log) logTaskFailure(log, error, 'a database connection was lost');
    });
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async migrate({ folder = MIGRATIONS_FOLDER } = {}) {
      const client = await pool.connect();
      try {
        // Several servers may start together: the advisory lock lets one migrate at a time.
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await applyMigrations(() => migratePg(drizzlePg({ client }), { migrationsFolder: folder }), folder);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: () => pingDb(db),
    authGeneration: () => readAuthGeneration(db),
    eventBus: (channel, busLog) => createPostgresBus(connectionString, channel, busLog),
    setLog(next) {
      log = next;
    },
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
