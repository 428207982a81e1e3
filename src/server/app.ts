import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { LOCALES } from '../core/i18n/locales.ts';
import { DEFAULT_PASSWORD_POLICY } from '../core/password-policy.ts';
import { createAuth } from './auth/better-auth.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Database } from './db/client.ts';
import { logTaskFailure } from './db/unavailable.ts';
import type { Env } from './env.ts';
import { registerGraphQL } from './graphql/server.ts';
import { registerAdminQueries } from './http/admin-queries.ts';
import { registerAuthGateway } from './http/auth-gateway.ts';
import { refusedRequest, sendError } from './http/errors.ts';
import { pageFile, pageLanguage } from './http/page-language.ts';
import { registerReports } from './http/reports.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { fastifyLogger } from './log.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { DEFAULT_WEB_ROOT } from './paths.ts';
import { loadSecret } from './secret.ts';
import { createServices, type Services } from './services/index.ts';
import { createOutboxSender, type OutboxSender } from './services/outbox.ts';
import type { BackoffPolicy } from './services/throttle.service.ts';
// Errors built with a Message say it in English too: the catalogues are read before any is built.
import './i18n.ts';

/** Said once at start-up by a production server without SMTP_URL. */
export const NO_SMTP_WARNING =
  'SMTP_URL is not set, so no email will be sent: password reset codes, the temporary passwords of new users and of invited coaches and parents, parents’ outing emails and admins’ violation emails will not arrive. A temporary password Bullpen generates is shown once to the admin who created the account.';

/** Request bodies, except GraphQL's (a roster import carries its file). */
export const BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  database: Database;
  env: Env;
  clock?: Clock;
  mailer?: Mailer;
  /** The built web app; null serves the API only. */
  webRoot?: string | null;
  /** Pino's options on top of the env's (a test's stream or level), or false for no log. */
  logger?: FastifyServerOptions['logger'];
  backoff?: BackoffPolicy;
}

export interface App {
  app: FastifyInstance;
  /** Sends the emails services wrote into the outbox (every few seconds; `flush` to send now). */
  outbox: OutboxSender;
  /** Every route registered, as `METHOD /url` (the policy test checks each against the table). */
  routes: string[];
  services: Services;
  mailer: Mailer;
  /** From now on /readyz answers 503, so a load balancer sends new requests elsewhere before the server closes. */
  startDraining(): void;
}

/** Builds the whole server without listening, so tests boot the real app in-process. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { env, database } = options;
  const clock = options.clock ?? systemClock;
  const production = env.NODE_ENV === 'production';
  const { app, routes } = serverFor(options);
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log, production });
  if (production && !env.SMTP_URL) app.log.warn(NO_SMTP_WARNING);
  const secret = await loadSecret(database.db, env.BULLPEN_SECRET);
  const sessionPolicy = {
    idleMs: env.BULLPEN_SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: env.BULLPEN_SESSION_ABSOLUTE_DAYS * 24 * 3_600_000,
  };
  const passwordPolicy = { ...DEFAULT_PASSWORD_POLICY, minLength: env.BULLPEN_PASSWORD_MIN_LENGTH };
  const services = createServices({
    db: database.db,
    clock,
    sessionPolicy,
    mailer,
    passwordPolicy,
    publicUrl: env.BULLPEN_PUBLIC_URL,
    ownUrl: `http://localhost:${env.PORT}`,
    secret,
    backoff: options.backoff,
    authGeneration: () => database.authGeneration(),
    // Several servers on one PostgreSQL: a mutation on one reaches subscribers on all.
    eventBus: database.eventBus?.(env.BULLPEN_EVENTS_CHANNEL, app.log),
    log: app.log,
    onMailError: (err) => app.log.warn({ err }, 'could not send an email'),
  });
  await services.events.ready;
  app.addHook('onClose', async () => services.events.close());
  const auth = createAuth({
    db: database.db,
    secret,
    mailer,
    secureCookies: production,
    baseURL: env.BULLPEN_PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    passwordMinLength: passwordPolicy.minLength,
    sessionAbsoluteSeconds: Math.round(sessionPolicy.absoluteMs / 1000),
    log: app.log,
  });

  registerSecurityHeaders(app, production);

  const health = { draining: false };
  registerHealth(app, database, health);

  registerAuthGateway(app, {
    auth,
    db: database.db,
    clock,
    secret,
    sessions: services.sessions,
    throttle: services.throttle,
    passwordPolicy,
    ipLimit: { limit: env.BULLPEN_SIGNIN_IP_LIMIT, windowMs: env.BULLPEN_SIGNIN_IP_WINDOW_SECONDS * 1000 },
    publicOrigin: env.BULLPEN_PUBLIC_URL,
  });
  registerGraphQL(app, { services, secret, production, publicOrigin: env.BULLPEN_PUBLIC_URL });
  registerAdminQueries(app, { services, secret, publicOrigin: env.BULLPEN_PUBLIC_URL });
  registerReports(app, { services, secret, publicOrigin: env.BULLPEN_PUBLIC_URL });

  // The dev mailbox: only without SMTP, outside production, and only when asked for.
  if (mailer.mailbox && env.BULLPEN_DEV_MAILBOX && !production) registerDevMailbox(app, mailer.mailbox);

  await registerWebApp(app, options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot);

  const outbox = createOutboxSender({ db: database.db, mailer, log: app.log });
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop());

  settleCountsOnTime(app, services, env.BULLPEN_SETTLE_SECONDS);

  const startDraining = () => {
    health.draining = true;
  };
  return { app, routes, services, mailer, outbox, startDraining };
}

/** The Fastify server, its error handler set before any route, and the list of routes it registers. */
function serverFor(options: AppOptions): { app: FastifyInstance; routes: string[] } {
  const { env, database } = options;
  const app = Fastify({
    logger: fastifyLogger(env, options.logger),
    bodyLimit: BODY_LIMIT,
    // Behind a reverse proxy, BULLPEN_TRUST_PROXY lets request.ip be the client's (per-IP limits).
    trustProxy: trustedProxies(env.BULLPEN_TRUST_PROXY),
  });
  database.setLog?.(app.log);
  // Before any route: a route takes the error handler there is when Fastify registers it.
  app.setErrorHandler((error, req, reply) => {
    const refused = refusedRequest(error, req.routeOptions.bodyLimit ?? BODY_LIMIT);
    if (refused) {
      const { status, message, said } = refused;
      return reply.code(status).send({ code: 'BAD_USER_INPUT', message, ...(said ? { said } : {}) });
    }
    // The database away or the disk full answers 503 (sendError), anything else 500.
    return sendError(reply, error, req.log);
  });
  // Bodies are JSON only: anything else is refused with 415 before a route runs.
  app.removeContentTypeParser('text/plain');
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  return { app, routes };
}

