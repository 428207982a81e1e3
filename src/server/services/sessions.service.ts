import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { describeDevice as describeDeviceIn, shownAddress } from '../../core/device.ts';
import { errors, type SessionEndReason } from '../../core/errors.ts';
import { type Actor, authorize } from '../../core/permissions.ts';
import { normalizeRoles } from '../../core/roles.ts';
import { hashToken } from '../auth/session-token.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { endedSessions, sessions } from '../db/schema.ts';
import { english } from '../i18n.ts';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface ResolvedSession {
  actor: Actor;
  sessionId: string;
  email: string;
  givenName: string;
  familyName: string;
  mustChangePassword: boolean;
}

interface SessionRow extends Record<string, unknown> {
  session_id: string;
  user_id: string;
  expires_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  email: string;
  given_name: string;
  family_name: string;
  roles: string[];
  must_change_password: boolean;
  disabled: boolean;
  admin_org_ids: string[] | null;
  admin_league_ids: string[] | null;
  coach_team_ids: string[] | null;
  guardian_player_ids: string[] | null;
  admin_league_org_ids: string[] | null;
  coach_org_ids: string[] | null;
  guardian_org_ids: string[] | null;
  generation: string | number;
}

/** A resolved session kept in memory while nothing that decides it has changed. */
interface CachedSession {
  session: ResolvedSession;
  generation: number;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}

// Beyond this many signed-in sessions in memory, start again (a bound, not an LRU: misses only cost a query).
const CACHE_MAX = 50_000;

// Last seen (which the idle timeout counts from) is written at most once a minute, and at most a hundredth
// of the idle timeout after the request it records: a session ends no later than the idle timeout after
// its last request, on every server, and one used at least every 99% of the idle timeout never ends
// (docs/decisions/0007-session-timeouts.md).
const TOUCH_AT_MOST_EVERY_MS = 60_000;
const IDLE_SHARE_UNRECORDED = 0.01;

/**
 * A session by its token, with its user and every link that makes them admin, coach or parent, in
 * one query (and the auth generation it was read at).
 */
async function sessionRowOf(db: Db, token: string): Promise<SessionRow | undefined> {
  const result = (await db.execute(sql`
        select (select n from auth_generation where id = 1) as generation, s.id as session_id, s.user_id, s.expires_at, s.created_at, s.updated_at,
               u.email, u.given_name, u.family_name, u.roles, u.must_change_password, u.disabled,
               array(select oa.organization_id::text from organization_admins oa where oa.user_id = u.id) as admin_org_ids,
               array(select la.league_id::text from league_admins la where la.user_id = u.id) as admin_league_ids,
               array(select tc.team_id::text from team_coaches tc where tc.user_id = u.id) as coach_team_ids,
               array(select pg.player_id::text from player_guardians pg where pg.user_id = u.id) as guardian_player_ids,
               array(select distinct l.organization_id::text from league_admins la
                     join leagues l on l.id = la.league_id where la.user_id = u.id) as admin_league_org_ids,
               array(select distinct t.organization_id::text from team_coaches tc
                     join teams t on t.id = tc.team_id where tc.user_id = u.id) as coach_org_ids,
               array(select distinct p.organization_id::text from player_guardians pg
                     join players p on p.id = pg.player_id where pg.user_id = u.id) as guardian_org_ids
        from sessions s join users u on u.id = s.user_id
        where s.token = ${token}`)) as unknown as { rows: SessionRow[] };
  return result.rows[0];
}

/** The caller a session row makes: who they are, their roles and their scope. */
function sessionOf(row: SessionRow): ResolvedSession {
  const adminOrganizationIds = row.admin_org_ids ?? [];
  const adminLeagueIds = row.admin_league_ids ?? [];
  const coachTeamIds = row.coach_team_ids ?? [];
  const guardianPlayerIds = row.guardian_player_ids ?? [];
  // Being on an admins list makes the user an admin, on a team's coaches a coach, linked to a
  // player a parent (docs/decisions/0006, 0013).
  const granted = [
    ...row.roles,
    ...(adminOrganizationIds.length + adminLeagueIds.length > 0 ? ['admin'] : []),
    ...(coachTeamIds.length > 0 ? ['coach'] : []),
    ...(guardianPlayerIds.length > 0 ? ['parent'] : []),
  ];
  return {
    actor: {
      userId: row.user_id,
      roles: normalizeRoles(granted),
      adminOrganizationIds,
      adminLeagueIds,
      coachTeamIds,
      guardianPlayerIds,
      memberOrganizationIds: {
        admin: [...new Set([...adminOrganizationIds, ...(row.admin_league_org_ids ?? [])])],
        coach: row.coach_org_ids ?? [],
        parent: row.guardian_org_ids ?? [],
      },
      sessionId: row.session_id,
    },
    sessionId: row.session_id,
    email: row.email,
    givenName: row.given_name,
    familyName: row.family_name,
    mustChangePassword: row.must_change_password,
  };
}

