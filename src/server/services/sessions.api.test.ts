import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationAdmins, users } from '../db/schema.ts';
import {
  bootTestApp,
  buildOrganization,
  buildUser,
  databaseKinds,
  gql,
  signIn,
  type TestApp,
} from '../testing/harness.ts';

const ME = '{ me { id email roles } }';
const SESSIONS = '{ listMySessions { items { id device lastSeenAt current } nextToken } }';
const minutes = (n: number) => n * 60_000;

interface SessionItem {
  id: string;
  device: string;
  current: boolean;
}
const itemsOf = (res: { data?: Record<string, unknown> | null }) =>
  ((res.data?.listMySessions ?? { items: [] }) as { items: SessionItem[] }).items;

describe.each(databaseKinds())('sessions on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Short timeouts so the test can step past them: idle 60 minutes, absolute 1 day.
    t = await bootTestApp(kind, { BULLPEN_SESSION_IDLE_MINUTES: '60', BULLPEN_SESSION_ABSOLUTE_DAYS: '1' });
  });
  afterAll(() => t.close());

  async function signedIn(roles: ('SuperAdmin' | 'admin' | 'coach' | 'parent')[] = ['coach']) {
    const user = await buildUser(t.db, { roles });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { user, cookie };
  }

  it('lists the user’s sessions with device and last seen, marking the current one', async () => {
    const { user, cookie } = await signedIn();
    await signIn(t.app, user.email, user.password, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/140.0' });
    const res = await gql(t.app, SESSIONS, {}, cookie);
    const items = itemsOf(res);
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Chrome on Linux']);
  });

  it('pages the list with limit and nextToken', async () => {
    const { user, cookie } = await signedIn();
    await signIn(t.app, user.email, user.password);
    await signIn(t.app, user.email, user.password);
    const first = await gql(t.app, '{ listMySessions(limit: 2) { items { id } nextToken } }', {}, cookie);
    const page = first.data?.listMySessions as { items: { id: string }[]; nextToken: string };
    expect(page.items).toHaveLength(2);
    const second = await gql(
      t.app,
      'query($t: String) { listMySessions(limit: 2, nextToken: $t) { items { id } nextToken } }',
      { t: page.nextToken },
      cookie,
    );
    const rest = second.data?.listMySessions as { items: { id: string }[]; nextToken: string | null };
    expect(rest.items).toHaveLength(1);
    expect(rest.nextToken).toBeNull();
    expect((await gql(t.app, '{ listMySessions(limit: 0) { nextToken } }', {}, cookie)).code).toBe('BAD_USER_INPUT');
    const others = await gql(
      t.app,
      '{ listMySessions(filter: { current: { eq: false } }) { items { id current } } }',
      {},
      cookie,
    );
    expect(itemsOf(others).map((s) => s.current)).toEqual([false, false]);
  });

  it('signs out one other device; that device is refused on its next request with the reason', async () => {
    const { user, cookie } = await signedIn();
    const phone = await signIn(t.app, user.email, user.password);
    const list = await gql(t.app, SESSIONS, {}, cookie);
    const other = itemsOf(list).find((s) => !s.current);
    const res = await gql(
      t.app,
      'mutation($i: DeleteMySessionInput!) { deleteMySession(input: $i) { id } }',
      { i: { id: other?.id } },
      cookie,
    );
    expect(res.errors).toBeUndefined();
    const after = await gql(t.app, ME, {}, phone.cookie);
    expect(after.code).toBe('UNAUTHENTICATED');
    expect(after.errors?.[0]?.message).toBe('Access Token has been revoked');
    expect((await gql(t.app, ME, {}, cookie)).data?.me).toBeTruthy();
  });

  it('refuses to sign out another user’s session (reported as not found)', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const bSessions = await gql(t.app, SESSIONS, {}, b.cookie);
    const bId = itemsOf(bSessions)[0]?.id;
    const res = await gql(
      t.app,
      'mutation($i: DeleteMySessionInput!) { deleteMySession(input: $i) { id } }',
      { i: { id: bId } },
      a.cookie,
    );
    expect(res.code).toBe('NOT_FOUND');
    expect((await gql(t.app, ME, {}, b.cookie)).data?.me).toBeTruthy();
  });

  it('signs out everywhere', async () => {
    const { user, cookie } = await signedIn();
    const other = await signIn(t.app, user.email, user.password);
    expect((await gql(t.app, 'mutation { signOutEverywhere }', {}, cookie)).data?.signOutEverywhere).toBe(true);
    expect((await gql(t.app, ME, {}, cookie)).code).toBe('UNAUTHENTICATED');
    expect((await gql(t.app, ME, {}, other.cookie)).code).toBe('UNAUTHENTICATED');
  });

  it('refuses the session after sign-out', async () => {
    const { cookie } = await signedIn();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await gql(t.app, ME, {}, cookie)).code).toBe('UNAUTHENTICATED');
  });

  it('refuses other sessions after a password change', async () => {
    const { user, cookie } = await signedIn();
    const other = await signIn(t.app, user.email, user.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: 'a brand new passphrase' },
    });
    expect(res.statusCode).toBe(200);
    expect((await gql(t.app, ME, {}, other.cookie)).code).toBe('UNAUTHENTICATED');
  });

  it('ends a session idle for longer than the idle timeout', async () => {
    const { cookie } = await signedIn();
    t.clock.advance(minutes(59));
    expect((await gql(t.app, ME, {}, cookie)).data?.me).toBeTruthy();
    // Used at 59 minutes, so still alive at 118.
    t.clock.advance(minutes(59));
    expect((await gql(t.app, ME, {}, cookie)).data?.me).toBeTruthy();
    t.clock.advance(minutes(61));
    const expired = await gql(t.app, ME, {}, cookie);
    expect(expired.code).toBe('UNAUTHENTICATED');
    expect(expired.errors?.[0]?.extensions?.reason).toBe('EXPIRED');
    // It stays ended, with its reason.
    expect((await gql(t.app, ME, {}, cookie)).errors?.[0]?.message).toBe('Refresh Token has expired');
  });

  it('ends a session at the absolute timeout even while it is in use', async () => {
    const { cookie } = await signedIn();
    for (let hour = 0; hour < 24; hour++) {
      t.clock.advance(minutes(59));
      expect((await gql(t.app, ME, {}, cookie)).data?.me).toBeTruthy();
    }
    t.clock.advance(minutes(60));
    expect((await gql(t.app, ME, {}, cookie)).errors?.[0]?.extensions?.reason).toBe('EXPIRED');
  });

  it('refuses a disabled user on the next request, and a deleted one', async () => {
    const a = await signedIn();
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, a.user.id));
    const res = await gql(t.app, ME, {}, a.cookie);
    expect(res.code).toBe('UNAUTHENTICATED');
    expect(res.errors?.[0]?.message).toBe('User is disabled.');
    expect((await signIn(t.app, a.user.email, a.user.password)).res.statusCode).toBe(401);

    const b = await signedIn();
    await t.services.sessions.endAllSessionsOf(b.user.id, 'USER_MISSING');
    await t.db.delete(users).where(eq(users.id, b.user.id));
    expect((await gql(t.app, ME, {}, b.cookie)).errors?.[0]?.message).toBe('User does not exist.');
  });

  it('applies a role or scope change on the next request', async () => {
    const { user, cookie } = await signedIn(['SuperAdmin']);
    expect((await gql(t.app, ME, {}, cookie)).data?.me).toMatchObject({ roles: ['SuperAdmin'] });
    await t.db.update(users).set({ roles: [] }).where(eq(users.id, user.id));
    expect((await gql(t.app, ME, {}, cookie)).data?.me).toMatchObject({ roles: [] });
    const { organization } = await buildOrganization(t.db, { adminIds: [user.id] });
    expect((await gql(t.app, ME, {}, cookie)).data?.me).toMatchObject({ roles: ['admin'] });
    await t.db.delete(organizationAdmins).where(eq(organizationAdmins.organizationId, organization.id));
    expect((await gql(t.app, ME, {}, cookie)).data?.me).toMatchObject({ roles: [] });
  });

  it('counts every change to who may do what, and nothing else (sessions are cached in between)', async () => {
    const { user, cookie } = await signedIn();
    const before = await t.database.authGeneration();
    // Requests, sign-ins and a user's unrelated fields leave the count alone: cached sessions stay valid.
    await gql(t.app, ME, {}, cookie);
    await signIn(t.app, user.email, user.password);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    expect(await t.database.authGeneration()).toBe(before);
    // A role, an admins list, a session ended: each bumps it before the write returns.
    await t.db
      .update(users)
      .set({ roles: ['coach'] })
      .where(eq(users.id, user.id));
    expect(await t.database.authGeneration()).toBe(before + 1);
    await buildOrganization(t.db, { adminIds: [user.id] });
    expect(await t.database.authGeneration()).toBeGreaterThan(before + 1);
    const after = await t.database.authGeneration();
    await t.services.sessions.endAllSessionsOf(user.id, 'REVOKED');
    expect(await t.database.authGeneration()).toBeGreaterThan(after);
    expect((await gql(t.app, ME, {}, cookie)).code).toBe('UNAUTHENTICATED');
  });
});
