import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.ts';
import { bootTestApp, buildUser, databaseKinds, gql, signIn, type TestApp } from '../testing/harness.ts';

/**
 * The idle timeout holds for any configured value (docs/decisions/0007-session-timeouts.md): a session
 * used more often than it never ends for idleness, one left idle longer ends, on every server sharing
 * the database; and with the default (3 days) last seen is still written at most once a minute.
 */

const ME = '{ me { id } }';
const seconds = (n: number) => n * 1000;
const DAY = 24 * 3_600_000;

describe.each(databaseKinds())('the idle timeout on the %s database', (kind) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    // Closed last first: each close gives Date back to the real clock.
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  async function boot(env: Record<string, string> = {}) {
    const app = await bootTestApp(kind, env);
    apps.push(app);
    return app;
  }

  async function signedIn(t: TestApp) {
    const user = await buildUser(t.db);
    const { cookie } = await signIn(t.app, user.email, user.password);
    return cookie;
  }

  const lastSeen = async (t: TestApp, userId: string) =>
    (await t.db.select({ at: sessions.updatedAt }).from(sessions).where(eq(sessions.userId, userId)))[0]?.at.getTime();

  describe('of one minute', () => {
    it('keeps a session used every 12 seconds for ten minutes, and every 59 seconds', async () => {
      const t = await boot({ BULLPEN_SESSION_IDLE_MINUTES: '1' });
      const cookie = await signedIn(t);
      for (let i = 1; i <= 50; i++) {
        t.clock.advance(seconds(12));
        const res = await gql(t.app, ME, {}, cookie);
        expect(res.errors?.[0]?.message, `request ${i}, after ${i * 12} s`).toBeUndefined();
      }
      for (let i = 1; i <= 5; i++) {
        t.clock.advance(seconds(59));
        expect((await gql(t.app, ME, {}, cookie)).errors, `a gap of 59 s, ${i}`).toBeUndefined();
      }
    });

    it('ends a session left alone for 61 seconds, however it was used before', async () => {
      const t = await boot({ BULLPEN_SESSION_IDLE_MINUTES: '1' });
      const cookie = await signedIn(t);
      for (let i = 0; i < 10; i++) {
        t.clock.advance(seconds(12));
        expect((await gql(t.app, ME, {}, cookie)).errors).toBeUndefined();
      }
      t.clock.advance(seconds(61));
      const res = await gql(t.app, ME, {}, cookie);
      expect(res.code).toBe('UNAUTHENTICATED');
      expect(res.errors?.[0]?.extensions?.reason).toBe('EXPIRED');
    });

    it.runIf(kind === 'postgres')(
      'holds across two servers: used on each in turn it lives, left alone it ends on both',
      async () => {
        const a = await boot({ BULLPEN_SESSION_IDLE_MINUTES: '1' });
        const b = await boot({ BULLPEN_SESSION_IDLE_MINUTES: '1' });
        const cookie = await signedIn(a);
        for (let i = 1; i <= 30; i++) {
          a.clock.advance(seconds(i % 3 === 0 ? 40 : 12));
          const server = i % 2 === 0 ? a : b;
          expect((await gql(server.app, ME, {}, cookie)).errors, `request ${i}`).toBeUndefined();
        }
        a.clock.advance(seconds(61));
        expect((await gql(a.app, ME, {}, cookie)).errors?.[0]?.extensions?.reason).toBe('EXPIRED');
        expect((await gql(b.app, ME, {}, cookie)).errors?.[0]?.extensions?.reason).toBe('EXPIRED');
      },
    );
  });

  describe('of the default, 3 days', () => {
    it('writes last seen at most once a minute while in use', async () => {
      const t = await boot();
      const user = await buildUser(t.db);
      const { cookie } = await signIn(t.app, user.email, user.password);
      const seen = new Set<number | undefined>([await lastSeen(t, user.id)]);
      for (let i = 0; i < 50; i++) {
        t.clock.advance(seconds(12));
        expect((await gql(t.app, ME, {}, cookie)).errors).toBeUndefined();
        seen.add(await lastSeen(t, user.id));
      }
      // Ten minutes of use: the sign-in's value and at most one write a minute.
      expect(seen.size).toBeGreaterThanOrEqual(5);
      expect(seen.size).toBeLessThanOrEqual(11);
    });

    it('keeps a session used every 2 days 23 hours, and ends one left alone for 3 days and a minute', async () => {
      const t = await boot();
      const cookie = await signedIn(t);
      for (let i = 0; i < 3; i++) {
        t.clock.advance(3 * DAY - 3_600_000);
        expect((await gql(t.app, ME, {}, cookie)).errors).toBeUndefined();
      }
      t.clock.advance(3 * DAY + 60_000);
      expect((await gql(t.app, ME, {}, cookie)).errors?.[0]?.extensions?.reason).toBe('EXPIRED');
    });
  });
});
