import { DEFAULT_TIME_ZONE } from '../../core/admin-inputs.ts';
import type { Actor } from '../../core/permissions.ts';
import type { OrganizationRecord } from '../services/organizations.repository.ts';
import { builder } from './builder.ts';
import type { GraphQLContext } from './context.ts';
import { connectionOf, UserSummary } from './filters.graphql.ts';
import { pageArgs } from './pagination.ts';
import { eventSubscription } from './subscriptions.ts';

export const Organization = builder.objectRef<OrganizationRecord>('Organization').implement({
  description: 'A club or association that runs leagues',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    timeZone: t.exposeString('timeZone', {
      description: 'IANA time zone; game dates and rest days are calendar days there',
    }),
    admins: t.exposeIDList('admins', { description: 'User ids of its admins' }),
    adminUsers: t.field({ type: [UserSummary], description: 'Its admins, by name', resolve: (o) => o.adminUsers }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const OrganizationConnection = connectionOf('OrganizationConnection', Organization);

builder.queryField('listOrganizations', (t) =>
  t.field({
    type: OrganizationConnection,
    description: 'Organizations by name: all for SuperAdmin, their own for an admin',
    args: pageArgs(t),
    resolve: async (_root, args, ctx) =>
      ctx.services.organizations.list(await ctx.actor(), ctx.paging.page('listOrganizations', args)),
  }),
);

const CreateOrganizationInput = builder.inputType('CreateOrganizationInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    timeZone: t.string({ description: `IANA name; default ${DEFAULT_TIME_ZONE}` }),
    admins: t.idList(),
  }),
});
const UpdateOrganizationInput = builder.inputType('UpdateOrganizationInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string(),
    timeZone: t.string(),
    admins: t.idList({ description: 'Replaces the list' }),
  }),
});
const DeleteOrganizationInput = builder.inputType('DeleteOrganizationInput', {
  fields: (t) => ({ id: t.id({ required: true }) }),
});

builder.mutationFields((t) => ({
  createOrganization: t.field({
    type: Organization,
    args: { input: t.arg({ type: CreateOrganizationInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.organizations.create(await ctx.actor(), {
        name: input.name,
        timeZone: input.timeZone,
        admins: input.admins?.map(String),
      }),
  }),
  updateOrganization: t.field({
    type: Organization,
    args: { input: t.arg({ type: UpdateOrganizationInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.organizations.update(await ctx.actor(), {
        id: String(input.id),
        name: input.name,
        timeZone: input.timeZone,
        admins: input.admins?.map(String),
      }),
  }),
  deleteOrganization: t.field({
    type: Organization,
    description: 'Refused while the organization has leagues',
    args: { input: t.arg({ type: DeleteOrganizationInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.organizations.delete(await ctx.actor(), { id: String(input.id) }),
  }),
}));

const canSee = (ctx: GraphQLContext, actor: Actor, org: OrganizationRecord) =>
  ctx.services.organizations.canRead(actor, org.id);
eventSubscription('onCreateOrganization', Organization, 'organization.created', 'An organization was added', canSee);
eventSubscription('onUpdateOrganization', Organization, 'organization.updated', 'An organization changed', canSee);
eventSubscription('onDeleteOrganization', Organization, 'organization.deleted', 'An organization was deleted', canSee);
