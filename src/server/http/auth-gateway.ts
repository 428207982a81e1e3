import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, errors, MESSAGES, SIGN_IN_FAILURES, SIGN_IN_MESSAGES } from '../../core/errors.ts';
import { inEnglish, type Message } from '../../core/i18n/messages.ts';
import { type PasswordPolicy, passwordProblem } from '../../core/password-policy.ts';
import { authorize, grantsOf, type Operation, POLICIES } from '../../core/permissions.ts';
import type { Auth } from '../auth/better-auth.ts';
import { spendVerifyTime } from '../auth/passwords.ts';
import { sessionTokenFrom } from '../auth/session-token.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { UNAVAILABLE_MESSAGES, unavailableError } from '../db/unavailable.ts';
import type { SessionsService } from '../services/sessions.service.ts';
import type { ThrottleService } from '../services/throttle.service.ts';
import { findUserByEmail } from '../services/users.repository.ts';
import { limitedNetwork } from './client-network.ts';
import { sendError } from './errors.ts';
import { isBrowserRequest, isCrossSite } from './origin.ts';

export interface AuthGatewayDeps {
  auth: Auth;
  db: Db;
  clock: Clock;
  secret: string;
  sessions: SessionsService;
  throttle: ThrottleService;
  passwordPolicy: PasswordPolicy;
  ipLimit: { limit: number; windowMs: number };
  publicOrigin?: string;
}

// Byte-for-byte the same for an unknown email, a wrong password and a locked account (docs/reliability.md, security
// requirement 3).
const SIGN_IN_FAILED = {
  code: 'INVALID_EMAIL_OR_PASSWORD',
  message: SIGN_IN_FAILURES.INVALID_EMAIL_OR_PASSWORD,
  said: SIGN_IN_MESSAGES.INVALID_EMAIL_OR_PASSWORD,
} as const;

const email = z.string().trim().min(1).max(254);
const password = z.string().min(1).max(1024);
const bodies = {
  '/sign-in/email': z.strictObject({ email, password, rememberMe: z.boolean().optional() }),
  '/change-password': z.strictObject({
    currentPassword: password,
    newPassword: password,
    revokeOtherSessions: z.boolean().optional(),
  }),
  '/sign-out': z.strictObject({}).optional(),
  '/email-otp/request-password-reset': z.strictObject({ email }),
  '/email-otp/reset-password': z.strictObject({ email, otp: z.string().trim().min(1).max(16), password }),
} as const;
type AuthPath = keyof typeof bodies;

/** The better-auth routes the policy table lists; every other better-auth path answers 404. */
const EXPOSED = new Set(
  Object.keys(POLICIES)
    .filter((op) => op.includes(' /api/auth/'))
    .map((op) => op.replace('/api/auth', '')),
);

/**
 * The one way into better-auth. It adds what better-auth lacks: the allow-list of routes,
 * input schemas, per-IP limits, per-account backoff, the password list, and the temporary
 * password challenge (NEW_PASSWORD_REQUIRED).
 */
export function registerAuthGateway(app: FastifyInstance, deps: AuthGatewayDeps): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const path = request.url.slice('/api/auth'.length).split('?')[0] ?? '';
      if (!EXPOSED.has(`${request.method} ${path}`)) {
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
      }
      try {
        if (isCrossSite(request.headers, deps.publicOrigin)) throw errors.forbidden({ id: 'errors.crossSite' });
        // Routes the policy table does not open to anyone need a session that the table allows.
        const operation = `${request.method} /api/auth${path}` as Operation;
        if (!grantsOf(operation).some((grant) => grant.who === 'anyone')) {
          const token = sessionTokenFrom(request.headers, deps.secret);
          if (!token) throw errors.unauthenticated();
          // A pending NEW_PASSWORD_REQUIRED challenge may still change its password.
          authorize((await deps.sessions.resolve(token)).actor, operation);
        }
        const schema = bodies[path as AuthPath];
        const parsed = schema.safeParse(request.body ?? undefined);
        if (!parsed.success) {
          throw new AppError('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? { id: 'rules.input.invalid' });
        }
        const body = parsed.data as Record<string, unknown> | undefined;
        switch (path as AuthPath) {
          case '/sign-in/email':
            return await signIn(request, reply, body as z.output<(typeof bodies)['/sign-in/email']>, deps);
          case '/change-password':
            return await changePassword(request, reply, body as z.output<(typeof bodies)['/change-password']>, deps);
          case '/email-otp/request-password-reset':
            await limitIp(request, reply, 'reset', deps);
            return await forward(request, reply, deps, body);
          case '/email-otp/reset-password': {
            await limitIp(request, reply, 'reset', deps);
            const input = body as z.output<(typeof bodies)['/email-otp/reset-password']>;
            checkNewPassword(input.password, deps.passwordPolicy);
            const res = await callAuth(request, deps, input);
            if (res.ok) await clearTemporaryPassword(deps, { email: input.email });
            return send(reply, res, request);
          }
          default:
            return await forward(request, reply, deps, body);
        }
      } catch (error) {
        return sendError(reply, error, request.log);
      }
    },
  });
}

