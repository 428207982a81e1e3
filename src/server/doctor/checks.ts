/**
 * `bullpen doctor`'s judgement: given what was found (run.ts finds it), each check's status and, in plain
 * words, what is wrong and what to do. Pure, so every wording and threshold is unit tested (checks.test.ts).
 */
import type { JournalEntry } from '../db/migrations.ts';

export type CheckStatus = 'ok' | 'warn' | 'fail';
export type CheckName =
  | 'configuration'
  | 'production'
  | 'port'
  | 'proxy'
  | 'database'
  | 'migrations'
  | 'clock'
  | 'mail'
  | 'disk';

export interface Check {
  name: CheckName;
  status: CheckStatus;
  message: string;
}

/**
 * The largest gap allowed between this machine's clock and the database's. Rest days are calendar days and
 * the server and the database both date records: clocks minutes apart file a game near midnight on two days.
 */
export const CLOCK_MAX_SKEW_MS = 60_000;

/**
 * Free space for the embedded database's folder. Under the minimum (DISK_FAIL_MIB, or BULLPEN_DOCTOR_MIN_FREE_MB
 * when set) a burst of writes, a new 16 MiB WAL segment or a `bullpen backup` beside it may not fit, and a full
 * disk stops the embedded database's writes (docs/reliability.md, "The disk full"). Under 1 GiB there is room
 * for now, not for a season.
 */
export const DISK_FAIL_MIB = 200;
export const DISK_WARN_BYTES = 1024 * 1024 * 1024;
export const MIB = 1024 * 1024;

/** How long a connection to the database or the mail server may take before the check gives up. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long the server's and the commands' connections to PostgreSQL may take (db/client.ts): an address that never
 * answers (a firewall dropping packets) must fail the start with a sentence, not hold it forever. Longer than the
 * doctor's, since a busy server's requests wait this long for a free connection before answering 503.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;

/** Exit code of the command: 1 when any check failed. */
export function exitCodeOf(checks: readonly Check[]): 0 | 1 {
  return checks.some((c) => c.status === 'fail') ? 1 : 0;
}

/** One line per check: status, name, what was found. */
export function formatReport(checks: readonly Check[]): string {
  const width = Math.max(...checks.map((c) => c.name.length));
  return checks.map((c) => `${c.status.padEnd(4)}  ${c.name.padEnd(width)}  ${c.message}`).join('\n');
}

export function configurationCheck(
  problems: readonly { setting: string; message: string }[],
  using: { production: boolean; database: string },
): Check {
  if (problems.length === 0) {
    return {
      name: 'configuration',
      status: 'ok',
      message: `every setting is valid (${using.production ? 'production' : 'not production'}, ${using.database}).`,
    };
  }
  const each = problems.map((p) => `${p.setting || '(settings)'}: ${p.message}`).join('; ');
  return {
    name: 'configuration',
    status: 'fail',
    message:
      `${problems.length === 1 ? 'a setting is' : `${problems.length} settings are`} invalid: ${each}. ` +
      `Fix or unset ${problems.length === 1 ? 'it' : 'them'} (README.md, Configuration); the other checks need a valid configuration and did not run.`,
  };
}

/** Where DATABASE_URL points, without its password. */
export interface PostgresTarget {
  host: string;
  port: number;
  database: string;
  user: string;
}

export function describePostgres(url: string): PostgresTarget {
  const u = new URL(url);
  // libpq's query parameters (`?host=/var/run/postgresql&user=bullpen`, a local socket) win over the address.
  const user = decodeURIComponent(u.username) || u.searchParams.get('user') || '';
  return {
    host: u.searchParams.get('host') || u.hostname || 'localhost',
    port: Number(u.searchParams.get('port') || u.port) || 5432,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || user || 'postgres',
    user: user || '(the system user)',
  };
}

/** The first version Bullpen supports (README.md, PostgreSQL). */
export const POSTGRES_MIN_VERSION = 15;

