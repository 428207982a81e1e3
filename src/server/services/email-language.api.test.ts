import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import {
  bootTestApp,
  buildOrganization,
  buildSeason,
  buildTeam,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from '../testing/harness.ts';

const SET = 'mutation($l: String!) { setMyLanguage(language: $l) { language } }';
const CREATE_USER = 'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }';
const INVITE = 'mutation($i: InviteCoachInput!) { inviteCoach(input: $i) { id } }';

/**
 * The emails of accounts, each in its recipient's language (docs/i18n.md): a reset code in the
 * account's, a temporary password or an invitation of someone new in the language of the admin who
 * made them (their own from then on), a notice to someone with an account in theirs.
 */
describe.each(databaseKinds())('account emails in their recipient’s language on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  async function speaking(language: 'en' | 'es', roles: 'SuperAdmin'[] = []) {
    const user = await buildUser(t.db, { roles });
    const { cookie } = await signIn(t.app, user.email, user.password);
    expect(dataOf(await gql(t.app, SET, { l: language }, cookie), 'setMyLanguage')).toEqual({ language });
    return { ...user, cookie };
  }
  const languageOf = async (email: string) =>
    (await t.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;
  const mailTo = (email: string) => t.mailbox.filter((m) => m.to === email).at(-1);
  const waitForMail = async (email: string) => {
    for (let i = 0; i < 50 && !mailTo(email); i++) await new Promise((r) => setTimeout(r, 50));
    return mailTo(email);
  };

  it('sends the reset code in the account’s language', async () => {
    const ana = await speaking('es');
    const ben = await speaking('en');
    for (const who of [ana, ben]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email-otp/request-password-reset',
        payload: { email: who.email },
      });
      expect(res.statusCode).toBe(200);
    }
    const toAna = await waitForMail(ana.email);
    expect(toAna?.subject).toBe('Tu código para restablecer tu contraseña de Bullpen');
    expect(toAna?.text).toMatch(/^Tu código para restablecer tu contraseña de Bullpen es \d{6}\. Sirve una sola vez/);
    expect(toAna?.text).toContain('Si no lo pediste, ignora este correo');
    const toBen = await waitForMail(ben.email);
    expect(toBen?.subject).toBe('Your Bullpen password reset code');
    expect(toBen?.text).toMatch(
      /^Your code to reset your Bullpen password is \d{6}\. It works once and expires in 15 minutes\.\n\nIf you did not ask for it, ignore this email: your password stays the same\.$/,
    );
  });

  it('gives someone new the language of the admin who created them, in the email and from then on', async () => {
    for (const language of ['es', 'en'] as const) {
      const admin = await speaking(language, ['SuperAdmin']);
      const email = `new-${language}-${Date.now()}@example.test`;
      const res = await gql(
        t.app,
        CREATE_USER,
        { i: { email, givenName: 'Lu', familyName: 'Paz', roles: [] } },
        admin.cookie,
      );
      expect(res.errors).toBeUndefined();
      expect(await languageOf(email)).toBe(language);
      const mail = mailTo(email);
      if (language === 'es') {
        expect(mail?.subject).toBe('Tu cuenta de Bullpen');
        expect(mail?.text).toMatch(
          /^Hola, Lu:\n\nUn administrador te creó una cuenta de Bullpen\. Inicia sesión con este correo electrónico y la contraseña temporal:\n\n {4}\S{16}\n\nSirve una sola vez, dentro de 7 días, y luego elegirás tu propia contraseña\.$/,
        );
      } else {
        expect(mail?.subject).toBe('Your Bullpen account');
        expect(mail?.text).toMatch(
          /^Hello Lu,\n\nAn administrator created a Bullpen account for you\. Sign in with this email and the temporary password:\n\n {4}\S{16}\n\nIt works once, within 7 days, and you will then choose your own password\.$/,
        );
      }
    }
  });

  it('invites a new coach in the inviting admin’s language, and tells someone with an account in theirs', async () => {
    const admin = await speaking('es');
    const { organization, league } = await buildOrganization(t.db, { adminIds: [admin.id] });
    const season = await buildSeason(t.db, organization.id, { name: 'Primavera 2027' });
    const team = await buildTeam(t.db, league, season.id, { name: 'Tigres' });

    const email = `coach-${Date.now()}@example.test`;
    const invite = (to: string) =>
      gql(t.app, INVITE, { i: { teamId: team.id, email: to, givenName: 'Jo', familyName: 'Ruiz' } }, admin.cookie);
    expect((await invite(email)).errors).toBeUndefined();
    expect(await languageOf(email)).toBe('es');
    const toNew = mailTo(email);
    expect(toNew?.subject).toBe('Tu cuenta de Bullpen');
    expect(toNew?.text).toContain(
      `Ahora formas parte de los entrenadores de Tigres (${league.name}, Primavera 2027) en Bullpen. Inicia sesión con este correo electrónico y la contraseña temporal:`,
    );

    // Someone with an account elsewhere is invited (decision 0049), in their own language.
    const english = await speaking('en');
    expect((await invite(english.email)).errors).toBeUndefined();
    await t.outbox.flush();
    const toEnglish = mailTo(english.email);
    expect(toEnglish?.subject).toBe('Bullpen: an invitation');
    expect(toEnglish?.text).toMatch(
      new RegExp(`^Hello Test,\n\n.+ invited you to coach Tigres \\(${league.name}, Primavera 2027\\)\\.\n\nSign in `),
    );
    expect(await languageOf(english.email)).toBe('en');
  });
});
