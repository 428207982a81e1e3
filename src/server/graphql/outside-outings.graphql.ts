import type { OutsideOutingRecord } from '../services/outside-outings.service.ts';
import { builder } from './builder.ts';
import { connectionOf, IDFilter } from './filters.graphql.ts';
import { pageArgs } from './pagination.ts';

const OutsideOuting = builder.objectRef<OutsideOutingRecord>('OutsideOuting').implement({
  description: 'Pitching outside the league reported by a parent; it counts for rest and caps everywhere',
  fields: (t) => ({
    id: t.exposeID('id'),
    playerId: t.exposeID('playerId'),
    playerName: t.exposeString('playerName'),
    date: t.exposeString('date'),
    description: t.exposeString('description', { description: 'Where: a travel team, school' }),
    pitches: t.exposeInt('pitches'),
    pitchesBeforeLastBatter: t.exposeInt('pitchesBeforeLastBatter', { nullable: true }),
    innings: t.exposeInt('innings'),
    outs: t.exposeInt('outs'),
    intentionalWalks: t.exposeInt('intentionalWalks'),
    reportedByName: t.exposeString('reportedByName'),
    reportedAt: t.expose('reportedAt', { type: 'DateTime' }),
    deleted: t.exposeBoolean('deleted'),
  }),
});

const OutsideOutingConnection = connectionOf('OutsideOutingConnection', OutsideOuting);
const OutsideOutingFilter = builder.inputType('OutsideOutingFilter', {
  fields: (t) => ({ playerId: t.field({ type: IDFilter }) }),
});

builder.queryField('listOutsideOutings', (t) =>
  t.field({
    type: OutsideOutingConnection,
    description: 'Outside outings of players in scope, newest first',
    args: { filter: t.arg({ type: OutsideOutingFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.outsideOutings.list(
        await ctx.actor(),
        { playerId: args.filter?.playerId?.eq == null ? null : String(args.filter.playerId.eq) },
        ctx.paging.page('listOutsideOutings', args),
      ),
  }),
);

const CreateOutsideOutingInput = builder.inputType('CreateOutsideOutingInput', {
  fields: (t) => ({
    id: t.id({ required: true, description: 'A UUID made by the client: a retry with it is stored once' }),
    playerId: t.id({ required: true }),
    date: t.string({ required: true, description: 'YYYY-MM-DD, not in the future' }),
    description: t.string({ required: true, description: 'Where it was pitched' }),
    pitches: t.int({ required: true }),
    pitchesBeforeLastBatter: t.int(),
    innings: t.int({ description: 'How many innings pitched' }),
    outs: t.int(),
    intentionalWalks: t.int(),
  }),
});
const DeleteOutsideOutingInput = builder.inputType('DeleteOutsideOutingInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});

builder.mutationFields((t) => ({
  createOutsideOuting: t.field({
    type: OutsideOuting,
    args: { input: t.arg({ type: CreateOutsideOutingInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.outsideOutings.create(await ctx.actor(), {
        ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null)),
        id: String(input.id),
        playerId: String(input.playerId),
      }),
  }),
  deleteOutsideOuting: t.field({
    type: OutsideOuting,
    args: { input: t.arg({ type: DeleteOutsideOutingInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.outsideOutings.delete(await ctx.actor(), { id: String(input.id) }),
  }),
}));
