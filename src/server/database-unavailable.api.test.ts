import { createServer } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bootTestApp,
  buildUser,
  type DatabaseKind,
  databaseKinds,
  gql,
  signIn,
  type TestApp,
} from './testing/harness.ts';

/**
 * The database away (decision 0020): every transport answers 503 SERVICE_UNAVAILABLE with
 * Retry-After and a message that says so, not a 500, and the server recovers by itself once the
 * database is back. bench/faults/pg-restart.ts does the same against a real PostgreSQL restart.
 */

const LIST = '{ listOrganizations { items { id } } }';

/** A port nothing listens on: connections to it are refused. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Takes the database away: on PostgreSQL, its connections are terminated and new ones refused
 * (the pool is pointed at a closed port, as while the server is down); the embedded one is closed.
 * Returns how to bring it back (PostgreSQL only).
 */
async function takeDatabaseAway(kind: DatabaseKind, t: TestApp): Promise<() => void> {
  if (kind === 'embedded') {
    await t.database.close();
    return () => {};
  }
  const pool = (t.db as unknown as { $client: pg.Pool & { options: { connectionString: string } } }).$client;
  const realUrl = pool.options.connectionString;
  const closed = new URL(realUrl);
  closed.hostname = '127.0.0.1';
  closed.port = String(await closedPort());
  pool.options.connectionString = closed.toString();
  const admin = new pg.Client({ connectionString: realUrl });
  await admin.connect();
  await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await admin.end();
  return () => {
    pool.options.connectionString = realUrl;
  };
}

const DATABASE_UNAVAILABLE = 'The database is unavailable right now. Please try again in a moment.';

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  // Bullpen's own 503: the browser must not take it for the proxy's "no server ready" and send it again.
  expect(res.headers['served-by']).toBe('bullpen');
  expect(res.json()).toEqual({
    code: 'SERVICE_UNAVAILABLE',
    reason: 'DATABASE_UNAVAILABLE',
    message: DATABASE_UNAVAILABLE,
    said: { id: 'errors.unavailable.database' },
  });
}

describe.each(databaseKinds())('the database away (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close().catch(() => {});
    t = undefined;
  });

  it('answers 503 with Retry-After on GraphQL, REST, sign-in and /readyz, and recovers by itself', async () => {
    t = await bootTestApp(kind);
    const admin = await buildUser(t.db, { roles: ['SuperAdmin'] });
    const { cookie } = await signIn(t.app, admin.email, admin.password);
    expect((await gql(t.app, LIST, {}, cookie)).status).toBe(200);

    const bringBack = await takeDatabaseAway(kind, t);

    // GraphQL, a JSON POST (executed directly) and a GET (answered by yoga).
    const post = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', cookie },
      payload: { query: LIST },
    });
    expect(post.statusCode).toBe(503);
    expect(post.headers['retry-after']).toBe('5');
    const body = post.json() as { data: unknown; errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.data).toBeNull();
    expect(body.errors[0]?.message).toBe(DATABASE_UNAVAILABLE);
    expect(body.errors[0]?.extensions).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      reason: 'DATABASE_UNAVAILABLE',
      said: { id: 'errors.unavailable.database' },
    });
    const get = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(LIST)}`,
      headers: { accept: 'application/json', cookie },
    });
    expect(get.statusCode).toBe(503);
    expect(get.headers['retry-after']).toBe('5');
    expect((get.json() as typeof body).errors[0]?.extensions).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      reason: 'DATABASE_UNAVAILABLE',
      said: { id: 'errors.unavailable.database' },
    });

    // REST: a report download and sign-in.
    expectUnavailable(await t.app.inject({ method: 'GET', url: '/api/reports/outings.csv', headers: { cookie } }));
    expectUnavailable((await signIn(t.app, admin.email, admin.password)).res);

    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    if (kind === 'postgres') {
      bringBack();
      const again = await gql(t.app, LIST, {}, cookie);
      expect(again.status).toBe(200);
      expect(again.errors).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    }
  });

  it('answers 503 when better-auth itself meets the outage (its own 500 is not passed on)', async () => {
    t = await bootTestApp(kind);
    const user = await buildUser(t.db);
    // The gateway's own checks pass, so the request reaches better-auth's database calls.
    vi.spyOn(t.services.throttle, 'hit').mockResolvedValue({ allowed: true, retryAfterSeconds: 0 });
    vi.spyOn(t.services.throttle, 'isLocked').mockResolvedValue(false);
    await takeDatabaseAway(kind, t);
    expectUnavailable((await signIn(t.app, user.email, user.password)).res);
  });

  it('answers a full disk 503 with a message that says so', async () => {
    t = await bootTestApp(kind);
    const admin = await buildUser(t.db, { roles: ['SuperAdmin'] });
    const { cookie } = await signIn(t.app, admin.email, admin.password);
    const full = Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
      code: '53100',
    });
    vi.spyOn(t.services.organizations, 'list').mockRejectedValue(full);
    const res = await gql(t.app, LIST, {}, cookie);
    expect(res.status).toBe(503);
    expect(res.errors?.[0]).toMatchObject({
      message: 'The server is out of disk space, so it cannot save changes right now. Please try again later.',
      extensions: { code: 'SERVICE_UNAVAILABLE', reason: 'DISK_FULL', said: { id: 'errors.unavailable.diskFull' } },
    });
  });
});
