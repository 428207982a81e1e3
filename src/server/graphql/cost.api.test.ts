import { Kind, print } from 'graphql';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIST_PITCH_OUTINGS } from '../../web/features/tracker/api/list-pitch-outings.ts';
import { documentText } from '../../web/lib/graphql.ts';
import {
  bootTestApp,
  buildOrganization,
  buildUser,
  databaseKinds,
  gql,
  signIn,
  type TestApp,
} from '../testing/harness.ts';
import { webDocuments } from '../testing/web-documents.ts';

const PAGE = 'listPitchOutings(limit: 1000) { items { id } }';
const FIFTEEN_PAGES = `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: ${PAGE}`).join(' ')} }`;
const BY_VARIABLE = `query($l: Int) { ${Array.from({ length: 5 }, (_, i) => `a${i}: listPitchOutings(limit: $l) { items { id } }`).join(' ')} }`;

describe.each(databaseKinds())('the cost limit on the %s database', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await bootTestApp(kind);
    const admin = await buildUser(t.db);
    await buildOrganization(t.db, { adminIds: [admin.id] });
    ({ cookie } = await signIn(t.app, admin.email, admin.password));
  });
  afterAll(() => t.close());

  it('refuses 15 full pages in one request as asking too much, by POST and GET', async () => {
    const posted = await gql(t.app, FIFTEEN_PAGES, {}, cookie);
    expect(posted.data ?? null).toBeNull();
    expect(posted.code).toBe('BAD_USER_INPUT');
    expect(posted.errors?.[0]?.message).toMatch(/^The query asks for too much: it may cost \d+, more than 100000\./);
    const got = await t.app.inject({
      method: 'GET',
      url: `/graphql?${new URLSearchParams({ query: FIFTEEN_PAGES })}`,
      headers: { cookie },
    });
    expect(got.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(got.json().errors[0].message).toMatch(/asks for too much/);
  });

  it('counts a limit given by a variable by its value', async () => {
    const many = await gql(t.app, BY_VARIABLE, { l: 1000 }, cookie);
    expect(many.code).toBe('BAD_USER_INPUT');
    expect(many.errors?.[0]?.message).toMatch(/asks for too much/);
    const few = await gql(t.app, BY_VARIABLE, { l: 10 }, cookie);
    expect(few.errors).toBeUndefined();
    expect(Object.keys(few.data ?? {})).toHaveLength(5);
  });

  it("accepts one full page, and the web app's page of outings with every field", async () => {
    expect((await gql(t.app, `{ ${PAGE} }`, {}, cookie)).errors).toBeUndefined();
    const web = await gql(
      t.app,
      documentText(LIST_PITCH_OUTINGS),
      { filter: null, limit: 1000, nextToken: null },
      cookie,
    );
    expect(web.errors).toBeUndefined();
  });

  it("passes every document the web app sends through the server's limits (depth, aliases, tokens, cost)", async () => {
    // Sent signed out, with no variables: nothing runs (each operation needs a session or its input), but each
    // document is parsed and validated as a browser's would be. A document ten fields deep shows that it is.
    const LIMIT_REFUSALS = /Syntax Error|depth|aliases|tokens|directives|asks for too much|Cannot query|Unknown/i;
    const tooDeep = await gql(
      t.app,
      '{ me { a: me { b: me { c: me { d: me { e: me { f: me { g: me { h: me { id } } } } } } } } } }',
    );
    expect(tooDeep.errors?.[0]?.message).toMatch(LIMIT_REFUSALS);

    const { found } = await webDocuments();
    const sent = found.filter(({ document }) =>
      document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation !== 'subscription'),
    );
    expect(sent.length).toBeGreaterThan(60);
    for (const { name, document } of sent) {
      const answer = await gql(t.app, print(document));
      expect(answer.errors?.[0]?.message ?? '', name).not.toMatch(LIMIT_REFUSALS);
    }
  });

  it('refuses the same over graphql-ws', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createClient({
      url: `${address.replace('http', 'ws')}/graphql`,
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols, { headers: { cookie } });
        }
      },
      retryAttempts: 0,
    });
    try {
      const result = await new Promise<{ errors?: { message: string; extensions?: { code?: string } }[] }>(
        (resolve, reject) => {
          client.subscribe(
            { query: FIFTEEN_PAGES },
            {
              next: (value) => resolve(value as never),
              error: (error) => resolve({ errors: error as never }),
              complete: () => reject(new Error('no answer')),
            },
          );
        },
      );
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toMatch(/asks for too much/);
    } finally {
      await client.dispose();
    }
  });
});
