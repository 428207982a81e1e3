import { errors } from '../../core/errors.ts';
import { type Actor, authorize } from '../../core/permissions.ts';
import type { ResolvedSession } from './sessions.service.ts';

export function createMeService() {
  return {
    get(actor: Actor | null, session: ResolvedSession | null): ResolvedSession {
      authorize(actor, 'Query.me');
      if (!session) throw errors.unauthenticated();
      return session;
    },
  };
}