async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string; rememberMe?: boolean },
  deps: AuthGatewayDeps,
) {
  await limitIp(request, reply, 'sign-in', deps);
  if (await deps.throttle.isLocked(input.email)) {
    await spendVerifyTime(input.password);
    return reply.code(401).send(SIGN_IN_FAILED);
  }
  const res = await callAuth(request, deps, input);
  if (res.status === 401) {
    await deps.throttle.recordFailure(input.email);
    return reply.code(401).send(SIGN_IN_FAILED);
  }
  if (!res.ok) return send(reply, res, request);
  await deps.throttle.recordSuccess(input.email);

  const result = (await res.clone().json()) as { token?: string; user?: { id: string } };
  const user = await findUserByEmail(deps.db, input.email);
  const now = deps.clock.now();
  // `said`: the refusal by id, which the login page shows in its reader's language.
  const refuse = async (code: keyof typeof SIGN_IN_FAILURES, message: string) => {
    if (result.token) await deps.db.delete(sessions).where(eq(sessions.token, result.token));
    return reply.code(401).send({ code, message, said: SIGN_IN_MESSAGES[code] });
  };
  if (!user) return refuse(SIGN_IN_FAILED.code, SIGN_IN_FAILED.message);
  if (user.disabled) return refuse('USER_DISABLED', SIGN_IN_FAILURES.USER_DISABLED);

  // Rotation: a session the browser already had ends when it signs in again.
  const previous = sessionTokenFrom({ cookie: request.headers.cookie }, deps.secret);
  if (previous && previous !== result.token) await deps.db.delete(sessions).where(eq(sessions.token, previous));

  let challengeName: 'NEW_PASSWORD_REQUIRED' | undefined;
  if (user.mustChangePassword) {
    // A temporary password works once and for 7 days (docs/reliability.md, security requirement 5).
    const expired = !user.temporaryPasswordExpiresAt || user.temporaryPasswordExpiresAt.getTime() < now.getTime();
    if (expired || user.temporaryPasswordUsedAt)
      return refuse('TEMPORARY_PASSWORD_EXPIRED', SIGN_IN_FAILURES.TEMPORARY_PASSWORD_EXPIRED);
    await deps.db.update(users).set({ temporaryPasswordUsedAt: now }).where(eq(users.id, user.id));
    challengeName = 'NEW_PASSWORD_REQUIRED';
  }
  const { token: _token, ...rest } = result;
  return send(reply, res, request, {
    ...rest,
    ...(challengeName ? { challengeName, challengeParam: { requiredAttributes: [] } } : {}),
  });
}

const CURRENT_PASSWORD_INCORRECT: Message = { id: 'errors.auth.currentPasswordIncorrect' };

async function changePassword(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean },
  deps: AuthGatewayDeps,
) {
  const token = sessionTokenFrom(request.headers, deps.secret);
  if (!token) throw new AppError('UNAUTHENTICATED', MESSAGES.notSignedIn);
  // Resolving also refuses expired, revoked and disabled sessions; a pending challenge is allowed here.
  const session = await deps.sessions.resolve(token);
  await limitIp(request, reply, 'change-password', deps);
  checkNewPassword(input.newPassword, deps.passwordPolicy);
  if (input.newPassword === input.currentPassword) {
    throw new AppError('BAD_USER_INPUT', { id: 'errors.auth.newPasswordSame' });
  }
  // A wrong current password counts toward the account's backoff, like a failed sign-in.
  if (await deps.throttle.isLocked(session.email)) {
    await spendVerifyTime(input.currentPassword);
    throw new AppError('BAD_USER_INPUT', CURRENT_PASSWORD_INCORRECT);
  }
  // Changing a password signs out every other device (docs/reliability.md, security requirement 9).
  const res = await callAuth(request, deps, { ...input, revokeOtherSessions: true });
  if (res.ok) {
    await clearTemporaryPassword(deps, { userId: session.actor.userId });
    await deps.throttle.recordSuccess(session.email);
  } else if (res.status === 400) {
    await deps.throttle.recordFailure(session.email);
    throw new AppError('BAD_USER_INPUT', CURRENT_PASSWORD_INCORRECT);
  }
  return send(reply, res, request);
}

