import { eq } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import { isLocale, LOCALES, type Locale } from '../../core/i18n/locales.ts';
import { type Actor, authorize } from '../../core/permissions.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { ResolvedSession } from './sessions.service.ts';

export interface Preferences {
  /** An email when one of the user's children pitches. */
  outingEmails: boolean;
  /** The language of their pages, on every device, and of their emails (docs/i18n.md). */
  language: Locale;
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
      const [row] = await db
        .select({ outingEmails: users.outingEmails, language: users.language })
        .from(users)
        .where(eq(users.id, me.userId));
      return { outingEmails: row?.outingEmails ?? true, language: row?.language ?? 'en' };
    },

    async updatePreferences(actor: Actor | null, input: { outingEmails?: boolean | null }): Promise<Preferences> {
      const me = authorize(actor, 'Mutation.updateMyPreferences', { userId: actor?.userId });
      if (input.outingEmails != null) {
        await db.update(users).set({ outingEmails: input.outingEmails }).where(eq(users.id, me.userId));
      }
      return this.preferences(me);
    },

    /** The caller's own language; one Bullpen does not speak changes nothing. */
    async setLanguage(actor: Actor | null, language: string): Promise<Locale> {
      const me = authorize(actor, 'Mutation.setMyLanguage', { userId: actor?.userId });
      if (!isLocale(language)) {
        throw errors.badInput({ id: 'account.language.unknown', values: { languages: LOCALES.join(', ') } });
      }
      await db.update(users).set({ language }).where(eq(users.id, me.userId));
      return language;
    },
  };
}
