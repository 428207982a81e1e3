import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, errors } from '../../core/errors.ts';
import { textInEnglish } from '../../core/i18n/messages.ts';
import type { Actor, Operation } from '../../core/permissions.ts';
import { ROLES } from '../../core/roles.ts';
import { sessionTokenFrom } from '../auth/session-token.ts';
import type { Services } from '../services/index.ts';
import type { UserRecord } from '../services/users.repository.ts';
import { sendError } from './errors.ts';
import { isCrossSite } from './origin.ts';

/** Cognito's attribute list: `[{ Name, Value }]`; lower-case keys are accepted too. */
const attribute = z.union([
  z.strictObject({ Name: z.string().max(64), Value: z.string().max(2048) }),
  z.strictObject({ name: z.string().max(64), value: z.string().max(2048) }),
]);
const attributes = z.array(attribute).max(20);
const username = z.string().trim().min(1, 'username is required').max(200);

const bodies = {
  createUser: z.strictObject({
    email: z.string().max(254),
    username: z.string().max(254).optional(),
    temporaryPassword: z.string().max(1024),
    userAttributes: attributes.optional(),
    /** The spec creates users in 'StandardUser'; a role's name as group grants that role. */
    group: z.enum(['StandardUser', ...ROLES]).optional(),
  }),
  updateUserAttributes: z.strictObject({ username, userAttributes: attributes }),
  deleteUser: z.strictObject({ username }),
};

function attributeMap(list: z.output<typeof attributes> = []): Map<string, string> {
  const map = new Map<string, string>();
  for (const item of list) {
    const [name, value] = 'Name' in item ? [item.Name, item.Value] : [item.name, item.value];
    // The spec skips sub and every *_verified attribute (docs/screens.md, Validation).
    if (name === 'sub' || name.endsWith('_verified')) continue;
    if (!['email', 'given_name', 'family_name'].includes(name)) throw errors.badInput(`Unknown attribute: ${name}`);
    map.set(name, value);
  }
  return map;
}

/** The answer of Cognito's AdminCreateUser, which the spec's client reads the 'sub' from. */
function cognitoUser(user: UserRecord) {
  return {
    User: {
      Username: user.id,
      Attributes: [
        { Name: 'sub', Value: user.id },
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: user.givenName },
        { Name: 'family_name', Value: user.familyName },
      ],
      Enabled: true,
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      UserCreateDate: user.createdAt.toISOString(),
      UserLastModifiedDate: user.updatedAt.toISOString(),
    },
  };
}

/**
 * The spec's admin-queries REST API (docs/screens.md, Calls) over the same services as GraphQL, signed in by
 * the session cookie or `Authorization: Bearer`.
 */
export function registerAdminQueries(
  app: FastifyInstance,
  deps: { services: Services; secret: string; publicOrigin?: string },
) {
  async function actorOf(request: FastifyRequest): Promise<Actor> {
    if (isCrossSite(request.headers, deps.publicOrigin)) throw errors.forbidden({ id: 'errors.crossSite' });
    const token = sessionTokenFrom(request.headers, deps.secret);
    if (!token) throw errors.unauthenticated();
    const session = await deps.services.sessions.resolve(token);
    if (session.mustChangePassword) throw errors.passwordChangeRequired();
    return session.actor;
  }

  function route<K extends keyof typeof bodies>(
    name: K,
    handle: (actor: Actor, body: z.output<(typeof bodies)[K]>, operation: Operation) => Promise<unknown>,
  ) {
    const operation = `POST /admin-queries/${name}` as Operation;
    app.post(`/admin-queries/${name}`, async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      try {
        const actor = await actorOf(request);
        if (!/^application\/json/i.test(request.headers['content-type'] ?? '')) {
          throw new AppError('BAD_USER_INPUT', 'Send a JSON body (application/json)');
        }
        const parsed = bodies[name].safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          // In English: this API's clients are programs (a core schema's message is one by id).
          throw errors.badInput(
            issue ? `${issue.path.join('.') || 'body'}: ${textInEnglish(issue.message)}` : 'Invalid input',
          );
        }
        return reply.send(await handle(actor, parsed.data as z.output<(typeof bodies)[K]>, operation));
      } catch (error) {
        return sendError(reply, error, request.log);
      }
    });
  }

  route('createUser', async (actor, body, operation) => {
    const attrs = attributeMap(body.userAttributes);
    const user = await deps.services.users.create(
      actor,
      {
        email: body.email,
        givenName: attrs.get('given_name') ?? '',
        familyName: attrs.get('family_name') ?? '',
        temporaryPassword: body.temporaryPassword,
        roles: body.group && body.group !== 'StandardUser' ? [body.group] : [],
      },
      operation,
    );
    return cognitoUser(user);
  });

  route('updateUserAttributes', async (actor, body, operation) => {
    const attrs = attributeMap(body.userAttributes);
    const user = await deps.services.users.update(
      actor,
      {
        id: body.username,
        email: attrs.get('email'),
        givenName: attrs.get('given_name'),
        familyName: attrs.get('family_name'),
      },
      operation,
    );
    return { message: 'User attributes updated', ...cognitoUser(user) };
  });

  route('deleteUser', async (actor, body, operation) => {
    await deps.services.users.delete(actor, { id: body.username }, operation);
    return { message: 'User deleted' };
  });
}
