import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { users } from '../db/schema.ts';
import { bootTestApp, buildUser, databaseKinds, gql, signIn, type TestApp } from '../testing/harness.ts';

const ME = '{ me { id email roles } }';

interface CognitoUser {
  User: {
    Username: string;
    Attributes: { Name: string; Value: string }[];
    Enabled: boolean;
    UserStatus: string;
  };
}

const attribute = (body: CognitoUser, name: string) => body.User.Attributes.find((a) => a.Name === name)?.Value;

describe.each(databaseKinds())('the admin-queries REST API on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind);
  });
  afterAll(() => t.close());

  async function signedIn(roles: Role[] = ['SuperAdmin']) {
    const user = await buildUser(t.db, { roles });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { ...user, cookie };
  }

  function post(route: string, payload: unknown, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: `/admin-queries/${route}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  /** The spec's createUser body (docs/screens.md, Calls). */
  function specBody(email = `rae-${randomUUID().slice(0, 8)}@example.test`) {
    return {
      email,
      username: email,
      temporaryPassword: 'first-day-pitch',
      userAttributes: [
        { Name: 'given_name', Value: 'Rae' },
        { Name: 'family_name', Value: 'Stone' },
      ],
      group: 'StandardUser',
    };
  }

  async function stored(id: string) {
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  it("creates a user from the spec's body and answers Cognito's shape with the sub", async () => {
    const boss = await signedIn();
    const body = specBody();
    const res = await post('createUser', body, { cookie: boss.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json() as CognitoUser;
    const sub = attribute(answer, 'sub');
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toBeDefined();
    expect(sub).toBe(row?.id);
    expect(answer.User.Username).toBe(row?.id);
    expect(attribute(answer, 'email')).toBe(body.email);
    expect(attribute(answer, 'given_name')).toBe('Rae');
    expect(attribute(answer, 'family_name')).toBe('Stone');
    expect(answer.User.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    // StandardUser: no roles (docs/screens.md, Roles), and the temporary password works once, to set a new one.
    expect(row).toMatchObject({ givenName: 'Rae', familyName: 'Stone', roles: [], mustChangePassword: true });
    expect(t.mailbox.filter((m) => m.to === body.email).at(-1)?.text).toContain('first-day-pitch');
    const first = await signIn(t.app, body.email, 'first-day-pitch');
    expect(first.body.challengeName).toBe('NEW_PASSWORD_REQUIRED');

    // A role's name as group grants that role.
    const coachBody = { ...specBody(), group: 'coach' };
    const coach = await post('createUser', coachBody, { cookie: boss.cookie });
    expect(coach.statusCode).toBe(200);
    expect((await stored(attribute(coach.json(), 'sub') ?? ''))?.roles).toEqual(['coach']);
  });

  it('accepts Authorization: Bearer with the token an API client got at sign-in', async () => {
    const boss = await buildUser(t.db, { roles: ['SuperAdmin'] });
    // No Origin header: an API client, which is handed the bearer token.
    const { res: signedIn } = await signIn(t.app, boss.email, boss.password);
    const token = String(signedIn.headers['set-auth-token'] ?? '');
    expect(token).toContain('.');
    const body = specBody();
    const res = await post('createUser', body, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    const sub = attribute(res.json(), 'sub');
    expect((await stored(sub ?? ''))?.email).toBe(body.email);
    const forged = await post('createUser', specBody(), { authorization: `Bearer ${token.split('.')[0]}.AAAA` });
    expect(forged.statusCode).toBe(401);
  });

  it('updates email and names, skipping sub and *_verified attributes', async () => {
    const boss = await signedIn();
    const user = await signedIn(['coach']);
    const email = `moved-${randomUUID().slice(0, 8)}@example.test`;
    const res = await post(
      'updateUserAttributes',
      {
        username: user.id,
        userAttributes: [
          { Name: 'sub', Value: 'hijacked-id' },
          { Name: 'email_verified', Value: 'false' },
          { Name: 'phone_number_verified', Value: 'true' },
          { Name: 'email', Value: email.toUpperCase() },
          { Name: 'given_name', Value: ' Nia ' },
          { Name: 'family_name', Value: 'Ng' },
        ],
      },
      { cookie: boss.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'User attributes updated' });
    expect(attribute(res.json(), 'sub')).toBe(user.id);
    const row = await stored(user.id);
    expect(row).toMatchObject({ email, givenName: 'Nia', familyName: 'Ng', emailVerified: true, roles: ['coach'] });
    expect(await stored('hijacked-id')).toBeUndefined();
    // The user's next request sees it.
    expect((await gql(t.app, ME, {}, user.cookie)).data?.me).toMatchObject({ id: user.id, email });

    // Names only, lower-case keys.
    const names = await post(
      'updateUserAttributes',
      { username: user.id, userAttributes: [{ name: 'given_name', value: 'Nina' }] },
      { cookie: boss.cookie },
    );
    expect(names.statusCode).toBe(200);
    expect(await stored(user.id)).toMatchObject({ email, givenName: 'Nina', familyName: 'Ng' });
  });

  it('refuses an unknown attribute, a taken email and an unknown user, changing nothing', async () => {
    const boss = await signedIn();
    const user = await buildUser(t.db, { givenName: 'Kept', familyName: 'Same' });
    const other = await buildUser(t.db);
    const unknown = await post(
      'updateUserAttributes',
      {
        username: user.id,
        userAttributes: [
          { Name: 'given_name', Value: 'Changed' },
          { Name: 'custom:role', Value: 'SuperAdmin' },
        ],
      },
      { cookie: boss.cookie },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'BAD_USER_INPUT', message: 'Unknown attribute: custom:role' });
    const taken = await post(
      'updateUserAttributes',
      { username: user.id, userAttributes: [{ Name: 'email', Value: other.email }] },
      { cookie: boss.cookie },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT' });
    const blank = await post(
      'updateUserAttributes',
      { username: user.id, userAttributes: [{ Name: 'family_name', Value: ' ' }] },
      { cookie: boss.cookie },
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'First and last name required' });
    expect(await stored(user.id)).toMatchObject({ email: user.email, givenName: 'Kept', familyName: 'Same' });
    const nobody = await post(
      'updateUserAttributes',
      { username: randomUUID(), userAttributes: [{ Name: 'given_name', Value: 'X' }] },
      { cookie: boss.cookie },
    );
    expect(nobody.statusCode).toBe(404);
  });

  it('deletes a user; their session ends and a second delete is 404', async () => {
    const boss = await signedIn();
    const user = await signedIn(['parent']);
    const res = await post('deleteUser', { username: user.id }, { cookie: boss.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted' });
    expect(await stored(user.id)).toBeUndefined();
    const after = await gql(t.app, ME, {}, user.cookie);
    expect(after.errors?.[0]?.extensions?.reason).toBe('USER_MISSING');
    expect((await post('deleteUser', { username: user.id }, { cookie: boss.cookie })).statusCode).toBe(404);
    // Not yourself.
    const self = await post('deleteUser', { username: boss.id }, { cookie: boss.cookie });
    expect(self.statusCode).toBe(400);
    expect(await stored(boss.id)).toBeDefined();
  });

  it('refuses everyone but SuperAdmin: 403 for admins and coaches, 401 without a session', async () => {
    const victim = await buildUser(t.db, { givenName: 'Victim', familyName: 'Unchanged' });
    const calls = () =>
      [
        ['createUser', specBody()],
        ['updateUserAttributes', { username: victim.id, userAttributes: [{ Name: 'given_name', Value: 'Pwned' }] }],
        ['deleteUser', { username: victim.id }],
      ] as const;
    const before = await t.db.$count(users);
    for (const roles of [['admin'], ['coach'], ['parent'], []] as Role[][]) {
      const caller = await signedIn(roles);
      for (const [route, body] of calls()) {
        const res = await post(route, body, { cookie: caller.cookie });
        expect(res.statusCode, `${roles} ${route}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    for (const [route, body] of calls()) {
      const res = await post(route, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    // A SuperAdmin who must still set a new password is refused too.
    const pending = await buildUser(t.db, {
      roles: ['SuperAdmin'],
      temporaryUntil: new Date(t.clock.now().getTime() + 86_400_000),
    });
    const { cookie } = await signIn(t.app, pending.email, pending.password);
    const res = await post('createUser', specBody(), { cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });

    // 4 callers + 1 pending SuperAdmin created above; nothing else.
    expect(await t.db.$count(users)).toBe(before + 5);
    expect(await stored(victim.id)).toMatchObject({ givenName: 'Victim', familyName: 'Unchanged' });
  });

  it('refuses cross-site requests', async () => {
    const boss = await signedIn();
    const body = specBody();
    for (const headers of [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const res = await post('createUser', body, { cookie: boss.cookie, ...headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await t.db.$count(users, eq(users.email, body.email))).toBe(0);
    // The app's own origin is fine.
    const same = await post('createUser', body, { cookie: boss.cookie, origin: 'http://localhost:80' });
    expect(same.statusCode).toBe(200);
  });

  it('refuses bodies that are not JSON and bodies with unknown fields', async () => {
    const boss = await signedIn();
    const body = specBody();
    for (const [type, payload] of [
      ['text/plain', JSON.stringify(body)],
      ['application/x-www-form-urlencoded', `email=${encodeURIComponent(body.email)}&temporaryPassword=x`],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin-queries/createUser',
        headers: { cookie: boss.cookie, 'content-type': type as string },
        payload,
      });
      expect([400, 415], type).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ code: 'BAD_USER_INPUT' });
    }
    for (const [route, extra] of [
      ['createUser', { ...body, roles: ['SuperAdmin'] }],
      ['createUser', { ...body, userAttributes: [{ Name: 'given_name', Value: 'Rae', Extra: 1 }] }],
      ['updateUserAttributes', { username: boss.id, userAttributes: [], admin: true }],
      ['deleteUser', { username: randomUUID(), force: true }],
    ] as const) {
      const res = await post(route, extra, { cookie: boss.cookie });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_USER_INPUT' });
    }
    // 'Temporary password is required' and the other spec messages come through as they are.
    const empty = await post('createUser', { ...body, temporaryPassword: '' }, { cookie: boss.cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Temporary password is required',
      said: { id: 'rules.input.temporaryPasswordRequired' },
    });
    const noNames = await post('createUser', { ...body, userAttributes: [] }, { cookie: boss.cookie });
    expect(noNames.json()).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'First name is required',
      said: { id: 'rules.input.firstNameRequired' },
    });
    expect(await t.db.$count(users, eq(users.email, body.email))).toBe(0);
  });

  it('never answers a 5xx to malformed input', async () => {
    const boss = await signedIn();
    const payloads: [string, string][] = [
      ['createUser', '{'],
      ['createUser', 'null'],
      ['createUser', '[]'],
      ['createUser', '"text"'],
      ['createUser', '42'],
      ['createUser', '{"email": 5, "temporaryPassword": {}}'],
      ['createUser', '{"email": "a@b.c", "temporaryPassword": "x", "userAttributes": "given_name"}'],
      ['createUser', `{"email": "${'a'.repeat(300)}@b.c", "temporaryPassword": "first-day-pitch"}`],
      ['createUser', '{"email": "a@b.c", "temporaryPassword": "first-day-pitch", "group": "root"}'],
      ['createUser', '{"email": "\\u0000@b.c", "temporaryPassword": "first-day-pitch"}'],
      ['createUser', '{"__proto__": {"admin": true}, "email": "a@b.c", "temporaryPassword": "x"}'],
      ['updateUserAttributes', '{"username": "", "userAttributes": []}'],
      ['updateUserAttributes', '{"username": "x", "userAttributes": [null]}'],
      [
        'updateUserAttributes',
        `{"username": "x", "userAttributes": ${JSON.stringify(Array(50).fill({ Name: 'email', Value: 'a@b.c' }))}}`,
      ],
      [
        'updateUserAttributes',
        '{"username": "\' or 1=1 --", "userAttributes": [{"Name": "email", "Value": "not an email"}]}',
      ],
      ['deleteUser', '{"username": null}'],
      ['deleteUser', '{"username": "\\u0000"}'],
      ['deleteUser', `{"username": "${'x'.repeat(5000)}"}`],
    ];
    for (const [route, payload] of payloads) {
      const res = await post(route, payload, { cookie: boss.cookie });
      expect(res.statusCode, `${route} ${payload.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${route} ${payload.slice(0, 80)}`).toBeLessThan(500);
      expect(res.body).not.toMatch(/\.ts:|node_modules|stack|SELECT /i);
    }
  });
});
