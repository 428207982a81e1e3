import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject, vi } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { buildApp } from '../app.ts';
import { type Clock, systemClock } from '../clock.ts';
import { type Database, type Db, openEmbedded, openPostgres } from '../db/client.ts';
import { leagueAdmins, leagues, organizationAdmins, organizations } from '../db/schema.ts';
import { readEnv } from '../env.ts';
import { createMailer, type MailMessage } from '../mail/mailer.ts';
import { createUserWithPassword } from '../services/users.repository.ts';

export type DatabaseKind = 'embedded' | 'postgres';

/** The databases API tests run on: always embedded, and PostgreSQL when TEST_DATABASE_URL is set. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresUrl') ? ['embedded', 'postgres'] : ['embedded'];
}

export function openTestDatabase(kind: DatabaseKind): Database {
  if (kind === 'postgres') {
    const url = inject('postgresUrl');
    if (!url) throw new Error('no PostgreSQL for tests');
    return openPostgres(url, { max: 4 });
  }
  return openEmbedded({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
}

export const TEST_PASSWORD = 'correct-horse-battery';

/** Boots the real app in-process on a real database, with a clock the test moves. */
export async function bootTestApp(kind: DatabaseKind, envOverrides: Record<string, string> = {}) {
  const database = openTestDatabase(kind);
  // One time for everything, better-auth included: Date is faked and tests move it forward.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  const clock: Clock & { advance(ms: number): void } = {
    now: systemClock.now,
    advance: (ms) => vi.setSystemTime(Date.now() + ms),
  };
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BULLPEN_SIGNIN_IP_LIMIT: '1000',
    ...envOverrides,
  } as NodeJS.ProcessEnv);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: { info: () => {} } });
  const { app, services, routes } = await buildApp({
    database,
    env,
    clock,
    mailer,
    webRoot: null,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
  });
  await app.ready();
  return {
    app,
    routes,
    db: database.db,
    database,
    clock,
    services,
    mailbox: mailer.mailbox ?? ([] as MailMessage[]),
    async close() {
      vi.useRealTimers();
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof bootTestApp>>;

// --- Factories: each test builds its own tenant, so tests never see each other's data. ---

export async function buildUser(
  db: Db,
  overrides: Partial<{
    email: string;
    roles: Role[];
    password: string;
    givenName: string;
    familyName: string;
    temporaryUntil: Date;
  }> = {},
) {
  const email = overrides.email ?? `user-${randomUUID()}@example.test`;
  const password = overrides.password ?? TEST_PASSWORD;
  const { id } = await createUserWithPassword(db, {
    email,
    password,
    givenName: overrides.givenName ?? 'Test',
    familyName: overrides.familyName ?? 'User',
    roles: overrides.roles ?? [],
    temporaryUntil: overrides.temporaryUntil,
  });
  return { id, email, password };
}

export async function buildOrganization(db: Db, options: { adminIds?: string[]; leagueAdminIds?: string[] } = {}) {
  const [org] = await db
    .insert(organizations)
    .values({ name: `Org ${randomUUID().slice(0, 8)}` })
    .returning();
  if (!org) throw new Error('organization not created');
  if (options.adminIds?.length) {
    await db.insert(organizationAdmins).values(options.adminIds.map((userId) => ({ organizationId: org.id, userId })));
  }
  const [league] = await db.insert(leagues).values({ name: 'Majors', organizationId: org.id }).returning();
  if (!league) throw new Error('league not created');
  if (options.leagueAdminIds?.length) {
    await db.insert(leagueAdmins).values(options.leagueAdminIds.map((userId) => ({ leagueId: league.id, userId })));
  }
  return { organization: org, league };
}

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };

/** Signs in through the real route; returns the session cookie and the raw response. */
export async function signIn(
  app: TestApp['app'],
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { ...BROWSER, ...headers },
    payload: { email, password },
  });
  const setCookie = [res.headers['set-cookie'] ?? []].flat();
  const cookie = setCookie.find((c) => c.startsWith('bullpen.session_token='))?.split(';')[0] ?? '';
  return { res, cookie, body: res.json() as Record<string, unknown> };
}

/** A GraphQL call as the holder of `cookie` (or anonymous). */
export async function gql(
  app: TestApp['app'],
  query: string,
  variables: Record<string, unknown> = {},
  cookie = '',
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    payload: { query, variables },
  });
  const body = res.json() as {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string; reason?: string } }[];
  };
  return { status: res.statusCode, ...body, code: body.errors?.[0]?.extensions?.code };
}
