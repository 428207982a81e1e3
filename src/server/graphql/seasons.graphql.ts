import type { SeasonRecord } from '../services/seasons.service.ts';
import { builder } from './builder.ts';
import { connectionOf, IDFilter } from './filters.graphql.ts';
import { pageArgs } from './pagination.ts';

export const SeasonStateEnum = builder.enumType('SeasonState', {
  description: 'upcoming, then active (one per organization), then archived and read-only',
  values: ['upcoming', 'active', 'archived'] as const,
});

export const Season = builder.objectRef<SeasonRecord>('Season').implement({
  description: "A season of an organization, shared by all its leagues (e.g. 'Spring 2027')",
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    organizationName: t.exposeString('organizationName'),
    name: t.exposeString('name'),
    startDate: t.exposeString('startDate', { description: 'A calendar date, YYYY-MM-DD' }),
    endDate: t.exposeString('endDate', { description: 'A calendar date, YYYY-MM-DD' }),
    state: t.field({ type: SeasonStateEnum, resolve: (s) => s.state }),
    teamCount: t.exposeInt('teamCount'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const SeasonConnection = connectionOf('SeasonConnection', Season);
const SeasonStateFilter = builder.inputType('SeasonStateFilter', {
  fields: (t) => ({ eq: t.field({ type: SeasonStateEnum }) }),
});
const SeasonFilter = builder.inputType('SeasonFilter', {
  fields: (t) => ({
    organizationId: t.field({ type: IDFilter }),
    state: t.field({ type: SeasonStateFilter }),
  }),
});

builder.queryField('listSeasons', (t) =>
  t.field({
    type: SeasonConnection,
    description: 'Seasons, newest first, optionally of one organization or in one state',
    args: { filter: t.arg({ type: SeasonFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.seasons.list(
        await ctx.actor(),
        {
          organizationId: args.filter?.organizationId?.eq == null ? null : String(args.filter.organizationId.eq),
          state: args.filter?.state?.eq ?? null,
        },
        ctx.paging.page('listSeasons', args),
      ),
  }),
);

const CreateSeasonInput = builder.inputType('CreateSeasonInput', {
  fields: (t) => ({
    organizationId: t.id({ required: true }),
    name: t.string({ required: true }),
    startDate: t.string({ required: true, description: 'YYYY-MM-DD' }),
    endDate: t.string({ required: true, description: 'YYYY-MM-DD' }),
    state: t.field({ type: SeasonStateEnum, description: 'upcoming (default) or active' }),
  }),
});
const UpdateSeasonInput = builder.inputType('UpdateSeasonInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string(),
    startDate: t.string(),
    endDate: t.string(),
    state: t.field({ type: SeasonStateEnum }),
  }),
});
const DeleteSeasonInput = builder.inputType('DeleteSeasonInput', { fields: (t) => ({ id: t.id({ required: true }) }) });
const RollSeasonInput = builder.inputType('RollSeasonInput', {
  fields: (t) => ({
    id: t.id({ required: true, description: 'The active season to roll' }),
    name: t.string({ required: true, description: 'The next season' }),
    startDate: t.string({ required: true }),
    endDate: t.string({ required: true }),
    copyRosters: t.boolean({ description: 'Keep returning players on the team of the same name (default no)' }),
  }),
});
const RollSeasonResult = builder
  .objectRef<{ archived: SeasonRecord; season: SeasonRecord }>('RollSeasonResult')
  .implement({
    fields: (t) => ({
      archived: t.field({
        type: Season,
        description: 'The season that was active, now archived',
        resolve: (r) => r.archived,
      }),
      season: t.field({ type: Season, description: 'The new active season', resolve: (r) => r.season }),
    }),
  });

builder.mutationFields((t) => ({
  createSeason: t.field({
    type: Season,
    args: { input: t.arg({ type: CreateSeasonInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.seasons.create(await ctx.actor(), { ...input, organizationId: String(input.organizationId) }),
  }),
  updateSeason: t.field({
    type: Season,
    args: { input: t.arg({ type: UpdateSeasonInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.seasons.update(await ctx.actor(), { ...input, id: String(input.id) }),
  }),
  deleteSeason: t.field({
    type: Season,
    args: { input: t.arg({ type: DeleteSeasonInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.services.seasons.delete(await ctx.actor(), { id: String(input.id) }),
  }),
  rollSeason: t.field({
    type: RollSeasonResult,
    args: { input: t.arg({ type: RollSeasonInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.seasons.roll(await ctx.actor(), { ...input, id: String(input.id) }),
  }),
}));
