import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import { isLocalDate } from '../../core/local-date.ts';
import { correctionReasonSchema, type GameInput, gameSchema } from '../../core/outing-inputs.ts';
import { type Actor, administers, authorize, authorizeSome } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import {
  games,
  organizations,
  outingCorrections,
  pitchOutings,
  players,
  rosterEntries,
  seasons,
  teams,
  violations,
} from '../db/schema.ts';
import { describeInEnglish } from './change-summary.ts';
import type { Events } from './events.ts';
import {
  assertNotAfterToday,
  assertOpenTo,
  countingWhatTheySee,
  GAME_MESSAGES,
  type GameRecord,
  gameTarget,
  gameTitleOf,
  readableGames,
  selectGames,
  tellParentsOfLiveOutings,
} from './games.repository.ts';
import { assertVersion, gameChain, History } from './history.ts';
import { answersBeforeChange, queueSignedGameChangedEmails, tellParentsOfChangedAnswers } from './notifications.ts';
import { correctOuting, countsOf } from './outings.repository.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import { readableTeams, requireUuid } from './scope.ts';
import { assertWritable, type SeasonState } from './seasons.repository.ts';
import { recomputeViolations } from './violations.repository.ts';

export function createGamesService(deps: { db: Db; clock: Clock; events?: Events }) {
  const { db, clock } = deps;

  async function load(id: string, from: Db = db): Promise<GameRecord> {
    const [row] = await selectGames(from).where(eq(games.id, requireUuid(id, 'Game')));
    if (!row) throw errors.notFound('Game');
    return row;
  }

  /** A game the caller may read (one they cannot is missing, not forbidden). */
  async function loadReadable(actor: Actor, id: string, from: Db = db): Promise<GameRecord> {
    const readable = readableGames(actor);
    // One query: the game, if it exists and the caller may read it.
    const [row] = await selectGames(from).where(and(eq(games.id, requireUuid(id, 'Game')), readable));
    if (!row) throw errors.notFound('Game');
    return row;
  }

  /**
   * The league, season and organization the game's teams play in; both teams must agree. A team the
   * caller cannot read is missing, unless it plays in the league and season of the other team named
   * and that one is theirs (a coach's opponent: listOpponentTeams shows it).
   */
  async function placeOf(tx: Db, actor: Actor, input: GameInput) {
    const ids = [input.homeTeamId, input.awayTeamId].filter((id): id is string => id !== null);
    const readable = readableTeams(actor);
    const rows = await tx
      .select({
        id: teams.id,
        name: teams.name,
        organizationId: teams.organizationId,
        leagueId: teams.leagueId,
        seasonId: teams.seasonId,
        seasonName: seasons.name,
        seasonState: seasons.state,
        seasonStart: seasons.startDate,
        seasonEnd: seasons.endDate,
        timeZone: organizations.timeZone,
        readable: readable ? sql<boolean>`coalesce(${readable}, false)` : sql<boolean>`true`,
      })
      .from(teams)
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .innerJoin(organizations, eq(organizations.id, teams.organizationId))
      .where(
        inArray(
          teams.id,
          ids.map((id) => requireUuid(id, 'Team')),
        ),
      );
    const seen = rows.filter(
      (row) =>
        row.readable || rows.some((o) => o.readable && o.leagueId === row.leagueId && o.seasonId === row.seasonId),
    );
    if (seen.length !== ids.length) throw errors.notFound('Team');
    const [first, second] = seen as [(typeof rows)[number], (typeof rows)[number] | undefined];
    if (second && (second.leagueId !== first.leagueId || second.seasonId !== first.seasonId)) {
      throw errors.badInput(GAME_MESSAGES.teamsOfOneLeague);
    }
    return first;
  }

  /**
   * The season must take the game. Called after authorize: the messages name the season, which
   * another organization's caller must not learn.
   */
  function assertFitsSeason(
    place: { seasonName: string; seasonState: SeasonState; seasonStart: string; seasonEnd: string },
    date: string,
  ) {
    assertWritable({ name: place.seasonName, state: place.seasonState });
    // A typo in the year would otherwise file the pitches under a season they were not part of.
    if (date < place.seasonStart || date > place.seasonEnd) {
      throw errors.badInput(GAME_MESSAGES.outsideSeason(place.seasonName, place.seasonStart, place.seasonEnd));
    }
  }

  /** The pitchers of a game, whose violations follow its date. */
  async function pitchersOf(tx: Db, gameId: string): Promise<string[]> {
    const rows = await tx
      .select({ playerId: pitchOutings.playerId })
      .from(pitchOutings)
      .where(and(eq(pitchOutings.gameId, gameId), isNull(pitchOutings.deletedAt)));
    return rows.map((r) => r.playerId);
  }

  return {
    load,
    loadReadable,

    async list(
      actor: Actor | null,
      filter: {
        leagueId?: string | null;
        seasonId?: string | null;
        teamId?: string | null;
        dateFrom?: string | null;
        dateTo?: string | null;
        /** The withdrawn games too (kept for their history): otherwise out of the lists. */
        withdrawn?: boolean;
      },
      page: Page,
    ): Promise<Paged<GameRecord>> {
      const me = authorize(actor, 'Query.listGames');
      const conditions: (SQL | undefined)[] = [
        readableGames(me),
        filter.withdrawn ? undefined : isNull(games.withdrawnAt),
      ];
      if (filter.leagueId != null) conditions.push(eq(games.leagueId, requireUuid(filter.leagueId, 'League')));
      if (filter.seasonId != null) conditions.push(eq(games.seasonId, requireUuid(filter.seasonId, 'Season')));
      if (filter.teamId != null) {
        const teamId = requireUuid(filter.teamId, 'Team');
        conditions.push(or(eq(games.homeTeamId, teamId), eq(games.awayTeamId, teamId)));
      }
      // Checked here: the database would fail on a date that does not exist (2027-02-30).
      for (const date of [filter.dateFrom, filter.dateTo]) {
        if (date != null && !isLocalDate(date)) throw errors.badInput('date must be a calendar date (YYYY-MM-DD)');
      }
      if (filter.dateFrom != null) conditions.push(sql`${games.date} >= ${filter.dateFrom}`);
      if (filter.dateTo != null) conditions.push(sql`${games.date} <= ${filter.dateTo}`);
      const rows = await selectGames(db)
        .where(and(...conditions))
        .orderBy(desc(games.date), sql`${games.startTime} desc nulls last`, desc(games.createdAt), asc(games.id))
        .limit(page.limit + 1)
        .offset(page.offset);
      return fromRows(await countingWhatTheySee(db, me, rows, filter.teamId ?? null), page);
    },

    /**
     * Both teams' rosters of a game, names and jerseys only (no birth dates): whom either dugout may
     * count live, the other team's pitcher included.
     */
    async roster(actor: Actor | null, input: { gameId: string }) {
      const me = authorize(actor, 'Query.gameRoster');
      const game = await loadReadable(me, input.gameId);
      const teamIds = [game.homeTeamId, game.awayTeamId].filter((id): id is string => id !== null);
      const rows = await db
        .select({
          teamId: rosterEntries.teamId,
          id: players.id,
          firstName: players.firstName,
          lastName: players.lastName,
          jerseyNumber: players.jerseyNumber,
        })
        .from(rosterEntries)
        .innerJoin(players, eq(players.id, rosterEntries.playerId))
        .where(inArray(rosterEntries.teamId, teamIds))
        .orderBy(asc(sql`lower(${players.lastName})`), asc(sql`lower(${players.firstName})`));
      return teamIds.map((teamId) => ({
        teamId,
        teamName: (teamId === game.homeTeamId ? game.homeTeamName : game.awayTeamName) ?? '',
        players: rows.filter((r) => r.teamId === teamId).map(({ teamId: _, ...player }) => player),
      }));
    },

    /** The other teams of a team's league and season: who a coach's team can play. */
    async opponents(actor: Actor | null, input: { teamId: string }) {
      const me = authorizeSome(actor, 'Query.listOpponentTeams');
      const [team] = await db
        .select({
          id: teams.id,
          organizationId: teams.organizationId,
          leagueId: teams.leagueId,
          seasonId: teams.seasonId,
        })
        .from(teams)
        .where(and(eq(teams.id, requireUuid(input.teamId, 'Team')), readableTeams(me)));
      if (!team) throw errors.notFound('Team');
      authorize(me, 'Query.listOpponentTeams', {
        organizationId: team.organizationId,
        leagueId: team.leagueId,
        teamIds: [team.id],
      });
      return db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(and(eq(teams.leagueId, team.leagueId), eq(teams.seasonId, team.seasonId), ne(teams.id, team.id)))
        .orderBy(asc(sql`lower(${teams.name})`));
    },

    async create(actor: Actor | null, input: Record<string, unknown>) {
      const me = authorizeSome(actor, 'Mutation.createGame');
      const game = parse(gameSchema, input);
      return db.transaction(async (tx) => {
        const place = await placeOf(tx, me, game);
        authorize(me, 'Mutation.createGame', gameTarget({ ...place, ...game }));
        assertFitsSeason(place, game.date);
        if (game.state !== 'scheduled') assertNotAfterToday({ date: game.date, timeZone: place.timeZone }, clock.now());
        const id = randomUUID();
        const history = await History.open(tx, me, clock.now(), [gameChain(place.organizationId, id)]);
        await history.track('game', { ids: [id] }, { action: 'scheduled' }, () =>
          tx.insert(games).values({
            id,
            organizationId: place.organizationId,
            leagueId: place.leagueId,
            seasonId: place.seasonId,
            date: game.date,
            startTime: game.startTime,
            homeTeamId: game.homeTeamId,
            awayTeamId: game.awayTeamId,
            opponentName: game.opponentName,
            state: game.state,
            createdBy: me.userId,
            createdAt: history.at,
            updatedAt: history.at,
          }),
        );
        return load(id, tx);
      });
    },

    /**
     * Changes a game. Once it holds pitching, moving it (date, start time, teams, opponent) is an
     * admin's correction with a reason: its outings follow, each with a correction saying so, and
     * their violations are judged again. A coach changes only a game that holds nothing yet, and
     * its state (starting and ending it) until it is signed.
     */
    async update(
      actor: Actor | null,
      input: { id: string; version?: number | null; reason?: string | null } & Record<string, unknown>,
    ) {
      const me = authorizeSome(actor, 'Mutation.updateGame');
      const updated = await db.transaction(async (tx) => {
        const seen = await loadReadable(me, input.id, tx);
        authorize(me, 'Mutation.updateGame', gameTarget(seen));
        const history = await History.open(tx, me, clock.now(), [gameChain(seen.organizationId, seen.id)]);
        const current = await load(seen.id, tx);
        await assertVersion(tx, 'game', 'game', current, input.version);
        assertWritable({ name: current.seasonName, state: current.seasonState });
        assertOpenTo(me, current);
        const pick = <K extends keyof GameRecord>(key: K) => (key in input ? input[key] : current[key]);
        const game = parse(gameSchema, {
          date: pick('date'),
          startTime: pick('startTime'),
          homeTeamId: pick('homeTeamId'),
          awayTeamId: pick('awayTeamId'),
          opponentName: pick('opponentName'),
          state: pick('state'),
        });
        const place = await placeOf(tx, me, game);
        // Moving a game to another league would move its pitch counts under another rule.
        if (place.leagueId !== current.leagueId || place.seasonId !== current.seasonId) {
          throw errors.badInput(GAME_MESSAGES.teamsOfOneLeague);
        }
        authorize(me, 'Mutation.updateGame', gameTarget({ ...place, ...game }));
        assertFitsSeason(place, game.date);
        // The calendar holds: a game is started or ended on its day, and pitching never moves to a day not yet come.
        const started = game.state !== current.state && game.state !== 'scheduled';
        if (started || (current.holdsPitching && game.date !== current.date)) {
          assertNotAfterToday({ date: game.date, timeZone: current.timeZone }, clock.now());
        }
        const moved =
          game.date !== current.date ||
          game.startTime !== current.startTime ||
          game.homeTeamId !== current.homeTeamId ||
          game.awayTeamId !== current.awayTeamId ||
          game.opponentName !== current.opponentName;
        const reason = correctionReason(me, current, moved, input.reason);
        const kept = new Set([game.homeTeamId, game.awayTeamId]);
        for (const [teamId, name] of [
          [current.homeTeamId, current.homeTeamName],
          [current.awayTeamId, current.awayTeamName],
        ] as const) {
          if (!teamId || kept.has(teamId)) continue;
          const [used] = await tx
            .select({ n: count() })
            .from(pitchOutings)
            .where(
              and(eq(pitchOutings.gameId, current.id), eq(pitchOutings.teamId, teamId), isNull(pitchOutings.deletedAt)),
            );
          if ((used?.n ?? 0) > 0) throw errors.conflict(GAME_MESSAGES.teamHasOutings(name ?? 'a team'));
        }
        const now = history.at;
        const redated = game.date !== current.date || game.startTime !== current.startTime;
        // The answers a move may change, before it (their parents hear of a change once, after).
        const answers =
          redated && current.holdsPitching
            ? await answersBeforeChange(tx, await pitchersOf(tx, current.id), now)
            : null;
        await history.track('game', { ids: [current.id] }, { action: moved ? 'moved' : 'changed', reason }, () =>
          tx
            .update(games)
            .set({ ...game, version: sql`${games.version} + 1`, updatedAt: now })
            .where(eq(games.id, current.id)),
        );
        if (game.state === 'final' && current.state !== 'final') await tellParentsOfLiveOutings(tx, current.id, now);
        if (current.signed && moved) {
          await queueSignedGameChangedEmails(tx, {
            game: { ...current, title: gameTitleOf(current) },
            summary: describeInEnglish({
              entity: 'game',
              action: 'moved',
              actorName: await history.nameOfWriter(),
              reason,
              before: { ...current },
              after: { ...game },
              playerName: null,
              teamName: null,
            }),
          });
        }
        if (redated) {
          const why = GAME_MESSAGES.moved(
            [current.date, current.startTime].filter(Boolean).join(' '),
            [game.date, game.startTime].filter(Boolean).join(' '),
            reason ?? 'before any pitching was recorded',
          );
          await history.track('outing', { gameIds: [current.id] }, { action: 'moved', reason: why }, async () => {
            const moving = await tx
              .select()
              .from(pitchOutings)
              .where(and(eq(pitchOutings.gameId, current.id), isNull(pitchOutings.deletedAt)));
            if (moving.length > 0) {
              const name = await history.nameOfWriter();
              await tx.insert(outingCorrections).values(
                moving.map((o) => ({
                  outingId: o.id,
                  changedBy: me.userId,
                  changedByName: name,
                  changedAt: now,
                  reason: why,
                  before: countsOf(o),
                  after: countsOf(o),
                })),
              );
              await tx
                .update(pitchOutings)
                .set({ date: game.date, version: sql`${pitchOutings.version} + 1`, updatedAt: now })
                .where(and(eq(pitchOutings.gameId, current.id), isNull(pitchOutings.deletedAt)));
            }
            // Deleted outings keep the game's day too (no correction: they count for nothing).
            await tx
              .update(pitchOutings)
              .set({ date: game.date })
              .where(and(eq(pitchOutings.gameId, current.id), isNotNull(pitchOutings.deletedAt)));
          });
          await tx.update(violations).set({ date: game.date }).where(eq(violations.gameId, current.id));
          await recomputeViolations(tx, await pitchersOf(tx, current.id), history, why);
          const change = { from: current.date, to: game.date, reason: reason ?? '' };
          if (answers)
            await tellParentsOfChangedAnswers(tx, answers, { id: 'email.answerChanged.moved', values: change }, now);
        }
        return load(current.id, tx);
      });
      // Every phone on the game hears its state at once (a game another phone ended counts no more taps).
      await deps.events?.publish('officialCount.updated', { gameId: updated.id });
      return updated;
    },

    /**
     * Deletes a game that holds nothing about pitching. One that does is withdrawn instead, by an
     * admin with a reason: it stays (with its history and taps), its outings are deleted with that
     * reason, and their violations are withdrawn, saying why.
     */
    async delete(actor: Actor | null, input: { id: string; version?: number | null; reason?: string | null }) {
      const me = authorizeSome(actor, 'Mutation.deleteGame');
      return db.transaction(async (tx) => {
        const seen = await loadReadable(me, input.id, tx);
        authorize(me, 'Mutation.deleteGame', gameTarget(seen));
        const history = await History.open(tx, me, clock.now(), [gameChain(seen.organizationId, seen.id)]);
        const game = await load(seen.id, tx);
        await assertVersion(tx, 'game', 'game', game, input.version);
        assertWritable({ name: game.seasonName, state: game.seasonState });
        assertOpenTo(me, game);
        if (!game.holdsPitching) {
          await history.track(
            'game',
            { ids: [game.id] },
            { action: 'deleted', reason: input.reason?.trim() || null },
            () => tx.delete(games).where(eq(games.id, game.id)),
          );
          return game;
        }
        const reason = correctionReason(me, game, true, input.reason) as string;
        const why = GAME_MESSAGES.withdrawnOuting(reason);
        const outings = await tx
          .select()
          .from(pitchOutings)
          .where(and(eq(pitchOutings.gameId, game.id), isNull(pitchOutings.deletedAt)));
        const answers = await answersBeforeChange(
          tx,
          outings.map((o) => o.playerId),
          history.at,
        );
        for (const outing of outings) {
          await correctOuting(tx, history, outing, { counts: null, reason: why });
        }
        await tellParentsOfChangedAnswers(
          tx,
          answers,
          { id: 'email.answerChanged.withdrawn', values: { date: game.date, reason } },
          history.at,
        );
        if (game.signed) {
          await queueSignedGameChangedEmails(tx, {
            game: { ...game, title: gameTitleOf(game) },
            summary: `${await history.nameOfWriter()} withdrew the game: “${reason}”`,
          });
        }
        await history.track('game', { ids: [game.id] }, { action: 'withdrawn', reason }, () =>
          tx
            .update(games)
            .set({
              withdrawnAt: history.at,
              withdrawnReason: reason,
              version: sql`${games.version} + 1`,
              updatedAt: history.at,
            })
            .where(eq(games.id, game.id)),
        );
        return load(game.id, tx);
      });
    },
  };
}

/**
 * The reason a change to a game needs: none for a game that holds nothing about pitching; for one
 * that does, moving or withdrawing it is an admin's correction with a reason.
 */
function correctionReason(me: Actor, game: GameRecord, correcting: boolean, given: unknown): string | null {
  const reason = typeof given === 'string' ? given.trim() : '';
  if (!correcting || !game.holdsPitching) return reason || null;
  if (!administers(me, gameTarget(game))) throw errors.conflict(GAME_MESSAGES.holdsPitching);
  if (!reason) throw errors.badInput(GAME_MESSAGES.reasonNeeded);
  return parse(correctionReasonSchema, reason);
}

export type GamesService = ReturnType<typeof createGamesService>;
