import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errors } from '../../core/errors.ts';
import { encoded, type Message } from '../../core/i18n/messages.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import { VIOLATION_CODES } from '../../core/rules/engine.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import {
  games,
  leagues,
  pitchOutings,
  players,
  seasons,
  teams,
  users,
  VIOLATION_STATES,
  violations,
} from '../db/schema.ts';
import { assertVersion, History, playerChain } from './history.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import { opponentOfOuting } from './pitching-history.ts';
import { requireUuid, scopeOf } from './scope.ts';

export type ViolationState = (typeof VIOLATION_STATES)[number];

export interface ViolationRecord {
  id: string;
  organizationId: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
  seasonName: string;
  teamId: string;
  teamName: string;
  playerId: string;
  playerName: string;
  jerseyNumber: string | null;
  gameId: string;
  outingId: string;
  opponent: string;
  /** Who recorded the outing. */
  recordedByName: string;
  date: string;
  code: string;
  /** In English. */
  message: string;
  /** The message by id and values (rules.violation.*); null for one not judged again since before they were kept. */
  said: Message | null;
  state: ViolationState;
  note: string | null;
  actedByName: string | null;
  actedAt: Date | null;
  detectedAt: Date;
  /** When a change to the record made the outing lawful; the violation stays, as withdrawn. */
  withdrawnAt: Date | null;
  /** Why: the reason of the change that withdrew it. */
  withdrawnReason: string | null;
  version: number;
}

/** Messages of the `errors` catalogue in one string (`encoded`): the schema's, sent by id. */
export const VIOLATION_MESSAGES = {
  noteRequired: encoded('errors.violation.noteRequired'),
  noteTooLong: encoded('errors.violation.noteTooLong'),
  state: encoded('errors.violation.state'),
} as const;

const updateSchema = z.object({
  state: z.enum(VIOLATION_STATES, VIOLATION_MESSAGES.state),
  note: z
    .string(VIOLATION_MESSAGES.noteRequired)
    .trim()
    .min(1, VIOLATION_MESSAGES.noteRequired)
    .max(1000, VIOLATION_MESSAGES.noteTooLong),
});

function selectViolations(from: Db) {
  return from
    .select({
      id: violations.id,
      organizationId: violations.organizationId,
      leagueId: violations.leagueId,
      leagueName: leagues.name,
      seasonId: violations.seasonId,
      seasonName: seasons.name,
      teamId: violations.teamId,
      teamName: teams.name,
      playerId: violations.playerId,
      playerName: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
      jerseyNumber: players.jerseyNumber,
      gameId: violations.gameId,
      outingId: violations.outingId,
      opponent: opponentOfOuting,
      recordedByName: pitchOutings.recordedByName,
      date: violations.date,
      code: violations.code,
      message: violations.message,
      said: violations.said,
      state: violations.state,
      note: violations.note,
      actedByName: violations.actedByName,
      actedAt: violations.actedAt,
      detectedAt: violations.createdAt,
      withdrawnAt: violations.withdrawnAt,
      withdrawnReason: violations.withdrawnReason,
      version: violations.version,
    })
    .from(violations)
    .innerJoin(leagues, eq(leagues.id, violations.leagueId))
    .innerJoin(seasons, eq(seasons.id, violations.seasonId))
    .innerJoin(teams, eq(teams.id, violations.teamId))
    .innerJoin(players, eq(players.id, violations.playerId))
    .innerJoin(pitchOutings, eq(pitchOutings.id, violations.outingId))
    .innerJoin(games, eq(games.id, violations.gameId));
}

export function createViolationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function load(id: string, from: Db = db): Promise<ViolationRecord> {
    const [row] = await selectViolations(from).where(eq(violations.id, requireUuid(id, 'Violation')));
    if (!row) throw errors.notFound('Violation');
    return row;
  }

  return {
    /** Every violation in the admin's leagues, newest first; withdrawn ones only when asked. */
    async list(
      actor: Actor | null,
      filter: {
        organizationId?: string | null;
        leagueId?: string | null;
        seasonId?: string | null;
        teamId?: string | null;
        code?: string | null;
        state?: string | null;
        includeWithdrawn?: boolean | null;
      },
      page: Page,
    ): Promise<Paged<ViolationRecord>> {
      const me = authorize(actor, 'Query.listViolations');
      const scope = await scopeOf(db, me);
      const conditions: (SQL | undefined)[] = [];
      if (!scope.all) {
        if (scope.leagueIds.length === 0) return { items: [], nextToken: null };
        conditions.push(inArray(violations.leagueId, scope.leagueIds));
      }
      if (filter.organizationId != null) {
        conditions.push(eq(violations.organizationId, requireUuid(filter.organizationId, 'Organization')));
      }
      if (filter.leagueId != null) conditions.push(eq(violations.leagueId, requireUuid(filter.leagueId, 'League')));
      if (filter.seasonId != null) conditions.push(eq(violations.seasonId, requireUuid(filter.seasonId, 'Season')));
      if (filter.teamId != null) conditions.push(eq(violations.teamId, requireUuid(filter.teamId, 'Team')));
      if (filter.code != null) {
        if (!(VIOLATION_CODES as readonly string[]).includes(filter.code)) {
          throw errors.badInput(`Unknown violation code: ${filter.code}`);
        }
        conditions.push(eq(violations.code, filter.code));
      }
      if (filter.state != null) {
        conditions.push(eq(violations.state, parse(updateSchema.shape.state, filter.state)));
      }
      if (!filter.includeWithdrawn) conditions.push(isNull(violations.withdrawnAt));
      const rows = await selectViolations(db)
        .where(and(...conditions))
        .orderBy(desc(violations.date), desc(violations.createdAt), asc(violations.id))
        .limit(page.limit + 1)
        .offset(page.offset);
      return fromRows(rows, page);
    },

    /** Acknowledge or resolve (or reopen) with a note; the list then shows who and when. */
    async update(
      actor: Actor | null,
      input: { id: string; state: string; note: string; version?: number | null },
    ): Promise<ViolationRecord> {
      const me = authorizeSome(actor, 'Mutation.updateViolation');
      const change = parse(updateSchema, { state: input.state, note: input.note });
      return db.transaction(async (tx) => {
        const seen = await load(input.id, tx);
        const scope = await scopeOf(tx, me);
        if (!scope.all && !scope.leagueIds.includes(seen.leagueId)) throw errors.notFound('Violation');
        authorize(me, 'Mutation.updateViolation', {
          organizationId: seen.organizationId,
          leagueId: seen.leagueId,
        });
        const history = await History.open(tx, me, clock.now(), [playerChain(seen.organizationId, seen.playerId)]);
        const current = await load(seen.id, tx);
        await assertVersion(tx, 'violation', 'violation', current, input.version);
        const [user] = await tx
          .select({ givenName: users.givenName, familyName: users.familyName, email: users.email })
          .from(users)
          .where(eq(users.id, me.userId));
        const now = history.at;
        await history.track('violation', { ids: [current.id] }, { action: change.state, reason: change.note }, () =>
          tx
            .update(violations)
            .set({
              state: change.state,
              note: change.note,
              actedBy: me.userId,
              actedByName: user ? `${user.givenName} ${user.familyName}`.trim() || user.email : 'Unknown',
              actedAt: now,
              version: sql`${violations.version} + 1`,
              updatedAt: now,
            })
            .where(eq(violations.id, current.id)),
        );
        return load(current.id, tx);
      });
    },
  };
}

export type ViolationsService = ReturnType<typeof createViolationsService>;
