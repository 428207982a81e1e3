import type { UserRecord } from '../services/users.repository.ts';
import type { GeneratedPassword } from '../services/users.service.ts';
import { builder } from './builder.ts';
import { connectionOf } from './filters.graphql.ts';
import { pageArgs } from './pagination.ts';
import { eventSubscription } from './subscriptions.ts';

export const User = builder.objectRef<UserRecord & GeneratedPassword>('User').implement({
  description: 'A person who signs in: SuperAdmin, admin, coach or parent',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    givenName: t.exposeString('givenName'),
    familyName: t.exposeString('familyName'),
    roles: t.exposeStringList('roles', { description: 'Roles stored on the user; empty on creation' }),
    adminOrganizationIds: t.exposeIDList('adminOrganizationIds', {
      description: 'Organizations whose admins list holds the user',
    }),
    adminLeagueIds: t.exposeIDList('adminLeagueIds', { description: 'Leagues whose admins list holds the user' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    temporaryPassword: t.string({
      nullable: true,
      description:
        'The temporary password the server generated, in the answer to createUser only (when input.temporaryPassword was left out): shown once, never readable again; null everywhere else',
      resolve: (user) => user.temporaryPassword ?? null,
    }),
  }),
});

const UserConnection = connectionOf('UserConnection', User);

builder.queryField('listUsers', (t) =>
  t.field({
    type: UserConnection,
    description: 'Users by email. search: each word starts the given name, family name or email (any case)',
    args: { search: t.arg.string(), ...pageArgs(t) },
    resolve: async (_root, args, ctx) =>
      ctx.services.users.list(await ctx.actor(), { search: args.search }, ctx.paging.cursor('listUsers', args)),
  }),
);

const CreateUserInput = builder.inputType('CreateUserInput', {
  fields: (t) => ({
    id: t.id({ description: 'The id POST /admin-queries/createUser answered (spec flow); leave out otherwise' }),
    email: t.string({ required: true }),
    givenName: t.string({ required: true }),
    familyName: t.string({ required: true }),
    roles: t.stringList(),
    temporaryPassword: t.string({
      description:
        'Generated when left out, and then answered once in User.temporaryPassword; emailed to the user either way',
    }),
  }),
});
const UpdateUserInput = builder.inputType('UpdateUserInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    email: t.string(),
    givenName: t.string(),
    familyName: t.string(),
    roles: t.stringList({ description: 'SuperAdmin, admin, coach, parent; replaces the list' }),
    adminOrganizationIds: t.idList({ description: 'Replaces the organizations the user administers' }),
    adminLeagueIds: t.idList({ description: 'Replaces the leagues the user administers' }),
  }),
});
const DeleteUserInput = builder.inputType('DeleteUserInput', { fields: (t) => ({ id: t.id({ required: true }) }) });

builder.mutationFields((t) => ({
  createUser: t.field({
    type: User,
    args: { input: t.arg({ type: CreateUserInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.users.create(await ctx.actor(), { ...input, id: input.id == null ? null : String(input.id) }),
  }),
  updateUser: t.field({
    type: User,
    args: { input: t.arg({ type: UpdateUserInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.users.update(await ctx.actor(), {
        ...input,
        id: String(input.id),
        adminOrganizationIds: input.adminOrganizationIds?.map(String),
        adminLeagueIds: input.adminLeagueIds?.map(String),
      }),
  }),
  deleteUser: t.field({
    type: User,
    description: 'Also removes the user from every admins list and ends their sessions',
    args: { input: t.arg({ type: DeleteUserInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ctx.services.users.delete(await ctx.actor(), { id: String(input.id) }),
  }),
}));

// Only SuperAdmin subscribes to users (the policy table); nothing more to filter.
const anyone = async () => true;
eventSubscription('onCreateUser', User, 'user.created', 'A user was added', anyone);
eventSubscription('onUpdateUser', User, 'user.updated', 'A user changed', anyone);
eventSubscription('onDeleteUser', User, 'user.deleted', 'A user was deleted', anyone);
