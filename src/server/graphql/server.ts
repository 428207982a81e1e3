import { EnvelopArmor } from '@escape.tech/graphql-armor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  getOperationAST,
  NoSchemaIntrospectionCustomRule,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { useServer as serveGraphqlWs } from 'graphql-ws/use/ws';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { AppError, type ErrorCode, MESSAGES } from '../../core/errors.ts';
import { inEnglish, type Message } from '../../core/i18n/messages.ts';
import { logUnavailable, RETRY_AFTER_SECONDS, unavailableError } from '../db/unavailable.ts';
import { isUnstorableText, refusedRequest, UNSTORABLE_TEXT } from '../http/errors.ts';
import { isCrossSite } from '../http/origin.ts';
import type { Services } from '../services/index.ts';
import { createContext, type GraphQLContext } from './context.ts';
import { costLimitPlugin, MAX_COST, requestCost } from './cost.ts';
import { schema } from './schema.ts';

export const GRAPHQL_BODY_LIMIT = 8 * 1024 * 1024;

export interface GraphQLOptions {
  services: Services;
  secret: string;
  production: boolean;
  publicOrigin?: string;
}

// Duck-typed: graphql can be loaded twice (ESM and CJS copies), which breaks instanceof.
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof Error && error.name === 'GraphQLError';
}

/** Turns any error into the catalogue's shape: a stable code and the user's message, never internals. */
function maskError(error: unknown, log: FastifyInstance['log']): GraphQLError {
  let original: unknown = error;
  while (isGraphQLError(original) && original.originalError) original = original.originalError;
  const located = isGraphQLError(error) ? { nodes: error.nodes, path: error.path } : {};
  const unavailable = unavailableError(original);
  if (unavailable) {
    if (!(original instanceof AppError)) logUnavailable(log, original, unavailable.message);
    // `http` makes yoga answer 503 with Retry-After (and it leaves the body); the direct path reads it too.
    return new GraphQLError(unavailable.message, {
      ...located,
      extensions: {
        code: unavailable.code,
        ...unavailable.details,
        ...(unavailable.said ? { said: unavailable.said } : {}),
        http: UNAVAILABLE_HTTP,
      },
    });
  }
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      ...located,
      extensions: { code: original.code, ...original.details, ...(original.said ? { said: original.said } : {}) },
    });
  }
  if (isUnstorableText(original)) {
    return new GraphQLError(inEnglish(UNSTORABLE_TEXT), {
      ...located,
      extensions: { code: 'BAD_USER_INPUT', said: UNSTORABLE_TEXT },
    });
  }
  if (isGraphQLError(original)) {
    // Syntax, validation and limit errors: the client's own request, safe to show.
    const code = original.extensions?.code;
    if (typeof code === 'string' && !code.startsWith('GRAPHQL_') && code !== 'INTERNAL_SERVER_ERROR') return original;
    return new GraphQLError(original.message, {
      ...located,
      extensions: { ...original.extensions, code: 'BAD_USER_INPUT' },
    });
  }
  // Where it failed, as response keys (the document's field names or aliases; no argument, variable or data).
  const path = isGraphQLError(error) ? error.path?.join('.') : undefined;
  log.error({ err: original, path }, 'graphql resolver failed');
  return new GraphQLError(inEnglish(MESSAGES.internal), {
    ...located,
    extensions: { code: 'INTERNAL_SERVER_ERROR', said: MESSAGES.internal },
  });
}

const UNAVAILABLE_HTTP = { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } };

/** The errors as sent, without the `http` extension that only sets the answer's status. */
function withoutHttp(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.map((error) => {
    if (!error.extensions?.http) return error;
    const { http: _http, ...extensions } = error.extensions;
    return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions });
  });
}

/** A code of the catalogue for errors graphql-js and yoga raise themselves (GRAPHQL_*, BAD_REQUEST). */
function withCatalogueCode(error: GraphQLError): GraphQLError {
  const code = error.extensions?.code;
  if (typeof code === 'string' && !/^(GRAPHQL_|BAD_REQUEST$)/.test(code)) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    path: error.path,
    extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
  });
}

