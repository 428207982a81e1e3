import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type ChangeFacts, describeChange } from '../../core/change-words.ts';
import { errors } from '../../core/errors.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import { spreadsheetCsv } from '../../core/spreadsheet-cell.ts';
import type { Db } from '../db/client.ts';
import { auditEntries, games, leagues, players, rosterEntries, teams } from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import { describeInEnglish } from './change-summary.ts';
import { type GameRecord, gameTarget } from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { readablePlayers, requireUuid, scopeOf } from './scope.ts';
import { languageOf } from './users.repository.ts';

/** What a change's words are made of (src/core/change-words.ts). */
function factsOf(row: {
  entity: string;
  action: string;
  actorName: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  playerName: string | null;
  teamName: string | null;
}): ChangeFacts {
  return {
    entity: row.entity,
    action: row.action,
    actorName: row.actorName,
    reason: row.reason,
    before: row.before as Record<string, unknown> | null,
    after: row.after as Record<string, unknown> | null,
    playerName: row.playerName,
    teamName: row.teamName,
  };
}

/** One entry of the change history as its readers see it (docs/decisions/0034-the-pitch-record.md). */
export interface ChangeRecord {
  id: string;
  seq: number;
  at: Date;
  actorName: string;
  /** The first characters of the session's id: enough to tell two devices of one person apart. */
  session: string | null;
  entity: string;
  entityId: string;
  action: string;
  reason: string | null;
  gameId: string | null;
  playerId: string | null;
  playerName: string | null;
  /** The team a confirmation is for, by name. */
  teamName: string | null;
  /** The entry in plain words, in English (src/core/change-words.ts; the web writes it in its reader's language). */
  summary: string;
  before: unknown;
  after: unknown;
  /** The entry's hash: the chain's link, printed on paper copies. */
  hash: string;
}

export type ChangeHistoryOperation = 'Query.changeHistory' | 'GET /api/reports/history.csv';

/** Entries of a game's or a player's history, at most this many in a CSV. */
const CSV_MAX = 20_000;

/**
 * Reading the change history: a game's (its league's admins, both teams' coaches) or a player's
 * (the admins of their leagues, the coaches of their teams), newest first, in plain words; taps
 * only when asked (a game counts hundreds).
 */
