import { eq } from 'drizzle-orm';
import type { Message } from '../../core/i18n/messages.ts';
import type { Db } from '../db/client.ts';
import { type INVITATION_ROLES, invitations, users } from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import { queueEmails } from './outbox.ts';

/**
 * Invitations of people who already have an account (docs/decisions/0049-answers-within-what-you-can-read.md):
 * the inviter is shown only what they typed; the person is emailed and sees the invitation on their dashboard
 * and account page, and is attached (made coach, parent or league admin) only when they accept.
 */

export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** Where an invitation attaches its person, and in which organization. */
export interface InvitationTarget {
  organizationId: string;
  role: InvitationRole;
  teamId?: string;
  playerId?: string;
  leagueId?: string;
}

/** What the inviter sees of an invitation: what they typed, nothing of the account. */
export interface PendingInvitation {
  email: string;
  givenName: string;
  familyName: string;
}

/**
 * Writes the invitation (a second one to the same person and place keeps the first) and queues its email, in
 * the person's language, in the inviter's transaction. `what` says what they are invited to.
 */
export async function invite(
  tx: Db,
  person: { userId: string; email: string; typed: { givenName: string; familyName: string } },
  target: InvitationTarget,
  invitedBy: { userId: string; name: string },
  what: Message,
  publicUrl: string | undefined,
): Promise<PendingInvitation> {
  const inserted = await tx
    .insert(invitations)
    .values({
      userId: person.userId,
      organizationId: target.organizationId,
      role: target.role,
      teamId: target.teamId ?? null,
      playerId: target.playerId ?? null,
      leagueId: target.leagueId ?? null,
      givenName: person.typed.givenName,
      familyName: person.typed.familyName,
      invitedBy: invitedBy.userId,
      invitedByName: invitedBy.name,
    })
    .onConflictDoNothing()
    .returning({ id: invitations.id });
  if (inserted.length > 0) {
    const [recipient] = await tx
      .select({ givenName: users.givenName, language: users.language })
      .from(users)
      .where(eq(users.id, person.userId));
    const t = translatorFor(recipient?.language ?? 'en');
    await queueEmails(tx, [
      {
        to: person.email,
        kind: 'invitation',
        subject: t('email.invited.subject'),
        body: [
          t('email.account.hello', { name: recipient?.givenName ?? '' }),
          '',
          t('email.invited.by', { inviter: invitedBy.name, what: t.said(what) }),
          '',
          publicUrl ? t('email.invited.answerAt', { url: `${publicUrl}/account` }) : t('email.invited.answer'),
        ].join('\n'),
        ...(target.playerId ? { playerId: target.playerId } : {}),
      },
    ]);
  }
  return { email: person.email, ...person.typed };
}