export function postgresReached(
  target: PostgresTarget,
  version: { text: string; num: number },
  /** The role Bullpen connects as is a superuser. */
  superuser = false,
): Check {
  const where = `${target.host}:${target.port}/${target.database}`;
  if (version.num < POSTGRES_MIN_VERSION * 10_000) {
    return {
      name: 'database',
      status: 'warn',
      message: `DATABASE_URL: PostgreSQL ${version.text} at ${where} answers, but Bullpen needs version ${POSTGRES_MIN_VERSION} or newer. Upgrade PostgreSQL.`,
    };
  }
  if (superuser) {
    // Bullpen needs to own its database, nothing more; a superuser's session can read every database of the server,
    // run programs on it (COPY ... PROGRAM) and switch off its checks.
    return {
      name: 'database',
      status: 'warn',
      message: `DATABASE_URL: PostgreSQL ${version.text} at ${where} answers as user ${target.user}, a superuser: a leak of Bullpen's connection would give away the whole database server. Connect as a role that owns only Bullpen's database (docs/deploy.md).`,
    };
  }
  return {
    name: 'database',
    status: 'ok',
    message: `DATABASE_URL: PostgreSQL ${version.text} at ${where} answers as user ${target.user}.`,
  };
}

/** What connecting failed with, told in words: pg's and Node's error codes. */
export function postgresUnreachable(
  target: PostgresTarget,
  error: { code?: string; message: string },
  timeoutMs = CONNECT_TIMEOUT_MS,
): Check {
  const at = `${target.host}:${target.port}`;
  const check = 'Check that PostgreSQL is running and the URL’s host, port, user and database.';
  let message: string;
  switch (error.code) {
    case 'ECONNREFUSED':
      message = `cannot connect to ${at} (connection refused). ${check}`;
      break;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      message = `cannot find the host ${target.host}. Check the URL’s host name.`;
      break;
    case 'ETIMEDOUT':
    case 'TIMEOUT':
      message = `no answer from ${at} within ${timeoutMs / 1000} s. ${check} A firewall may be in the way.`;
      break;
    case '28P01':
    case '28000':
      message = `PostgreSQL at ${at} refused user ${target.user} (${error.message}). Check the URL’s user and password, and PostgreSQL’s pg_hba.conf.`;
      break;
    case '3D000':
      message = `PostgreSQL at ${at} has no database ${target.database}. Create it (createdb ${target.database}) or fix the URL’s database.`;
      break;
    default:
      message = `cannot connect to ${at} (${error.message}). ${check}`;
  }
  return { name: 'database', status: 'fail', message: `DATABASE_URL: ${message}` };
}

/** What was found at BULLPEN_DATA_DIR before opening anything. */
export type EmbeddedFolder =
  | { state: 'missing'; dir: string; parentWritable: boolean }
  | { state: 'not-a-folder' | 'not-writable' | 'no-database'; dir: string }
  | { state: 'held'; dir: string; holder: number }
  | { state: 'database'; dir: string; openError?: string };

export function embeddedCheck(folder: EmbeddedFolder): Check {
  const where = `BULLPEN_DATA_DIR: ${folder.dir}`;
  const check = (status: CheckStatus, message: string): Check => ({
    name: 'database',
    status,
    message: `${where} ${message}`,
  });
  switch (folder.state) {
    case 'missing':
      return folder.parentWritable
        ? check('warn', 'does not exist yet; `bullpen serve` or `bullpen migrate` creates the embedded database there.')
        : check(
            'fail',
            'does not exist, and this user cannot create it. Create the folder for the user that runs Bullpen, or set BULLPEN_DATA_DIR to another folder.',
          );
    case 'not-a-folder':
      return check('fail', 'is not a folder. Set BULLPEN_DATA_DIR to a folder (./data by default).');
    case 'not-writable':
      return check(
        'fail',
        'cannot be written by this user. Give the folder to the user that runs Bullpen (chown), or run Bullpen as its owner.',
      );
    case 'no-database':
      return check('warn', 'holds no database yet; `bullpen serve` or `bullpen migrate` creates it there.');
    case 'held':
      return check(
        'ok',
        `is in use by process ${folder.holder} (a running Bullpen server): not opened, since only one process may use it at a time.`,
      );
    case 'database':
      return folder.openError
        ? check(
            'fail',
            `holds a database that does not open (${folder.openError}). If the disk is full, free some space; otherwise restore a backup (\`bullpen restore\`).`,
          )
        : check('ok', 'holds the embedded database, which opens and answers.');
  }
}

