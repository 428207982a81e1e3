import type { Actor } from '../../core/permissions.ts';
import type { LeagueRecord } from '../services/leagues.repository.ts';
import type { InvitedPassword } from '../services/users.service.ts';
import { builder } from './builder.ts';
import type { GraphQLContext } from './context.ts';
import { connectionOf, IDFilter, INVITE_NAME, PendingInvitationType, UserSummary } from './filters.graphql.ts';
import { CountDeadlineRuleEnum } from './official-count.graphql.ts';
import { pageArgs } from './pagination.ts';
import { RestRule } from './rest-rules.graphql.ts';
import { eventSubscription } from './subscriptions.ts';

export const League = builder.objectRef<LeagueRecord & InvitedPassword>('League').implement({
  description: 'A league of an organization, with its admins and the rest rule its pitchers follow',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    organizationId: t.exposeID('organizationId'),
    version: t.exposeInt('version', { description: 'Bumped by every change, its admins list too' }),
    requireOfficialSignature: t.exposeBoolean('requireOfficialSignature', {
      description: 'A game is signed only once its official signed too, after both teams',
    }),
    admins: t.exposeIDList('admins', { description: 'User ids of its admins' }),
    adminUsers: t.field({ type: [UserSummary], description: 'Its admins, by name', resolve: (l) => l.adminUsers }),
    restRuleId: t.exposeID('restRuleId', { nullable: true }),
    restRule: t.field({
      type: RestRule,
      nullable: true,
      description: 'The rule with its intervals, or null (None)',
      resolve: (league) => league.restRule,
    }),
    countStandsAfterDeadline: t.field({
      type: CountDeadlineRuleEnum,
      description: 'Whose count stands when a game’s counts are not agreed by the deadline (default: home)',
      resolve: (league) => league.countStandsAfterDeadline,
    }),
    countDeadlineDays: t.exposeInt('countDeadlineDays', { description: 'Days after the game (default 1)' }),
    countDeadlineTime: t.exposeString('countDeadlineTime', {
      description: 'HH:MM, the organization’s time (default 12:00)',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    invitedTemporaryPassword: t.string({
      nullable: true,
      description:
        'In the answer to inviteLeagueAdmin only, when it created the admin’s account: their generated temporary password, shown once, never readable again; null everywhere else',
      resolve: (league) => league.invitedTemporaryPassword ?? null,
    }),
    invitedPending: t.field({
      type: PendingInvitationType,
      nullable: true,
      description:
        'In the answer to inviteLeagueAdmin only, when the person has an account elsewhere: the invitation as typed (they are attached when they accept); null everywhere else',
      resolve: (league) => league.invitedPending ?? null,
    }),
  }),
});

const LeagueConnection = connectionOf('LeagueConnection', League);
const LeagueFilter = builder.inputType('LeagueFilter', {
  fields: (t) => ({ organizationId: t.field({ type: IDFilter }) }),
});

builder.queryField('listLeagues', (t) =>
  t.field({
    type: LeagueConnection,
    description: 'Leagues by name, optionally of one organization',
    args: { filter: t.arg({ type: LeagueFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.leagues.list(
        await ctx.actor(),
        { organizationId: args.filter?.organizationId?.eq == null ? null : String(args.filter.organizationId.eq) },
        ctx.paging.page('listLeagues', args),
      ),
  }),
);

const CreateLeagueInput = builder.inputType('CreateLeagueInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    organizationId: t.id({ required: true }),
    admins: t.idList(),
    restRuleId: t.id({ description: 'A global rule or one of the organization; null for none' }),
  }),
});
const UpdateLeagueInput = builder.inputType('UpdateLeagueInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string(),
    admins: t.idList({ description: 'Replaces the list' }),
    restRuleId: t.id({ description: 'null clears the rule; leave it out to keep it' }),
    countStandsAfterDeadline: t.field({ type: CountDeadlineRuleEnum }),
    countDeadlineDays: t.int(),
    countDeadlineTime: t.string(),
    requireOfficialSignature: t.boolean({ description: 'Ask the game official’s signature too' }),
    version: t.int({
      required: true,
      description: 'The version you read: a stale one is refused (CONFLICT) with the current version',
    }),
  }),
});
const InviteLeagueAdminInput = builder.inputType('InviteLeagueAdminInput', {
  fields: (t) => ({
    leagueId: t.id({ required: true }),
    email: t.string({ required: true }),
    givenName: t.string({ description: INVITE_NAME }),
    familyName: t.string({ description: INVITE_NAME }),
  }),
});

const DeleteLeagueInput = builder.inputType('DeleteLeagueInput', { fields: (t) => ({ id: t.id({ required: true }) }) });

const optionalId = (value: string | number | null | undefined) =>
  value === undefined ? undefined : value === null ? null : String(value);

builder.mutationFields((t) => ({
  createLeague: t.field({
    type: League,
    args: { input: t.arg({ type: CreateLeagueInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.leagues.create(await ctx.actor(), {
        name: input.name,
        organizationId: String(input.organizationId),
        admins: input.admins?.map(String),
        restRuleId: optionalId(input.restRuleId) ?? null,
      }),
  }),
  updateLeague: t.field({
    type: League,
    args: { input: t.arg({ type: UpdateLeagueInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.leagues.update(await ctx.actor(), {
        id: String(input.id),
        name: input.name,
        admins: input.admins?.map(String),
        restRuleId: optionalId(input.restRuleId),
        countStandsAfterDeadline: input.countStandsAfterDeadline,
        countDeadlineDays: input.countDeadlineDays,
        countDeadlineTime: input.countDeadlineTime,
        requireOfficialSignature: input.requireOfficialSignature,
        version: input.version,
      }),
  }),
  inviteLeagueAdmin: t.field({
    type: League,
    description:
      'Adds the person with this email to the league’s admins; a new email gets an account and a temporary password. The answer does not tell which',
    args: { input: t.arg({ type: InviteLeagueAdminInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.leagues.inviteAdmin(await ctx.actor(), { ...input, leagueId: String(input.leagueId) }),
  }),
  deleteLeague: t.field({
    type: League,
    args: { input: t.arg({ type: DeleteLeagueInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.services.leagues.delete(await ctx.actor(), { id: String(input.id) }),
  }),
}));

const canSee = (ctx: GraphQLContext, actor: Actor, league: LeagueRecord) => ctx.services.leagues.canRead(actor, league);
eventSubscription('onCreateLeague', League, 'league.created', 'A league was added', canSee);
eventSubscription('onUpdateLeague', League, 'league.updated', 'A league changed', canSee);
eventSubscription('onDeleteLeague', League, 'league.deleted', 'A league was deleted', canSee);
