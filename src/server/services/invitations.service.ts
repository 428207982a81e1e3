import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import { type Actor, authorize } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import {
  invitations,
  leagueAdmins,
  leagues,
  organizations,
  playerGuardians,
  players,
  seasons,
  teamCoaches,
  teams,
} from '../db/schema.ts';
import { MAX_ADMINS } from './admins.ts';
import { History } from './history.ts';
import type { InvitationRole } from './invitations.repository.ts';
import { requireUuid } from './scope.ts';

/**
 * The invitations a person holds (docs/decisions/0049-answers-within-what-you-can-read.md): someone with an
 * account was invited to coach a team, follow a child or run a league; they read who invited them to what,
 * and accept (attached then, in the same transaction) or decline.
 */

export interface InvitationRecord {
  id: string;
  role: InvitationRole;
  state: 'pending' | 'accepted' | 'declined';
  organizationName: string;
  leagueName: string | null;
  teamName: string | null;
  seasonName: string | null;
  childName: string | null;
  invitedByName: string;
  createdAt: Date;
}

export function createInvitationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function read(from: Db, userId: string, id?: string): Promise<(InvitationRecord & { raw: Raw })[]> {
    const rows = await from
      .select({
        raw: invitations,
        organizationName: organizations.name,
        leagueName: sql<
          string | null
        >`coalesce(${leagues.name}, (select l.name from ${leagues} l where l.id = ${teams.leagueId}))`,
        teamName: teams.name,
        seasonName: seasons.name,
        childName: sql<
          string | null
        >`case when ${players.id} is null then null else ${players.firstName} || ' ' || ${players.lastName} end`,
      })
      .from(invitations)
      .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
      .leftJoin(leagues, eq(leagues.id, invitations.leagueId))
      .leftJoin(teams, eq(teams.id, invitations.teamId))
      .leftJoin(seasons, eq(seasons.id, teams.seasonId))
      .leftJoin(players, eq(players.id, invitations.playerId))
      .where(
        and(
          eq(invitations.userId, userId),
          id ? eq(invitations.id, id) : eq(invitations.state, 'pending'),
          // A child removed meanwhile is nobody's to follow.
          sql`(${invitations.playerId} is null or ${players.removedAt} is null)`,
        ),
      )
      .orderBy(asc(invitations.createdAt), asc(invitations.id));
    return rows.map((r) => ({
      raw: r.raw,
      id: r.raw.id,
      role: r.raw.role,
      state: r.raw.state,
      organizationName: r.organizationName,
      leagueName: r.leagueName,
      teamName: r.teamName,
      seasonName: r.seasonName,
      childName: r.childName,
      invitedByName: r.raw.invitedByName,
      createdAt: r.raw.createdAt,
    }));
  }

  type Raw = typeof invitations.$inferSelect;

  /** Attaches the person where the invitation says, as the inviter's own call would have. */
  async function attach(tx: Db, actor: Actor, invitation: Raw) {
    if (invitation.role === 'coach' && invitation.teamId) {
      await tx
        .insert(teamCoaches)
        .values({ teamId: invitation.teamId, userId: invitation.userId })
        .onConflictDoNothing();
      await tx
        .update(teams)
        .set({ version: sql`${teams.version} + 1` })
        .where(eq(teams.id, invitation.teamId));
    } else if (invitation.role === 'guardian' && invitation.playerId) {
      const [child] = await tx
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.id, invitation.playerId), isNull(players.removedAt)));
      if (!child) throw errors.notFound('Player');
      await tx
        .insert(playerGuardians)
        .values({ playerId: invitation.playerId, userId: invitation.userId })
        .onConflictDoNothing();
    } else if (invitation.role === 'league-admin' && invitation.leagueId) {
      // In turn with the league's other changes (its admins list), as inviteLeagueAdmin is.
      await History.open(tx, actor, clock.now(), [invitation.organizationId]);
      const admins = await tx.select().from(leagueAdmins).where(eq(leagueAdmins.leagueId, invitation.leagueId));
      if (admins.length >= MAX_ADMINS) {
        throw errors.badInput({ id: 'errors.admins.tooMany', values: { max: MAX_ADMINS, what: 'admin' } });
      }
      await tx
        .insert(leagueAdmins)
        .values({ leagueId: invitation.leagueId, userId: invitation.userId })
        .onConflictDoNothing();
      await tx
        .update(leagues)
        .set({ version: sql`${leagues.version} + 1` })
        .where(eq(leagues.id, invitation.leagueId));
    }
  }

  return {
    /** The caller's pending invitations, oldest first. */
    async mine(actor: Actor | null): Promise<InvitationRecord[]> {
      const me = authorize(actor, 'Query.myInvitations');
      return (await read(db, me.userId)).map(({ raw: _, ...record }) => record);
    },

    /** Accepts (attached now) or declines one of the caller's pending invitations; another's is missing. */
    async respond(actor: Actor | null, input: { id: string; accept: boolean }): Promise<InvitationRecord> {
      const me = authorize(actor, 'Mutation.respondToInvitation');
      const id = requireUuid(input.id, 'Invitation');
      return db.transaction(async (tx) => {
        const [found] = await read(tx, me.userId, id);
        if (!found) throw errors.notFound('Invitation');
        if (found.state !== 'pending') throw errors.conflict({ id: 'errors.invitation.answered' });
        // Two answers at once: the second finds it answered.
        const [claimed] = await tx
          .update(invitations)
          .set({ state: input.accept ? 'accepted' : 'declined', respondedAt: clock.now(), updatedAt: clock.now() })
          .where(and(eq(invitations.id, id), eq(invitations.state, 'pending')))
          .returning({ id: invitations.id });
        if (!claimed) throw errors.conflict({ id: 'errors.invitation.answered' });
        if (input.accept) await attach(tx, me, found.raw);
        const { raw: _, ...record } = found;
        return { ...record, state: input.accept ? 'accepted' : 'declined' };
      });
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
