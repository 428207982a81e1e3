import { errors } from '../../core/errors.ts';
import type { Actor } from '../../core/permissions.ts';
import { sessionTokenFrom } from '../auth/session-token.ts';
import type { Services } from '../services/index.ts';
import type { ResolvedSession } from '../services/sessions.service.ts';

export interface GraphQLContext {
  services: Services;
  /** The caller's session, or null when the request carries none. Throws when it has ended. */
  session(): Promise<ResolvedSession | null>;
  /** The caller; refuses a user who must first set a new password (PASSWORD_CHANGE_REQUIRED). */
  actor(): Promise<Actor | null>;
}

export function createContext(
  services: Services,
  secret: string,
  headers: { cookie?: string; authorization?: string },
): GraphQLContext {
  let resolved: Promise<ResolvedSession | null> | undefined;
  const session = () => {
    resolved ??= (async () => {
      const token = sessionTokenFrom(headers, secret);
      return token ? services.sessions.resolve(token) : null;
    })();
    return resolved;
  };
  return {
    services,
    session,
    async actor() {
      const current = await session();
      if (current?.mustChangePassword) throw errors.passwordChangeRequired();
      return current?.actor ?? null;
    },
  };
}
