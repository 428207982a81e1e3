import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatorFor } from './i18n.ts';
import {
  bootTestApp,
  buildOrganization,
  buildUser,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from './testing/harness.ts';
import { buildPitchingWorld, type Outing, type PitchingWorld, pitchingCalls } from './testing/pitching.ts';

/**
 * The server's sentences reach a reader by id (docs/i18n.md): an error carries `extensions.said`
 * (REST: `said`) and a sentence in a field has a Message beside it, which the web writes in its
 * reader's language; `message` stays English for API clients and the log.
 */
const spanish = translatorFor('es');
const english = translatorFor('en');

type Said = { id: string; values: Record<string, string | number> };

/** The message in Spanish, checked to be a translation (not the id, not the English). */
function inSpanish(said: Said): string {
  const text = spanish.said(said);
  expect(text).not.toBe(said.id);
  expect(text).not.toBe(english.said(said));
  return text;
}

const CREATE_RULE = 'mutation($i: CreateRestRuleInput!) { createRestRule(input: $i) { id } }';
const DELETE_RULE = 'mutation($i: DeleteRestRuleInput!) { deleteRestRule(input: $i) { id } }';

describe.each(databaseKinds())('sentences by id on the %s database', (kind) => {
  let t: TestApp;
  let world: PitchingWorld;
  const { game, outing, status, violationsOf } = pitchingCalls(() => t);

  beforeAll(async () => {
    t = await bootTestApp(kind);
    world = await buildPitchingWorld(t);
  });
  afterAll(() => t.close());

  async function superAdmin() {
    const user = await buildUser(t.db, { roles: ['SuperAdmin'] });
    return (await signIn(t.app, user.email, user.password)).cookie;
  }

  it('a refused input says its English and, by id with its values, what a Spanish reader reads', async () => {
    const cookie = await superAdmin();
    const { organization } = await buildOrganization(t.db);
    const res = await gql(
      t.app,
      CREATE_RULE,
      {
        i: {
          name: 'Majors',
          ageGroup: '11-12',
          global: false,
          organizationId: organization.id,
          pitchLimits: [{ pitchCount: 301, daysRest: 1 }],
        },
      },
      cookie,
    );
    const error = res.errors?.[0];
    expect(error?.message).toBe('Pitch count must be 0 to 300 and days rest 0 to 30');
    expect(error?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      said: { id: 'rules.input.intervalRange', values: { maxPitches: 300, maxDays: 30 } },
    });
    expect(inSpanish((error?.extensions as { said?: Said } | undefined)?.said as Said)).toBe(
      'El conteo de lanzamientos debe ser de 0 a 300 y los días de descanso de 0 a 30',
    );
  });

  it('a missing record and a refusal of the rules say so by id', async () => {
    const cookie = await superAdmin();
    const missing = await gql(t.app, DELETE_RULE, { i: { id: randomUUID() } }, cookie);
    expect(missing.errors?.[0]?.message).toBe('Rest rule not found');
    expect(missing.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      said: { id: 'errors.notFound.restRule' },
    });
    expect(inSpanish((missing.errors?.[0]?.extensions as { said?: Said } | undefined)?.said as Said)).toBe(
      'No se encontró la regla de descanso',
    );

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: { email: `nobody-${randomUUID()}@example.test`, password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
      said: { id: 'errors.signIn.invalidEmailOrPassword' },
    });
  });

  it("a pitcher's reason and a violation carry their message by id beside their English", async () => {
    const w = world;
    const monday = await game(w.coach.cookie, { date: '2027-05-03', homeTeamId: w.tigers.id, opponentName: 'North' });
    const wednesday = await game(w.coach.cookie, {
      date: '2027-05-05',
      homeTeamId: w.tigers.id,
      opponentName: 'South',
    });
    dataOf<Outing>(
      await outing(w.coach.cookie, { gameId: monday.id, playerId: w.ava.id, teamId: w.tigers.id, pitches: 70 }),
      'createPitchOuting',
    );
    // Owed 4 days (66+ pitches at 10), pitched Wednesday anyway: a violation.
    const early = await outing(w.coach.cookie, {
      gameId: wednesday.id,
      playerId: w.ava.id,
      teamId: w.tigers.id,
      pitches: 20,
    });
    expect(early.errors).toBeUndefined();

    const report = await status(w.coach.cookie, { t: w.tigers.id, d: '2027-05-04' });
    const ava = report.pitchers.find((p) => p.playerId === w.ava.id);
    expect(ava?.days[0]?.reason?.code).toBe('PITCHED_BEFORE_ELIGIBLE');
    const SAID = `query($t: ID, $d: String) { pitcherStatus(teamId: $t, date: $d) {
      pitchers { playerId days { reason { message said { id values } } } } } }`;
    const answer = dataOf<{
      pitchers: { playerId: string; days: { reason: { message: string; said: Said } | null }[] }[];
    }>(await gql(t.app, SAID, { t: w.tigers.id, d: '2027-05-04' }, w.coach.cookie), 'pitcherStatus');
    const reason = answer.pitchers.find((p) => p.playerId === w.ava.id)?.days[0]?.reason;
    expect(reason?.message).toBe('Resting: 70 pitches on 2027-05-03 owe 4 days of rest; eligible 2027-05-08.');
    expect(reason?.said).toEqual({
      id: 'rules.reason.resting',
      values: { unit: 'pitches', count: 70, date: '2027-05-03', days: 4, eligible: '2027-05-08' },
    });
    expect(inSpanish(reason?.said as Said)).toBe(
      'En descanso: 70 lanzamientos del 2027-05-03 deben 4 días de descanso; puede lanzar desde el 2027-05-08.',
    );

    expect((await violationsOf(w.admin.cookie, { teamId: { eq: w.tigers.id } })).length).toBeGreaterThan(0);
    const VIOLATIONS = `query($f: ViolationFilter) { listViolations(filter: $f, limit: 100) { items {
      playerId date code message said { id values } } } }`;
    const items = dataOf<{ items: { playerId: string; date: string; code: string; message: string; said: Said }[] }>(
      await gql(t.app, VIOLATIONS, { f: { teamId: { eq: w.tigers.id } } }, w.admin.cookie),
      'listViolations',
    ).items;
    const violation = items.find((v) => v.playerId === w.ava.id && v.date === '2027-05-05');
    expect(violation?.code).toBe('PITCHED_BEFORE_ELIGIBLE');
    expect(violation?.said.id).toBe('rules.violation.pitchedWhileResting');
    expect(english.said(violation?.said as Said)).toBe(violation?.message);
    expect(inSpanish(violation?.said as Said)).toMatch(/^Lanzó el 2027-05-05 estando en descanso: 70 lanzamientos/);
  });
});
