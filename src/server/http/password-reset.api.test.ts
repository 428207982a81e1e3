import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, buildUser, databaseKinds, gql, signIn, type TestApp } from '../testing/harness.ts';
import { startSmtp } from '../testing/smtp.ts';

const codeIn = (body: string) => body.match(/\b(\d{6})\b/)?.[1] ?? '';

describe.each(databaseKinds())('forgot password on the %s database', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const request = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/email-otp/request-password-reset', payload: { email } });
  const reset = (email: string, otp: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/email-otp/reset-password', payload: { email, otp, password } });
  const waitForMail = async (to: string) => {
    for (let i = 0; i < 50 && !smtp.received.some((m) => m.to === to); i++) await new Promise((r) => setTimeout(r, 50));
    return smtp.received.filter((m) => m.to === to).at(-1);
  };

  it('answers the same whether or not the email exists, and mails a code only to a real account', async () => {
    const user = await buildUser(t.db);
    const known = await request(user.email);
    const unknown = await request(`nobody-${user.id}@example.test`);
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(await waitForMail(user.email)).toBeTruthy();
    expect(smtp.received.some((m) => m.to === `nobody-${user.id}@example.test`)).toBe(false);
  });

  it('resets the password with the code once, and ends the old sessions', async () => {
    const user = await buildUser(t.db);
    const before = await signIn(t.app, user.email, user.password);
    await request(user.email);
    const code = codeIn((await waitForMail(user.email))?.body ?? '');
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await reset(user.email, code === '000000' ? '111111' : '000000', 'my reset passphrase');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'INVALID_OTP' });

    expect((await reset(user.email, code, 'password123')).json()).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((await reset(user.email, code, 'my reset passphrase')).statusCode).toBe(200);
    // Single use.
    expect((await reset(user.email, code, 'another passphrase')).statusCode).toBe(400);
    expect((await gql(t.app, '{ me { id } }', {}, before.cookie)).code).toBe('UNAUTHENTICATED');
    expect((await signIn(t.app, user.email, user.password)).res.statusCode).toBe(401);
    expect((await signIn(t.app, user.email, 'my reset passphrase')).res.statusCode).toBe(200);
  });

  it('expires the code after 15 minutes', async () => {
    const user = await buildUser(t.db);
    await request(user.email);
    const code = codeIn((await waitForMail(user.email))?.body ?? '');
    t.clock.advance(16 * 60_000);
    expect((await reset(user.email, code, 'too late passphrase')).statusCode).toBe(400);
  });
});
