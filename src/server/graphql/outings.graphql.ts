import type { OutingCounts } from '../../core/outing-inputs.ts';
import type { CorrectionRecord, OutingRecord } from '../services/outings.repository.ts';
import { builder } from './builder.ts';
import { connectionOf, IDFilter } from './filters.graphql.ts';
import { pageArgs } from './pagination.ts';
import { eventSubscription } from './subscriptions.ts';

const OutingCountsType = builder.objectRef<OutingCounts>('OutingCounts').implement({
  description: 'What the paper pitch log holds for one player in one game',
  fields: (t) => ({
    pitches: t.exposeInt('pitches'),
    pitchesBeforeLastBatter: t.exposeInt('pitchesBeforeLastBatter', { nullable: true }),
    pitchedInnings: t.exposeIntList('pitchedInnings'),
    caughtInnings: t.exposeIntList('caughtInnings'),
    outs: t.exposeInt('outs'),
    intentionalWalks: t.exposeInt('intentionalWalks'),
  }),
});

const Correction = builder.objectRef<CorrectionRecord>('OutingCorrection').implement({
  description: 'A change to an outing after it was recorded: who, when, why, before and after',
  fields: (t) => ({
    id: t.exposeID('id'),
    changedByName: t.exposeString('changedByName'),
    changedAt: t.expose('changedAt', { type: 'DateTime' }),
    reason: t.exposeString('reason'),
    before: t.field({ type: OutingCountsType, resolve: (c) => c.before }),
    after: t.field({ type: OutingCountsType, nullable: true, description: 'Null: deleted', resolve: (c) => c.after }),
  }),
});

export const PitchOuting = builder.objectRef<OutingRecord>('PitchOuting').implement({
  description: 'One player’s pitching and catching in one game; the id was made by the client',
  fields: (t) => ({
    id: t.exposeID('id'),
    gameId: t.exposeID('gameId'),
    organizationId: t.exposeID('organizationId'),
    leagueId: t.exposeID('leagueId'),
    seasonId: t.exposeID('seasonId'),
    playerId: t.exposeID('playerId'),
    playerName: t.exposeString('playerName'),
    jerseyNumber: t.exposeString('jerseyNumber', { nullable: true }),
    teamId: t.exposeID('teamId'),
    teamName: t.exposeString('teamName'),
    date: t.exposeString('date'),
    opponent: t.exposeString('opponent', { description: 'The other team, or the outside opponent' }),
    pitches: t.exposeInt('pitches', { description: 'Pitches thrown, without intentional-walk credit' }),
    pitchesBeforeLastBatter: t.exposeInt('pitchesBeforeLastBatter', {
      nullable: true,
      description: 'The count when the last batter came up',
    }),
    pitchedInnings: t.exposeIntList('pitchedInnings'),
    caughtInnings: t.exposeIntList('caughtInnings'),
    outs: t.exposeInt('outs'),
    intentionalWalks: t.exposeInt('intentionalWalks'),
    recordedByName: t.exposeString('recordedByName'),
    recordedAt: t.expose('recordedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    version: t.exposeInt('version', { description: 'Bumped by each correction' }),
    deleted: t.exposeBoolean('deleted'),
    corrections: t.field({ type: [Correction], resolve: (o) => o.corrections }),
  }),
});

const PitchOutingConnection = connectionOf('PitchOutingConnection', PitchOuting);
const PitchOutingFilter = builder.inputType('PitchOutingFilter', {
  fields: (t) => ({
    gameId: t.field({ type: IDFilter }),
    playerId: t.field({ type: IDFilter }),
    teamId: t.field({ type: IDFilter }),
    seasonId: t.field({ type: IDFilter }),
  }),
});
const idOf = (filter: { eq?: string | number | null } | null | undefined) =>
  filter?.eq == null ? null : String(filter.eq);

builder.queryField('listPitchOutings', (t) =>
  t.field({
    type: PitchOutingConnection,
    description: 'Outings of players in scope, newest first, with their corrections',
    args: { filter: t.arg({ type: PitchOutingFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.outings.list(
        await ctx.actor(),
        {
          gameId: idOf(args.filter?.gameId),
          playerId: idOf(args.filter?.playerId),
          teamId: idOf(args.filter?.teamId),
          seasonId: idOf(args.filter?.seasonId),
        },
        ctx.paging.page('listPitchOutings', args),
      ),
  }),
);

const countFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  pitches: t.int({ required: true }),
  pitchesBeforeLastBatter: t.int({ description: 'The count when the last batter came up' }),
  pitchedInnings: t.intList({ description: 'Inning numbers in which the player pitched' }),
  caughtInnings: t.intList({ description: 'Inning numbers in which the player caught at least one pitch' }),
  outs: t.int(),
  intentionalWalks: t.int({ description: 'Intentional walks granted without pitches' }),
});
const CreatePitchOutingInput = builder.inputType('CreatePitchOutingInput', {
  fields: (t) => ({
    id: t.id({ required: true, description: 'A UUID made by the client: a retry with it is stored once' }),
    gameId: t.id({ required: true }),
    playerId: t.id({ required: true }),
    teamId: t.id({ required: true, description: 'The team the player played for' }),
    ...countFields(t),
  }),
});
const UpdatePitchOutingInput = builder.inputType('UpdatePitchOutingInput', {
  description: 'A correction: the counts as they should be, and why',
  fields: (t) => ({
    id: t.id({ required: true }),
    reason: t.string({ required: true }),
    version: t.int({ description: 'The version you read: a stale one is refused (CONFLICT) with the current version' }),
    ...countFields(t),
  }),
});
const DeletePitchOutingInput = builder.inputType('DeletePitchOutingInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    reason: t.string({ required: true }),
    version: t.int({ description: 'The version you read: a stale one is refused (CONFLICT) with the current version' }),
  }),
});

/** GraphQL nulls become absent, so the core schema applies its defaults. */
const withoutNulls = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null));

builder.mutationFields((t) => ({
  createPitchOuting: t.field({
    type: PitchOuting,
    description: 'Idempotent on the client’s id; the same id with another entry is refused',
    args: { input: t.arg({ type: CreatePitchOutingInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.outings.create(await ctx.actor(), {
        ...withoutNulls(input),
        id: String(input.id),
        gameId: String(input.gameId),
        playerId: String(input.playerId),
        teamId: String(input.teamId),
      }),
  }),
  updatePitchOuting: t.field({
    type: PitchOuting,
    args: { input: t.arg({ type: UpdatePitchOutingInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.outings.update(await ctx.actor(), {
        ...withoutNulls(input),
        id: String(input.id),
        reason: input.reason,
      }),
  }),
  deletePitchOuting: t.field({
    type: PitchOuting,
    description: 'The outing stays in the history, with the reason, but counts for nothing',
    args: { input: t.arg({ type: DeletePitchOutingInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.outings.delete(await ctx.actor(), {
        id: String(input.id),
        reason: input.reason,
        version: input.version,
      }),
  }),
}));

const canSee = (
  ctx: Parameters<Parameters<typeof eventSubscription>[4]>[0],
  actor: Parameters<Parameters<typeof eventSubscription>[4]>[1],
  outing: OutingRecord,
) => ctx.services.outings.canRead(actor, outing);
eventSubscription('onCreatePitchOuting', PitchOuting, 'outing.created', 'An outing was recorded', canSee);
eventSubscription('onUpdatePitchOuting', PitchOuting, 'outing.updated', 'An outing was corrected or deleted', canSee);
