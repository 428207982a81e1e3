import type { FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Env } from './env.ts';

/**
 * The log's settings. In production nothing secret and no child's name or birth date reaches the log
 * (docs/decisions/0026): a request is logged without its query string, an error by its kind, code and
 * stack frames but never its message or the values it carries, and known secret fields are redacted.
 * Development and tests log errors and requests in full.
 */
export function logOptions(env: Env): LoggerOptions {
  if (env.NODE_ENV !== 'production') return { level: env.LOG_LEVEL };
  return {
    level: env.LOG_LEVEL,
    serializers: { err: safeError, req: safeRequest },
    redact: { paths: REDACTED, censor: '[redacted]' },
  };
}

/** The app's `logger` option: the settings for `env`, with a test's stream or level on top (false: none). */
export function fastifyLogger(env: Env, logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return { ...logOptions(env), ...(typeof logger === 'object' ? logger : {}) };
}

// Belt and braces: fields that would hold a secret or a person's email if a log call ever passed them.
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.temporaryPassword',
  '*.otp',
  'mail.to',
  'mail.subject',
  'mail.text',
];

/** A request as logged in production: its path without the query (GET /graphql carries variables there). */
export function safeRequest(req: { method?: string; url?: string; host?: string; ip?: string }) {
  return { method: req.method, url: withoutQuery(req.url), host: req.host, remoteAddress: req.ip };
}

export function withoutQuery(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const at = url.search(/[?#]/);
  return at === -1 ? url : `${url.slice(0, at)}?[query removed]`;
}

// What a database or network error says about its kind, never about the row (PostgreSQL's `detail`,
// `where` and a message like 'invalid input syntax for type date: "…"' can quote values).
const SAFE_FIELDS = [
  'code',
  'errno',
  'syscall',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'responseCode',
  'statusCode',
  'status',
] as const;

const MAX_DEPTH = 4;

/**
 * An error as logged in production: its type, code and the fields above, the SQL text of a failed
 * query (with $1 placeholders; Drizzle's `params` and message hold the values, so both are left out),
 * the stack's frames without the message line, and its causes the same way.
 */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: error === null ? 'null' : typeof error };
  // The class's name (DrizzleQueryError), unless a bundle shortened it (PGlite's errors).
  const className = error.constructor?.name ?? '';
  const out: Record<string, unknown> = { type: className.length > 2 ? className : error.name };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of SAFE_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (typeof fields.query === 'string' && Array.isArray(fields.params)) out.query = fields.query;
  // The stack starts with 'Type: message' (possibly many lines): only the frames after it are kept.
  const header = String(error);
  const stack = error.stack?.startsWith(header) ? error.stack.slice(header.length) : error.stack;
  const frames = stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
  if (frames?.length) out.stack = frames.join('\n');
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) out.cause = safeError(error.cause, depth + 1);
    if (error instanceof AggregateError) out.errors = error.errors.slice(0, 5).map((e) => safeError(e, depth + 1));
  }
  return out;
}
