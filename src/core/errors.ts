import { inEnglish, type Message, type MessageId, readMessage } from './i18n/messages.ts';

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

/** The errors' messages that are not one screen's (the catalogue's `errors` area). */
export const MESSAGES = {
  notSignedIn: { id: 'errors.notSignedIn' },
  forbidden: { id: 'errors.forbidden' },
  passwordChangeRequired: { id: 'errors.passwordChangeRequired' },
  internal: { id: 'errors.internal' },
  tooManyRequests: { id: 'errors.tooManyRequests' },
} as const satisfies Record<string, Message>;

/** Sign-in's refusals as messages (SIGN_IN_FAILURES is their English). */
export const SIGN_IN_MESSAGES = {
  INVALID_EMAIL_OR_PASSWORD: { id: 'errors.signIn.invalidEmailOrPassword' },
  TEMPORARY_PASSWORD_EXPIRED: { id: 'errors.signIn.temporaryPasswordExpired' },
  USER_DISABLED: { id: 'login.reason.USER_DISABLED' },
} as const satisfies Record<keyof typeof SIGN_IN_FAILURES, Message>;

/** What a NOT_FOUND error can name ("Player not found"), each its own message. */
const NOT_FOUND = {
  Game: 'errors.notFound.game',
  'Guardian link': 'errors.notFound.guardianLink',
  Interval: 'errors.notFound.interval',
  Invitation: 'errors.notFound.invitation',
  League: 'errors.notFound.league',
  Official: 'errors.notFound.official',
  Organization: 'errors.notFound.organization',
  Outing: 'errors.notFound.outing',
  Player: 'errors.notFound.player',
  'Refused tap': 'errors.notFound.refusedTap',
  'Rest rule': 'errors.notFound.restRule',
  'Roster entry': 'errors.notFound.rosterEntry',
  Season: 'errors.notFound.season',
  Session: 'errors.notFound.session',
  Team: 'errors.notFound.team',
  User: 'errors.notFound.user',
  Violation: 'errors.notFound.violation',
} as const satisfies Record<string, MessageId>;
export type Missing = keyof typeof NOT_FOUND;

/** What a write can find changed since it was read (`errors.stale`), as the messages' select names it. */
const STALE_KINDS = {
  game: 'game',
  league: 'league',
  outing: 'outing',
  player: 'player',
  'rest rule': 'restRule',
  team: 'team',
  violation: 'violation',
} as const;
export type Versioned = keyof typeof STALE_KINDS;

/**
 * An error with a stable code and a message safe to show to the user. Given as a `Message` (an id
 * and values, or a string `encodeMessage` wrote, as a zod issue's message is), it reaches the web
 * as such (`extensions.said`), which shows it in the reader's language; `message` is its English,
 * for API clients and the log.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  readonly said?: Message;
  constructor(code: ErrorCode, message: string | Message, details?: Record<string, unknown>) {
    const said = typeof message === 'string' ? readMessage(message) : message;
    super(said ? inEnglish(said) : (message as string));
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    if (said) this.said = said;
  }
}

export const errors = {
  unauthenticated: (reason?: SessionEndReason) =>
    new AppError(
      'UNAUTHENTICATED',
      reason ? { id: `login.reason.${reason}` } : MESSAGES.notSignedIn,
      reason ? { reason } : undefined,
    ),
  forbidden: (message: string | Message = MESSAGES.forbidden) => new AppError('FORBIDDEN', message),
  notFound: (what: Missing) => new AppError('NOT_FOUND', { id: NOT_FOUND[what] }),
  badInput: (message: string | Message, details?: Record<string, unknown>) =>
    new AppError('BAD_USER_INPUT', message, details),
  conflict: (message: string | Message) => new AppError('CONFLICT', message),
  passwordChangeRequired: () => new AppError('PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired),
  /**
   * A write named a version of the record that is no longer current: someone changed it since the
   * writer read it, and their change is not overwritten (a lost update refused).
   */
  stale: (what: Versioned, current: { version: number; changedBy: string | null; changedAt: Date | null }) =>
    new AppError(
      'CONFLICT',
      current.changedBy !== null
        ? { id: 'errors.stale', values: { who: current.changedBy, what: STALE_KINDS[what] } }
        : { id: 'errors.staleSomeone', values: { what: STALE_KINDS[what] } },
      {
        currentVersion: current.version,
        changedBy: current.changedBy,
        changedAt: current.changedAt?.toISOString() ?? null,
      },
    ),
};
