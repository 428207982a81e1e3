import { builder } from './builder.ts';
import { BooleanFilter } from './filters.graphql.ts';
import { matchesEq, pageArgs, toPage } from './pagination.ts';

interface SessionInfo {
  id: string;
  device: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

const Session = builder.objectRef<SessionInfo>('Session').implement({
  description: 'A device where the user is signed in',
  fields: (t) => ({
    id: t.exposeID('id'),
    device: t.exposeString('device', { description: 'Browser and system, from the user agent, in English' }),
    userAgent: t.exposeString('userAgent', {
      nullable: true,
      description: "What the device said it is: the web names it in its reader's language",
    }),
    ipAddress: t.exposeString('ipAddress', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When this device signed in' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime', description: 'Last request, to the minute' }),
    current: t.exposeBoolean('current', { description: 'The device making this request' }),
  }),
});

const SessionConnection = builder.objectRef<{ items: SessionInfo[]; nextToken: string | null }>('SessionConnection');
SessionConnection.implement({
  fields: (t) => ({
    items: t.field({ type: [Session], resolve: (p) => p.items }),
    nextToken: t.exposeString('nextToken', { nullable: true }),
  }),
});

const SessionFilter = builder.inputType('SessionFilter', {
  fields: (t) => ({ current: t.field({ type: BooleanFilter, description: 'The device making the request' }) }),
});

builder.queryField('listMySessions', (t) =>
  t.field({
    type: SessionConnection,
    description: "The signed-in user's active sessions, most recently seen first",
    args: { filter: t.arg({ type: SessionFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) => {
      const page = ctx.paging.page('listMySessions', args);
      const session = await ctx.session();
      const all = await ctx.services.sessions.listMine(await ctx.actor(), session?.sessionId ?? null);
      return toPage(
        all.filter((s) => matchesEq(s, args.filter)),
        page,
      );
    },
  }),
);

const DeleteMySessionInput = builder.inputType('DeleteMySessionInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});

const DeletedSession = builder.objectRef<{ id: string }>('DeletedSession').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

builder.mutationField('deleteMySession', (t) =>
  t.field({
    type: DeletedSession,
    description: 'Sign out one of your devices',
    args: { input: t.arg({ type: DeleteMySessionInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.sessions.deleteMine(await ctx.actor(), { id: String(input.id) }),
  }),
);

builder.mutationField('signOutEverywhere', (t) =>
  t.boolean({
    description: 'End every session of the signed-in user, this one included',
    resolve: async (_root, _args, ctx) => ctx.services.sessions.signOutEverywhere(await ctx.actor()),
  }),
);
