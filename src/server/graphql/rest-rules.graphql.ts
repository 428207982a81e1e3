import type { ObjectRef } from '@pothos/core';
import type { AgeBasis as AgeBasisValue } from '../../core/league-age.ts';
import type { Actor } from '../../core/permissions.ts';
import type { CatcherRule, DailyLimit as DailyLimitValue, WindowCap as WindowCapValue } from '../../core/rules/rule.ts';
import type { RestProfileRecord, RestRuleRecord } from '../services/rest-rules.repository.ts';
import type { RestRuleInput } from '../services/rest-rules.service.ts';
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
    minAge: t.exposeInt('minAge', { nullable: true, description: 'The youngest age it applies to; null: any' }),
    maxAge: t.exposeInt('maxAge', { nullable: true, description: 'The oldest age it applies to; null: any' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

// What real rulebooks need beyond the spec's intervals (src/core/rules/rule.ts).
const RuleUnitEnum = builder.enumType('RuleUnit', {
  description: 'What a rule counts: pitches, or innings (Little League softball)',
  values: ['pitches', 'innings'] as const,
});
const AgeBasisKindEnum = builder.enumType('AgeBasisKind', {
  description: 'cutoff: league age on a day of the season year (or the year before); actual: age on the game date',
  values: ['cutoff', 'actual'] as const,
});
const WindowUnitEnum = builder.enumType('WindowUnit', {
  values: ['pitches', 'innings', 'outs', 'appearances'] as const,
});
const WindowPeriodEnum = builder.enumType('WindowPeriod', {
  values: ['week', 'season', 'rolling12Months', 'rollingDays'] as const,
});

const AgeBasis = builder.objectRef<AgeBasisValue>('AgeBasis').implement({
  description: 'How the rule reads a player’s age',
  fields: (t) => ({
    kind: t.field({ type: AgeBasisKindEnum, resolve: (b) => b.kind }),
    month: t.int({ nullable: true, resolve: (b) => (b.kind === 'cutoff' ? b.month : null) }),
    day: t.int({ nullable: true, resolve: (b) => (b.kind === 'cutoff' ? b.day : null) }),
    yearOffset: t.int({
      nullable: true,
      description: '0: the season year; -1: the year before',
      resolve: (b) => (b.kind === 'cutoff' ? b.yearOffset : null),
    }),
  }),
});
const DailyLimit = builder.objectRef<DailyLimitValue>('DailyLimit').implement({
  description: 'The most a pitcher of these ages may throw (or pitch, in innings) in a day',
  fields: (t) => ({ minAge: t.exposeInt('minAge'), maxAge: t.exposeInt('maxAge'), max: t.exposeInt('max') }),
});
const WindowCap = builder.objectRef<WindowCapValue>('WindowCap').implement({
  description: 'A cap over a week (from weekStartsOn, 0 = Sunday), a season, 12 rolling months or rolling days',
  fields: (t) => ({
    unit: t.field({ type: WindowUnitEnum, resolve: (w) => w.unit }),
    period: t.field({ type: WindowPeriodEnum, resolve: (w) => w.period }),
    weekStartsOn: t.exposeInt('weekStartsOn', { nullable: true }),
    days: t.exposeInt('days', { nullable: true }),
    max: t.exposeInt('max'),
    minAge: t.exposeInt('minAge', { nullable: true }),
    maxAge: t.exposeInt('maxAge', { nullable: true }),
  }),
});
const CatcherRules = builder.objectRef<CatcherRule>('CatcherRules').implement({
  description: 'Little League’s three catcher rules; null switches one off',
  fields: (t) => ({
    noCatchingAfterPitches: t.exposeInt('noCatchingAfterPitches', { nullable: true }),
    noPitchingAfterCaughtInnings: t.exposeInt('noPitchingAfterCaughtInnings', { nullable: true }),
    noCatchingAgainAfterPitches: t.exposeInt('noCatchingAgainAfterPitches', { nullable: true }),
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
    version: t.exposeInt('version'),
    pitchLimits: t.field({
      type: [RestProfile],
      description: 'The intervals, sorted by daysRest ascending',
      resolve: (rule) => rule.pitchLimits,
    }),
    presetId: t.exposeString('presetId', { nullable: true, description: 'The shipped rulebook it came from' }),
    unit: t.field({ type: RuleUnitEnum, resolve: (rule) => rule.unit }),
    ageBasis: t.field({ type: AgeBasis, resolve: (rule) => rule.ageBasis }),
    dailyLimits: t.field({ type: [DailyLimit], resolve: (rule) => [...rule.dailyLimits] }),
    finishBatter: t.exposeBoolean('finishBatter', {
      description: 'Rest and the daily max read the count when the last batter came up',
    }),
    intentionalWalkPitches: t.exposeInt('intentionalWalkPitches'),
    maxGamesPerDay: t.exposeInt('maxGamesPerDay', { nullable: true }),
    maxConsecutiveDays: t.exposeInt('maxConsecutiveDays', { nullable: true }),
    windows: t.field({ type: [WindowCap], resolve: (rule) => [...rule.windows] }),
    catcher: t.field({ type: CatcherRules, resolve: (rule) => rule.catcher }),
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
        ctx.paging.page('listRestRules', args),
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
        ctx.paging.page('listRestProfiles', args),
      ),
  }),
}));

