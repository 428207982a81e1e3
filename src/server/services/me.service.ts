import { eq } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import { type Actor, authorize } from '../../core/permissions.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { ResolvedSession } from './sessions.service.ts';

export interface Preferences {
  /** An email when one of the user's children pitches. */
  outingEmails: boolean;
}

export function createMeService(deps: { db: Db }) {
  const { db } = deps;
  return {
    get(actor: Actor | null, session: ResolvedSession | null): ResolvedSession {
      authorize(actor, 'Query.me');
      if (!session) throw errors.unauthenticated();
      return session;
    },

    async preferences(actor: Actor | null): Promise<Preferences> {
      const me = authorize(actor, 'Query.me', { userId: actor?.userId });
      const [row] = await db.select({ outingEmails: users.outingEmails }).from(users).where(eq(users.id, me.userId));
      return { outingEmails: row?.outingEmails ?? true };
    },

    async updatePreferences(actor: Actor | null, input: { outingEmails?: boolean | null }): Promise<Preferences> {
      const me = authorize(actor, 'Mutation.updateMyPreferences', { userId: actor?.userId });
      if (input.outingEmails != null) {
        await db.update(users).set({ outingEmails: input.outingEmails }).where(eq(users.id, me.userId));
      }
      return this.preferences(me);
    },
  };
}
