import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import { type NotEligible, statusInGame } from '../../core/rules/engine.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { pitcherChoices, rosterEntries, teams } from '../db/schema.ts';
import { assertNotAfterToday, assertOpenTo, type GameRecord, gameTarget, gameTitleOf } from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import { gameChain, History } from './history.ts';
import { queuePitcherChoiceEmails } from './notifications.ts';
import { requireUuid } from './scope.ts';
import { assertWritable } from './seasons.repository.ts';
import { selectTeamPlace, statusesOf } from './status.repository.ts';
import { nameOfUser } from './users.repository.ts';

/**
 * The live count protects before the first pitch: a coach who picks a pitcher the rules hold out
 * of the game (resting, at the day's limit, barred by a catcher rule) sees why and confirms; the
 * server judges it again from the whole record, keeps the confirmed choice in the history (who,
 * when, every reason) and tells the league's admins at once (docs/decisions/0045).
 */

export interface PitcherChoiceRecord {
  /** Null when the pitcher may pitch in the game: nothing to confirm, nothing kept. */
  id: string | null;
  gameId: string;
  pitcherId: string;
  /** Whether the rules hold the pitcher out of the game, by the server's own reading of the record. */
  heldOut: boolean;
  reasons: NotEligible[];
  nextEligibleDate: string | null;
  chosenByName: string | null;
  chosenAt: Date | null;
}

export function createPitcherChoicesService(deps: { db: Db; clock: Clock; games: GamesService }) {
  const { db, clock } = deps;

  /** The game's team the pitcher plays for (either roster of the game), or not found. */
  async function teamOfPitcher(tx: Db, game: GameRecord, pitcherId: string): Promise<string> {
    const gameTeams = [game.homeTeamId, game.awayTeamId].filter((id): id is string => id !== null);
    const [entry] = gameTeams.length
      ? await tx
          .select({ teamId: rosterEntries.teamId })
          .from(rosterEntries)
          .where(and(eq(rosterEntries.playerId, pitcherId), inArray(rosterEntries.teamId, gameTeams)))
      : [];
    if (!entry) throw errors.notFound('Player');
    return entry.teamId;
  }

  return {
    /**
     * Confirms pitching a player in a game although the rules hold them out: the answer is computed
     * here, before this game's own pitching (every game of the day, earlier days, outside outings,
     * catching). A pitcher who may pitch needs no confirmation and nothing is kept; a second
     * confirmation of the same pitcher in the game answers the first.
     */
    async confirm(actor: Actor | null, input: { gameId: string; pitcherId: string }): Promise<PitcherChoiceRecord> {
      const me = authorizeSome(actor, 'Mutation.confirmPitcherChoice');
      const gameId = requireUuid(input.gameId, 'Game');
      const pitcherId = requireUuid(input.pitcherId, 'Player');
      return db.transaction(async (tx) => {
        const game = await deps.games.loadReadable(me, gameId, tx);
        const teamId = await teamOfPitcher(tx, game, pitcherId);
        authorize(me, 'Mutation.confirmPitcherChoice', { ...gameTarget(game), teamIds: [teamId] });
        assertWritable({ name: game.seasonName, state: game.seasonState });
        assertOpenTo(me, game);
        assertNotAfterToday(game, clock.now());
        const [place] = await selectTeamPlace(tx).where(eq(teams.id, teamId));
        if (!place) throw errors.notFound('Team');
        const history = await History.open(tx, me, clock.now(), [gameChain(game.organizationId, game.id)]);
        const report = await statusesOf(tx, place, [pitcherId], game.date);
        const status = report.pitchers[0];
        const none: PitcherChoiceRecord = {
          id: null,
          gameId,
          pitcherId,
          heldOut: false,
          reasons: [],
          nextEligibleDate: null,
          chosenByName: null,
          chosenAt: null,
        };
        if (!status || !report.rule) return none;
        const { before } = statusInGame(
          {
            rule: report.rule,
            birthDate: status.birthDate,
            seasonStart: place.seasonStart,
            appearances: status.record,
          },
          game,
          null,
        );
        if (before.canPitchOnAsOf) return none;
        const [kept] = await tx
          .select()
          .from(pitcherChoices)
          .where(and(eq(pitcherChoices.gameId, game.id), eq(pitcherChoices.pitcherId, pitcherId)));
        if (kept) {
          return {
            id: kept.id,
            gameId,
            pitcherId,
            heldOut: true,
            reasons: kept.reasons as NotEligible[],
            nextEligibleDate: kept.nextEligibleDate,
            chosenByName: kept.chosenByName,
            chosenAt: kept.chosenAt,
          };
        }
        const id = randomUUID();
        const chosenByName = await nameOfUser(tx, me.userId);
        // As JSON: the reasons' English is written from their messages (the engine's classes).
        const reasons = JSON.parse(JSON.stringify(before.reasons)) as NotEligible[];
        await history.track('pitcher-choice', { ids: [id] }, { action: 'chosen while held out' }, () =>
          tx.insert(pitcherChoices).values({
            id,
            gameId: game.id,
            pitcherId,
            teamId,
            chosenBy: me.userId,
            chosenByName,
            chosenAt: history.at,
            reasons,
            nextEligibleDate: before.nextEligibleDate,
          }),
        );
        await queuePitcherChoiceEmails(tx, {
          game: { ...game, title: gameTitleOf(game) },
          pitcherId,
          teamId,
          chosenByName,
          chosenAt: history.at,
          timeZone: game.timeZone,
          reasons,
          nextEligibleDate: before.nextEligibleDate,
        });
        return {
          id,
          gameId,
          pitcherId,
          heldOut: true,
          reasons,
          nextEligibleDate: before.nextEligibleDate,
          chosenByName,
          chosenAt: history.at,
        };
      });
    },
  };
}

export type PitcherChoicesService = ReturnType<typeof createPitcherChoicesService>;