const IntervalInput = builder.inputType('IntervalInput', {
  fields: (t) => ({
    pitchCount: t.int({ required: true }),
    daysRest: t.int({ required: true }),
    minAge: t.int({ description: 'Only for these ages and up; empty: any' }),
    maxAge: t.int({ description: 'Only up to this age; empty: any' }),
  }),
});
const AgeBasisInput = builder.inputType('AgeBasisInput', {
  fields: (t) => ({
    kind: t.field({ type: AgeBasisKindEnum, required: true }),
    month: t.int(),
    day: t.int(),
    yearOffset: t.int(),
  }),
});
const DailyLimitInput = builder.inputType('DailyLimitInput', {
  fields: (t) => ({
    minAge: t.int({ required: true }),
    maxAge: t.int({ required: true }),
    max: t.int({ required: true }),
  }),
});
const WindowCapInput = builder.inputType('WindowCapInput', {
  fields: (t) => ({
    unit: t.field({ type: WindowUnitEnum, required: true }),
    period: t.field({ type: WindowPeriodEnum, required: true }),
    weekStartsOn: t.int(),
    days: t.int(),
    max: t.int({ required: true }),
    minAge: t.int(),
    maxAge: t.int(),
  }),
});
const CatcherRulesInput = builder.inputType('CatcherRulesInput', {
  fields: (t) => ({
    noCatchingAfterPitches: t.int(),
    noPitchingAfterCaughtInnings: t.int(),
    noCatchingAgainAfterPitches: t.int(),
  }),
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
  unit: t.field({ type: RuleUnitEnum, description: 'Left out: pitches (new) or unchanged' }),
  ageBasis: t.field({ type: AgeBasisInput, description: 'Left out: Little League’s August 31 (new) or unchanged' }),
  dailyLimits: t.field({ type: [DailyLimitInput] }),
  finishBatter: t.boolean(),
  intentionalWalkPitches: t.int(),
  maxGamesPerDay: t.int({ description: 'Null: more games while the daily max allows' }),
  maxConsecutiveDays: t.int({ description: 'Null: no such rule' }),
  windows: t.field({ type: [WindowCapInput] }),
  catcher: t.field({ type: CatcherRulesInput }),
});
const CreateRestRuleInput = builder.inputType('CreateRestRuleInput', { fields: (t) => ruleFields(t) });
const UpdateRestRuleInput = builder.inputType('UpdateRestRuleInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    ...ruleFields(t),
    version: t.int({ description: 'The version you read: a stale one is refused (CONFLICT) with the current version' }),
  }),
});
const DeleteRestRuleInput = builder.inputType('DeleteRestRuleInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});
const CreateRestProfileInput = builder.inputType('CreateRestProfileInput', {
  fields: (t) => ({
    restRuleId: t.id({ required: true }),
    pitchCount: t.int({ required: true }),
    daysRest: t.int({ required: true }),
    minAge: t.int(),
    maxAge: t.int(),
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
  pitchLimits?: { pitchCount: number; daysRest: number; minAge?: number | null; maxAge?: number | null }[] | null;
  unit?: 'pitches' | 'innings' | null;
  ageBasis?: {
    kind: 'cutoff' | 'actual';
    month?: number | null;
    day?: number | null;
    yearOffset?: number | null;
  } | null;
  dailyLimits?: DailyLimitValue[] | null;
  finishBatter?: boolean | null;
  intentionalWalkPitches?: number | null;
  maxGamesPerDay?: number | null;
  maxConsecutiveDays?: number | null;
  windows?:
    | (Omit<WindowCapValue, 'weekStartsOn' | 'days' | 'minAge' | 'maxAge'> & {
        weekStartsOn?: number | null;
        days?: number | null;
        minAge?: number | null;
        maxAge?: number | null;
      })[]
    | null;
  catcher?: {
    noCatchingAfterPitches?: number | null;
    noPitchingAfterCaughtInnings?: number | null;
    noCatchingAgainAfterPitches?: number | null;
  } | null;
}

/** Leaves out what GraphQL sent as null, so the engine's schema reads absent fields. */
const present = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v != null)) as { [K in keyof T]: Exclude<T[K], null> };

const ruleInput = (input: RuleArgs): RestRuleInput => ({
  name: input.name,
  ageGroup: input.ageGroup,
  global: input.global,
  organizationId: input.organizationId == null ? null : String(input.organizationId),
  pitchLimits: input.pitchLimits,
  unit: input.unit ?? undefined,
  // The engine's schema says what a cutoff lacks; values it does not know are refused there.
  ageBasis: input.ageBasis
    ? ((input.ageBasis.kind === 'actual' ? { kind: 'actual' } : present(input.ageBasis)) as AgeBasisValue)
    : undefined,
  dailyLimits: input.dailyLimits ?? undefined,
  finishBatter: input.finishBatter ?? undefined,
  intentionalWalkPitches: input.intentionalWalkPitches ?? undefined,
  // An explicit null switches these off; left out, they stay as they are.
  maxGamesPerDay: input.maxGamesPerDay === undefined ? undefined : input.maxGamesPerDay,
  maxConsecutiveDays: input.maxConsecutiveDays === undefined ? undefined : input.maxConsecutiveDays,
  windows: input.windows?.map((w) => present(w) as WindowCapValue),
  catcher: input.catcher
    ? {
        noCatchingAfterPitches: input.catcher.noCatchingAfterPitches ?? null,
        noPitchingAfterCaughtInnings: input.catcher.noPitchingAfterCaughtInnings ?? null,
        noCatchingAgainAfterPitches: input.catcher.noCatchingAgainAfterPitches ?? null,
      }
    : undefined,
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
      ctx.services.restRules.update(await ctx.actor(), {
        id: String(input.id),
        ...ruleInput(input),
        version: input.version,
      }),
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
        minAge: input.minAge,
        maxAge: input.maxAge,
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
