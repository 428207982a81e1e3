import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { type Actor, authorize, authorizeSome, can } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import {
  invitations,
  outboxEmails,
  outsideOutings,
  pitchEvents,
  pitcherChoices,
  pitchOutings,
  playerGuardians,
  players,
  rosterEntries,
  violations,
} from '../db/schema.ts';
import { gameChain, History, playerChain } from './history.ts';
import { forgetBooksOf } from './pitch-events.repository.ts';
import type { PlayerRecord, PlayersService } from './players.service.ts';
import { knownOrganization, requireUuid } from './scope.ts';
import { recomputeViolations } from './violations.repository.ts';

/**
 * The same child entered twice (docs/decisions/0049-answers-within-what-you-can-read.md): a league's admin who
 * cannot read another league's child adds theirs as new, so an organization's admin, who reads both, is shown
 * the records with the same names and birth date and merges them. A merge moves the whole pitch record onto the
 * kept child, in the history, and keeps the other row, removed, as where the moved records came from.
 */

export interface PossibleDuplicate {
  firstName: string;
  lastName: string;
  birthDate: string;
  players: PlayerRecord[];
}

const MAX_GROUPS = 100;

export const MERGE_MESSAGES = {
  same: { id: 'errors.merge.same' } as Message,
  notSameChild: { id: 'errors.merge.notSameChild' } as Message,
  sameGame: { id: 'errors.merge.sameGame' } as Message,
} as const;

