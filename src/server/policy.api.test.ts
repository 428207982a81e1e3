import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, can, type Operation, POLICIES } from '../core/permissions.ts';
import type { Role } from '../core/roles.ts';
import { schema } from './graphql/schema.ts';
import {
  bootTestApp,
  buildOrganization,
  buildUser,
  databaseKinds,
  gql,
  signIn,
  type TestApp,
} from './testing/harness.ts';

type Scope = 'own' | 'other';
interface Caller {
  label: string;
  actor: Actor | null;
  cookie: string;
  userId: string | null;
}
interface World {
  t: TestApp;
  caller: Caller;
  /** A user of another organization, with a session of their own. */
  stranger: { id: string; cookie: string };
}

/**
 * How to call each GraphQL operation of the policy table, for the matrix. An operation in the
 * table or the schema without a fixture here fails the run.
 */
const FIXTURES: Partial<
  Record<
    Operation,
    (w: World, scope: Scope) => Promise<{ target: { userId?: string }; result: Awaited<ReturnType<typeof gql>> }>
  >
> = {
  'Query.me': async (w) => ({
    target: { userId: w.caller.userId ?? undefined },
    result: await gql(w.t.app, '{ me { id } }', {}, w.caller.cookie),
  }),
  'Query.listMySessions': async (w) => ({
    target: { userId: w.caller.userId ?? undefined },
    result: await gql(w.t.app, '{ listMySessions { items { id } } }', {}, w.caller.cookie),
  }),
  'Mutation.deleteMySession': async (w, scope) => {
    const owner = scope === 'own' && w.caller.userId ? { id: w.caller.userId, cookie: w.caller.cookie } : w.stranger;
    const list = await gql(w.t.app, '{ listMySessions { items { id } } }', {}, owner.cookie);
    const id = (list.data?.listMySessions as { items: { id: string }[] } | undefined)?.items[0]?.id ?? 'none';
    return {
      target: { userId: owner.id },
      result: await gql(
        w.t.app,
        'mutation($i: DeleteMySessionInput!) { deleteMySession(input: $i) { id } }',
        { i: { id } },
        w.caller.cookie,
      ),
    };
  },
  'Mutation.signOutEverywhere': async (w) => ({
    target: { userId: w.caller.userId ?? undefined },
    result: await gql(w.t.app, 'mutation { signOutEverywhere }', {}, w.caller.cookie),
  }),
};

const graphqlOperations = (Object.keys(POLICIES) as Operation[]).filter((op) => POLICIES[op].transport === 'graphql');

describe('the policy table', () => {
  it('lists every field of the GraphQL schema', () => {
    const fields = (['Query', 'Mutation', 'Subscription'] as const).flatMap((type) => {
      const object =
        type === 'Query'
          ? schema.getQueryType()
          : type === 'Mutation'
            ? schema.getMutationType()
            : schema.getSubscriptionType();
      return object ? Object.keys(object.getFields()).map((f) => `${type}.${f}`) : [];
    });
    expect(fields.filter((f) => !(f in POLICIES))).toEqual([]);
    expect(graphqlOperations.filter((op) => !fields.includes(op))).toEqual([]);
  });

  it('has a matrix fixture for every GraphQL operation', () => {
    expect(graphqlOperations.filter((op) => !FIXTURES[op])).toEqual([]);
  });
});

describe.each(databaseKinds())('authorization matrix on the %s database', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(kind, { BULLPEN_DEV_MAILBOX: '1' });
  });
  afterAll(() => t.close());

  it('lists every REST route the server registers, and nothing it does not', async () => {
    const restOps = Object.keys(POLICIES).filter((op) => POLICIES[op as Operation].transport === 'rest');
    // The auth gateway's wildcard is expanded from the table itself; the routes below it are checked by requests.
    const registered = t.routes.filter((r) => !r.endsWith('/api/auth/*'));
    expect(registered.filter((r) => !restOps.includes(r))).toEqual([]);
    for (const op of restOps) {
      const [method, url] = op.split(' ') as [string, string];
      if (url.startsWith('/api/auth/')) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url,
          payload: method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, op).not.toBe(404);
      } else {
        expect(registered, op).toContain(op);
      }
    }
  });

  const ROLES: (Role | 'anonymous')[] = ['anonymous', 'SuperAdmin', 'admin', 'coach', 'parent'];
  for (const op of graphqlOperations) {
    for (const role of ROLES) {
      for (const scope of ['own', 'other'] as Scope[]) {
        it(`${op} as ${role}, ${scope} organization`, async () => {
          const strangerUser = await buildUser(t.db, { roles: ['admin'] });
          await buildOrganization(t.db, { adminIds: [strangerUser.id] });
          const stranger = {
            id: strangerUser.id,
            cookie: (await signIn(t.app, strangerUser.email, strangerUser.password)).cookie,
          };
          let caller: Caller = { label: role, actor: null, cookie: '', userId: null };
          if (role !== 'anonymous') {
            const user = await buildUser(t.db, { roles: role === 'admin' ? [] : [role] });
            const { organization } = await buildOrganization(t.db, { adminIds: role === 'admin' ? [user.id] : [] });
            const { cookie } = await signIn(t.app, user.email, user.password);
            caller = {
              label: role,
              cookie,
              userId: user.id,
              actor: {
                userId: user.id,
                roles: [role],
                adminOrganizationIds: role === 'admin' ? [organization.id] : [],
                adminLeagueIds: [],
              },
            };
          }
          const fixture = FIXTURES[op];
          if (!fixture) throw new Error(`no fixture for ${op}`);
          const { target, result } = await fixture({ t, caller, stranger }, scope);
          const allowed = can(caller.actor, op, target);
          if (allowed) {
            expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
          } else {
            expect(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND']).toContain(result.code);
          }
        });
      }
    }
  }
});
