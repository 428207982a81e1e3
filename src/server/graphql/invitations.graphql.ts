import type { InvitationRecord } from '../services/invitations.service.ts';
import { builder } from './builder.ts';

const InvitationRoleEnum = builder.enumType('InvitationRole', {
  description: 'coach: of a team; guardian: a parent of a child; league_admin: an admin of a league',
  values: {
    coach: { value: 'coach' },
    guardian: { value: 'guardian' },
    league_admin: { value: 'league-admin' },
  } as const,
});
const InvitationStateEnum = builder.enumType('InvitationState', {
  values: ['pending', 'accepted', 'declined'] as const,
});

const Invitation = builder.objectRef<InvitationRecord>('Invitation').implement({
  description: 'An invitation to the signed-in user: who invited them to what; nothing changes until they accept',
  fields: (t) => ({
    id: t.exposeID('id'),
    role: t.field({ type: InvitationRoleEnum, resolve: (i) => i.role }),
    state: t.field({ type: InvitationStateEnum, resolve: (i) => i.state }),
    organizationName: t.exposeString('organizationName'),
    leagueName: t.exposeString('leagueName', { nullable: true }),
    teamName: t.exposeString('teamName', { nullable: true }),
    seasonName: t.exposeString('seasonName', { nullable: true }),
    childName: t.exposeString('childName', { nullable: true, description: 'The child a parent is invited to follow' }),
    invitedByName: t.exposeString('invitedByName'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  myInvitations: t.field({
    type: [Invitation],
    description: 'The signed-in user’s invitations waiting for an answer, oldest first',
    resolve: async (_root, _args, ctx) => ctx.services.invitations.mine(await ctx.actor()),
  }),
}));

const RespondToInvitationInput = builder.inputType('RespondToInvitationInput', {
  fields: (t) => ({
    id: t.id({ required: true }),
    accept: t.boolean({ required: true, description: 'true: accept (attached now); false: decline' }),
  }),
});

builder.mutationFields((t) => ({
  respondToInvitation: t.field({
    type: Invitation,
    description: 'Accepts or declines one of one’s own pending invitations; accepting attaches the user at once',
    args: { input: t.arg({ type: RespondToInvitationInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      ctx.services.invitations.respond(await ctx.actor(), { id: String(input.id), accept: input.accept }),
  }),
}));
