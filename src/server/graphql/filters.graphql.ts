import type { ObjectRef } from '@pothos/core';
import { type BullpenTypes, builder } from './builder.ts';

/** The spec product's filter form: `{ field: { eq: value } }`. */
export const BooleanFilter = builder.inputType('BooleanFilter', { fields: (t) => ({ eq: t.boolean() }) });
export const IDFilter = builder.inputType('IDFilter', { fields: (t) => ({ eq: t.id() }) });

export const UserSummary = builder
  .objectRef<{ id: string; email: string; givenName: string; familyName: string }>('UserSummary')
  .implement({
    description: 'A user as admins lists show them (name bubbles)',
    fields: (t) => ({
      id: t.exposeID('id'),
      email: t.exposeString('email'),
      givenName: t.exposeString('givenName'),
      familyName: t.exposeString('familyName'),
    }),
  });

/** An invitation's names: asked every time, so that the answer never tells whether the email has an account. */
export const INVITE_NAME =
  'Required: how you know them (someone with an account elsewhere is invited by these names and keeps their own)';

/** What an inviter sees of an invitation to someone with an account elsewhere: what they typed. */
export const PendingInvitationType = builder
  .objectRef<{ email: string; givenName: string; familyName: string }>('PendingInvitation')
  .implement({
    description:
      'An invitation the person accepts or declines from their own account; until then they are not attached. Only what the inviter typed',
    fields: (t) => ({
      email: t.exposeString('email'),
      givenName: t.exposeString('givenName'),
      familyName: t.exposeString('familyName'),
    }),
  });

/** `{ items, nextToken }` of a type (the spec's paged lists). */
export function connectionOf<T>(name: string, item: ObjectRef<BullpenTypes, T>) {
  return builder.objectRef<{ items: T[]; nextToken: string | null }>(name).implement({
    fields: (t) => ({
      items: t.field({ type: [item], resolve: (page) => page.items }),
      nextToken: t.exposeString('nextToken', { nullable: true, description: 'Pass it back for the next page' }),
    }),
  });
}