/** yoga's errors with a catalogue code, without the `originalError` it adds to some (a parser's message). */
function withoutOriginal(error: GraphQLError): GraphQLError {
  const coded = withCatalogueCode(error);
  if (!coded.extensions?.originalError) return coded;
  const { originalError: _original, ...extensions } = coded.extensions;
  return new GraphQLError(coded.message, { nodes: coded.nodes, path: coded.path, extensions });
}

/** An error as a client receives it: a catalogue code, and none of the extensions meant for the server. */
function asSent(error: GraphQLError): GraphQLError {
  const coded = withCatalogueCode(error);
  const { http: _http, originalError: _original, ...extensions } = coded.extensions ?? {};
  return new GraphQLError(coded.message, { nodes: coded.nodes, path: coded.path, extensions });
}

const JSON_ONLY_GRAPHQL = 'Send GraphQL requests as application/json';
const NOT_AN_OPERATION = 'Send a JSON object with the operation: { "query": "...", "variables": { ... } }';

/** An answer of /graphql before any operation ran, in the shape of every GraphQL error. */
function refusal(reply: FastifyReply, status: number, code: ErrorCode, message: string, said?: Message) {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ errors: [{ message, extensions: { code, ...(said ? { said } : {}) } }] }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PARAM_KEYS = new Set(['query', 'variables', 'operationName', 'extensions']);

/** The parameters of a plain JSON POST (one operation), or null for anything yoga should judge. */
function plainParams(body: unknown) {
  if (!isRecord(body) || typeof body.query !== 'string') return null;
  for (const key in body) if (!PARAM_KEYS.has(key)) return null;
  const { query, variables, operationName, extensions } = body;
  if (variables != null && !isRecord(variables)) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  if (extensions != null && !isRecord(extensions)) return null;
  return {
    query,
    variables: variables ?? undefined,
    operationName: operationName ?? undefined,
    extensions: extensions ?? undefined,
  };
}

/** Whether yoga would answer this Accept header with application/json (its last match wins). */
function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((part) => {
    const type = part.split(';')[0]?.trim().toLowerCase();
    return type === 'application/json' || type === '*/*';
  });
}

/**
 * Whether yoga would answer this Accept header without streaming: its result processors take the
 * last match, and a JSON type comes after server-sent events and multipart/mixed.
 */
function acceptsPlainAnswer(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((part) => {
    const type = part.split(';')[0]?.trim().toLowerCase();
    return ['application/json', 'application/graphql-response+json', 'application/*', '*/*'].includes(type ?? '');
  });
}

/** Why subscriptions and streamed answers are refused over HTTP (docs/decisions/0028-subscriptions-over-sse.md). */
export const WEBSOCKET_ONLY =
  'Subscriptions are served over graphql-ws (a websocket on /graphql); over HTTP, GraphQL answers application/json only';

/** Subscriptions yoga would serve over HTTP (server-sent events, multipart) end before they start. */
const subscriptionsOverHttpOff: Plugin = {
  onSubscribe({ args, setResultAndStopExecution }) {
    // Yoga's HTTP requests put `request` in the context; graphql-ws operations (below) do not.
    if ((args.contextValue as { request?: unknown }).request) {
      setResultAndStopExecution({
        errors: [new GraphQLError(WEBSOCKET_ONLY, { extensions: { code: 'BAD_USER_INPUT' } })],
      });
    }
  },
};

