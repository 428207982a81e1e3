import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { bootTestApp, buildUser, databaseKinds, dataOf, gql, signIn, type TestApp } from '../testing/harness.ts';

const SET = 'mutation($l: String!) { setMyLanguage(language: $l) { id language } }';
const ME = '{ me { id language } }';

/** A user's own language (docs/i18n.md): saved with them, read in `me`, changed only by them. */
describe.each(databaseKinds())('a user’s language on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  async function signedIn() {
    const user = await buildUser(t.db, { roles: ['coach'] });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { ...user, cookie };
  }
  const languageInDb = async (id: string) =>
    (await t.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language;

  it('is English until the user chooses; setMyLanguage changes theirs and nobody else’s', async () => {
    const ana = await signedIn();
    const ben = await signedIn();
    expect(dataOf(await gql(t.app, ME, {}, ana.cookie), 'me')).toEqual({ id: ana.id, language: 'en' });

    expect(dataOf(await gql(t.app, SET, { l: 'es' }, ana.cookie), 'setMyLanguage')).toEqual({
      id: ana.id,
      language: 'es',
    });
    expect(dataOf(await gql(t.app, ME, {}, ana.cookie), 'me')).toEqual({ id: ana.id, language: 'es' });
    // Every device of hers reads it: it is saved with her, not with the session.
    const other = await signIn(t.app, ana.email, ana.password);
    expect(dataOf(await gql(t.app, ME, {}, other.cookie), 'me')).toEqual({ id: ana.id, language: 'es' });
    expect(await languageInDb(ben.id)).toBe('en');

    expect(dataOf(await gql(t.app, SET, { l: 'en' }, ana.cookie), 'setMyLanguage')).toEqual({
      id: ana.id,
      language: 'en',
    });
    expect(await languageInDb(ana.id)).toBe('en');
  });

  it('refuses a language Bullpen does not speak with BAD_USER_INPUT, and changes nothing', async () => {
    const ana = await signedIn();
    await gql(t.app, SET, { l: 'es' }, ana.cookie);
    for (const l of ['fr', 'ES', 'es-MX', 'en-XA', '', 'x'.repeat(5_000)]) {
      const res = await gql(t.app, SET, { l }, ana.cookie);
      expect(res.code, l).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]?.message).toBe('Unknown language: choose one of en, es.');
      expect((res.errors?.[0]?.extensions as { said?: unknown } | undefined)?.said).toEqual({
        id: 'account.language.unknown',
        values: { languages: 'en, es' },
      });
    }
    expect(await languageInDb(ana.id)).toBe('es');
    // The database refuses one too, whoever writes it.
    await expect(
      t.db
        .update(users)
        .set({ language: 'fr' as 'en' })
        .where(eq(users.id, ana.id)),
    ).rejects.toThrow();
    expect(await languageInDb(ana.id)).toBe('es');
  });

  it('takes choices sent at once from two devices: each answered, one kept, and me says the one kept', async () => {
    const ana = await signedIn();
    const other = await signIn(t.app, ana.email, ana.password);
    const sent = Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? 'es' : 'en'));
    const answers = await Promise.all(
      sent.map((l, i) => gql(t.app, SET, { l }, i % 2 === 0 ? ana.cookie : other.cookie)),
    );
    expect(answers.map((a) => a.errors)).toEqual(sent.map(() => undefined));
    const kept = await languageInDb(ana.id);
    expect(['en', 'es']).toContain(kept);
    expect(dataOf(await gql(t.app, ME, {}, other.cookie), 'me')).toEqual({ id: ana.id, language: kept });
  });

  it('refuses someone not signed in', async () => {
    const res = await gql(t.app, SET, { l: 'es' });
    expect(res.code).toBe('UNAUTHENTICATED');
  });
});
