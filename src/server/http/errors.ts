import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AppError, type ErrorCode, MESSAGES } from '../../core/errors.ts';

const STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  PASSWORD_CHANGE_REQUIRED: 403,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
};

/** REST errors: `{ code, message }` with the catalogue's status; a 5xx never shows internals. */
export function sendError(reply: FastifyReply, error: unknown, log: FastifyBaseLogger) {
  if (error instanceof AppError) {
    return reply.code(STATUS[error.code]).send({ code: error.code, message: error.message, ...error.details });
  }
  log.error({ err: error }, 'request failed');
  return reply.code(500).send({ code: 'INTERNAL_SERVER_ERROR', message: MESSAGES.internal });
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
