import type { TeamRecord } from '../services/teams.service.ts';
import type { InvitedPassword } from '../services/users.service.ts';
import { builder } from './builder.ts';
import { connectionOf, IDFilter, INVITE_NAME, PendingInvitationType, UserSummary } from './filters.graphql.ts';
import { pageArgs } from './pagination.ts';
import { SeasonStateEnum } from './seasons.graphql.ts';

export const Team = builder.objectRef<TeamRecord & InvitedPassword>('Team').implement({
  description: 'A team of a league in a season, with its coaches',
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    leagueId: t.exposeID('leagueId'),
    leagueName: t.exposeString('leagueName'),
    seasonId: t.exposeID('seasonId'),
    seasonName: t.exposeString('seasonName'),
    seasonState: t.field({ type: SeasonStateEnum, resolve: (team) => team.seasonState }),
    name: t.exposeString('name'),
    coaches: t.exposeIDList('coaches', { description: 'User ids of its coaches' }),
    coachUsers: t.field({
      type: [UserSummary],
      description: 'Its coaches, by name',
      resolve: (team) => team.coachUsers,
    }),
    playerCount: t.exposeInt('playerCount', { description: 'Players on its roster' }),
    version: t.exposeInt('version', { description: 'Bumped by every change, its coaches list too' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    invitedTemporaryPassword: t.string({
      nullable: true,
      description:
        'In the answer to inviteCoach only, when it created the coach’s account: their generated temporary password, shown once, never readable again; null everywhere else',
      resolve: (team) => team.invitedTemporaryPassword ?? null,
    }),
    invitedPending: t.field({
      type: PendingInvitationType,
      nullable: true,
      description:
        'In the answer to inviteCoach only, when the person has an account elsewhere: the invitation as typed (they are attached when they accept); null everywhere else',
      resolve: (team) => team.invitedPending ?? null,
    }),
  }),
});

const TeamConnection = connectionOf('TeamConnection', Team);
const TeamFilter = builder.inputType('TeamFilter', {
  fields: (t) => ({
    organizationId: t.field({ type: IDFilter }),
    leagueId: t.field({ type: IDFilter }),
    seasonId: t.field({ type: IDFilter }),
  }),
});

const idOf = (filter: { eq?: string | number | null } | null | undefined) =>
  filter?.eq == null ? null : String(filter.eq);

builder.queryField('listTeams', (t) =>
  t.field({
    type: TeamConnection,
    description: 'Teams by league and name: an admin’s leagues, a coach’s own teams, a parent’s children’s',
    args: { filter: t.arg({ type: TeamFilter }), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.teams.list(
        await ctx.actor(),
        {
          organizationId: idOf(args.filter?.organizationId),
          leagueId: idOf(args.filter?.leagueId),
          seasonId: idOf(args.filter?.seasonId),
        },
        ctx.paging.page('listTeams', args),
      ),
  }),
);

const CreateTeamInput = builder.inputType('CreateTeamInput', {
  fields: (t) => ({
    leagueId: t.id({ required: true }),
    seasonId: t.id({ required: true }),
    name: t.string({ required: true }),
    coaches: t.idList({ description: 'User ids' }),
  }),
});
const UpdateTeamInput = builder.inputType('UpdateTeamInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string(),
    coaches: t.idList({ description: 'Replaces the list' }),
    version: t.int({
      required: true,
      description: 'The version you read: a stale one is refused (CONFLICT) with the current version',
    }),
  }),
});
const DeleteTeamInput = builder.inputType('DeleteTeamInput', { fields: (t) => ({ id: t.id({ required: true }) }) });
const InviteCoachInput = builder.inputType('InviteCoachInput', {
  fields: (t) => ({
    teamId: t.id({ required: true }),
    email: t.string({ required: true }),
    givenName: t.string({ description: INVITE_NAME }),
    familyName: t.string({ description: INVITE_NAME }),
  }),
});

builder.mutationFields((t) => ({
  createTeam: t.field({
    type: Team,
    args: { input: t.arg({ type: CreateTeamInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.teams.create(await ctx.actor(), {
        leagueId: String(input.leagueId),
        seasonId: String(input.seasonId),
        name: input.name,
        coaches: input.coaches?.map(String),
      }),
  }),
  updateTeam: t.field({
    type: Team,
    args: { input: t.arg({ type: UpdateTeamInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.teams.update(await ctx.actor(), {
        id: String(input.id),
        name: input.name,
        coaches: input.coaches?.map(String),
        version: input.version,
      }),
  }),
  deleteTeam: t.field({
    type: Team,
    args: { input: t.arg({ type: DeleteTeamInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.services.teams.delete(await ctx.actor(), { id: String(input.id) }),
  }),
  inviteCoach: t.field({
    type: Team,
    description: 'Adds the person with this email as a coach; a new email gets an account and a temporary password',
    args: { input: t.arg({ type: InviteCoachInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.teams.inviteCoach(await ctx.actor(), { ...input, teamId: String(input.teamId) }),
  }),
}));
