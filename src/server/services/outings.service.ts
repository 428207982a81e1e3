import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import { AppError, errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { correctionReasonSchema, type OutingCounts, outingCountsSchema } from '../../core/outing-inputs.ts';
import { type Actor, authorize, authorizeSome, type Target } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { games, outingCorrections, pitchOutings, players, rosterEntries, teams } from '../db/schema.ts';
import { describeInEnglish } from './change-summary.ts';
import type { Events } from './events.ts';
import { assertNotAfterToday, assertOpenTo, type GameRecord, gameTitleOf } from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import { assertVersion, History, outingChains } from './history.ts';
import {
  answersBeforeChange,
  parentAskedForOutingEmails,
  queueOutingEmails,
  queueSignedGameChangedEmails,
  tellParentsOfChangedAnswers,
} from './notifications.ts';
import { correctOuting, countsOf, type OutingRecord } from './outings.repository.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import { opponentOfOuting } from './pitching-history.ts';
import { isUniqueViolation, readablePlayers, readsPlayer, requireUuid } from './scope.ts';
import { assertWritable } from './seasons.repository.ts';
import { nameOfUserSql } from './users.repository.ts';
import { recomputeViolations } from './violations.repository.ts';

export const OUTING_ERRORS = {
  idReused: { id: 'errors.outing.idReused' } as Message,
  deleted: { id: 'errors.outing.deleted' } as Message,
  alreadyRecorded: (name: string): Message => ({ id: 'errors.outing.alreadyRecorded', values: { name } }),
  alreadyRecordedPitcher: { id: 'errors.outing.alreadyRecordedPitcher' } as Message,
  teamNotInGame: { id: 'errors.outing.teamNotInGame' } as Message,
  notOnRoster: (player: string, team: string | null): Message =>
    team === null
      ? { id: 'errors.outing.notOnTeamRoster', values: { player } }
      : { id: 'errors.outing.notOnRoster', values: { player, team } },
} as const;

/** What a retry must repeat exactly: the game, the player, the team and the counts as first sent. */
function payloadOf(input: { gameId: string; playerId: string; teamId: string }, counts: OutingCounts) {
  return canonicalJson({ gameId: input.gameId, playerId: input.playerId, teamId: input.teamId, ...countsOf(counts) });
}

/** Whether a live outing of this player is on record in this game. */
async function recordedIn(tx: Db, gameId: string, playerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: pitchOutings.id })
    .from(pitchOutings)
    .where(and(eq(pitchOutings.gameId, gameId), eq(pitchOutings.playerId, playerId), isNull(pitchOutings.deletedAt)));
  return row !== undefined;
}

/** What an entry's one row tells: the outing stored under its id, and its player's checks. */
interface EntryFacts {
  existing: { payload: unknown; deleted: boolean } | null;
  player_id: string | null;
  player_name: string;
  organization_id: string;
  on_roster: boolean;
  in_game: boolean;
  recorded: boolean;
  parents_asked: boolean;
}

/**
 * One query for what the entry names: a stored outing under this id, and the player's checks (this
 * team's roster, not yet recorded in this game, parents who want emails).
 */
async function entryOf(
  tx: Db,
  id: string,
  ids: { gameId: string; playerId: string; teamId: string },
): Promise<EntryFacts | undefined> {
  const result = (await tx.execute(sql`
              select
                (select json_build_object('payload', o.created_payload, 'deleted', o.deleted_at is not null)
                  from ${pitchOutings} o where o.id = ${id}) as existing,
                p.id as player_id, p.first_name || ' ' || p.last_name as player_name,
                p.organization_id,
                exists (select 1 from ${rosterEntries} r where r.player_id = p.id and r.team_id = ${ids.teamId})
                  as on_roster,
                exists (select 1 from ${rosterEntries} r join ${games} g
                  on r.team_id in (g.home_team_id, g.away_team_id)
                  where r.player_id = p.id and g.id = ${ids.gameId}) as in_game,
                exists (select 1 from ${pitchOutings} o
                  where o.game_id = ${ids.gameId} and o.player_id = p.id and o.deleted_at is null) as recorded,
                ${parentAskedForOutingEmails(sql`p.id`)} as parents_asked
              from (select 1) as one left join ${players} p on p.id = ${ids.playerId}`)) as unknown as {
    rows: EntryFacts[];
  };
  return result.rows[0];
}

