import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AppError, type ErrorCode, MESSAGES } from '../../core/errors.ts';
import { inEnglish, type Message } from '../../core/i18n/messages.ts';
import { logUnavailable, RETRY_AFTER_SECONDS, unavailableError } from '../db/unavailable.ts';

const STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  PASSWORD_CHANGE_REQUIRED: 403,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/** Text the database cannot store ("Text must not contain NUL characters"). */
export const UNSTORABLE_TEXT: Message = { id: 'errors.unstorableText' };

/**
 * The database refused text it cannot store (PostgreSQL's 22021 for a NUL character, 22P05):
 * the client's input, to be answered as BAD_USER_INPUT rather than a 5xx.
 */
export function isUnstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const JSON_ONLY = 'Send a JSON body (application/json)';

/**
 * A request Fastify refused before any route ran (malformed JSON, a body over the route's limit,
 * a content type it has no parser for): its status, and a message for the client. Fastify's own
 * codes (FST_ERR_*) are not the catalogue's, so they are never sent.
 */
export function refusedRequest(
  error: unknown,
  bodyLimit: number,
): { status: number; message: string; said?: Message } | null {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // A person meets this one (a roster file too large): said by id too.
    const said: Message = { id: 'errors.bodyTooLarge', values: { mib: bodyLimit / (1024 * 1024) } };
    return { status, message: inEnglish(said), said };
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status, message: JSON_ONLY };
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status, message: 'The body is not valid JSON' };
  }
  return { status, message: error instanceof Error ? error.message : 'Bad request' };
}

/** REST errors: `{ code, message }` with the catalogue's status; a 5xx never shows internals. */
export function sendError(reply: FastifyReply, error: unknown, log: FastifyBaseLogger) {
  const unavailable = unavailableError(error);
  if (unavailable) {
    // Not a bug: the database is away or the disk full, and the client sends again.
    logUnavailable(log, error, unavailable.message);
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({
        code: unavailable.code,
        message: unavailable.message,
        ...unavailable.details,
        ...(unavailable.said ? { said: unavailable.said } : {}),
      });
  }
  if (error instanceof AppError) {
    return reply.code(STATUS[error.code]).send({
      code: error.code,
      message: error.message,
      ...error.details,
      ...(error.said ? { said: error.said } : {}),
    });
  }
  if (isUnstorableText(error)) {
    return reply.code(400).send({ code: 'BAD_USER_INPUT', message: inEnglish(UNSTORABLE_TEXT), said: UNSTORABLE_TEXT });
  }
  log.error({ err: error }, 'request failed');
  return reply
    .code(500)
    .send({ code: 'INTERNAL_SERVER_ERROR', message: inEnglish(MESSAGES.internal), said: MESSAGES.internal });
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
