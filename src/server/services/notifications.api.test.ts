import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePresetRules } from '../db/preset-rules.ts';
import { leagues, outboxEmails } from '../db/schema.ts';
import {
  bootTestApp,
  buildOrganization,
  buildPlayer,
  buildSeason,
  buildTeam,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from '../testing/harness.ts';
import { plainBody as plain, startSmtp } from '../testing/smtp.ts';

describe.each(databaseKinds())('emails about outings and violations on the %s database', (kind) => {
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

  it('tells a parent each outing of their child, unless they turned it off, and the admins each violation', async () => {
    const presets = await ensurePresetRules(t.db);
    const admin = await buildUser(t.db);
    const coach = await buildUser(t.db);
    const mom = await buildUser(t.db);
    const dad = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const ava = await buildPlayer(t.db, organization.id, {
      firstName: 'Ava',
      birthDate: '2016-10-01',
      teamIds: [tigers.id],
      guardianIds: [mom.id, dad.id],
    });
    const coachCookie = (await signIn(t.app, coach.email, coach.password)).cookie;
    const dadCookie = (await signIn(t.app, dad.email, dad.password)).cookie;
    const PREFS = 'mutation($i: UpdateMyPreferencesInput!) { updateMyPreferences(input: $i) { outingEmails } }';
    expect(dataOf(await gql(t.app, PREFS, { i: { outingEmails: false } }, dadCookie), 'updateMyPreferences')).toEqual({
      outingEmails: false,
    });
    expect(dataOf(await gql(t.app, '{ me { outingEmails } }', {}, dadCookie), 'me')).toEqual({ outingEmails: false });

    const game = async (date: string) =>
      dataOf<{ id: string }>(
        await gql(
          t.app,
          'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
          { i: { date, homeTeamId: tigers.id, opponentName: 'Visitors' } },
          coachCookie,
        ),
        'createGame',
      ).id;
    const log = async (gameId: string, pitches: number) =>
      gql(
        t.app,
        'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
        { i: { id: randomUUID(), gameId, playerId: ava.id, teamId: tigers.id, pitches } },
        coachCookie,
      );

    // Monday May 10: 70 pitches (league age 10) owe 4 days: eligible Saturday May 15. The email says
    // the answer as of the league's today, the game's evening.
    t.clock.set(new Date('2027-05-10T23:00:00Z'));
    expect((await log(await game('2027-05-10'), 70)).errors).toBeUndefined();
    await t.outbox.flush();
    const toMom = smtp.received.filter((m) => m.to === mom.email).map((m) => plain(m.body));
    expect(toMom).toHaveLength(1);
    expect(toMom[0]).toContain('pitched for the Tigers on May 10, 2027: 70 pitches.');
    expect(toMom[0]).toContain('Rest owed: 4 days.');
    expect(toMom[0]).toContain('Ava may pitch again from May 15, 2027.');
    // Every rule that holds her out, each with its date.
    expect(toMom[0]).toContain('Already pitched in 1 game today; the rule allows 1 a day. (until May 11, 2027)');
    expect(toMom[0]).toContain(
      'Resting: 70 pitches on May 10, 2027 owe 4 days of rest; eligible May 15, 2027. (until May 15, 2027)',
    );
    expect(smtp.received.filter((m) => m.to === dad.email)).toEqual([]);

    // Pitching again on Wednesday breaks the rule: the league's admin hears of it.
    t.clock.set(new Date('2027-05-12T23:00:00Z'));
    expect((await log(await game('2027-05-12'), 20)).errors).toBeUndefined();
    await t.outbox.flush();
    const toAdmin = smtp.received.filter((m) => m.to === admin.email).map((m) => plain(m.body));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]).toContain('Pitched on May 12, 2027 while resting');
    expect(toAdmin[0]).toContain('Review it under View Violations');
    // Every email left the outbox once.
    const pending = await t.db.select().from(outboxEmails);
    expect(pending.every((e) => e.sentAt !== null && e.attempts === 1)).toBe(true);
  });

  it('writes each email in its recipient’s language, whoever caused it (docs/i18n.md)', async () => {
    const presets = await ensurePresetRules(t.db);
    const admin = await buildUser(t.db);
    const coach = await buildUser(t.db);
    const mamá = await buildUser(t.db);
    const dad = await buildUser(t.db);
    const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [admin.id] });
    await t.db
      .update(leagues)
      .set({ restRuleId: presets.get('little-league-baseball') })
      .where(eq(leagues.id, league.id));
    const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
    const tigers = await buildTeam(t.db, league, season.id, { name: 'Tigers', coachIds: [coach.id] });
    const ava = await buildPlayer(t.db, organization.id, {
      firstName: 'Ava',
      lastName: 'Núñez',
      birthDate: '2016-10-01',
      teamIds: [tigers.id],
      guardianIds: [mamá.id, dad.id],
    });
    // Mamá and the league's admin read Spanish; Dad and the coach who counts keep English.
    const SET = 'mutation($l: String!) { setMyLanguage(language: $l) { language } }';
    for (const who of [mamá, admin]) {
      const { cookie } = await signIn(t.app, who.email, who.password);
      expect(dataOf(await gql(t.app, SET, { l: 'es' }, cookie), 'setMyLanguage')).toEqual({ language: 'es' });
    }
    const coachCookie = (await signIn(t.app, coach.email, coach.password)).cookie;
    const game = async (date: string) =>
      dataOf<{ id: string }>(
        await gql(
          t.app,
          'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
          { i: { date, homeTeamId: tigers.id, opponentName: 'Visitors' } },
          coachCookie,
        ),
        'createGame',
      ).id;
    const log = async (gameId: string, pitches: number) =>
      gql(
        t.app,
        'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
        { i: { id: randomUUID(), gameId, playerId: ava.id, teamId: tigers.id, pitches } },
        coachCookie,
      );

    t.clock.set(new Date('2027-05-10T23:00:00Z'));
    expect((await log(await game('2027-05-10'), 70)).errors).toBeUndefined();
    await t.outbox.flush();
    const toMamá = smtp.received.filter((m) => m.to === mamá.email).map((m) => plain(m.body));
    expect(toMamá).toHaveLength(1);
    expect(toMamá[0]).toContain('Ava Núñez lanzó para Tigers el 10 may 2027: 70 lanzamientos.');
    expect(toMamá[0]).toContain('Descanso que debe: 4 días.');
    expect(toMamá[0]).toContain('Ava puede volver a lanzar desde el 15 may 2027.');
    expect(toMamá[0]).toContain('Puedes desactivar estos correos');
    expect(toMamá[0]).not.toContain('pitched');
    const toDad = smtp.received.filter((m) => m.to === dad.email).map((m) => plain(m.body));
    expect(toDad).toHaveLength(1);
    expect(toDad[0]).toContain('Ava Núñez pitched for the Tigers on May 10, 2027: 70 pitches.');
    expect(toDad[0]).toContain('Rest owed: 4 days.');
    expect(toDad[0]).toContain('Ava may pitch again from May 15, 2027.');
    expect(toDad[0]).toContain("You can turn these emails off on My Child's Status in Bullpen.");

    // The violation the coach's next entry makes reaches the Spanish-speaking admin in Spanish.
    t.clock.set(new Date('2027-05-12T23:00:00Z'));
    expect((await log(await game('2027-05-12'), 20)).errors).toBeUndefined();
    await t.outbox.flush();
    const toAdmin = smtp.received.filter((m) => m.to === admin.email).map((m) => plain(m.body));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]).toContain('Lanzó el 12 may 2027 estando en descanso: 70 lanzamientos del 10 may 2027');
    expect(toAdmin[0]).not.toContain('Pitched on');
    expect(toAdmin[0]).toContain('Revísala en Ver infracciones, en Bullpen.');
    expect(toAdmin[0]).toContain('Subject: =?UTF-8?Q?Infracción_en_');
  });
});
