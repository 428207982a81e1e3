import type { ObjectRef } from '@pothos/core';
import type { Actor } from '../../core/permissions.ts';
import { readPage } from '../services/paging.ts';
import type { RestProfileRecord, RestRuleRecord } from '../services/rest-rules.service.ts';
import { type BullpenTypes, builder } from './builder.ts';
import type { GraphQLContext } from './context.ts';
import { BooleanFilter, connectionOf, IDFilter } from './filters.graphql.ts';
import { pageArgs } from './pagination.ts';
import { eventSubscription } from './subscriptions.ts';

export const RestProfile = builder.objectRef<RestProfileRecord>('RestProfile').implement({
  description: 'One interval of a rest rule: from pitchCount pitches on, daysRest days of rest',
  fields: (t) => ({
    id: t.exposeID('id'),
    restRuleId: t.exposeID('restRuleId'),
    pitchCount: t.exposeInt('pitchCount'),
    daysRest: t.exposeInt('daysRest'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const RestRule = builder.objectRef<RestRuleRecord>('RestRule').implement({
  description: 'Rest days required after pitching, by pitch count; global or of one organization',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    ageGroup: t.exposeString('ageGroup', { description: 'Free text, as the league names it' }),
    global: t.exposeBoolean('global'),
    organizationId: t.exposeID('organizationId', { nullable: true, description: 'Null when global' }),
    organizationName: t.exposeString('organizationName', { nullable: true }),
    pitchLimits: t.field({
      type: [RestProfile],
      description: 'The intervals, sorted by daysRest ascending',
      resolve: (rule) => rule.pitchLimits,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const RestRuleFilter = builder.inputType('RestRuleFilter', {
  fields: (t) => ({ global: t.field({ type: BooleanFilter }), organizationId: t.field({ type: IDFilter }) }),
});
const RestProfileFilter = builder.inputType('RestProfileFilter', {
  fields: (t) => ({ restRuleId: t.field({ type: IDFilter }) }),
});
const RestRuleConnection = connectionOf('RestRuleConnection', RestRule);
const RestProfileConnection = connectionOf('RestProfileConnection', RestProfile);

builder.queryFields((t) => ({
  listRestRules: t.field({
    type: RestRuleConnection,
    description: 'Global rules first, then by name; filter on global = true or on organizationId',
    args: { filter: t.arg({ type: RestRuleFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.restRules.list(
        await ctx.actor(),
        {
          global: args.filter?.global?.eq,
          organizationId: args.filter?.organizationId?.eq == null ? null : String(args.filter.organizationId.eq),
        },
        readPage(args),
      ),
  }),
  listRestProfiles: t.field({
    type: RestProfileConnection,
    description: 'Intervals, optionally of one rule',
    args: { filter: t.arg({ type: RestProfileFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.restRules.listProfiles(
        await ctx.actor(),
        { restRuleId: args.filter?.restRuleId?.eq == null ? null : String(args.filter.restRuleId.eq) },
        readPage(args),
      ),
  }),
}));

const IntervalInput = builder.inputType('IntervalInput', {
  fields: (t) => ({ pitchCount: t.int({ required: true }), daysRest: t.int({ required: true }) }),
});
const ruleFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  name: t.string({ required: true }),
  ageGroup: t.string({ required: true }),
  global: t.boolean({ required: true }),
  organizationId: t.id({ description: 'Required when not global' }),
  pitchLimits: t.field({
    type: [IntervalInput],
    description: 'The intervals; when given they replace all existing ones, in the same transaction',
  }),
});
const CreateRestRuleInput = builder.inputType('CreateRestRuleInput', { fields: (t) => ruleFields(t) });
const UpdateRestRuleInput = builder.inputType('UpdateRestRuleInput', {
  fields: (t) => ({ id: t.id({ required: true }), ...ruleFields(t) }),
});
const DeleteRestRuleInput = builder.inputType('DeleteRestRuleInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});
const CreateRestProfileInput = builder.inputType('CreateRestProfileInput', {
  fields: (t) => ({
    restRuleId: t.id({ required: true }),
    pitchCount: t.int({ required: true }),
    daysRest: t.int({ required: true }),
  }),
});
const DeleteRestProfileInput = builder.inputType('DeleteRestProfileInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});

interface RuleArgs {
  name: string;
  ageGroup: string;
  global: boolean;
  organizationId?: string | number | null;
  pitchLimits?: { pitchCount: number; daysRest: number }[] | null;
}
const ruleInput = (input: RuleArgs) => ({
  name: input.name,
  ageGroup: input.ageGroup,
  global: input.global,
  organizationId: input.organizationId == null ? null : String(input.organizationId),
  pitchLimits: input.pitchLimits,
});

builder.mutationFields((t) => ({
  createRestRule: t.field({
    type: RestRule,
    args: { input: t.arg({ type: CreateRestRuleInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.services.restRules.create(await ctx.actor(), ruleInput(input)),
  }),
  updateRestRule: t.field({
    type: RestRule,
    args: { input: t.arg({ type: UpdateRestRuleInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.restRules.update(await ctx.actor(), { id: String(input.id), ...ruleInput(input) }),
  }),
  deleteRestRule: t.field({
    type: RestRule,
    description: 'Refused while leagues use the rule',
    args: { input: t.arg({ type: DeleteRestRuleInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.restRules.delete(await ctx.actor(), { id: String(input.id) }),
  }),
  createRestProfile: t.field({
    type: RestProfile,
    args: { input: t.arg({ type: CreateRestProfileInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.restRules.createProfile(await ctx.actor(), {
        restRuleId: String(input.restRuleId),
        pitchCount: input.pitchCount,
        daysRest: input.daysRest,
      }),
  }),
  deleteRestProfile: t.field({
    type: RestProfile,
    args: { input: t.arg({ type: DeleteRestProfileInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.restRules.deleteProfile(await ctx.actor(), { id: String(input.id) }),
  }),
}));

const canSeeRule = (ctx: GraphQLContext, actor: Actor, rule: { global: boolean; organizationId: string | null }) =>
  ctx.services.restRules.canRead(actor, rule);
eventSubscription('onCreateRestRule', RestRule, 'restRule.created', 'A rest rule was added', canSeeRule);
eventSubscription('onUpdateRestRule', RestRule, 'restRule.updated', 'A rest rule changed', canSeeRule);
eventSubscription('onDeleteRestRule', RestRule, 'restRule.deleted', 'A rest rule was deleted', canSeeRule);
// Interval events carry their rule's organization, for the check; the field shows the interval.
const Interval = RestProfile as unknown as ObjectRef<
  BullpenTypes,
  RestProfileRecord & { organizationId: string | null }
>;
eventSubscription('onCreateRestProfile', Interval, 'restProfile.created', 'An interval was added', (ctx, actor, p) =>
  ctx.services.restRules.canRead(actor, { global: p.organizationId === null, organizationId: p.organizationId }),
);
eventSubscription('onDeleteRestProfile', Interval, 'restProfile.deleted', 'An interval was removed', (ctx, actor, p) =>
  ctx.services.restRules.canRead(actor, { global: p.organizationId === null, organizationId: p.organizationId }),
);
