import { EnvelopArmor } from '@escape.tech/graphql-armor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import { useServer as serveGraphqlWs } from 'graphql-ws/use/ws';
import { createYoga, type Plugin } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { AppError, MESSAGES } from '../../core/errors.ts';
import { isUnstorableText, UNSTORABLE_TEXT } from '../http/errors.ts';
import { isCrossSite } from '../http/origin.ts';
import type { Services } from '../services/index.ts';
import { createContext, type GraphQLContext } from './context.ts';
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
function maskError(error: unknown, log: FastifyInstance['log']): Error {
  let original: unknown = error;
  while (isGraphQLError(original) && original.originalError) original = original.originalError;
  const located = isGraphQLError(error) ? { nodes: error.nodes, path: error.path } : {};
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      ...located,
      extensions: { code: original.code, ...original.details },
    });
  }
  if (isUnstorableText(original)) {
    return new GraphQLError(UNSTORABLE_TEXT, { ...located, extensions: { code: 'BAD_USER_INPUT' } });
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
  log.error({ err: original }, 'graphql resolver failed');
  return new GraphQLError(MESSAGES.internal, { ...located, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

export function registerGraphQL(app: FastifyInstance, options: GraphQLOptions) {
  const armor = new EnvelopArmor({
    maxDepth: { n: 8 },
    maxAliases: { n: 15 },
    costLimit: { maxCost: 5000 },
    maxTokens: { n: 2000 },
    maxDirectives: { n: 20 },
    blockFieldSuggestion: { enabled: options.production },
  });
  const plugins = [...armor.protect().plugins] as Plugin[];
  if (options.production) {
    plugins.push({ onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule) });
  }
  // Errors yoga raises before execution (parse, validation, a malformed request) get the catalogue's code too.
  plugins.push({
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
      const errors = result.errors.map((error) => {
        const code = error.extensions?.code;
        if (typeof code === 'string' && !/^(GRAPHQL_|BAD_REQUEST$)/.test(code)) return error;
        return new GraphQLError(error.message, {
          nodes: error.nodes,
          path: error.path,
          extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
        });
      });
      setResult({ ...result, errors });
    },
  });

  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    logging: false,
    plugins,
    maskedErrors: { maskError: (error) => maskError(error, app.log) },
    context: ({ req }) => createContext(options.services, options.secret, req.headers),
  });

  app.route({
    url: '/graphql',
    method: ['GET', 'POST'],
    // A roster import carries its CSV file (10,000 rows with guardians is about 2 MiB).
    bodyLimit: GRAPHQL_BODY_LIMIT,
    handler: async (req, reply) => {
      // Cross-site forms cannot send JSON without a preflight, so JSON-only POSTs keep CSRF out.
      if (isCrossSite(req.headers, options.publicOrigin)) {
        return reply.code(403).send({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
      }
      const type = req.headers['content-type'] ?? '';
      if (req.method === 'POST' && !/^application\/(graphql-response\+)?json/i.test(type)) {
        return reply.code(415).send({ code: 'BAD_USER_INPUT', message: 'Send GraphQL requests as application/json' });
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.header('cache-control', 'no-store');
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  // graphql-ws on the same path; the upgrade request's cookie or Authorization header signs it in.
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
        const document = enveloped.parse(params.query);
        const validationErrors = enveloped.validate(enveloped.schema, document);
        if (validationErrors.length > 0) return validationErrors;
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