/**
 * The migrations table holds each applied migration's `when` (created_at), and `migrate` applies each entry
 * newer than the newest applied one; this check counts the same way. `applied` null: no migrations table at all.
 */
export function migrationsCheck(journal: readonly JournalEntry[], applied: readonly number[] | null): Check {
  const newestApplied = applied?.length ? Math.max(...applied) : null;
  const newestKnown = Math.max(...journal.map((e) => e.when));
  if (newestApplied !== null && newestApplied > newestKnown) {
    const unknown = applied?.filter((when) => when > newestKnown).length ?? 0;
    return {
      name: 'migrations',
      status: 'fail',
      message:
        `the database is newer than this version of Bullpen: ${unknown} applied migration(s) are not among its ` +
        `${journal.length}. Run the newer version that migrated it, or restore a backup made before that upgrade.`,
    };
  }
  const pending = journal.filter((e) => newestApplied === null || e.when > newestApplied).map((e) => e.tag);
  if (pending.length > 0) {
    const names =
      pending.length > 5 ? `${pending.slice(0, 5).join(', ')} and ${pending.length - 5} more` : pending.join(', ');
    return {
      name: 'migrations',
      status: 'fail',
      message:
        `${pending.length} of ${journal.length} migrations are not applied: ${names}. Run \`bullpen migrate\` ` +
        '(the server also applies them when it starts). If one of them failed there, the database is as it was: ' +
        'go back to the release that ran before (docs/deploy.md, Upgrades) and report the message, rather than ' +
        'run `migrate` again.',
    };
  }
  return { name: 'migrations', status: 'ok', message: `all ${journal.length} migrations are applied.` };
}

