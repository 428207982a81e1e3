import { errors } from '../../core/errors.ts';
import type { Actor } from '../../core/permissions.ts';
import { sessionTokenFrom } from '../auth/session-token.ts';
import { limitedNetwork } from '../http/client-network.ts';
import type { Services } from '../services/index.ts';
import { type Paging, pagingFor } from '../services/paging.ts';
import type { ResolvedSession } from '../services/sessions.service.ts';

export interface GraphQLContext {
  services: Services;
  /** Lists' windows and nextTokens, signed with the server's secret. */
  paging: Paging;
  /** The caller's session, or null when the request carries none. Throws when it has ended. */
  session(): Promise<ResolvedSession | null>;
  /** The caller; refuses a user who must first set a new password (PASSWORD_CHANGE_REQUIRED). */
  actor(): Promise<Actor | null>;
  /** The caller as the database says now (a long-lived subscription re-checks on every event). */
  freshActor(): Promise<Actor | null>;
  /** The caller's network (an IPv4 address, an IPv6 /64), for counting guesses; null when unknown. */
  client: string | null;
}

export function createContext(
  services: Services,
  secret: string,
  headers: { cookie?: string; authorization?: string },
  ip: string | null = null,
): GraphQLContext {
  let resolved: Promise<ResolvedSession | null> | undefined;
  const session = () => {
    resolved ??= (async () => {
      const token = sessionTokenFrom(headers, secret);
      return token ? services.sessions.resolve(token) : null;
    })();
    return resolved;
  };
  const actorOf = (current: ResolvedSession | null) => {
    if (current?.mustChangePassword) throw errors.passwordChangeRequired();
    return current?.actor ?? null;
  };
  return {
    services,
    paging: pagingFor(secret),
    client: ip ? limitedNetwork(ip) : null,
    session,
    actor: async () => actorOf(await session()),
    async freshActor() {
      const token = sessionTokenFrom(headers, secret);
      return actorOf(token ? await services.sessions.resolve(token) : null);
    },
  };
}