export function outingTarget(o: {
  organizationId: string;
  leagueId: string;
  teamId: string;
  playerId: string;
}): Target {
  return { organizationId: o.organizationId, leagueId: o.leagueId, teamIds: [o.teamId], playerId: o.playerId };
}

export function createOutingsService(deps: { db: Db; clock: Clock; events: Events; games: GamesService }) {
  const { db, clock, events } = deps;

  function selectOutings(from: Db) {
    return from
      .select({
        id: pitchOutings.id,
        gameId: pitchOutings.gameId,
        organizationId: games.organizationId,
        leagueId: games.leagueId,
        seasonId: games.seasonId,
        playerId: pitchOutings.playerId,
        playerName: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
        jerseyNumber: players.jerseyNumber,
        teamId: pitchOutings.teamId,
        teamName: teams.name,
        date: pitchOutings.date,
        pitches: pitchOutings.pitches,
        pitchesBeforeLastBatter: pitchOutings.pitchesBeforeLastBatter,
        pitchedInnings: pitchOutings.pitchedInnings,
        caughtInnings: pitchOutings.caughtInnings,
        outs: pitchOutings.outs,
        intentionalWalks: pitchOutings.intentionalWalks,
        opponent: opponentOfOuting,
        recordedByName: pitchOutings.recordedByName,
        recordedAt: pitchOutings.createdAt,
        updatedAt: pitchOutings.updatedAt,
        version: pitchOutings.version,
        deletedAt: pitchOutings.deletedAt,
      })
      .from(pitchOutings)
      .innerJoin(games, eq(games.id, pitchOutings.gameId))
      .innerJoin(players, eq(players.id, pitchOutings.playerId))
      .innerJoin(teams, eq(teams.id, pitchOutings.teamId));
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectOutings>['execute']>>[number];

  async function complete(rows: Row[], from: Db = db): Promise<OutingRecord[]> {
    const ids = rows.map((r) => r.id);
    const corrections = ids.length
      ? await from
          .select()
          .from(outingCorrections)
          .where(inArray(outingCorrections.outingId, ids))
          .orderBy(asc(outingCorrections.changedAt), asc(outingCorrections.id))
      : [];
    return rows.map(({ deletedAt, ...row }) => ({
      ...row,
      deleted: deletedAt !== null,
      corrections: corrections
        .filter((c) => c.outingId === row.id)
        .map((c) => ({
          id: c.id,
          changedByName: c.changedByName,
          changedAt: c.changedAt,
          reason: c.reason,
          before: c.before as OutingCounts,
          after: c.after as OutingCounts | null,
        })),
    }));
  }

  async function load(id: string, from: Db = db): Promise<OutingRecord> {
    const [row] = await selectOutings(from).where(eq(pitchOutings.id, requireUuid(id, 'Outing')));
    if (!row) throw errors.notFound('Outing');
    const [record] = await complete([row], from);
    return record as OutingRecord;
  }

  /** An outing the caller may read: of a player in their scope. */
  async function loadReadable(actor: Actor, id: string, from: Db = db): Promise<OutingRecord> {
    const outing = await load(id, from);
    if (!(await canRead(actor, outing, from))) throw errors.notFound('Outing');
    return outing;
  }

  async function canRead(actor: Actor, outing: { playerId: string }, from: Db = db): Promise<boolean> {
    const readable = readablePlayers(actor);
    if (!readable) return true;
    const [visible] = await from
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.id, outing.playerId), readable));
    return visible !== undefined;
  }

  /** An outing's changes need a season that is not archived. */
  async function assertGameWritable(tx: Db, gameId: string) {
    const game = await deps.games.load(gameId, tx);
    assertWritable({ name: game.seasonName, state: game.seasonState });
    return game;
  }

  /**
   * An outing about to change, read again once its organization's history is locked (so a
   * concurrent change has committed, and this one follows it), checked against the version the
   * caller read, the caller's rights, the game's state and the season.
   */
  async function openForChange(
    tx: Db,
    me: Actor,
    operation: 'Mutation.updatePitchOuting' | 'Mutation.deletePitchOuting',
    input: { id: string; version?: number | null },
  ) {
    const seen = await loadReadable(me, input.id, tx);
    authorize(me, operation, outingTarget(seen));
    const history = await History.open(tx, me, clock.now(), outingChains(seen.organizationId, seen));
    const current = await load(seen.id, tx);
    await assertVersion(tx, 'outing', 'outing', current, input.version);
    const game = await assertGameWritable(tx, current.gameId);
    assertOpenTo(me, game);
    return { current, history, game };
  }

  /**
   * A signed game's outing changed (an admin's correction): both teams' coaches and the league's
   * admins are emailed what changed, by whom and why; the game's page flags it.
   */
  async function tellOfSignedChange(
    tx: Db,
    history: History,
    game: GameRecord,
    current: OutingRecord,
    change: { counts: OutingCounts | null; reason: string },
  ) {
    if (!game.signed) return;
    const before = { ...countsOf(current), deleted: false };
    const summary = describeInEnglish({
      entity: 'outing',
      action: change.counts ? 'corrected' : 'deleted',
      actorName: await history.nameOfWriter(),
      reason: change.reason,
      before,
      after: change.counts ? { ...countsOf(change.counts), deleted: false } : { ...before, deleted: true },
      playerName: current.playerName,
      teamName: null,
    });
    await queueSignedGameChangedEmails(tx, {
      game: { ...game, title: gameTitleOf(game) },
      summary,
      playerId: current.playerId,
    });
  }

  /**
   * The game an entry is for and its player, once the entry may be recorded there: the team plays
   * in it, the caller may record for it, the season and the game are open, and the player is on
   * the team's roster and not yet recorded in it.
   */
  async function gameTakingEntry(
    tx: Db,
    me: Actor,
    ids: { gameId: string; playerId: string; teamId: string },
    entry: EntryFacts | undefined,
  ): Promise<{ game: GameRecord; player: EntryFacts }> {
    const game = await deps.games.loadReadable(me, ids.gameId, tx);
    // Any other team is unknown here, whoever's it is.
    if (ids.teamId !== game.homeTeamId && ids.teamId !== game.awayTeamId) {
      throw new AppError('NOT_FOUND', OUTING_ERRORS.teamNotInGame);
    }
    authorize(
      me,
      'Mutation.createPitchOuting',
      outingTarget({ organizationId: game.organizationId, leagueId: game.leagueId, ...ids }),
    );
    assertWritable({ name: game.seasonName, state: game.seasonState });
    assertOpenTo(me, game);
    assertNotAfterToday(game, clock.now());
    if (!entry?.player_id) throw errors.notFound('Player');
    const teamName = ids.teamId === game.homeTeamId ? game.homeTeamName : game.awayTeamName;
    if (!entry.on_roster) {
      // Named back only when the caller may know the child (either roster of the game, which
      // both dugouts see, or a child they read): any other child is missing, never named.
      if (!entry.in_game && !(await readsPlayer(tx, me, entry.player_id))) throw errors.notFound('Player');
      throw errors.badInput(OUTING_ERRORS.notOnRoster(entry.player_name, teamName ?? null));
    }
    if (entry.recorded) throw errors.conflict(OUTING_ERRORS.alreadyRecorded(entry.player_name));
    return { game, player: entry };
  }

  /**
   * Stores a new outing in its history, judges the pitcher again and tells the parents who asked
   * (once this commits); answers it as stored, with no corrections yet to read.
   */
  async function store(
    tx: Db,
    me: Actor,
    outing: { id: string; gameId: string; playerId: string; teamId: string },
    counts: OutingCounts,
    payload: string,
    game: GameRecord,
    entry: EntryFacts,
  ): Promise<OutingRecord> {
    const { id, ...ids } = outing;
    const history = await History.open(tx, me, clock.now(), outingChains(game.organizationId, ids));
    // Another entry for this pitcher may have committed while this one waited for the history.
    if (await recordedIn(tx, ids.gameId, ids.playerId)) {
      throw errors.conflict(OUTING_ERRORS.alreadyRecorded(entry.player_name));
    }
    const now = history.at;
    await history.track('outing', { ids: [id] }, { action: 'recorded' }, () =>
      tx.insert(pitchOutings).values({
        id,
        ...ids,
        date: game.date,
        ...counts,
        recordedBy: me.userId,
        recordedByName: nameOfUserSql(me.userId),
        createdPayload: JSON.parse(payload),
        createdAt: now,
        updatedAt: now,
      }),
    );
    await recomputeViolations(tx, [ids.playerId], history);
    if (entry.parents_asked) await queueOutingEmails(tx, [id], now);
    const [row] = await selectOutings(tx).where(eq(pitchOutings.id, id));
    const { deletedAt: _, ...stored } = row as Row;
    return { ...stored, deleted: false, corrections: [] } as OutingRecord;
  }

  return {
    load,
    canRead,

    async list(
      actor: Actor | null,
      filter: { gameId?: string | null; playerId?: string | null; teamId?: string | null; seasonId?: string | null },
      page: Page,
    ): Promise<Paged<OutingRecord>> {
      const me = authorize(actor, 'Query.listPitchOutings');
      const readable = readablePlayers(me);
      const conditions: (SQL | undefined)[] = [
        isNull(pitchOutings.deletedAt),
        readable
          ? inArray(pitchOutings.playerId, db.select({ id: players.id }).from(players).where(readable))
          : undefined,
      ];
      if (filter.gameId != null) conditions.push(eq(pitchOutings.gameId, requireUuid(filter.gameId, 'Game')));
      if (filter.playerId != null) conditions.push(eq(pitchOutings.playerId, requireUuid(filter.playerId, 'Player')));
      if (filter.teamId != null) conditions.push(eq(pitchOutings.teamId, requireUuid(filter.teamId, 'Team')));
      if (filter.seasonId != null) conditions.push(eq(games.seasonId, requireUuid(filter.seasonId, 'Season')));
      const rows = await selectOutings(db)
        .where(and(...conditions))
        .orderBy(
          desc(pitchOutings.date),
          sql`${games.startTime} desc nulls last`,
          asc(players.lastName),
          asc(pitchOutings.id),
        )
        .limit(page.limit + 1)
        .offset(page.offset);
      const paged = fromRows(rows, page);
      return { items: await complete(paged.items), nextToken: paged.nextToken };
    },

    /**
     * Records an outing under the id the client made. A retry with the same id and the same
     * entry answers the stored outing and changes nothing; the same id with another entry is
     * refused (docs/reliability.md, security requirement 19).
     */
    async create(
      actor: Actor | null,
      input: { id: string; gameId: string; playerId: string; teamId: string } & Record<string, unknown>,
    ): Promise<OutingRecord> {
      const me = authorizeSome(actor, 'Mutation.createPitchOuting');
      const id = requireUuid(input.id, 'Outing');
      const counts = parse(outingCountsSchema, input);
      const ids = {
        gameId: requireUuid(input.gameId, 'Game'),
        playerId: requireUuid(input.playerId, 'Player'),
        teamId: requireUuid(input.teamId, 'Team'),
      };
      const payload = payloadOf(ids, counts);

      /** A retry of a stored outing answers it; the same id for another entry is refused. */
      const replayOf = async (existing: { payload: unknown; deleted: boolean }, from: Db) => {
        if (canonicalJson(existing.payload) !== payload) throw errors.conflict(OUTING_ERRORS.idReused);
        if (existing.deleted) throw errors.conflict(OUTING_ERRORS.deleted);
        return loadReadable(me, id, from);
      };

      let created: OutingRecord;
      try {
        const outcome = await db.transaction(async (tx) => {
          const entry = await entryOf(tx, id, ids);
          if (entry?.existing) return { replayed: true, record: await replayOf(entry.existing, tx) };
          try {
            const { game, player } = await gameTakingEntry(tx, me, ids, entry);
            return { replayed: false, record: await store(tx, me, { id, ...ids }, counts, payload, game, player) };
          } catch (error) {
            // The pitcher is recorded in the game: by this very entry when the same send, made again at once (a
            // phone's retries), committed while this one waited for the history. That is its answer, not a conflict.
            if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
            const again = await entryOf(tx, id, ids);
            if (again?.existing) return { replayed: true, record: await replayOf(again.existing, tx) };
            throw error;
          }
        });
        if (outcome.replayed) return outcome.record;
        created = outcome.record;
      } catch (error) {
        // The same submission arriving twice at once: the second answers what the first stored.
        if (isUniqueViolation(error)) {
          const [existing] = await db
            .select({ payload: pitchOutings.createdPayload, deletedAt: pitchOutings.deletedAt })
            .from(pitchOutings)
            .where(eq(pitchOutings.id, id));
          if (existing) return replayOf({ payload: existing.payload, deleted: existing.deletedAt !== null }, db);
          // Another entry for the same pitcher and game won the race: a conflict, never a failure.
          throw errors.conflict(OUTING_ERRORS.alreadyRecordedPitcher);
        }
        throw error;
      }
      await events.publish('outing.created', created);
      return created;
    },

    /**
     * A correction: the counts change, the history keeps who, when, why and what they were. A
     * correction that names the version it read is refused when the outing changed since.
     */
    async update(
      actor: Actor | null,
      input: { id: string; reason: string; version?: number | null } & Record<string, unknown>,
    ): Promise<OutingRecord> {
      const me = authorizeSome(actor, 'Mutation.updatePitchOuting');
      const counts = parse(outingCountsSchema, input);
      const reason = parse(correctionReasonSchema, input.reason);
      const updated = await db.transaction(async (tx) => {
        const { current, history, game } = await openForChange(tx, me, 'Mutation.updatePitchOuting', input);
        if (current.deleted) throw errors.conflict(OUTING_ERRORS.deleted);
        if (canonicalJson(countsOf(current)) === canonicalJson(countsOf(counts))) return current;
        const answers = await answersBeforeChange(tx, [current.playerId], history.at);
        await correctOuting(tx, history, current, { counts, reason });
        await tellOfSignedChange(tx, history, game, current, { counts, reason });
        await tellParentsOfChangedAnswers(
          tx,
          answers,
          await correctionSaid(history, current, 'corrected', reason),
          history.at,
        );
        return load(current.id, tx);
      });
      await events.publish('outing.updated', updated);
      return updated;
    },

    /** Deleted outings stay in the history (with the reason) but count for nothing. */
    async delete(
      actor: Actor | null,
      input: { id: string; reason: string; version?: number | null },
    ): Promise<OutingRecord> {
      const me = authorizeSome(actor, 'Mutation.deletePitchOuting');
      const reason = parse(correctionReasonSchema, input.reason);
      const deleted = await db.transaction(async (tx) => {
        const { current, history, game } = await openForChange(tx, me, 'Mutation.deletePitchOuting', input);
        if (current.deleted) return current;
        const answers = await answersBeforeChange(tx, [current.playerId], history.at);
        await correctOuting(tx, history, current, { counts: null, reason });
        await tellOfSignedChange(tx, history, game, current, { counts: null, reason });
        await tellParentsOfChangedAnswers(
          tx,
          answers,
          await correctionSaid(history, current, 'deleted', reason),
          history.at,
        );
        return load(current.id, tx);
      });
      await events.publish('outing.updated', deleted);
      return deleted;
    },
  };
}

/** What a parent reads of a correction: who corrected (or deleted) which outing, and why. */
async function correctionSaid(
  history: History,
  outing: { playerName: string; date: string },
  action: 'corrected' | 'deleted',
  reason: string,
): Promise<Message> {
  return {
    id: action === 'corrected' ? 'email.answerChanged.corrected' : 'email.answerChanged.deleted',
    values: { name: await history.nameOfWriter(), player: outing.playerName, date: outing.date, reason },
  };
}

export type OutingsService = ReturnType<typeof createOutingsService>;