export function registerGraphQL(app: FastifyInstance, options: GraphQLOptions) {
  const yoga = yogaFor(app, options);
  const answeredDirectly = directAnswers(app, options, yoga);

  app.route({
    url: '/graphql',
    method: ['GET', 'POST'],
    // A roster import carries its CSV file (10,000 rows with guardians is about 2 MiB).
    bodyLimit: GRAPHQL_BODY_LIMIT,
    // Malformed JSON, a body too large, a content type without a parser: answered as GraphQL errors.
    errorHandler: (error, req, reply) => {
      const refused = refusedRequest(error, GRAPHQL_BODY_LIMIT);
      if (refused) {
        const message = refused.status === 415 ? JSON_ONLY_GRAPHQL : refused.message;
        return refusal(reply, refused.status, 'BAD_USER_INPUT', message, refused.said);
      }
      const masked = maskError(error, req.log);
      const unavailable = masked.extensions?.code === 'SERVICE_UNAVAILABLE';
      if (unavailable) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply
        .code(unavailable ? 503 : 500)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ errors: withoutHttp([masked]) }));
    },
    handler: async (req, reply) => {
      // Cross-site forms cannot send JSON without a preflight, so JSON-only POSTs keep CSRF out.
      if (isCrossSite(req.headers, options.publicOrigin)) {
        return refusal(reply, 403, 'FORBIDDEN', 'Cross-site request refused');
      }
      const type = req.headers['content-type'] ?? '';
      if (req.method === 'POST' && !/^application\/(graphql-response\+)?json/i.test(type)) {
        return refusal(reply, 415, 'BAD_USER_INPUT', JSON_ONLY_GRAPHQL);
      }
      // Server-sent events and multipart streams are off: graphql-ws is the one streaming transport.
      if (!acceptsPlainAnswer(req.headers.accept)) return refusal(reply, 406, 'BAD_USER_INPUT', WEBSOCKET_ONLY);
      // null, 12, [], true, {}: yoga would read the body again, find it consumed, and call it invalid JSON.
      if (req.method === 'POST' && (!isRecord(req.body) || Object.keys(req.body).length === 0)) {
        return refusal(reply, 400, 'BAD_USER_INPUT', NOT_AN_OPERATION);
      }
      reply.header('cache-control', 'no-store');
      if (req.method === 'POST' && (await answeredDirectly(req, reply))) return reply;
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  serveOverWebSocket(app, options, yoga);
}

type Yoga = YogaServerInstance<{ req: FastifyRequest; reply: FastifyReply }, GraphQLContext>;

/** Yoga with armor's limits, the cost rule, introspection off in production and the catalogue's codes. */
function yogaFor(app: FastifyInstance, options: GraphQLOptions): Yoga {
  const armor = new EnvelopArmor({
    // Depth counts fields: a fragment spread adds none (the web's documents share selections as fragments).
    maxDepth: { n: 8, flattenFragments: true },
    maxAliases: { n: 15 },
    // Our own cost limit (cost.ts) counts lists by their limit; armor's counts only `first` and `last`.
    costLimit: { enabled: false },
    maxTokens: { n: 2000 },
    maxDirectives: { n: 20 },
    blockFieldSuggestion: { enabled: options.production },
  });
  const plugins = [...armor.protect().plugins, costLimitPlugin(), subscriptionsOverHttpOff] as Plugin[];
  if (options.production) {
    plugins.push({ onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule) });
  }
  // Errors yoga raises before execution (parse, validation, a malformed request) get the catalogue's code too.
  plugins.push({
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
      setResult({ ...result, errors: result.errors.map(withoutOriginal) });
    },
  });

  return createYoga<{ req: FastifyRequest; reply: FastifyReply }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    logging: false,
    plugins,
    maskedErrors: { maskError: (error) => maskError(error, app.log) },
    context: ({ req }) => createContext(options.services, options.secret, req.headers, req.ip),
  });
}

type Prepared = { document: DocumentNode; compiled: CompiledQuery | null };

/** graphql-jit's function for the document; null where it cannot compile it (graphql-js executes those). */
function compiledOrNull(document: DocumentNode, operationName: string | undefined): CompiledQuery | null {
  try {
    const attempt = compileQuery(schema, document, operationName);
    return isCompiledQuery(attempt) ? attempt : null;
  } catch {
    return null;
  }
}

/**
 * The common case, a valid query or mutation POSTed as JSON, is executed here: its document was
 * parsed and validated once through yoga's envelop (armor's limits, introspection off in
 * production), compiled to a function by graphql-jit, and is kept; execution then skips yoga's
 * translation into a Fetch Request and the envelop per request, which cost several times the
 * execution itself, and graphql-js walking the document for every field (docs/performance.md).
 * Errors are masked by the same maskError. Anything else (GET, subscriptions, batches, documents
 * that fail validation, other Accept types) goes to yoga, so every refusal is still yoga's own.
 */