export function createPlayerDuplicatesService(deps: { db: Db; clock: Clock; players: PlayersService }) {
  const { db, clock } = deps;

  return {
    /** Records of the organization with the same names (any case) and birth date, at most 100 groups. */
    async list(actor: Actor | null, input: { organizationId: string }): Promise<PossibleDuplicate[]> {
      const me = authorizeSome(actor, 'Query.listPossibleDuplicatePlayers');
      const organizationId = knownOrganization(me, input.organizationId);
      authorize(me, 'Query.listPossibleDuplicatePlayers', { organizationId });
      const groups = (await db.execute(sql`
        select array_agg(p.id::text order by p.created_at, p.id) as ids
        from ${players} p
        where p.organization_id = ${organizationId} and p.removed_at is null and p.birth_date is not null
        group by lower(p.first_name), lower(p.last_name), p.birth_date
        having count(*) > 1
        order by min(lower(p.last_name)), min(lower(p.first_name)), p.birth_date
        limit ${MAX_GROUPS}`)) as unknown as { rows: { ids: string[] }[] };
      const out: PossibleDuplicate[] = [];
      for (const { ids } of groups.rows) {
        const records = await Promise.all(ids.map((id) => deps.players.load(id)));
        const first = records[0] as PlayerRecord;
        out.push({
          firstName: first.firstName,
          lastName: first.lastName,
          birthDate: first.birthDate,
          players: records,
        });
      }
      return out;
    },

    /**
     * Merges `mergeId` into `keepId`, both the same child (names and birth date) of one organization: rosters,
     * parents, outings, taps, outside outings, violations and pitcher choices move to the kept record, each
     * move in the history; the merged row is removed (a pseudonym, as decision 0033 removes a child) and
     * names the kept one. Refused when both pitched in one game: an admin corrects that game first.
     */
    async merge(actor: Actor | null, input: { keepId: string; mergeId: string }): Promise<PlayerRecord> {
      const me = authorizeSome(actor, 'Mutation.mergePlayers');
      const keepId = requireUuid(input.keepId, 'Player');
      const mergeId = requireUuid(input.mergeId, 'Player');
      if (keepId === mergeId) throw errors.badInput(MERGE_MESSAGES.same);
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(players)
          .where(and(inArray(players.id, [keepId, mergeId]), isNull(players.removedAt)));
        const keep = rows.find((r) => r.id === keepId);
        const merged = rows.find((r) => r.id === mergeId);
        // Either one the caller cannot act on is missing, as decision 0030 answers an unreadable id.
        const mine = (p: typeof keep) =>
          p !== undefined && can(me, 'Mutation.mergePlayers', { organizationId: p.organizationId });
        if (!keep || !merged || !mine(keep) || !mine(merged)) throw errors.notFound('Player');
        // The organization's chain, both children's and their games' (decision 0054), named at once: one lock order.
        const games = (await tx.execute(sql`
          select game_id::text as id from ${pitchOutings} where player_id in (${keepId}, ${mergeId})
          union select game_id::text from ${pitchEvents} where pitcher_id in (${keepId}, ${mergeId})
          union select game_id::text from ${pitcherChoices} where pitcher_id in (${keepId}, ${mergeId})`)) as unknown as {
          rows: { id: string }[];
        };
        const history = await History.open(tx, me, clock.now(), [
          keep.organizationId,
          playerChain(keep.organizationId, keepId),
          playerChain(keep.organizationId, mergeId),
          ...games.rows.map((g) => gameChain(keep.organizationId, g.id)),
        ]);
        // In turn with every other write to either child (their rows locked after the history, one order).
        await tx
          .select({ id: players.id })
          .from(players)
          .where(inArray(players.id, [keepId, mergeId]))
          .for('update');
        const same =
          keep.organizationId === merged.organizationId &&
          keep.firstName.toLowerCase() === merged.firstName.toLowerCase() &&
          keep.lastName.toLowerCase() === merged.lastName.toLowerCase() &&
          keep.birthDate === merged.birthDate;
        if (!same) throw errors.badInput(MERGE_MESSAGES.notSameChild);
        const [both] = (
          (await tx.execute(sql`
            select count(*)::int as n from ${pitchOutings} a join ${pitchOutings} b on a.game_id = b.game_id
            where a.player_id = ${keepId} and b.player_id = ${mergeId}
              and a.deleted_at is null and b.deleted_at is null`)) as unknown as { rows: { n: number }[] }
        ).rows;
        if ((both?.n ?? 0) > 0) throw errors.conflict(MERGE_MESSAGES.sameGame);

        const reason = 'Merged: the same child was entered twice';
        const scope = { playerIds: [keepId, mergeId] };
        const change = { action: 'merged', reason };
        await history.track('outing', scope, change, () =>
          tx.update(pitchOutings).set({ playerId: keepId }).where(eq(pitchOutings.playerId, mergeId)),
        );
        await history.track('pitch-event', scope, change, () =>
          tx.update(pitchEvents).set({ pitcherId: keepId }).where(eq(pitchEvents.pitcherId, mergeId)),
        );
        // Their books' kept counts no longer name their taps: the next tap counts each book whole.
        await forgetBooksOf(tx, [keepId, mergeId]);
        await history.track('pitcher-choice', scope, change, () =>
          tx
            .update(pitcherChoices)
            .set({ pitcherId: keepId })
            .where(
              and(
                eq(pitcherChoices.pitcherId, mergeId),
                sql`not exists (select 1 from ${pitcherChoices} k where k.pitcher_id = ${keepId} and k.game_id = ${pitcherChoices.gameId})`,
              ),
            ),
        );
        await history.track('violation', scope, change, () =>
          tx.update(violations).set({ playerId: keepId }).where(eq(violations.playerId, mergeId)),
        );
        await tx.update(outsideOutings).set({ playerId: keepId }).where(eq(outsideOutings.playerId, mergeId));
        await tx.update(outboxEmails).set({ playerId: keepId }).where(eq(outboxEmails.playerId, mergeId));
        await tx.execute(sql`
          insert into ${rosterEntries} (team_id, player_id)
          select team_id, ${keepId} from ${rosterEntries} where player_id = ${mergeId}
          on conflict do nothing`);
        await tx.delete(rosterEntries).where(eq(rosterEntries.playerId, mergeId));
        await tx.execute(sql`
          insert into ${playerGuardians} (player_id, user_id)
          select ${keepId}, user_id from ${playerGuardians} where player_id = ${mergeId}
          on conflict do nothing`);
        await tx.delete(playerGuardians).where(eq(playerGuardians.playerId, mergeId));
        await tx.delete(invitations).where(eq(invitations.playerId, mergeId));
        const now = clock.now();
        await history.track('player-record', { ids: [keepId, mergeId] }, change, async () => {
          await tx
            .update(players)
            .set({
              firstName: 'Removed',
              lastName: `player ${randomBytes(3).toString('hex').toUpperCase()}`,
              birthDate: null,
              jerseyNumber: null,
              removedAt: now,
              mergedInto: keepId,
              removalRequestedAt: null,
              removalRequestedBy: null,
              removalRequestedByName: null,
              version: sql`${players.version} + 1`,
              updatedAt: now,
            })
            .where(eq(players.id, mergeId));
          await tx
            .update(players)
            .set({
              version: sql`${players.version} + 1`,
              updatedAt: now,
            })
            .where(eq(players.id, keepId));
        });
        // One child's whole record now: the rules judge it again.
        await recomputeViolations(tx, [keepId], history, reason);
        return deps.players.load(keepId, tx);
      });
    },
  };
}

export type PlayerDuplicatesService = ReturnType<typeof createPlayerDuplicatesService>;
