import { VIOLATION_CODES } from '../../core/rules/engine.ts';
import { VIOLATION_STATES } from '../db/schema.ts';
import type { ViolationRecord } from '../services/violations.service.ts';
import { builder } from './builder.ts';
import { connectionOf, IDFilter } from './filters.graphql.ts';
import { MessageType } from './message.graphql.ts';
import { pageArgs } from './pagination.ts';

const ViolationCodeEnum = builder.enumType('ViolationCode', { values: VIOLATION_CODES });
const ViolationStateEnum = builder.enumType('ViolationState', { values: VIOLATION_STATES });

const Violation = builder.objectRef<ViolationRecord>('Violation').implement({
  description: 'A rule an outing broke, found by the rules engine',
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    leagueId: t.exposeID('leagueId'),
    leagueName: t.exposeString('leagueName'),
    seasonId: t.exposeID('seasonId'),
    seasonName: t.exposeString('seasonName'),
    teamId: t.exposeID('teamId'),
    teamName: t.exposeString('teamName'),
    playerId: t.exposeID('playerId'),
    playerName: t.exposeString('playerName'),
    jerseyNumber: t.exposeString('jerseyNumber', { nullable: true }),
    gameId: t.exposeID('gameId'),
    outingId: t.exposeID('outingId'),
    opponent: t.exposeString('opponent'),
    recordedByName: t.exposeString('recordedByName', { description: 'Who recorded the outing' }),
    date: t.exposeString('date'),
    code: t.field({ type: ViolationCodeEnum, resolve: (v) => v.code as (typeof VIOLATION_CODES)[number] }),
    message: t.exposeString('message', { description: 'In English' }),
    said: t.field({
      type: MessageType,
      nullable: true,
      description:
        'The message by id, for the reader’s language; null for one not judged again since before these were kept',
      resolve: (v) => v.said,
    }),
    state: t.field({ type: ViolationStateEnum, resolve: (v) => v.state }),
    note: t.exposeString('note', { nullable: true }),
    actedByName: t.exposeString('actedByName', { nullable: true, description: 'Who acknowledged or resolved it' }),
    actedAt: t.expose('actedAt', { type: 'DateTime', nullable: true }),
    detectedAt: t.expose('detectedAt', { type: 'DateTime' }),
    withdrawnAt: t.expose('withdrawnAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When a change to the record made the outing lawful; the violation stays, as withdrawn',
    }),
    withdrawnReason: t.exposeString('withdrawnReason', { nullable: true, description: 'Why it was withdrawn' }),
    version: t.exposeInt('version'),
  }),
});

const ViolationConnection = connectionOf('ViolationConnection', Violation);
const ViolationFilter = builder.inputType('ViolationFilter', {
  fields: (t) => ({
    organizationId: t.field({ type: IDFilter }),
    leagueId: t.field({ type: IDFilter }),
    seasonId: t.field({ type: IDFilter }),
    teamId: t.field({ type: IDFilter }),
    code: t.field({ type: ViolationCodeEnum }),
    state: t.field({ type: ViolationStateEnum }),
    includeWithdrawn: t.boolean(),
  }),
});
const idOf = (filter: { eq?: string | number | null } | null | undefined) =>
  filter?.eq == null ? null : String(filter.eq);

builder.queryField('listViolations', (t) =>
  t.field({
    type: ViolationConnection,
    description: 'Violations in the admin’s leagues, newest first',
    args: { filter: t.arg({ type: ViolationFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.violations.list(
        await ctx.actor(),
        {
          organizationId: idOf(args.filter?.organizationId),
          leagueId: idOf(args.filter?.leagueId),
          seasonId: idOf(args.filter?.seasonId),
          teamId: idOf(args.filter?.teamId),
          code: args.filter?.code ?? null,
          state: args.filter?.state ?? null,
          includeWithdrawn: args.filter?.includeWithdrawn ?? null,
        },
        ctx.paging.page('listViolations', args),
      ),
  }),
);

const UpdateViolationInput = builder.inputType('UpdateViolationInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    state: t.field({ type: ViolationStateEnum, required: true }),
    note: t.string({ required: true, description: 'What was done about it' }),
    version: t.int({ description: 'The version you read: a stale one is refused (CONFLICT) with the current version' }),
  }),
});

builder.mutationField('updateViolation', (t) =>
  t.field({
    type: Violation,
    description: 'Acknowledge or resolve a violation (or open it again) with a note',
    args: { input: t.arg({ type: UpdateViolationInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.violations.update(await ctx.actor(), {
        id: String(input.id),
        state: input.state,
        note: input.note,
        version: input.version,
      }),
  }),
);
