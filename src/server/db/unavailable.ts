import { AppError } from '../../core/errors.ts';
import { inEnglish, type Message } from '../../core/i18n/messages.ts';

/**
 * The one place that tells "the database is away" and "the disk is full" apart from other failures
 * (decision 0020): every transport answers them 503 SERVICE_UNAVAILABLE with Retry-After, so clients
 * send again later (with the same ids), instead of a 500 that reads as a bug.
 */
export type UnavailableReason = 'DATABASE_UNAVAILABLE' | 'DISK_FULL';

export const UNAVAILABLE_MESSAGES: Record<UnavailableReason, Message> = {
  DATABASE_UNAVAILABLE: { id: 'errors.unavailable.database' },
  DISK_FULL: { id: 'errors.unavailable.diskFull' },
};

/** Seconds a client should wait before sending again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Thrown instead of touching an embedded database that failed with PANIC: after one, PGlite spins
 * forever on the next query, freezing the whole process (client.ts). `cause` is the PANIC.
 */
export class DatabaseBrokenError extends Error {
  readonly code = 'BULLPEN_DATABASE_BROKEN';
  constructor(cause: unknown) {
    super('The embedded database stopped after a fatal error; waiting to reopen it', { cause });
    this.name = 'DatabaseBrokenError';
  }
}

// PostgreSQL: connection exceptions (class 08), the server shutting down or starting (57P01-57P03),
// too many connections (53300). 53100 is disk_full.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres and PGlite say these without a code.
const UNAVAILABLE_MESSAGE = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is clos(ed|ing)/,
];

function reasonOf(error: unknown): UnavailableReason | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '53100' || code === 'ENOSPC') return 'DISK_FULL';
  if (typeof message === 'string' && message.includes('No space left on device')) return 'DISK_FULL';
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code))) {
    return 'DATABASE_UNAVAILABLE';
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.some((re) => re.test(message))) {
    return 'DATABASE_UNAVAILABLE';
  }
  return null;
}

/**
 * Why the database cannot serve this request, or null for any other error. Looks through the
 * wrappers (Drizzle's query error, GraphQL's originalError, AggregateError of a connect) to the cause.
 */
export function unavailableReason(error: unknown): UnavailableReason | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  let broken = false;
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const reason = reasonOf(current);
    if (reason) return reason;
    if ((current as { code?: unknown }).code === 'BULLPEN_DATABASE_BROKEN') broken = true;
    const { cause, originalError, errors } = current as { cause?: unknown; originalError?: unknown; errors?: unknown };
    queue.push(cause, originalError, ...(Array.isArray(errors) ? errors : []));
  }
  // A broken embedded database whose PANIC was not about disk space is unavailable all the same.
  return broken ? 'DATABASE_UNAVAILABLE' : null;
}

/** The catalogue's error for a database that cannot serve, or null when `error` is something else. */
export function unavailableError(error: unknown): AppError | null {
  if (error instanceof AppError) return error.code === 'SERVICE_UNAVAILABLE' ? error : null;
  const reason = unavailableReason(error);
  return reason ? new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGES[reason], { reason }) : null;
}

let lastLogged = 0;

/** Logs an outage at most every 10 seconds: while it lasts, every request fails the same way. */
export function logUnavailable(log: { warn(obj: object, msg: string): void }, error: unknown, message: string) {
  const now = Date.now();
  if (now - lastLogged < 10_000) return;
  lastLogged = now;
  log.warn({ err: error }, message);
}

/** A background task's failure (timers): an outage is logged at most every 10 seconds, anything else each time. */
export function logTaskFailure(log: { warn(obj: object, msg: string): void }, error: unknown, message: string) {
  const reason = unavailableReason(error);
  if (reason) logUnavailable(log, error, `${message}: ${inEnglish(UNAVAILABLE_MESSAGES[reason])}`);
  else log.warn({ err: error }, message);
}