/**
 * BULLPEN_TRUST_PROXY as Fastify takes it. A count of proxies trusts the nearest that many hops: Fastify 5 reads a
 * bare number as trusting nobody, which would give every request the proxy's address (decision 0051).
 */
function trustedProxies(trust: Env['BULLPEN_TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Liveness (200 while the process answers), and readiness: 503 while the database is away, and from the moment
 * the server is told to stop, so a load balancer stops sending it requests before it closes (docs/deploy.md).
 */
function registerHealth(app: FastifyInstance, database: Database, health: { draining: boolean }): void {
  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const status = health.draining ? 'shutting down' : (await database.ping()) ? 'ready' : 'database unavailable';
    return reply
      .code(status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status });
  });
}

/** The last emails, for development without SMTP (README.md, "Email and the development mailbox"). */
function registerDevMailbox(app: FastifyInstance, mailbox: NonNullable<Mailer['mailbox']>): void {
  app.get<{ Querystring: { to?: string } }>('/api/dev/mailbox', async (req, reply) => {
    const to = req.query.to?.toLowerCase();
    return reply
      .header('cache-control', 'no-store')
      .send({ items: mailbox.filter((m) => !to || m.to.toLowerCase() === to) });
  });
}

/** The built web app, when there is one; the API answers 404 in the catalogue's shape either way. */
async function registerWebApp(app: FastifyInstance, webRoot: string | null): Promise<void> {
  if (webRoot && existsSync(join(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies (vite.config.ts), for browsers that accept them.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(webRoot, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The web app's routes are client-side: any other GET for a page gets index.html, in the
    // reader's language where the build wrote one; a HEAD the same headers (`curl -I`, an uptime monitor).
    const pages = new Set(LOCALES.map(pageFile).filter((file) => existsSync(join(webRoot, file))));
    app.setNotFoundHandler((req, reply) => {
      const wantsPage =
        (req.method === 'GET' || req.method === 'HEAD') && !/^\/(api\/|graphql|admin-queries\/)/.test(req.url);
      if (wantsPage) {
        const file = pageFile(pageLanguage(req.headers.cookie, req.headers['accept-language']));
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
          .sendFile(pages.has(file) ? file : 'index.html');
      }
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' }));
  }
}

/**
 * The league's deadline settles the games' counts, the admins hear of an official's signature a change voided, the
 * games' and children's histories are sealed into their organization's, and each organization's admins get its
 * history's daily digest: checked every minute (BULLPEN_SETTLE_SECONDS) on every server (a row lock settles each game
 * once; the organization's head lock seals once; a claim sends each digest once).
 */
function settleCountsOnTime(app: FastifyInstance, services: Services, seconds: number): void {
  let settleTimer: NodeJS.Timeout | null = null;
  let settling: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    settleTimer = setInterval(() => {
      settling ??= services.officialCount
        .settleDue()
        .catch((error) => logTaskFailure(app.log, error, 'disputed counts could not be settled'))
        .then(() => services.signatures.tellOfVoidedSignatures())
        .catch((error) => logTaskFailure(app.log, error, 'void signatures could not be told'))
        .then(() => services.recordDigest.sendDaily())
        .catch((error) => logTaskFailure(app.log, error, 'the history could not be sealed or its digests sent'))
        .finally(() => {
          settling = null;
        });
    }, seconds * 1000);
    settleTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (settleTimer) clearInterval(settleTimer);
    await settling;
  });
}
