import { vi } from 'vitest';

/** What a handler answers: a GraphQL body ({ data } or { errors }), with an optional HTTP status. */
export interface GraphqlAnswer {
  status?: number;
  body: unknown;
}

export interface GraphqlCall {
  operation: string;
  variables: Record<string, unknown>;
}

export type Handler = (variables: Record<string, unknown>) => GraphqlAnswer | Promise<GraphqlAnswer>;

/** A successful answer. */
export function ok(data: Record<string, unknown>): GraphqlAnswer {
  return { body: { data } };
}

/** A GraphQL error answer with the server's message and code. */
export function gqlError(message: string, code = 'BAD_USER_INPUT'): GraphqlAnswer {
  return { body: { data: null, errors: [{ message, extensions: { code } }] } };
}

/**
 * Stubs fetch with answers chosen by the operation's first root field (`query X { listUsers ... }` ->
 * handlers.listUsers), so the order in which a page's queries start does not matter; records every call.
 * A missing handler fails the call.
 */
export function mockGraphql(handlers: Record<string, Handler>) {
  const calls: GraphqlCall[] = [];
  const fetchMock = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const request = JSON.parse(String(init?.body ?? '{}')) as { query?: string; variables?: Record<string, unknown> };
    const operation = /^\s*(?:query|mutation)\b[^{]*\{\s*(\w+)/.exec(request.query ?? '')?.[1] ?? '';
    const variables = request.variables ?? {};
    calls.push({ operation, variables });
    const handler = handlers[operation];
    const answer = handler
      ? await handler(variables)
      : { status: 500, body: { errors: [{ message: `no mock for ${operation}` }] } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchMock);
  /** The calls of one operation, in order. */
  const callsOf = (operation: string) => calls.filter((call) => call.operation === operation);
  return { calls, callsOf };
}

/** The `me` handler for a signed-in user with these roles and abilities. */
export function meHandler(roles: string[], abilities: string[] = []): Handler {
  return () =>
    ok({ me: { id: 'u1', email: 'pat@example.org', givenName: 'Pat', familyName: 'Lee', roles, abilities } });
}