function directAnswers(app: FastifyInstance, options: GraphQLOptions, yoga: Yoga) {
  // null: a document yoga answers every time (a limit given by a variable may make it too costly).
  const prepared = new Map<string, Prepared | null>();
  function preparedDocument(query: string, operationName: string | undefined): Prepared | null {
    const key = operationName === undefined ? query : `${operationName}\n${query}`;
    const known = prepared.get(key);
    if (known !== undefined) return known;
    const enveloped = yoga.getEnveloped({ params: { query, operationName } });
    let document: DocumentNode;
    try {
      document = enveloped.parse(query);
      // Armor's limits throw from validation rather than report.
      if (enveloped.validate(enveloped.schema, document).length > 0) return null;
    } catch {
      return null;
    }
    const operation = getOperationAST(document, operationName);
    if (!operation || operation.operation === 'subscription') return null;
    // A bound, not an LRU: clients send a few dozen distinct documents.
    if (prepared.size >= 2000) prepared.clear();
    // Its cost at the largest limits is within bounds, so no request's variables can make it too costly.
    const entry =
      requestCost(schema, document, operationName) > MAX_COST
        ? null
        : { document, compiled: compiledOrNull(document, operationName) };
    prepared.set(key, entry);
    return entry;
  }

  async function answeredDirectly(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const params = plainParams(req.body);
    if (!params || !acceptsJson(req.headers.accept)) return false;
    const entry = preparedDocument(params.query, params.operationName);
    if (!entry) return false;
    const contextValue = createContext(options.services, options.secret, req.headers, req.ip);
    const result: ExecutionResult = entry.compiled
      ? await entry.compiled.query(undefined, contextValue, params.variables ?? {})
      : await execute({
          schema,
          document: entry.document,
          contextValue,
          variableValues: params.variables,
          operationName: params.operationName,
        });
    const errors = result.errors?.map((error) => withCatalogueCode(maskError(error, app.log)));
    // The database away or the disk full: 503 with Retry-After, as yoga answers on its own path.
    const unavailable = errors?.some((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE');
    if (unavailable) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    const body = errors?.length ? { ...result, errors: withoutHttp(errors) } : result;
    reply
      .code(unavailable ? 503 : 200)
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify(body));
    return true;
  }
  return answeredDirectly;
}

/** graphql-ws on the same path; the upgrade request's cookie or Authorization header signs it in. */
function serveOverWebSocket(app: FastifyInstance, options: GraphQLOptions, yoga: Yoga): void {
  const wss = new WebSocketServer({ noServer: true });
  app.server.on('upgrade', (request, socket, head) => {
    // A page of another site must not open a socket with this site's cookie.
    if (!request.url?.startsWith('/graphql') || isCrossSite(request.headers, options.publicOrigin)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });
  serveGraphqlWs(
    {
      execute: (args) => (args.rootValue as { execute: typeof import('graphql').execute }).execute(args),
      subscribe: (args) => (args.rootValue as { subscribe: typeof import('graphql').subscribe }).subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const request = ctx.extra.request;
        const headers = {
          cookie: request.headers.cookie,
          authorization:
            request.headers.authorization ??
            (typeof ctx.connectionParams?.authorization === 'string' ? ctx.connectionParams.authorization : undefined),
        };
        const enveloped = yoga.getEnveloped({ req: { headers } as FastifyRequest, params });
        let document: DocumentNode;
        try {
          document = enveloped.parse(params.query);
          // Armor's limits throw from validation rather than report.
          const validationErrors = enveloped.validate(enveloped.schema, document);
          if (validationErrors.length > 0) return validationErrors.map(asSent);
        } catch (error) {
          return [asSent(isGraphQLError(error) ? error : maskError(error, app.log))];
        }
        return {
          schema: enveloped.schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
        };
      },
    },
    wss,
  );
  app.addHook('onClose', async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
