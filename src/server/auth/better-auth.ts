import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, emailOTP } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const COOKIE_PREFIX = 'bullpen';
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

export interface AuthOptions {
  db: Db;
  secret: string;
  mailer: Mailer;
  secureCookies: boolean;
  baseURL?: string;
  passwordMinLength: number;
  /** Sessions (and their cookie) end at this absolute timeout; the idle one is checked per request. */
  sessionAbsoluteSeconds: number;
  /** The server's log: better-auth's errors go there (through its serializers), not to the console. */
  log?: { error(obj: object, msg: string): void };
}

/**
 * better-auth does the credential checks, sessions, cookies and reset codes. What it lacks
 * (temporary passwords, backoff, per-IP limits, the password list) lives in the auth gateway
 * (http/auth-gateway.ts), which is also the only way to reach it.
 */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'Bullpen',
    basePath: '/api/auth',
    baseURL: options.baseURL,
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
      },
    }),
    // Same-origin requests only: the web app is served by this server.
    trustedOrigins: (request) => {
      const host = request?.headers.get('host');
      if (!host) return [];
      return [`http://${host}`, `https://${host}`];
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: options.passwordMinLength,
      maxPasswordLength: 128,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      // expiresAt is the absolute end; the idle timeout is checked by the session service from
      // the last request, so better-auth must never push expiresAt forward.
      expiresIn: options.sessionAbsoluteSeconds,
      disableSessionRefresh: true,
    },
    rateLimit: { enabled: false },
    advanced: {
      // The auth gateway checks Origin and Fetch Metadata itself, the same way in every NODE_ENV
      // (better-auth skips its check under NODE_ENV=test, where our tests could not see it).
      disableCSRFCheck: true,
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => randomUUID() },
      // The session list shows each device's address as it came (the gateway passes request.ip, the proxy's
      // client behind BULLPEN_TRUST_PROXY): an IPv6 one whole, not cut to its /64 network. better-auth cuts it
      // for its own rate limits, which are off; ours key on the address themselves (http/auth-gateway.ts).
      ipAddress: { ipv6Subnet: 128 },
    },
    telemetry: { enabled: false },
    logger: {
      level: 'error',
      // better-auth passes the error itself as the message or an argument: logged as `err`, never as text.
      log: (_level, message, ...args) => {
        const err = [message, ...args].find((a) => a instanceof Error);
        options.log?.error(
          { err, betterAuth: typeof message === 'string' ? message : undefined },
          'better-auth failed',
        );
      },
    },
    // What is not its own refusal is thrown to the gateway, which answers a database outage 503 and
    // logs the rest, instead of a bare 500 and a console.error of its router.
    onAPIError: { throw: true },
    plugins: [
      bearer({ requireSignature: true }),
      emailOTP({
        otpLength: 6,
        expiresIn: 15 * 60,
        allowedAttempts: 5,
        disableSignUp: true,
        storeOTP: 'hashed',
        async sendVerificationOTP({ email, otp, type }) {
          if (type !== 'forget-password') return;
          // In the account's own language (docs/i18n.md).
          const [user] = await options.db
            .select({ language: schema.users.language })
            .from(schema.users)
            .where(eq(schema.users.email, email.trim().toLowerCase()));
          const t = translatorFor(user?.language);
          await options.mailer.send({
            kind: 'reset-code',
            to: email,
            subject: t('email.resetCode.subject'),
            text: `${t('email.resetCode.code', { code: otp })}\n\n${t('email.resetCode.notYou')}`,
          });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
