import { inEnglish, type Message } from './i18n/messages.ts';

/**
 * The error catalogue: every error the API returns carries one of these stable codes in
 * `extensions.code` (GraphQL) or `code` (REST), with a message meant for the user.
 */
export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'CONFLICT',
  'PASSWORD_CHANGE_REQUIRED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Sign-in's own refusals (REST, POST /api/auth/sign-in/email), in the spirit of the provider
 * the spec used: the first is identical for an unknown email, a wrong password and a locked
 * account; the other two are only given once the password was right.
 */
export const SIGN_IN_FAILURES = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  TEMPORARY_PASSWORD_EXPIRED: 'Your temporary password has expired or was already used. Ask an admin for a new one.',
  USER_DISABLED: 'User is disabled.',
} as const;

/**
 * Why a session stopped working. The messages are the ones the spec's identity provider
 * answered with (docs/screens.md, Messages), so a signed-out user reads the same reason.
 */
export const SESSION_END_REASONS = {
  REVOKED: 'Access Token has been revoked',
  EXPIRED: 'Refresh Token has expired',
  USER_DISABLED: 'User is disabled.',
  USER_MISSING: 'User does not exist.',
  PASSWORD_RESET_REQUIRED: 'Password reset required for the user',
} as const;
export type SessionEndReason = keyof typeof SESSION_END_REASONS;

export const MESSAGES = {
  notSignedIn: 'The user is not authenticated',
  forbidden: 'You are not allowed to do that.',
  passwordChangeRequired: 'Set a new password before continuing.',
  internal: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many attempts. Please wait and try again.',
} as const;

/**
 * An error with a stable code and a message safe to show to the user. Given as a `Message` (an id
 * and values), it reaches the web as such (`extensions.said`), which shows it in the reader's
 * language; `message` is its English, for API clients and the log.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  readonly said?: Message;
  constructor(code: ErrorCode, message: string | Message, details?: Record<string, unknown>) {
    super(typeof message === 'string' ? message : inEnglish(message));
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    if (typeof message !== 'string') this.said = message;
  }
}

export const errors = {
  unauthenticated: (reason?: SessionEndReason) =>
    new AppError(
      'UNAUTHENTICATED',
      reason ? SESSION_END_REASONS[reason] : MESSAGES.notSignedIn,
      reason ? { reason } : undefined,
    ),
  forbidden: (message: string | Message = MESSAGES.forbidden) => new AppError('FORBIDDEN', message),
  notFound: (what: string) => new AppError('NOT_FOUND', `${what} not found`),
  badInput: (message: string | Message, details?: Record<string, unknown>) =>
    new AppError('BAD_USER_INPUT', message, details),
  conflict: (message: string | Message) => new AppError('CONFLICT', message),
  passwordChangeRequired: () => new AppError('PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired),
  /**
   * A write named a version of the record that is no longer current: someone changed it since the
   * writer read it, and their change is not overwritten (a lost update refused).
   */
  stale: (what: string, current: { version: number; changedBy: string | null; changedAt: Date | null }) =>
    new AppError(
      'CONFLICT',
      `${current.changedBy ?? 'Someone'} changed this ${what} after you opened it. Reload to see their change, then make yours again.`,
      {
        currentVersion: current.version,
        changedBy: current.changedBy,
        changedAt: current.changedAt?.toISOString() ?? null,
      },
    ),
};
