import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { rateLimits, signInThrottles } from '../db/schema.ts';

/**
 * Sign-in backoff per account and request limits per IP (docs/reliability.md, security requirement 4). Kept in the
 * database so every server behind a load balancer enforces the same counts.
 */
export interface BackoffPolicy {
  /** Failures allowed before the first lock. */
  freeFailures: number;
  firstLockMs: number;
  maxLockMs: number;
}

// After 5 failures: 30 s, then doubling, never more than 15 minutes and never permanent.
export const DEFAULT_BACKOFF: BackoffPolicy = { freeFailures: 5, firstLockMs: 30_000, maxLockMs: 15 * 60_000 };

export function lockDurationMs(failures: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.firstLockMs * 2 ** doublings, policy.maxLockMs);
}

export function createThrottleService(deps: { db: Db; clock: Clock; backoff?: BackoffPolicy }) {
  const { db, clock } = deps;
  const backoff = deps.backoff ?? DEFAULT_BACKOFF;
  const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

  return {
    /** True while the account is in its backoff period. */
    async isLocked(email: string): Promise<boolean> {
      const [row] = await db
        .select({ lockedUntil: signInThrottles.lockedUntil })
        .from(signInThrottles)
        .where(eq(signInThrottles.key, accountKey(email)));
      return !!row?.lockedUntil && row.lockedUntil.getTime() > clock.now().getTime();
    },

    async recordFailure(email: string): Promise<void> {
      const now = clock.now();
      const [row] = await db
        .insert(signInThrottles)
        .values({ key: accountKey(email), failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: signInThrottles.key,
          set: { failures: sql`${signInThrottles.failures} + 1`, updatedAt: now },
        })
        .returning({ failures: signInThrottles.failures });
      const lockMs = lockDurationMs(row?.failures ?? 1, backoff);
      if (lockMs > 0) {
        await db
          .update(signInThrottles)
          .set({ lockedUntil: new Date(now.getTime() + lockMs) })
          .where(eq(signInThrottles.key, accountKey(email)));
      }
    },

    async recordSuccess(email: string): Promise<void> {
      await db.delete(signInThrottles).where(eq(signInThrottles.key, accountKey(email)));
    },

    /** Whether a key is over its limit in its window now, without counting a request (what `hit` counts). */
    async peek(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const now = clock.now();
      const [row] = await db
        .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      if (!row || row.windowStart.getTime() <= now.getTime() - windowMs || row.count < limit) {
        return { allowed: true, retryAfterSeconds: 0 };
      }
      const retryAfterMs = row.windowStart.getTime() + windowMs - now.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    },

    /**
     * Counts one request against a fixed window; returns the seconds to wait when over the limit.
     */
    async hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const now = clock.now();
      const windowStartFloor = new Date(now.getTime() - windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            // A window that has run out starts again at this request.
            count: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
      if (!row || row.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
      const retryAfterMs = row.windowStart.getTime() + windowMs - now.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    },
  };
}

export type ThrottleService = ReturnType<typeof createThrottleService>;