function checkNewPassword(password: string, policy: PasswordPolicy) {
  const problem = passwordProblem(password, policy);
  if (problem) throw new AppError('BAD_USER_INPUT', problem);
}

async function clearTemporaryPassword(deps: AuthGatewayDeps, who: { userId: string } | { email: string }) {
  const where = 'userId' in who ? eq(users.id, who.userId) : eq(users.email, who.email.trim().toLowerCase());
  await deps.db
    .update(users)
    .set({
      mustChangePassword: false,
      temporaryPasswordExpiresAt: null,
      temporaryPasswordUsedAt: null,
      updatedAt: deps.clock.now(),
    })
    .where(where);
  if ('email' in who) await deps.throttle.recordSuccess(who.email);
}

async function limitIp(request: FastifyRequest, reply: FastifyReply, bucket: string, deps: AuthGatewayDeps) {
  const { allowed, retryAfterSeconds } = await deps.throttle.hit(
    `ip:${bucket}:${limitedNetwork(request.ip)}`,
    deps.ipLimit.limit,
    deps.ipLimit.windowMs,
  );
  if (!allowed) {
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
  }
}

/** Hands the request to better-auth as a Fetch request. */
async function callAuth(request: FastifyRequest, deps: AuthGatewayDeps, body: unknown): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'x-forwarded-for') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // better-auth records this as the session's IP; only the socket's (or trusted proxy's) address counts.
  headers.set('x-forwarded-for', request.ip);
  const url = `${request.protocol}://${request.headers.host ?? 'localhost'}${request.url}`;
  const init: RequestInit = { method: request.method, headers };
  if (request.method === 'POST') {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(body ?? {});
  }
  let res: Response;
  try {
    res = await deps.auth.handler(new Request(url, init));
  } catch (error) {
    // Thrown by better-auth (createAuth's onAPIError): a database outage or a full disk is a 503
    // (sendError); anything else is logged and answered as the catalogue's 500.
    const unavailable = unavailableError(error) ?? (await databaseAway(deps.db));
    if (unavailable) throw unavailable;
    request.log.error({ err: error }, 'better-auth failed');
    return Response.json({ message: 'Internal Server Error' }, { status: 500 });
  }
  if (res.status >= 500) {
    // One of its own 500s: still a 503 while the database is away.
    const unavailable = await databaseAway(deps.db);
    if (unavailable) throw unavailable;
    request.log.error({ status: res.status }, 'better-auth answered an error');
  }
  return res;
}

async function databaseAway(db: Db): Promise<AppError | null> {
  try {
    await db.execute(sql`select 1`);
    return null;
  } catch {
    return new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGES.DATABASE_UNAVAILABLE, {
      reason: 'DATABASE_UNAVAILABLE',
    });
  }
}

/** better-auth's own error codes become the catalogue's, keeping its message and code as the reason. */
function catalogueError(status: number, body: Record<string, unknown> | null) {
  const code =
    status === 401
      ? 'UNAUTHENTICATED'
      : status === 403
        ? 'FORBIDDEN'
        : status === 404
          ? 'NOT_FOUND'
          : status === 429
            ? 'RATE_LIMITED'
            : status >= 500
              ? 'INTERNAL_SERVER_ERROR'
              : 'BAD_USER_INPUT';
  if (status >= 500) return { code, message: inEnglish(MESSAGES.internal), said: MESSAGES.internal };
  const message = String(body?.message ?? 'Request refused');
  return { code, message, ...(typeof body?.code === 'string' ? { reason: body.code } : {}) };
}

async function forward(request: FastifyRequest, reply: FastifyReply, deps: AuthGatewayDeps, body: unknown) {
  return send(reply, await callAuth(request, deps, body), request);
}

/** Copies better-auth's answer to the reply; `json` replaces its body. */
async function send(reply: FastifyReply, res: Response, request: FastifyRequest, json?: unknown) {
  reply.code(res.status);
  for (const cookie of res.headers.getSetCookie()) reply.header('set-cookie', cookie);
  // Browsers keep the token in the HttpOnly cookie only; API clients (no Origin header) get it as a header.
  const authToken = res.headers.get('set-auth-token');
  if (authToken && !isBrowserRequest(request.headers)) reply.header('set-auth-token', authToken);
  reply.header('cache-control', 'no-store');
  if (json !== undefined) return reply.send(json);
  const text = await res.text();
  if (!text) return reply.send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const parsed = JSON.parse(text) as Record<string, unknown> | null;
  if (!res.ok) return reply.send(catalogueError(res.status, parsed));
  // Raw session tokens never travel in a body (they would defeat the HttpOnly cookie).
  if (parsed && typeof parsed === 'object' && 'token' in parsed) delete parsed.token;
  return reply.send(parsed);
}
