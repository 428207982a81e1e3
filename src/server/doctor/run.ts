import { accessSync, constants, existsSync, statfsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { type JournalEntry, readJournal } from '../db/migrations.ts';
import { envProblems, readEnv, unsafeInProduction, withoutSecrets } from '../env.ts';
import {
  type Check,
  CONNECT_TIMEOUT_MS,
  clockCheck,
  configurationCheck,
  describePostgres,
  describeSmtp,
  diskCheck,
  type EmbeddedFolder,
  embeddedCheck,
  MIB,
  mailCheck,
  migrationsCheck,
  notChecked,
  type PostgresTarget,
  postgresReached,
  postgresUnreachable,
  productionCheck,
  type SmtpAnswer,
} from './checks.ts';
import { type ListenAt, type PortFound, portCheck, proxyCheck } from './listening.ts';

/** The little both databases' clients answer: a query's rows. */
interface Queryable {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

/**
 * `bullpen doctor`: finds what each check needs (connects, opens, asks) and lets checks.ts judge it. It never
 * changes anything: no migration, no folder created, and an embedded database another process holds is left
 * unopened.
 */
export async function runDoctor(source: NodeJS.ProcessEnv = process.env): Promise<Check[]> {
  // A driver's words in a check (a refused login, say) never carry a password out.
  return (await findAndJudge(source)).map((c) => ({ ...c, message: withoutSecrets(c.message, source) }));
}

async function findAndJudge(source: NodeJS.ProcessEnv): Promise<Check[]> {
  const problems = envProblems(source);
  if (problems.length > 0) return [configurationCheck(problems, { production: false, database: '' })];
  const env = readEnv(source);
  const journal = readJournal();
  const newestMigrationAt = Math.max(...journal.map((e) => e.when));
  const checks: Check[] = [
    configurationCheck([], {
      production: env.NODE_ENV === 'production',
      database: env.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${env.BULLPEN_DATA_DIR}`,
    }),
  ];
  if (env.NODE_ENV === 'production') checks.push(productionCheck(unsafeInProduction(env)));
  const at = { host: env.HOST, port: env.PORT };
  checks.push(portCheck(at, await tryPort(at)));
  checks.push(proxyCheck({ host: env.HOST, trust: env.BULLPEN_TRUST_PROXY }));

  if (env.DATABASE_URL) {
    checks.push(
      ...(await checkPostgres(describePostgres(env.DATABASE_URL), env.DATABASE_URL, journal, newestMigrationAt)),
    );
    checks.push(notChecked('disk', 'PostgreSQL keeps its data on its own server; watch its disk there', 'ok'));
  } else {
    checks.push(...(await checkEmbedded(env.BULLPEN_DATA_DIR, journal, newestMigrationAt)));
  }
  checks.push(await checkMail(env));
  if (!env.DATABASE_URL) {
    checks.push(
      diskCheck({
        dir: env.BULLPEN_DATA_DIR,
        freeBytes: freeBytes(env.BULLPEN_DATA_DIR),
        minFreeBytes: env.BULLPEN_DOCTOR_MIN_FREE_MB * MIB,
      }),
    );
  }
  return order(checks);
}

const ORDER = ['configuration', 'production', 'port', 'proxy', 'database', 'migrations', 'clock', 'mail', 'disk'];
const order = (checks: Check[]) => checks.sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));

/**
 * Listens on HOST:PORT for a moment, as `bullpen serve` will. Taken, it asks /healthz there: a Bullpen server
 * that answers is this installation's, running (the doctor runs beside it after an upgrade), not a problem.
 */
async function tryPort(at: ListenAt): Promise<PortFound> {
  if (at.port === 0) return { state: 'any' };
  const error = await new Promise<(Error & { code?: string }) | null>((resolve) => {
    const server = createServer();
    server.once('error', resolve);
    server.listen({ port: at.port, host: at.host, exclusive: true }, () => server.close(() => resolve(null)));
  });
  if (!error) return { state: 'free' };
  if (error.code === 'EADDRINUSE' && (await bullpenAnswers(at))) return { state: 'bullpen' };
  return { state: 'refused', code: error.code, message: error.message };
}

async function bullpenAnswers(at: ListenAt): Promise<boolean> {
  const host = at.host === '0.0.0.0' ? '127.0.0.1' : at.host === '::' ? '::1' : at.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${at.port}/healthz`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) });
    return res.ok && ((await res.json()) as { status?: unknown }).status === 'ok';
  } catch {
    return false;
  }
}

/** The `when` of each applied migration; null when the database has no migrations table. */
async function appliedMigrations(db: Queryable): Promise<number[] | null> {
  const { rows } = await db.query<{ t: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!rows[0]?.t) return null;
  const applied = await db.query<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations',
  );
  return applied.rows.map((r) => Number(r.created_at));
}