export function createSessionsService(deps: {
  db: Db;
  clock: Clock;
  policy: SessionPolicy;
  /** Database.authGeneration: a cached session is used only while this count is unchanged. */
  authGeneration: () => Promise<number>;
}) {
  const { db, clock, policy } = deps;
  const cache = new Map<string, CachedSession>();
  const touchEveryMs = Math.min(TOUCH_AT_MOST_EVERY_MS, policy.idleMs * IDLE_SHARE_UNRECORDED);

  /** The cached session, when nothing that decides it changed and no timeout or touch is due. */
  function cached(token: string, generation: number, now: number): ResolvedSession | null {
    const hit = cache.get(token);
    if (!hit || hit.generation !== generation) return null;
    const fresh =
      now - hit.updatedAt <= touchEveryMs && now <= hit.expiresAt && now - hit.createdAt <= policy.absoluteMs;
    return fresh ? hit.session : null;
  }

  /** Ends sessions and remembers why, so their next request can say so. */
  async function endSessions(rows: { id: string; token: string }[], reason: SessionEndReason): Promise<void> {
    if (rows.length === 0) return;
    const now = clock.now();
    await db
      .insert(endedSessions)
      .values(rows.map((r) => ({ tokenHash: hashToken(r.token), reason, endedAt: now })))
      .onConflictDoNothing();
    await db.delete(sessions).where(
      inArray(
        sessions.id,
        rows.map((r) => r.id),
      ),
    );
    // Tombstones are only needed as long as a session could have lived.
    await db.delete(endedSessions).where(lt(endedSessions.endedAt, new Date(now.getTime() - policy.absoluteMs)));
  }

  return {
    endSessions,

    async endAllSessionsOf(userId: string, reason: SessionEndReason): Promise<void> {
      const rows = await db
        .select({ id: sessions.id, token: sessions.token })
        .from(sessions)
        .where(eq(sessions.userId, userId));
      await endSessions(rows, reason);
    },

    /**
     * Who is calling, checked against the database on every request so that revocation, a
     * disabled user, a role or scope change, and the timeouts apply on the next request
     * (docs/reliability.md, security requirements 8-10). Throws UNAUTHENTICATED with the reason when the session ended.
     */
    async resolve(token: string): Promise<ResolvedSession> {
      // Most requests: the same session as a moment ago, and no change to users, sessions, admins,
      // coaches or guardians since (the triggers bump the count in the writer's transaction).
      const hit = cached(token, await deps.authGeneration(), clock.now().getTime());
      if (hit) return hit;
      const row = await sessionRowOf(db, token);
      if (!row) {
        const [ended] = await db
          .select({ reason: endedSessions.reason })
          .from(endedSessions)
          .where(eq(endedSessions.tokenHash, hashToken(token)));
        throw errors.unauthenticated((ended?.reason as SessionEndReason | undefined) ?? 'REVOKED');
      }
      const now = clock.now().getTime();
      const createdAt = new Date(row.created_at).getTime();
      const updatedAt = new Date(row.updated_at).getTime();
      const idleExpired = now - updatedAt > policy.idleMs;
      const absoluteExpired = now > new Date(row.expires_at).getTime() || now - createdAt > policy.absoluteMs;
      if (idleExpired || absoluteExpired) {
        await endSessions([{ id: row.session_id, token }], 'EXPIRED');
        throw errors.unauthenticated('EXPIRED');
      }
      if (row.disabled) {
        await endSessions([{ id: row.session_id, token }], 'USER_DISABLED');
        throw errors.unauthenticated('USER_DISABLED');
      }
      const touched = now - updatedAt > touchEveryMs;
      if (touched) {
        await db
          .update(sessions)
          .set({ updatedAt: new Date(now) })
          .where(eq(sessions.id, row.session_id));
      }
      const session = sessionOf(row);
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(token, {
        session,
        generation: Number(row.generation),
        createdAt,
        updatedAt: touched ? now : updatedAt,
        expiresAt: new Date(row.expires_at).getTime(),
      });
      return session;
    },

    async listMine(actor: Actor | null, currentSessionId: string | null) {
      const me = authorize(actor, 'Query.listMySessions');
      const rows = await db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ipAddress: sessions.ipAddress,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
        })
        .from(sessions)
        .where(eq(sessions.userId, me.userId))
        .orderBy(sql`${sessions.updatedAt} desc`);
      return rows.map((r) => ({
        id: r.id,
        device: describeDevice(r.userAgent),
        userAgent: r.userAgent,
        ipAddress: r.ipAddress === null ? null : shownAddress(r.ipAddress),
        createdAt: r.createdAt,
        lastSeenAt: r.updatedAt,
        current: r.id === currentSessionId,
      }));
    },

    /** "Sign out this device": one of the caller's own sessions. */
    async deleteMine(actor: Actor | null, input: { id: string }) {
      const me = authorize(actor, 'Mutation.deleteMySession');
      const [row] = await db
        .select({ id: sessions.id, token: sessions.token, userId: sessions.userId })
        .from(sessions)
        .where(eq(sessions.id, input.id));
      // Another user's session is reported as missing, not as forbidden: ids reveal nothing.
      if (!row || row.userId !== me.userId) throw errors.notFound('Session');
      await endSessions([row], 'REVOKED');
      return { id: row.id };
    },

    async signOutEverywhere(actor: Actor | null): Promise<boolean> {
      const me = authorize(actor, 'Mutation.signOutEverywhere');
      const rows = await db
        .select({ id: sessions.id, token: sessions.token })
        .from(sessions)
        .where(eq(sessions.userId, me.userId));
      await endSessions(rows, 'REVOKED');
      return true;
    },

    async endOtherSessions(userId: string, keepSessionId: string): Promise<void> {
      const rows = await db
        .select({ id: sessions.id, token: sessions.token })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
      await endSessions(rows, 'REVOKED');
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

/** A short, human name for a browser's user agent, in English ("Chrome on Android"): the API's `device`. */
export function describeDevice(userAgent: string | null): string {
  return describeDeviceIn(english, userAgent);
}