export function createChangeHistoryService(deps: { db: Db; games: GamesService }) {
  const { db } = deps;

  /** What the caller may read of any history: their leagues' entries as an admin, their teams' games' as a coach. */
  function visibleTo(me: Actor): SQL | undefined {
    if (me.roles.includes('SuperAdmin')) return undefined;
    const coached = me.coachTeamIds.length
      ? sql`${auditEntries.gameId} in (select ${games.id} from ${games} where ${or(
          inArray(games.homeTeamId, [...me.coachTeamIds]),
          inArray(games.awayTeamId, [...me.coachTeamIds]),
        )})`
      : undefined;
    const parts = [
      me.adminLeagueIds.length ? inArray(auditEntries.leagueId, [...me.adminLeagueIds]) : undefined,
      me.adminOrganizationIds.length ? inArray(auditEntries.organizationId, [...me.adminOrganizationIds]) : undefined,
      coached,
    ].filter((p): p is SQL => p !== undefined);
    return parts.length ? (or(...parts) as SQL) : sql`false`;
  }

  /** The game or player whose history is asked for, checked against the caller; the entries' filter. */
  async function subjectOf(
    me: Actor,
    operation: ChangeHistoryOperation,
    input: { gameId?: string | null; playerId?: string | null; leagueId?: string | null },
  ): Promise<{ where: SQL; game: GameRecord | null }> {
    if (input.gameId != null) {
      const game = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'));
      authorize(me, operation, gameTarget(game));
      return { where: eq(auditEntries.gameId, game.id), game };
    }
    if (input.playerId != null) {
      const playerId = requireUuid(input.playerId, 'Player');
      const [player] = await db
        .select({ id: players.id, organizationId: players.organizationId })
        .from(players)
        .where(and(eq(players.id, playerId), readablePlayers(me)));
      if (!player) throw errors.notFound('Player');
      const places = await db
        .select({ teamId: teams.id, leagueId: teams.leagueId })
        .from(rosterEntries)
        .innerJoin(teams, eq(teams.id, rosterEntries.teamId))
        .where(eq(rosterEntries.playerId, player.id));
      authorize(me, operation, {
        organizationId: player.organizationId,
        leagueIds: places.map((p) => p.leagueId),
        teamIds: places.map((p) => p.teamId),
        playerId: player.id,
      });
      return { where: eq(auditEntries.playerId, player.id), game: null };
    }
    if (input.leagueId != null) {
      // A league's whole history: its admins' (the coaches read their games').
      const [league] = await db
        .select({ id: leagues.id, organizationId: leagues.organizationId })
        .from(leagues)
        .where(eq(leagues.id, requireUuid(input.leagueId, 'League')));
      const scope = await scopeOf(db, me);
      if (!league || !(scope.all || scope.leagueIds.includes(league.id))) throw errors.notFound('League');
      authorize(me, operation, { organizationId: league.organizationId, leagueId: league.id });
      return { where: eq(auditEntries.leagueId, league.id), game: null };
    }
    throw errors.badInput({ id: 'errors.changeHistory.choose' });
  }

  async function read(
    me: Actor,
    where: SQL,
    options: { includeTaps: boolean; limit: number; offset: number; order: 'newest' | 'oldest' },
  ): Promise<ChangeRecord[]> {
    const rows = await db
      .select({
        id: auditEntries.id,
        seq: auditEntries.seq,
        at: auditEntries.at,
        actorName: auditEntries.actorName,
        sessionId: auditEntries.sessionId,
        entity: auditEntries.entity,
        entityId: auditEntries.entityId,
        action: auditEntries.action,
        reason: auditEntries.reason,
        gameId: auditEntries.gameId,
        playerId: auditEntries.playerId,
        before: auditEntries.before,
        after: auditEntries.after,
        hash: auditEntries.hash,
        playerName: sql<
          string | null
        >`(select ${players.firstName} || ' ' || ${players.lastName} from ${players} where ${players.id} = ${auditEntries.playerId})`,
        teamName: sql<
          string | null
        >`(select ${teams.name} from ${teams} where ${teams.id}::text = coalesce(${auditEntries.after}->>'teamId', ${auditEntries.before}->>'teamId'))`,
      })
      .from(auditEntries)
      .where(and(where, visibleTo(me), options.includeTaps ? undefined : ne(auditEntries.entity, 'pitch-event')))
      .orderBy(options.order === 'newest' ? desc(auditEntries.id) : asc(auditEntries.id))
      .limit(options.limit)
      .offset(options.offset);
    return rows.map(({ sessionId, ...row }) => ({
      ...row,
      id: String(row.id),
      session: sessionId ? sessionId.slice(0, 8) : null,
      summary: describeInEnglish(factsOf(row)),
    }));
  }

  return {
    async list(
      actor: Actor | null,
      input: {
        gameId?: string | null;
        playerId?: string | null;
        leagueId?: string | null;
        includeTaps?: boolean | null;
      },
      page: Page,
    ): Promise<Paged<ChangeRecord>> {
      const me = authorizeSome(actor, 'Query.changeHistory');
      const { where } = await subjectOf(me, 'Query.changeHistory', input);
      const rows = await read(me, where, {
        includeTaps: input.includeTaps === true,
        limit: page.limit + 1,
        offset: page.offset,
        order: 'newest',
      });
      return fromRows(rows, page);
    },

    /**
     * The same history as CSV, oldest first (taps included: a protest may need every pitch); the
     * headers in the language of whoever asks.
     */
    async csv(
      actor: Actor | null,
      input: { gameId?: string | null; playerId?: string | null; leagueId?: string | null },
    ): Promise<string> {
      const me = authorizeSome(actor, 'GET /api/reports/history.csv');
      const { where } = await subjectOf(me, 'GET /api/reports/history.csv', input);
      const rows = await read(me, where, { includeTaps: true, limit: CSV_MAX, offset: 0, order: 'oldest' });
      const t = translatorFor(await languageOf(db, me.userId));
      return spreadsheetCsv(
        [
          t('reports.historyCsv.when'),
          t('reports.historyCsv.who'),
          t('reports.historyCsv.session'),
          t('reports.historyCsv.what'),
          t('reports.historyCsv.change'),
          t('reports.historyCsv.reason'),
          t('reports.historyCsv.before'),
          t('reports.historyCsv.after'),
          t('reports.historyCsv.entry'),
          t('reports.historyCsv.hash'),
        ],
        rows.map((r) => [
          r.at.toISOString(),
          r.actorName,
          r.session ?? '',
          `${r.entity} ${r.action}`,
          describeChange(factsOf(r), t),
          r.reason ?? '',
          r.before === null ? '' : JSON.stringify(r.before),
          r.after === null ? '' : JSON.stringify(r.after),
          r.seq,
          r.hash,
        ]),
      );
    },
  };
}

export type ChangeHistoryService = ReturnType<typeof createChangeHistoryService>;