async function checkPostgres(
  target: PostgresTarget,
  url: string,
  journal: JournalEntry[],
  newestMigrationAt: number,
): Promise<Check[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
  });
  // A connection lost after the checks must not crash the command.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    const e = error as { code?: string; message: string };
    const code = e.code ?? (/timeout/i.test(e.message) ? 'TIMEOUT' : undefined);
    const now = Date.now();
    return [
      postgresUnreachable(target, { code, message: e.message }),
      notChecked('migrations', 'the database could not be reached'),
      clockCheck({
        localBefore: now,
        localAfter: now,
        noDatabase: 'PostgreSQL could not be reached to compare with',
        newestMigrationAt,
      }),
    ];
  }
  try {
    const localBefore = Date.now();
    type Row = { now: Date; num: string; text: string; superuser: boolean | null };
    const { rows } = await client.query<Row>(
      `select now() as now, current_setting('server_version_num') as num, current_setting('server_version') as text,
        (select rolsuper from pg_roles where rolname = current_user) as superuser`,
    );
    const localAfter = Date.now();
    const row = rows[0] as Row;
    return [
      postgresReached(
        target,
        { text: row.text.split(' ')[0] ?? row.text, num: Number(row.num) },
        row.superuser === true,
      ),
      migrationsCheck(journal, await appliedMigrations(client)),
      clockCheck({
        localBefore,
        localAfter,
        databaseNow: row.now.getTime(),
        newestMigrationAt,
      }),
    ];
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkEmbedded(dir: string, journal: JournalEntry[], newestMigrationAt: number): Promise<Check[]> {
  const now = Date.now();
  const clock = clockCheck({
    localBefore: now,
    localAfter: now,
    noDatabase: 'the embedded database keeps this machine’s time, so there is nothing to compare with',
    newestMigrationAt,
  });
  const folder = await inspectFolder(dir);
  if (folder.state !== 'database') {
    const why =
      folder.state === 'held'
        ? notChecked(
            'migrations',
            `process ${folder.holder} holds the embedded database (a Bullpen server applies its migrations when it starts)`,
            'ok',
          )
        : folder.state === 'missing' || folder.state === 'no-database'
          ? notChecked('migrations', `there is no database yet; it is created with all ${journal.length} migrations`)
          : notChecked('migrations', 'the embedded database could not be opened');
    return [embeddedCheck(folder), why, clock];
  }
  const [{ PGlite }, { lockDataDir }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('../db/data-dir-lock.ts'),
  ]);
  let release = () => {};
  let client: InstanceType<typeof PGlite> | null = null;
  try {
    // Held while open, so a server starting meanwhile is refused rather than sharing the folder (and one that
    // started since the look above refuses this instead).
    release = lockDataDir(dir);
    client = new PGlite({ dataDir: dir });
    await client.waitReady;
    const applied = await appliedMigrations(client);
    return [embeddedCheck(folder), migrationsCheck(journal, applied), clock];
  } catch (error) {
    return [
      embeddedCheck({ ...folder, openError: (error as Error).message }),
      notChecked('migrations', 'the embedded database could not be opened'),
      clock,
    ];
  } finally {
    await client?.close().catch(() => {});
    release();
  }
}

async function inspectFolder(dir: string): Promise<EmbeddedFolder> {
  if (!existsSync(dir)) return { state: 'missing', dir, parentWritable: writable(nearestExisting(dir)) };
  if (!statSync(dir).isDirectory()) return { state: 'not-a-folder', dir };
  if (!writable(dir)) return { state: 'not-writable', dir };
  const { holdsDatabase, lockHolder } = await import('../db/data-dir-lock.ts');
  const holder = lockHolder(dir);
  if (holder) return { state: 'held', dir, holder };
  if (!holdsDatabase(dir)) return { state: 'no-database', dir };
  return { state: 'database', dir };
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function nearestExisting(dir: string): string {
  let at = resolve(dir);
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

/** Free bytes for the folder, or for the folder it would be created in. */
function freeBytes(dir: string): number {
  const stats = statfsSync(nearestExisting(dir));
  return stats.bavail * stats.bsize;
}

async function checkMail(env: ReturnType<typeof readEnv>): Promise<Check> {
  const production = env.NODE_ENV === 'production';
  if (!env.SMTP_URL) return mailCheck({ production, smtp: null });
  const { default: nodemailer } = await import('nodemailer');
  let answer: SmtpAnswer = null;
  try {
    // The URL's own settings win; these only bound how long an unanswering server is waited for.
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: CONNECT_TIMEOUT_MS,
    });
    await transport.verify();
    transport.close();
  } catch (error) {
    const e = error as { code?: string; message: string };
    answer = { code: e.code, message: e.message };
  }
  return mailCheck({ production, smtp: { at: describeSmtp(env.SMTP_URL), answer } });
}
