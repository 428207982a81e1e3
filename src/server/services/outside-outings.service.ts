import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { todayIn } from '../../core/local-date.ts';
import { type OutsideOutingInput, outsideOutingDateProblem, outsideOutingSchema } from '../../core/outing-inputs.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { organizations, outsideOutings, players } from '../db/schema.ts';
import { History, playerChain } from './history.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import type { PlayersService } from './players.service.ts';
import { isUniqueViolation, readablePlayers, requireUuid } from './scope.ts';
import { nameOfUser } from './users.repository.ts';
import { recomputeViolations } from './violations.repository.ts';

export interface OutsideOutingRecord {
  id: string;
  playerId: string;
  playerName: string;
  organizationId: string;
  date: string;
  description: string;
  pitches: number;
  pitchesBeforeLastBatter: number | null;
  innings: number;
  outs: number;
  intentionalWalks: number;
  reportedByName: string;
  reportedAt: Date;
  deleted: boolean;
}

export const OUTSIDE_ERRORS = {
  idReused: { id: 'errors.outing.idReused' } as Message,
} as const;

function selectOutside(from: Db) {
  return from
    .select({
      id: outsideOutings.id,
      playerId: outsideOutings.playerId,
      playerName: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
      organizationId: outsideOutings.organizationId,
      date: outsideOutings.date,
      description: outsideOutings.description,
      pitches: outsideOutings.pitches,
      pitchesBeforeLastBatter: outsideOutings.pitchesBeforeLastBatter,
      innings: sql<number>`cardinality(${outsideOutings.pitchedInnings})`,
      outs: outsideOutings.outs,
      intentionalWalks: outsideOutings.intentionalWalks,
      reportedByName: outsideOutings.reportedByName,
      reportedAt: outsideOutings.createdAt,
      deletedAt: outsideOutings.deletedAt,
    })
    .from(outsideOutings)
    .innerJoin(players, eq(players.id, outsideOutings.playerId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectOutside>['execute']>>[number];
const recordOf = ({ deletedAt, ...row }: Row): OutsideOutingRecord => ({ ...row, deleted: deletedAt !== null });

/** What a retry must repeat: the child and the entry as first sent. */
const payloadOf = (playerId: string, entry: OutsideOutingInput) =>
  JSON.stringify([
    playerId,
    entry.date,
    entry.description,
    entry.pitches,
    entry.pitchesBeforeLastBatter,
    entry.innings,
    entry.outs,
    entry.intentionalWalks,
  ]);

/** The time zone whose calendar is ahead of every other's (UTC+14). */
/**
 * Pitching outside the league (a travel team, school) that a parent reports for their child:
 * it counts for rest and caps everywhere the child plays, and shows as reported by a parent.
 */
export function createOutsideOutingsService(deps: { db: Db; clock: Clock; players: PlayersService }) {
  const { db, clock } = deps;

  async function load(id: string, from: Db = db): Promise<OutsideOutingRecord> {
    const [row] = await selectOutside(from).where(eq(outsideOutings.id, requireUuid(id, 'Outing')));
    if (!row) throw errors.notFound('Outing');
    return recordOf(row);
  }

  return {
    async list(
      actor: Actor | null,
      filter: { playerId?: string | null },
      page: Page,
    ): Promise<Paged<OutsideOutingRecord>> {
      const me = authorize(actor, 'Query.listOutsideOutings');
      const readable = readablePlayers(me);
      const conditions: (SQL | undefined)[] = [
        isNull(outsideOutings.deletedAt),
        readable
          ? inArray(outsideOutings.playerId, db.select({ id: players.id }).from(players).where(readable))
          : undefined,
      ];
      if (filter.playerId != null) conditions.push(eq(outsideOutings.playerId, requireUuid(filter.playerId, 'Player')));
      const rows = await selectOutside(db)
        .where(and(...conditions))
        .orderBy(desc(outsideOutings.date), desc(outsideOutings.createdAt), asc(outsideOutings.id))
        .limit(page.limit + 1)
        .offset(page.offset);
      const paged = fromRows(rows, page);
      return { items: paged.items.map(recordOf), nextToken: paged.nextToken };
    },

    /** Stored once under the id the device made; the same id with another entry is refused. */
    async create(
      actor: Actor | null,
      input: { id: string; playerId: string } & Record<string, unknown>,
    ): Promise<OutsideOutingRecord> {
      const me = authorizeSome(actor, 'Mutation.createOutsideOuting');
      const id = requireUuid(input.id, 'Outing');
      const entry = parse(outsideOutingSchema, input);
      try {
        return await db.transaction(async (tx) => {
          const player = await deps.players.loadFor(me, input.playerId, 'Mutation.createOutsideOuting', tx);
          const payload = payloadOf(player.id, entry);
          const [existing] = await tx
            .select({ createdPayload: outsideOutings.createdPayload })
            .from(outsideOutings)
            .where(eq(outsideOutings.id, id));
          if (existing) {
            if (JSON.stringify(existing.createdPayload) !== payload) throw errors.conflict(OUTSIDE_ERRORS.idReused);
            return load(id, tx);
          }
          // Dates are the organization's calendar days, as its games' are (a parent's browser in
          // Berlin saved "tomorrow" for a league in New York, and the child read "already pitched today").
          const [organization] = await tx
            .select({ timeZone: organizations.timeZone })
            .from(organizations)
            .where(eq(organizations.id, player.organizationId));
          const today = todayIn(organization?.timeZone ?? 'UTC', clock.now());
          const wrongDate = outsideOutingDateProblem(entry.date, { today, birthDate: player.birthDate });
          if (wrongDate) throw errors.badInput(wrongDate);
          const history = await History.open(tx, me, clock.now(), [playerChain(player.organizationId, player.id)]);
          const now = history.at;
          await tx.insert(outsideOutings).values({
            id,
            playerId: player.id,
            organizationId: player.organizationId,
            date: entry.date,
            description: entry.description,
            pitches: entry.pitches,
            pitchesBeforeLastBatter: entry.pitchesBeforeLastBatter,
            pitchedInnings: Array.from({ length: entry.innings }, (_, i) => i + 1),
            outs: entry.outs,
            intentionalWalks: entry.intentionalWalks,
            reportedBy: me.userId,
            reportedByName: await nameOfUser(tx, me.userId),
            createdPayload: JSON.parse(payload),
            createdAt: now,
            updatedAt: now,
          });
          // Rest owed after a travel game counts in the league's games that follow.
          await recomputeViolations(tx, [player.id], history);
          return load(id, tx);
        });
      } catch (error) {
        // The same report arriving twice at once: the second answers what the first stored.
        if (isUniqueViolation(error)) return load(id);
        throw error;
      }
    },

    /** Deleted reports stay in the table, counting for nothing. */
    async delete(actor: Actor | null, input: { id: string }): Promise<OutsideOutingRecord> {
      const me = authorizeSome(actor, 'Mutation.deleteOutsideOuting');
      return db.transaction(async (tx) => {
        const current = await load(input.id, tx);
        await deps.players.loadFor(me, current.playerId, 'Mutation.deleteOutsideOuting', tx, 'Outing');
        if (current.deleted) return current;
        const history = await History.open(tx, me, clock.now(), [
          playerChain(current.organizationId, current.playerId),
        ]);
        const now = history.at;
        await tx
          .update(outsideOutings)
          .set({ deletedAt: now, updatedAt: now })
          .where(eq(outsideOutings.id, current.id));
        await recomputeViolations(tx, [current.playerId], history);
        return load(current.id, tx);
      });
    },
  };
}

export type OutsideOutingsService = ReturnType<typeof createOutsideOutingsService>;
