import type { OfficialRecord, SentLink } from '../services/officials.service.ts';
import { builder } from './builder.ts';

const Official = builder.objectRef<OfficialRecord>('Official').implement({
  description: 'One of a league’s officials (an umpire, an official scorer, a neutral pitch counter)',
  fields: (t) => ({
    id: t.exposeID('id'),
    leagueId: t.exposeID('leagueId'),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true, description: 'Shown to the league’s admins only' }),
  }),
});

const OfficialLinkSent = builder.objectRef<SentLink>('OfficialLinkSent').implement({
  description: 'A signing link emailed to one of the league’s officials',
  fields: (t) => ({
    officialId: t.exposeID('officialId'),
    officialName: t.exposeString('officialName'),
    sentAt: t.expose('sentAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const OfficialInput = builder.inputType('OfficialInput', {
  fields: (t) => ({ name: t.string({ required: true }), email: t.string({ required: true }) }),
});

builder.queryField('leagueOfficials', (t) =>
  t.field({
    type: [Official],
    description: 'A league’s officials, by name (emails for its admins)',
    args: { leagueId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.officials.list(await ctx.actor(), { leagueId: String(args.leagueId) }),
  }),
);

builder.mutationFields((t) => ({
  addOfficial: t.field({
    type: Official,
    description: 'Add an official to a league’s list',
    args: { leagueId: t.arg.id({ required: true }), input: t.arg({ type: OfficialInput, required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.officials.add(await ctx.actor(), { leagueId: String(args.leagueId), ...args.input }),
  }),
  updateOfficial: t.field({
    type: Official,
    description: 'Change an official’s name or email',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: OfficialInput, required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.officials.update(await ctx.actor(), { id: String(args.id), ...args.input }),
  }),
  removeOfficial: t.field({
    type: 'Boolean',
    description: 'Take an official off a league’s list; the games they signed still name them',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => ctx.services.officials.remove(await ctx.actor(), { id: String(args.id) }),
  }),
  sendOfficialLink: t.field({
    type: OfficialLinkSent,
    description: 'Email one of the league’s officials a one-time link to sign a game’s counts',
    args: { gameId: t.arg.id({ required: true }), officialId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.officials.sendLink(await ctx.actor(), {
        gameId: String(args.gameId),
        officialId: String(args.officialId),
      }),
  }),
}));
