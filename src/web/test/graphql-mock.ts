import { vi } from 'vitest';
import type { Checked, Document, ResultOf, VariablesOf } from '../lib/graphql.ts';

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

/**
 * A sentence as the server sends it by id (`said { id values }`), for a mock whose English is
 * `text`: the catalogue's pass-through message, so the page shows `text` in any language.
 */
export function saidAs(text: string): { id: string; values: Record<string, string> } {
  return { id: 'errors.plain', values: { text } };
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

/**
 * The first field an operation asks for (`query X { listUsers … }` -> listUsers): how the mock picks a handler, and
 * how the tests' stand-ins for graphql-ws tell subscriptions apart.
 */
export function rootFieldOf(document: Document): string {
  for (const definition of document.definitions) {
    if (definition.kind !== 'OperationDefinition') continue;
    const first = definition.selectionSet.selections[0];
    if (first?.kind === 'Field') return first.name.value;
  }
  throw new Error('the document has no operation');
}

/**
 * A handler for the document the app sends, typed by it: the answer must have that document's result type, and
 * the variables are its variables (an error answer, from gqlError() or `{ status, body }`, may stand in for the
 * data). Spread it into mockGraphql's handlers: `mockGraphql({ ...on(LIST_X, () => …) })`.
 */
export function on<D extends Document>(
  document: D & Checked<D>,
  answer: (variables: VariablesOf<D>) => ResultOf<D> | GraphqlAnswer | Promise<ResultOf<D> | GraphqlAnswer>,
): Record<string, Handler> {
  return {
    [rootFieldOf(document)]: async (variables) => {
      const data = await answer(variables as VariablesOf<D>);
      // An answer made by gqlError() or { status, body } goes as it is; the document's data is wrapped.
      return 'body' in data ? (data as GraphqlAnswer) : ok(data as Record<string, unknown>);
    },
  };
}

/** The `me` handler for a signed-in user with these roles and abilities. */
export function meHandler(roles: string[], abilities: string[] = []): Handler {
  return () =>
    ok({ me: { id: 'u1', email: 'pat@example.org', givenName: 'Pat', familyName: 'Lee', roles, abilities } });
}