/** A check that could not run because the database could not be reached or opened. */
export function notChecked(name: CheckName, why: string, status: CheckStatus = 'warn'): Check {
  return { name, status, message: `not checked: ${why}.` };
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The clock: this machine's against the database's `now()` (PostgreSQL), read between `localBefore` and
 * `localAfter`; and never earlier than this version's newest migration, a clock plainly wrong.
 */
export function clockCheck(found: {
  localBefore: number;
  localAfter: number;
  databaseNow?: number;
  /** Why there is no database time to compare with. */
  noDatabase?: string;
  newestMigrationAt: number;
}): Check {
  const local = (found.localBefore + found.localAfter) / 2;
  if (local < found.newestMigrationAt) {
    return {
      name: 'clock',
      status: 'fail',
      message:
        `this machine's clock reads ${utc(local)}, earlier than this version of Bullpen (${utc(found.newestMigrationAt)}). ` +
        'Set the clock, by NTP (timedatectl set-ntp true).',
    };
  }
  if (found.databaseNow === undefined) {
    return {
      name: 'clock',
      status: 'ok',
      message: `this machine reads ${utc(local)}; ${found.noDatabase ?? 'there is no database clock to compare with'}.`,
    };
  }
  const skew = found.databaseNow - local;
  const seconds = Math.round(Math.abs(skew) / 1000);
  if (Math.abs(skew) > CLOCK_MAX_SKEW_MS) {
    return {
      name: 'clock',
      status: 'fail',
      message:
        `this machine's clock and PostgreSQL's are ${seconds} s apart (this machine ${utc(local)}, PostgreSQL ` +
        `${utc(found.databaseNow)}); more than ${CLOCK_MAX_SKEW_MS / 1000} s puts games near midnight on the wrong ` +
        'day, and rest days are calendar days. Set both clocks by NTP (timedatectl set-ntp true).',
    };
  }
  return {
    name: 'clock',
    status: 'ok',
    message: `this machine and PostgreSQL agree within ${Math.max(seconds, 1)} s (${utc(local)}).`,
  };
}

/** Where SMTP_URL points, without its password; null when it is no URL. */
export function describeSmtp(url: string): { host: string; port: number } | null {
  try {
    const u = new URL(url);
    return { host: u.hostname, port: Number(u.port) || (u.protocol === 'smtps:' ? 465 : 587) };
  } catch {
    return null;
  }
}

/** What `verify()` answered: null when the mail server accepted the connection. */
export type SmtpAnswer = null | { code?: string; message: string };

/**
 * Under NODE_ENV=production: what `bullpen serve` would refuse to start with (env.ts, unsafeInProduction), so the
 * doctor says it before a restart does.
 */
export function productionCheck(unsafe: readonly { setting: string; message: string }[]): Check {
  if (unsafe.length === 0) {
    return {
      name: 'production',
      status: 'ok',
      message:
        'safe to serve on the internet: an https:// public address behind a trusted proxy, no demo accounts, no development mailbox.',
    };
  }
  return {
    name: 'production',
    status: 'fail',
    message: `the server refuses to start with NODE_ENV=production: ${unsafe.map((u) => `${u.setting} ${u.message}`).join(' ')}`,
  };
}

export function mailCheck(found: {
  production: boolean;
  smtp: { at: { host: string; port: number } | null; answer: SmtpAnswer } | null;
}): Check {
  const problems: string[] = [];
  if (found.smtp === null) {
    const unset = found.production
      ? 'SMTP_URL is not set: no email leaves this machine and the log says only what kind was not sent, so reset ' +
        'codes, temporary passwords, parents’ outing emails and admins’ violation emails do not arrive. Set SMTP_URL.'
      : 'SMTP_URL is not set: emails go to the server log (README.md, Email). Set SMTP_URL to send them.';
    return { name: 'mail', status: 'warn', message: unset };
  }
  const at = found.smtp.at ? `${found.smtp.at.host}:${found.smtp.at.port}` : 'the mail server';
  const answer = found.smtp.answer;
  if (answer === null) {
    return {
      name: 'mail',
      status: 'ok',
      message: `SMTP_URL: the mail server at ${at} answers and accepts the connection.`,
    };
  }
  const text = answer.message;
  if (answer.code === 'EAUTH') {
    problems.push(`SMTP_URL: the mail server at ${at} refused the user name or password (${text}). Check them.`);
  } else if (/ECONNREFUSED/.test(text) || answer.code === 'ECONNREFUSED') {
    problems.push(
      `SMTP_URL: cannot connect to ${at} (connection refused). Check the URL’s host and port, and that the mail server accepts connections from this machine.`,
    );
  } else if (answer.code === 'ETIMEDOUT' || /timeout/i.test(text)) {
    problems.push(
      `SMTP_URL: no answer from ${at} within ${CONNECT_TIMEOUT_MS / 1000} s. Check the URL’s host and port; a firewall may be in the way.`,
    );
  } else if (answer.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(text)) {
    problems.push(`SMTP_URL: cannot find the host of ${at}. Check the URL’s host name.`);
  } else {
    problems.push(
      `SMTP_URL: the mail server at ${at} did not accept the connection (${text}). Check the URL, and whether the server wants smtps:// or STARTTLS.`,
    );
  }
  return { name: 'mail', status: 'fail', message: problems.join(' ') };
}

const size = (bytes: number) =>
  bytes >= DISK_WARN_BYTES ? `${(bytes / DISK_WARN_BYTES).toFixed(1)} GiB` : `${Math.floor(bytes / MIB)} MiB`;

export function diskCheck(found: { dir: string; freeBytes: number; minFreeBytes: number }): Check {
  const free = `${size(found.freeBytes)} free for ${found.dir}`;
  if (found.freeBytes < found.minFreeBytes) {
    return {
      name: 'disk',
      status: 'fail',
      message:
        `only ${free}, under ${size(found.minFreeBytes)}: the embedded database stops saving changes when the disk ` +
        'is full. Free some space, or move BULLPEN_DATA_DIR to a larger disk.',
    };
  }
  if (found.freeBytes < DISK_WARN_BYTES) {
    return {
      name: 'disk',
      status: 'warn',
      message: `${free}, under ${size(DISK_WARN_BYTES)}: enough for now, not for a season. Free some space soon.`,
    };
  }
  return { name: 'disk', status: 'ok', message: `${free}.` };
}
