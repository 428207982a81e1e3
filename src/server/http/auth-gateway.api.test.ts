import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../db/schema.ts';
import { bootTestApp, buildUser, databaseKinds, gql, signIn, TEST_PASSWORD, type TestApp } from '../testing/harness.ts';

const ME = '{ me { id email givenName familyName roles } }';

describe.each(databaseKinds())('sign-in on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  it('signs in with a HttpOnly, SameSite session cookie of at least 128 random bits and no token in the body', async () => {
    const user = await buildUser(t.db, { roles: ['coach'] });
    const { res, cookie, body } = await signIn(t.app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    // 32 characters from a 62-letter alphabet: about 190 bits.
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(JSON.stringify(body)).not.toContain(token);
    expect(body).not.toHaveProperty('challengeName');
    const me = await gql(t.app, ME, {}, cookie);
    expect(me.data?.me).toMatchObject({ email: user.email, roles: ['coach'] });
  });

  it('gives a browser no readable token but gives an API client a bearer token that works', async () => {
    const user = await buildUser(t.db, { roles: ['parent'] });
    const browser = await signIn(t.app, user.email, user.password, { origin: 'http://localhost:80' });
    expect(browser.res.statusCode).toBe(200);
    expect(browser.res.headers['set-auth-token']).toBeUndefined();
    const api = await signIn(t.app, user.email, user.password);
    const bearer = String(api.res.headers['set-auth-token']);
    expect(bearer).toContain('.');
    const me = await gql(t.app, ME, {}, '', { authorization: `Bearer ${bearer}` });
    expect(me.data?.me).toMatchObject({ email: user.email });
    const forged = await gql(t.app, ME, {}, '', { authorization: `Bearer ${bearer.split('.')[0]}.AAAA` });
    expect(forged.code).toBe('UNAUTHENTICATED');
  });

  it('refuses cross-site requests to the auth routes and to GraphQL', async () => {
    const user = await buildUser(t.db);
    const evil = { origin: 'http://evil.example' };
    const res = await signIn(t.app, user.email, user.password, evil);
    expect(res.res.statusCode).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    const crossSite = await signIn(t.app, user.email, user.password, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.res.statusCode).toBe(403);
    const { cookie } = await signIn(t.app, user.email, user.password);
    const gqlRes = await gql(t.app, ME, {}, cookie, evil);
    expect(gqlRes.status).toBe(403);
    const sameSite = await gql(t.app, ME, {}, cookie, { origin: 'http://localhost:80' });
    expect(sameSite.data?.me).toBeTruthy();
  });

  it('keeps the cookie until the absolute timeout (30 days); the idle timeout is the server’s', async () => {
    const user = await buildUser(t.db);
    const { res } = await signIn(t.app, user.email, user.password);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
  });

  it('counts wrong current passwords on change-password toward the account’s backoff', async () => {
    const user = await buildUser(t.db);
    const { cookie } = await signIn(t.app, user.email, user.password);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie },
        payload: { currentPassword: 'a wrong guess!', newPassword: 'a fresh passphrase' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'BAD_USER_INPUT',
        message: 'Current password is incorrect',
        said: { id: 'errors.auth.currentPasswordIncorrect' },
      });
    }
    expect((await signIn(t.app, user.email, user.password)).res.statusCode).toBe(401);
  });

  it('rotates the session at sign-in: the session the browser had before ends', async () => {
    const user = await buildUser(t.db);
    const first = await signIn(t.app, user.email, user.password);
    const second = await signIn(t.app, user.email, user.password, { cookie: first.cookie });
    expect(second.cookie).not.toBe(first.cookie);
    expect((await gql(t.app, ME, {}, first.cookie)).code).toBe('UNAUTHENTICATED');
    expect((await gql(t.app, ME, {}, second.cookie)).data?.me).toBeTruthy();
  });

  it('answers an unknown email, a wrong password and a locked account identically', async () => {
    const user = await buildUser(t.db);
    const unknown = await signIn(t.app, `nobody-${user.id}@example.test`, TEST_PASSWORD);
    const wrong = await signIn(t.app, user.email, 'not-the-password');
    for (let i = 0; i < 5; i++) await signIn(t.app, user.email, 'not-the-password');
    const locked = await signIn(t.app, user.email, user.password);
    for (const res of [unknown.res, wrong.res, locked.res]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(unknown.res.body);
    }
    expect(unknown.body).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
      said: { id: 'errors.signIn.invalidEmailOrPassword' },
    });
  });

  it('backs off an account after 5 failures, doubling, and lets it in again afterwards', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 5; i++) await signIn(t.app, user.email, 'wrong-password');
    expect((await signIn(t.app, user.email, user.password)).res.statusCode).toBe(401);
    t.clock.advance(31_000);
    // One more failure doubles the lock to 60 s.
    await signIn(t.app, user.email, 'wrong-password');
    t.clock.advance(31_000);
    expect((await signIn(t.app, user.email, user.password)).res.statusCode).toBe(401);
    t.clock.advance(30_000);
    expect((await signIn(t.app, user.email, user.password)).res.statusCode).toBe(200);
  });

  it('refuses the most common passwords and too-short ones, and accepts a 64-character one', async () => {
    const user = await buildUser(t.db);
    const { cookie } = await signIn(t.app, user.email, user.password);
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie },
        payload: { currentPassword: user.password, newPassword },
      });
    for (const weak of ['password1', 'qwertyuiop', 'short']) {
      const res = await change(weak);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_USER_INPUT' });
    }
    const long = 'a long passphrase that keeps going and going for sixty-four char';
    expect(long.length).toBe(64);
    expect((await change(long)).statusCode).toBe(200);
  });

  it('stores passwords as argon2id with at least 19 MiB, t=2, p=1', async () => {
    const user = await buildUser(t.db);
    const [row] = await t.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, user.id));
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses unknown fields and malformed bodies with a clear 400, never a 5xx', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'a@example.test', password: 'x', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'BAD_USER_INPUT' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(/at |\.ts|stack/i);
  });

  it('answers 404 for better-auth routes the policy table does not list', async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/list-sessions', '/api/auth/get-session']) {
      const res = await t.app.inject({ method: url.endsWith('email') ? 'POST' : 'GET', url, payload: undefined });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe.each(databaseKinds())('temporary passwords on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  const week = () => new Date(t.clock.now().getTime() + 7 * 24 * 3_600_000);

  it('challenges NEW_PASSWORD_REQUIRED, refuses every other call meanwhile, then lets the user in', async () => {
    const user = await buildUser(t.db, { roles: ['coach'], temporaryUntil: week() });
    const { res, cookie, body } = await signIn(t.app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect(body.challengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect((await gql(t.app, ME, {}, cookie)).code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await gql(t.app, '{ listMySessions { items { id } } }', {}, cookie)).code).toBe('PASSWORD_CHANGE_REQUIRED');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: user.password, newPassword: 'my own new password' },
    });
    expect(change.statusCode).toBe(200);
    const newCookie = String(change.headers['set-cookie']).match(/bullpen\.session_token=[^;]+/)?.[0] ?? cookie;
    const me = await gql(t.app, ME, {}, newCookie);
    expect(me.data?.me).toMatchObject({ email: user.email, roles: ['coach'] });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.mustChangePassword).toBe(false);
    expect((await signIn(t.app, user.email, 'my own new password')).body.challengeName).toBeUndefined();
  });

  it('lets a temporary password work only once', async () => {
    const user = await buildUser(t.db, { temporaryUntil: week() });
    expect((await signIn(t.app, user.email, user.password)).res.statusCode).toBe(200);
    const again = await signIn(t.app, user.email, user.password);
    expect(again.res.statusCode).toBe(401);
    expect(again.body).toMatchObject({ code: 'TEMPORARY_PASSWORD_EXPIRED' });
    expect(again.cookie).toBe('');
  });

  it('expires a temporary password after 7 days', async () => {
    const user = await buildUser(t.db, { temporaryUntil: week() });
    t.clock.advance(7 * 24 * 3_600_000 + 60_000);
    const late = await signIn(t.app, user.email, user.password);
    expect(late.res.statusCode).toBe(401);
    expect(late.body).toMatchObject({ code: 'TEMPORARY_PASSWORD_EXPIRED' });
  });
});

describe.each(databaseKinds())('per-IP limits on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind, { BULLPEN_SIGNIN_IP_LIMIT: '3', BULLPEN_SIGNIN_IP_WINDOW_SECONDS: '60' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit, and lets the IP in again after the window', async () => {
    const user = await buildUser(t.db);
    // An address of its own, so counts from other tests on a shared database do not interfere.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t.app, user.email, 'wrong-password', {}, ip)).res.statusCode).toBe(401);
    }
    const limited = await signIn(t.app, user.email, user.password, {}, ip);
    expect(limited.res.statusCode).toBe(429);
    expect(Number(limited.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    t.clock.advance(61_000);
    expect((await signIn(t.app, user.email, user.password, {}, ip)).res.statusCode).toBe(200);
  });
});
