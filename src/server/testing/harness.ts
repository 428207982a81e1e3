import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { inject, vi } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { buildApp } from '../app.ts';
import { type Clock, systemClock } from '../clock.ts';
import { type Database, type Db, openEmbedded, openPostgres } from '../db/client.ts';
import { ensurePresetRules } from '../db/preset-rules.ts';
import {
  leagueAdmins,
  leagues,
  organizationAdmins,
  organizations,
  playerGuardians,
  players,
  restProfiles,
  restRules,
  rosterEntries,
  seasons,
  teamCoaches,
  teams,
} from '../db/schema.ts';
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
    // This worker's own database (global-setup.ts): another worker's files run at the same time on theirs.
    const urls = inject('postgresUrls');
    const url = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % Math.max(urls.length, 1)];
    if (!url) throw new Error('no PostgreSQL for tests');
    return openPostgres(url, { max: 4 });
  }
  return openEmbedded({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
}

export const TEST_PASSWORD = 'correct-horse-battery';

/** When the API tests' clock starts: a summer after the seasons they play (2027 and spring 2028). */
export const TEST_NOW = new Date('2028-08-01T16:00:00Z');

/** Boots the real app in-process on a real database, with a clock the test moves. */
export async function bootTestApp(
  kind: DatabaseKind,
  envOverrides: Record<string, string> = {},
  options: {
    webRoot?: string;
    /** Captures the whole log (every level) with the env's settings, the app's own mailer included. */
    logStream?: { write(line: string): void };
    /** A database the test prepared (a restored backup), instead of a fresh one; closed with the app. */
    database?: Database;
  } = {},
) {
  const database = options.database ?? openTestDatabase(kind);
  // One time for everything, better-auth included: Date is faked and tests move it forward. It starts
  // on TEST_NOW, after every date the tests play games on: the calendar holds, and pitching is
  // recorded only for a game dated on or before the league's today.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(TEST_NOW);
  const clock: Clock & { advance(ms: number): void; set(at: Date): void } = {
    now: systemClock.now,
    advance: (ms) => vi.setSystemTime(Date.now() + ms),
    /** The day a test plays: an email's answer is as of the league's today. */
    set: (at) => vi.setSystemTime(at),
  };
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BULLPEN_SIGNIN_IP_LIMIT: '1000',
    // Test files share one PostgreSQL: each app its own events channel, unless a test joins servers.
    BULLPEN_EVENTS_CHANNEL: `test_events_${randomUUID().replaceAll('-', '')}`,
    ...envOverrides,
  } as NodeJS.ProcessEnv);
  const quiet = { info: () => {}, warn: () => {} };
  const { app, services, routes, outbox, mailer } = await buildApp({
    database,
    env,
    clock,
    mailer: options.logStream ? undefined : createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: quiet }),
    webRoot: options.webRoot ?? null,
    logger: options.logStream
      ? { level: 'trace', stream: options.logStream }
      : process.env.TEST_LOG
        ? { level: 'error' }
        : false,
  });
  await app.ready();
  return {
    app,
    routes,
    db: database.db,
    database,
    clock,
    services,
    outbox,
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

/** A league in an organization, with its own admins list and rest rule when given. */
export async function buildLeague(
  db: Db,
  organizationId: string,
  options: { name?: string; restRuleId?: string | null; adminIds?: string[] } = {},
) {
  const [league] = await db
    .insert(leagues)
    .values({
      name: options.name ?? `League ${randomUUID().slice(0, 8)}`,
      organizationId,
      restRuleId: options.restRuleId ?? null,
    })
    .returning();
  if (!league) throw new Error('league not created');
  if (options.adminIds?.length) {
    await db.insert(leagueAdmins).values(options.adminIds.map((userId) => ({ leagueId: league.id, userId })));
  }
  return league;
}

/** A rest rule with its intervals: global without `organizationId`, else that organization's own. */
export async function buildRestRule(
  db: Db,
  options: {
    organizationId?: string | null;
    name?: string;
    ageGroup?: string;
    intervals?: { pitchCount: number; daysRest: number }[];
  } = {},
) {
  const organizationId = options.organizationId ?? null;
  const [rule] = await db
    .insert(restRules)
    .values({
      name: options.name ?? `Rule ${randomUUID().slice(0, 8)}`,
      ageGroup: options.ageGroup ?? '9-10',
      global: organizationId === null,
      organizationId,
    })
    .returning();
  if (!rule) throw new Error('rest rule not created');
  const wanted = options.intervals ?? [
    { pitchCount: 1, daysRest: 0 },
    { pitchCount: 36, daysRest: 1 },
  ];
  const intervals = wanted.length
    ? await db
        .insert(restProfiles)
        .values(wanted.map((i) => ({ restRuleId: rule.id, ...i })))
        .returning()
    : [];
  return { rule, intervals };
}

/** A season of an organization (active unless told otherwise). */
export async function buildSeason(
  db: Db,
  organizationId: string,
  options: { name?: string; state?: 'upcoming' | 'active' | 'archived'; startDate?: string; endDate?: string } = {},
) {
  const [season] = await db
    .insert(seasons)
    .values({
      organizationId,
      name: options.name ?? `Season ${randomUUID().slice(0, 8)}`,
      startDate: options.startDate ?? '2027-03-01',
      endDate: options.endDate ?? '2027-06-30',
      state: options.state ?? 'active',
    })
    .returning();
  if (!season) throw new Error('season not created');
  return season;
}

/** A team of a league in a season, with coaches when given. */
export async function buildTeam(
  db: Db,
  league: { id: string; organizationId: string },
  seasonId: string,
  options: { name?: string; coachIds?: string[] } = {},
) {
  const [team] = await db
    .insert(teams)
    .values({
      organizationId: league.organizationId,
      leagueId: league.id,
      seasonId,
      name: options.name ?? `Team ${randomUUID().slice(0, 8)}`,
    })
    .returning();
  if (!team) throw new Error('team not created');
  if (options.coachIds?.length) {
    await db.insert(teamCoaches).values(options.coachIds.map((userId) => ({ teamId: team.id, userId })));
  }
  return team;
}

/** A player of an organization, on teams and with guardians when given. */
export async function buildPlayer(
  db: Db,
  organizationId: string,
  options: {
    firstName?: string;
    lastName?: string;
    birthDate?: string;
    jerseyNumber?: string | null;
    teamIds?: string[];
    guardianIds?: string[];
  } = {},
) {
  const [player] = await db
    .insert(players)
    .values({
      organizationId,
      firstName: options.firstName ?? 'Kid',
      lastName: options.lastName ?? `Player${randomUUID().slice(0, 6)}`,
      birthDate: options.birthDate ?? '2015-05-05',
      jerseyNumber: options.jerseyNumber ?? null,
    })
    .returning();
  if (!player) throw new Error('player not created');
  if (options.teamIds?.length) {
    await db.insert(rosterEntries).values(options.teamIds.map((teamId) => ({ teamId, playerId: player.id })));
  }
  if (options.guardianIds?.length) {
    await db.insert(playerGuardians).values(options.guardianIds.map((userId) => ({ playerId: player.id, userId })));
  }
  return player;
}

/** The version a client would have read of a league, team or player: updates name it (CONFLICT when stale). */
export async function versionOf(db: Db, table: 'leagues' | 'teams' | 'players', id: string): Promise<number> {
  const result = (await db.execute(
    sql`select version from ${sql.identifier(table)} where id::text = ${id}`,
  )) as unknown as {
    rows: { version: number }[];
  };
  return Number(result.rows[0]?.version ?? 0);
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
  // Under NODE_ENV=production the cookie is __Secure-bullpen.session_token.
  const cookie = setCookie.find((c) => /^(__Secure-)?bullpen\.session_token=/.test(c))?.split(';')[0] ?? '';
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

/**
 * Every item of a paged GraphQL list, following nextToken to the end. The query must take
 * `$limit: Int` and `$nextToken: String` and select `{ items { ... } nextToken }` of `field`.
 */
export async function readAllPages<T>(
  app: TestApp['app'],
  query: string,
  field: string,
  variables: Record<string, unknown> = {},
  cookie = '',
  limit = 500,
): Promise<T[]> {
  const items: T[] = [];
  let nextToken: string | null = null;
  for (let pages = 0; pages < 10_000; pages++) {
    const res = await gql(app, query, { ...variables, limit, nextToken }, cookie);
    if (res.errors) throw new Error(`${field}: ${res.errors[0]?.message}`);
    const page = res.data?.[field] as { items: T[]; nextToken: string | null };
    items.push(...page.items);
    nextToken = page.nextToken;
    if (!nextToken) return items;
  }
  throw new Error(`${field}: too many pages`);
}

/** A field of a GraphQL answer; fails the test with the answer's error when the field is missing. */
export function dataOf<T>(
  res: { data?: Record<string, unknown> | null; errors?: { message: string }[] },
  field: string,
): T {
  const value = res.data?.[field];
  if (value === undefined || value === null) throw new Error(`${field}: ${res.errors?.[0]?.message ?? 'no data'}`);
  return value as T;
}

/**
 * A game's two dugouts and its league's admin: a league on Little League's rule with the Tigers
 * (coached by Hal Home) and the Cubs (Ava Away), its admin Jo Rivera and any further admins named,
 * in a season between the dates given.
 */
export async function buildRivals(
  db: Db,
  season: { startDate: string; endDate: string },
  options: { moreAdmins?: { givenName: string; familyName: string }[] } = {},
) {
  const presets = await ensurePresetRules(db);
  const homeCoach = await buildUser(db, { givenName: 'Hal', familyName: 'Home' });
  const awayCoach = await buildUser(db, { givenName: 'Ava', familyName: 'Away' });
  const leagueAdmin = await buildUser(db, { givenName: 'Jo', familyName: 'Rivera' });
  const moreAdmins = await Promise.all((options.moreAdmins ?? []).map((names) => buildUser(db, names)));
  const { organization, league } = await buildOrganization(db, {
    leagueAdminIds: [leagueAdmin.id, ...moreAdmins.map((a) => a.id)],
  });
  await db
    .update(leagues)
    .set({ restRuleId: presets.get('little-league-baseball') })
    .where(eq(leagues.id, league.id));
  const { id: seasonId } = await buildSeason(db, organization.id, season);
  const tigers = await buildTeam(db, league, seasonId, { name: 'Tigers', coachIds: [homeCoach.id] });
  const cubs = await buildTeam(db, league, seasonId, { name: 'Cubs', coachIds: [awayCoach.id] });
  return { organization, league, seasonId, tigers, cubs, homeCoach, awayCoach, leagueAdmin, moreAdmins };
}
