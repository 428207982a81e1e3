import { abilitiesOf } from '../../core/permissions.ts';
import type { ResolvedSession } from '../services/sessions.service.ts';
import { builder } from './builder.ts';

const Me = builder.objectRef<ResolvedSession>('Me').implement({
  description: 'The signed-in user',
  fields: (t) => ({
    id: t.id({ resolve: (s) => s.actor.userId }),
    email: t.exposeString('email'),
    givenName: t.exposeString('givenName'),
    familyName: t.exposeString('familyName'),
    roles: t.stringList({
      description: 'SuperAdmin, admin, coach, parent: a cache for menus; every operation is checked on the server',
      resolve: (s) => [...s.actor.roles],
    }),
    abilities: t.stringList({
      description: 'Operations of the policy table this user may call (the UI hides the rest)',
      resolve: (s) => abilitiesOf(s.actor),
    }),
    outingEmails: t.boolean({
      description: 'Whether the user is emailed when one of their children pitches',
      resolve: async (s, _args, ctx) => (await ctx.services.me.preferences(s.actor)).outingEmails,
    }),
    language: t.string({
      description: "The user's language (en, es): their pages on every device, and their emails",
      resolve: async (s, _args, ctx) => (await ctx.services.me.preferences(s.actor)).language,
    }),
  }),
});

const Preferences = builder.objectRef<{ outingEmails: boolean }>('Preferences').implement({
  fields: (t) => ({ outingEmails: t.exposeBoolean('outingEmails') }),
});
const UpdateMyPreferencesInput = builder.inputType('UpdateMyPreferencesInput', {
  fields: (t) => ({ outingEmails: t.boolean({ description: 'Email me when one of my children pitches' }) }),
});

builder.mutationField('updateMyPreferences', (t) =>
  t.field({
    type: Preferences,
    args: { input: t.arg({ type: UpdateMyPreferencesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.services.me.updatePreferences(await ctx.actor(), input),
  }),
);

builder.mutationField('setMyLanguage', (t) =>
  t.field({
    type: Me,
    description: "Saves the caller's own language (en, es); another changes nothing (BAD_USER_INPUT)",
    args: { language: t.arg.string({ required: true }) },
    resolve: async (_root, { language }, ctx) => {
      const actor = await ctx.actor();
      await ctx.services.me.setLanguage(actor, language);
      return ctx.services.me.get(actor, await ctx.session());
    },
  }),
);

builder.queryField('me', (t) =>
  t.field({
    type: Me,
    description: 'The signed-in user, their roles and abilities',
    resolve: async (_root, _args, ctx) => ctx.services.me.get(await ctx.actor(), await ctx.session()),
  }),
);
