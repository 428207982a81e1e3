import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SMTP_WARNING } from './app.ts';
import { ensurePresetRules } from './db/preset-rules.ts';
import { leagues } from './db/schema.ts';
import {
  bootTestApp,
  buildOrganization,
  buildPlayer,
  buildSeason,
  buildTeam,
  buildUser,
  type DatabaseKind,
  databaseKinds,
  dataOf,
  gql,
  signIn,
  type TestApp,
} from './testing/harness.ts';

/**
 * The children's data rule of docs/reliability.md, end to end (docs/decisions/0026): with NODE_ENV=production
 * and no SMTP_URL, every way a secret or a child's name used to reach the log is walked through, and the
 * whole captured log (every level) holds none of them. Outside production the mail line stays (README).
 */

interface Run {
  t: TestApp;
  lines: string[];
  /** Values that must never reach the production log. */
  secrets: Record<string, string>;
  /** The internal error's answer and the constraint that caused it. */
  internal: { code: string | undefined; constraint: string };
}

/** Every step of the scenario; returns what each step put in a user's hands. */
async function scenario(kind: DatabaseKind, env: Record<string, string>): Promise<Run> {
  const lines: string[] = [];
  const t = await bootTestApp(kind, env, { logStream: { write: (line) => void lines.push(line) } });
  const suffix = randomUUID().slice(0, 6);
  // A child's names and birth date no other part of the run could spell by chance.
  const child = { firstName: `Zebulon${suffix}`, lastName: `Quixworth${suffix}`, birthDate: '2016-09-17' };
  const sibling = { firstName: `Yolanda${suffix}`, birthDate: '2016-11-23' };

  const boss = await buildUser(t.db, { roles: ['SuperAdmin'] });
  const bossSignIn = await signIn(t.app, boss.email, boss.password);
  const cookie = bossSignIn.cookie;
  const leagueAdmin = await buildUser(t.db);
  const coach = await buildUser(t.db);
  const presets = await ensurePresetRules(t.db);
  const { organization, league } = await buildOrganization(t.db, { leagueAdminIds: [leagueAdmin.id] });
  await t.db
    .update(leagues)
    .set({ restRuleId: presets.get('little-league-baseball') })
    .where(eq(leagues.id, league.id));
  const season = await buildSeason(t.db, organization.id, { startDate: '2027-03-01', endDate: '2027-07-31' });
  const team = await buildTeam(t.db, league, season.id, { coachIds: [coach.id] });
  const player = await buildPlayer(t.db, organization.id, { ...child, teamIds: [team.id] });

  // 1. A SuperAdmin creates a user and lets the server generate the temporary password.
  const newUserEmail = `new-${suffix}@example.test`;
  const created = dataOf<{ temporaryPassword: string }>(
    await gql(
      t.app,
      'mutation($i: CreateUserInput!) { createUser(input: $i) { id temporaryPassword } }',
      { i: { email: newUserEmail, givenName: 'Newt', familyName: 'Comer' } },
      cookie,
    ),
    'createUser',
  );

  // 2. That user asks for a password reset code.
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/email-otp/request-password-reset',
    payload: { email: newUserEmail },
  });
  expect(reset.statusCode).toBe(200);
  const resetCode = t.mailbox.find((m) => m.kind === 'reset-code')?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  expect(resetCode).toMatch(/^\d{6}$/);

  // 3. A parent is invited by email to the child; they want outing emails (the default).
  const parentEmail = `guardian-${suffix}@example.test`;
  const linked = dataOf<{ invitedTemporaryPassword: string }>(
    await gql(
      t.app,
      'mutation($i: LinkGuardianInput!) { linkGuardian(input: $i) { id invitedTemporaryPassword } }',
      { i: { playerId: player.id, email: parentEmail, givenName: 'Pat', familyName: 'Guardian' } },
      cookie,
    ),
    'linkGuardian',
  );

  // 4. The coach records an outing (the parent's email), then one that breaks the rest rule (the admins').
  const coachCookie = (await signIn(t.app, coach.email, coach.password)).cookie;
  for (const [date, pitches] of [
    ['2027-05-10', 70],
    ['2027-05-12', 20],
  ] as const) {
    const game = dataOf<{ id: string }>(
      await gql(
        t.app,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
        { i: { date, homeTeamId: team.id, opponentName: 'Visitors' } },
        coachCookie,
      ),
      'createGame',
    );
    const outing = await gql(
      t.app,
      'mutation($i: CreatePitchOutingInput!) { createPitchOuting(input: $i) { id } }',
      { i: { id: randomUUID(), gameId: game.id, playerId: player.id, teamId: team.id, pitches } },
      coachCookie,
    );
    expect(outing.errors).toBeUndefined();
    await t.outbox.flush();
  }
  const kinds = t.mailbox.map((m) => m.kind);
  expect(kinds).toEqual(
    expect.arrayContaining(['temporary-password', 'reset-code', 'invitation', 'outing', 'violation']),
  );
  // The emails do carry the child's name: what the log must not repeat.
  expect(t.mailbox.filter((m) => `${m.subject} ${m.text}`.includes(child.firstName)).map((m) => m.kind)).toEqual(
    expect.arrayContaining(['invitation', 'outing', 'violation']),
  );

  // 5. A GET /graphql whose variables hold the child's name.
  const search = new URLSearchParams({
    query: 'query($s: String) { listUsers(search: $s) { items { id } } }',
    variables: JSON.stringify({ s: `${child.firstName} ${child.lastName}` }),
  });
  const get = await t.app.inject({ method: 'GET', url: `/graphql?${search}`, headers: { cookie } });
  expect(get.statusCode).toBe(200);
  expect(get.json().errors).toBeUndefined();

  // 6. An unexpected database error whose parameters (and PostgreSQL's detail) hold a child's names and
  // birth date: a constraint the code does not know refuses the child's sibling (new rows only).
  const constraint = `log_test_${suffix}`;
  await t.db.execute(
    sql.raw(`alter table players add constraint ${constraint} check (last_name <> '${child.lastName}') not valid`),
  );
  let internalCode: string | undefined;
  try {
    const res = await gql(
      t.app,
      'mutation($i: CreatePlayerInput!) { createPlayer(input: $i) { id } }',
      { i: { organizationId: organization.id, lastName: child.lastName, ...sibling } },
      cookie,
    );
    internalCode = res.code;
  } finally {
    await t.db.execute(sql.raw(`alter table players drop constraint ${constraint}`));
  }

  const token = decodeURIComponent(cookie.split('=')[1] ?? '');
  return {
    t,
    lines,
    internal: { code: internalCode, constraint },
    secrets: {
      'temporary password (createUser)': created.temporaryPassword,
      'temporary password (linkGuardian)': linked.invitedTemporaryPassword,
      'child first name': child.firstName,
      'child last name': child.lastName,
      'child birth date': child.birthDate,
      'sibling first name': sibling.firstName,
      'sibling birth date': sibling.birthDate,
      'session token': token.split('.')[0] ?? '',
      'session cookie (signed token)': token,
      "the parent's email": parentEmail,
      "the new user's email": newUserEmail,
    },
  };
}

