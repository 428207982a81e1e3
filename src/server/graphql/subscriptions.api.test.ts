import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Role } from '../../core/roles.ts';
import {
  bootTestApp,
  buildOrganization,
  buildUser,
  databaseKinds,
  gql,
  signIn,
  type TestApp,
} from '../testing/harness.ts';

const ON_CREATE_LEAGUE = 'subscription { onCreateLeague { id name organizationId } }';
const ON_DELETE_USER = 'subscription { onDeleteUser { id email } }';
const CREATE_LEAGUE = 'mutation($i: CreateLeagueInput!) { createLeague(input: $i) { id name organizationId } }';
const DELETE_USER = 'mutation($i: DeleteUserInput!) { deleteUser(input: $i) { id } }';

interface Result {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** One subscription's stream as a queue the test awaits, item by item. */
function stream(client: Client, query: string) {
  const received: Result[] = [];
  const waiting: ((r: Result) => void)[] = [];
  let ended: unknown = null;
  const push = (result: Result) => {
    const next = waiting.shift();
    if (next) next(result);
    else received.push(result);
  };
  const stop = client.subscribe<Record<string, unknown>>(
    { query },
    {
      next: (value) => push(value as Result),
      error: (error) => {
        ended = error;
        push({ errors: [{ message: String((error as Error).message ?? error) }] });
      },
      complete: () => {
        ended ??= 'complete';
      },
    },
  );
  return {
    received,
    get ended() {
      return ended;
    },
    stop,
    /** The next result, or null after `ms`. */
    next(ms = 3000): Promise<Result | null> {
      const ready = received.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          resolve(null);
        }, ms);
        const done = (r: Result) => {
          clearTimeout(timer);
          resolve(r);
        };
        waiting.push(done);
      });
    },
  };
}

describe.each(databaseKinds())('subscriptions over graphql-ws on the %s database', (kind) => {
  let t: TestApp;
  let url: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await bootTestApp(kind);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/graphql`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await t.close();
  });

  async function signedIn(roles: Role[] = ['SuperAdmin']) {
    const user = await buildUser(t.db, { roles });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { ...user, cookie };
  }

  function connect(cookie: string) {
    const client = createClient({
      url,
      webSocketImpl: class extends WebSocket {
        constructor(address: string, protocols: string[]) {
          super(address, protocols, { headers: { cookie } });
        }
      },
      retryAttempts: 0,
      lazy: false,
    });
    clients.push(client);
    return client;
  }

  /**
   * Subscribing completes asynchronously on the server, with no acknowledgement to wait for: do
   * `act` (which must produce one event for the subscriber) until the first event arrives.
   */
  async function untilFirst(sub: ReturnType<typeof stream>, act: () => Promise<void>) {
    for (let attempt = 0; attempt < 50; attempt++) {
      await act();
      const result = await sub.next(200);
      if (result) return result;
    }
    throw new Error('the subscription never delivered');
  }

  async function createLeague(cookie: string, organizationId: string, name: string) {
    const res = await gql(t.app, CREATE_LEAGUE, { i: { name, organizationId } }, cookie);
    expect(res.errors).toBeUndefined();
    return res.data?.createLeague as { id: string; name: string; organizationId: string };
  }

  it('delivers to SuperAdmin a league created by someone else', async () => {
    const boss = await signedIn();
    const admin = await signedIn(['admin']);
    const { organization } = await buildOrganization(t.db, { adminIds: [admin.id] });
    const sub = stream(connect(boss.cookie), ON_CREATE_LEAGUE);
    const created: { id: string; name: string; organizationId: string }[] = [];
    const first = await untilFirst(sub, async () => {
      created.push(await createLeague(admin.cookie, organization.id, `By the admin ${created.length}`));
    });
    expect(first.errors).toBeUndefined();
    const league = first.data?.onCreateLeague as { id: string; name: string; organizationId: string };
    expect(created).toContainEqual(league);
    expect(league.organizationId).toBe(organization.id);
    sub.stop();
  });

  it("delivers to an organization's admin their organization's new leagues, not another's", async () => {
    const boss = await signedIn();
    const admin = await signedIn(['admin']);
    const mine = await buildOrganization(t.db, { adminIds: [admin.id] });
    const theirs = await buildOrganization(t.db);
    const sub = stream(connect(admin.cookie), ON_CREATE_LEAGUE);
    let probes = 0;
    await untilFirst(sub, async () => {
      await createLeague(boss.cookie, mine.organization.id, `Probe ${probes++}`);
    });

    const foreign = await createLeague(boss.cookie, theirs.organization.id, 'Not yours');
    const own = await createLeague(boss.cookie, mine.organization.id, 'Yours');
    // Events arrive in order: anything of the other organization would come before 'Yours'.
    for (;;) {
      const next = await sub.next();
      expect(next, 'the own league was not delivered').not.toBeNull();
      const league = next?.data?.onCreateLeague as { id: string; name: string; organizationId: string };
      expect(league.id).not.toBe(foreign.id);
      expect(league.organizationId).toBe(mine.organization.id);
      if (!league.name.startsWith('Probe')) {
        expect(league).toEqual(own);
        break;
      }
    }
    expect(await sub.next(300)).toBeNull();
    sub.stop();
  });

  it("refuses a coach's subscription", async () => {
    const coach = await signedIn(['coach']);
    const sub = stream(connect(coach.cookie), ON_CREATE_LEAGUE);
    const result = await sub.next();
    expect(result?.data ?? null).toBeNull();
    expect(result?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // And nothing reaches them afterwards.
    const boss = await signedIn();
    const { organization } = await buildOrganization(t.db);
    await createLeague(boss.cookie, organization.id, 'Not for coaches');
    expect(await sub.next(300)).toBeNull();
    // Users' events are SuperAdmin's only: an organization's admin is refused too.
    const admin = await signedIn(['admin']);
    await buildOrganization(t.db, { adminIds: [admin.id] });
    const adminSub = stream(connect(admin.cookie), ON_DELETE_USER);
    expect((await adminSub.next())?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('delivers onDeleteUser to SuperAdmin', async () => {
    const boss = await signedIn();
    const other = await signedIn();
    const sub = stream(connect(boss.cookie), ON_DELETE_USER);
    const deleted: { id: string; email: string }[] = [];
    const first = await untilFirst(sub, async () => {
      const user = await buildUser(t.db, { roles: ['parent'] });
      const res = await gql(t.app, DELETE_USER, { i: { id: user.id } }, other.cookie);
      expect(res.errors).toBeUndefined();
      deleted.push({ id: user.id, email: user.email });
    });
    expect(first.errors).toBeUndefined();
    expect(deleted).toContainEqual(first.data?.onDeleteUser);
    sub.stop();
  });
});