describe.each(databaseKinds())('the log on the %s database', (kind) => {
  describe('in production without SMTP_URL', () => {
    let run: Run;
    beforeAll(async () => {
      run = await scenario(kind, { NODE_ENV: 'production' });
    });
    afterAll(() => run.t.close());

    it('holds no secret, no child’s name or birth date, and no recipient', () => {
      const log = run.lines.join('');
      // 21 lines or more: the scenario was logged (requests, emails not sent, the error), not silenced.
      expect(run.lines.length).toBeGreaterThan(20);
      for (const [what, value] of Object.entries(run.secrets)) {
        expect(value.length, what).toBeGreaterThan(5);
        expect(log.includes(value), `${what} is in the log`).toBe(false);
      }
      // The reset code on its own (six digits; not inside a longer number such as a timestamp).
      const code = run.t.mailbox.find((m) => m.kind === 'reset-code')?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      expect(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`).test(log), 'the reset code is in the log').toBe(
        false,
      );
    });

    it('still says what went wrong: the missing SMTP once at start-up, each email not sent by kind, the failed field', () => {
      const entries = run.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.filter((e) => e.msg === NO_SMTP_WARNING)).toHaveLength(1);
      expect(NO_SMTP_WARNING).toMatch(/password reset codes.*temporary passwords.*outing emails.*violation emails/i);
      const notSent = entries.filter((e) => e.msg === 'email not sent (no SMTP_URL)');
      expect(notSent.map((e) => (e.mail as { kind: string }).kind)).toEqual(
        expect.arrayContaining(['temporary-password', 'reset-code', 'invitation', 'outing', 'violation']),
      );
      expect(notSent.every((e) => Object.keys(e.mail as object).join() === 'kind')).toBe(true);

      expect(run.internal.code).toBe('INTERNAL_SERVER_ERROR');
      const failed = entries.find((e) => e.msg === 'graphql resolver failed');
      // Which field, the error's kind, its SQL and where in the code: enough to find the bug.
      expect(failed).toMatchObject({
        path: 'createPlayer',
        err: { type: 'DrizzleQueryError', cause: { code: '23514', constraint: run.internal.constraint } },
      });
      const err = failed?.err as { query?: string; stack?: string; message?: string };
      expect(err.query).toMatch(/^insert into "players"/);
      expect(err.stack).toMatch(/^at .*players\.service\.ts/m);
      expect(err.message).toBeUndefined();

      const urls = entries.map((e) => (e.req as { url?: string } | undefined)?.url).filter(Boolean);
      expect(urls).toContain('/graphql?[query removed]');
      expect(urls).toContain('/api/auth/email-otp/request-password-reset');
    });
  });

  describe('in development without SMTP_URL', () => {
    let run: Run;
    beforeAll(async () => {
      run = await scenario(kind, { NODE_ENV: 'development' });
    });
    afterAll(() => run.t.close());

    it('writes each email to the log, recipient and text, as the README says', () => {
      const entries = run.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const mails = entries.filter((e) => e.msg === 'mail (no SMTP_URL)').map((e) => e.mail as Record<string, string>);
      expect(mails.length).toBeGreaterThanOrEqual(5);
      expect(mails.find((m) => m.to === run.secrets["the parent's email"])?.text).toContain(
        run.secrets['temporary password (linkGuardian)'],
      );
      expect(entries.some((e) => e.msg === NO_SMTP_WARNING)).toBe(false);
    });
  });
});
