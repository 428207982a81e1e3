import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError, errors } from '../../core/errors.ts';
import { type CountStatus, confirmedCountsOf, signedCountsOf } from '../../core/official-count.ts';
import { OFFICIAL_MESSAGES, officialLinkSchema, officialSignatureSchema } from '../../core/official-signature.ts';
import { type Actor, authorize, authorizeSome, can } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { gameConfirmations, games, pitchOutings, users } from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import type { Events } from './events.ts';
import {
  assertNotAfterToday,
  finishGame,
  GAME_MESSAGES,
  type GameRecord,
  gameTarget,
  gameTitleOf,
  selectGames,
} from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import { gameChain, History } from './history.ts';
import { adminsOfLeagues } from './notifications.ts';
import {
  bookOf,
  loadOfficialCount,
  loadOfficialCounts,
  OFFICIAL_COUNT_MESSAGES,
  type OfficialCountRecord,
  type PitcherCount,
  standBookCount,
} from './official-count.repository.ts';
import { type OpenedLink, openLink, spendLink, triesCounted } from './officials.repository.ts';
import { queueEmails } from './outbox.ts';
import { parse } from './parse.ts';
import { requireUuid } from './scope.ts';
import { digestOf, type OfficialSignatureRecord, voidedSignatureEmail } from './signatures.repository.ts';
import type { ThrottleService } from './throttle.service.ts';
import { nameOfUser } from './users.repository.ts';
import { recomputeViolations } from './violations.repository.ts';

/**
 * The signatures of a game's counts (docs/decisions/0050-officials-are-people-the-league-knows.md): each team's
 * confirmation, the official's signature through the link emailed to them, and the league's admins told when a
 * later change voided the official's. Each keeps the counts it covered and their digest (signatures.repository.ts);
 * the official count they sign is read in official-count.repository.ts.
 */

/** What the official reads before signing (the code names the game). */
export interface OfficialGameView {
  title: string;
  date: string;
  leagueName: string;
  state: GameRecord['state'];
  withdrawn: boolean;
  status: CountStatus;
  /** The game's teams of the league: a pitcher's other dugout is the one that is not theirs. */
  teams: { teamId: string; teamName: string }[];
  pitchers: PitcherCount[];
  /** The official the link was sent to: who signs with it. */
  signerName: string;
  /** The official's signature so far (void when the counts changed after it). */
  official: OfficialSignatureRecord | null;
}

function viewOf(record: OfficialCountRecord, link: OpenedLink): OfficialGameView {
  const { game } = record;
  return {
    title: gameTitleOf(game),
    date: game.date,
    leagueName: game.leagueName,
    state: game.state,
    withdrawn: game.withdrawnAt !== null,
    status: record.status,
    teams: record.teams.map(({ teamId, teamName }) => ({ teamId, teamName })),
    pitchers: record.pitchers,
    signerName: link.official.name,
    official: record.official,
  };
}

/** Changed signed games looked at, at most, per run of tellOfVoidedSignatures (a run every minute; one transaction). */
const TELL_BATCH = 200;

/** The league's admins hear that the official's signature no longer covers the game's counts. */
async function queueVoidedSignatureEmails(tx: Db, record: OfficialCountRecord) {
  const { game, official } = record;
  if (!official) return;
  const admins = new Map((await adminsOfLeagues(tx, [game.leagueId])).map((a) => [a.email, a.language]));
  const voided = {
    game: gameTitleOf(game),
    date: game.date,
    official: official.name,
    counts: official.signedCounts,
    by: official.changedAfter?.byName ?? null,
  };
  await queueEmails(
    tx,
    [...admins].map(([to, language]) => {
      const { subject, lines } = voidedSignatureEmail(translatorFor(language), voided);
      return { to, subject, body: lines.join('\n'), kind: 'signed-game-changed' as const };
    }),
  );
}

export function createSignaturesService(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  games: GamesService;
  throttle: ThrottleService;
}) {
  const { db, clock, events } = deps;
  const loadOne = (from: Db, game: GameRecord, now: Date = clock.now()) => loadOfficialCount(from, game, now);

  /**
   * The link opened on the official's own device: a session of anyone else (a coach, a parent) never signs or reads
   * as the official; the official's own account, when they have one, may.
   */
  async function assertOwnDevice(from: Db, actor: Actor | null, link: OpenedLink) {
    if (!actor) return;
    const [me] = await from.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
    if (me?.email.toLowerCase() !== link.official.email) throw errors.forbidden(OFFICIAL_MESSAGES.notYourLink);
  }

  /** The link, good and unused, with its official and game; refused otherwise (each wrong one counted). */
  async function usableLink(from: Db, actor: Actor | null, token: string, now: Date) {
    const link = await openLink(from, token);
    await assertOwnDevice(from, actor, link);
    if (link.usedAt) throw errors.badInput(OFFICIAL_MESSAGES.linkUsed);
    if (link.expiresAt <= now) throw errors.badInput(OFFICIAL_MESSAGES.linkExpired);
    return link;
  }

  /**
   * The official settles a disputed game before signing: for each pitcher whose two counts differ,
   * the chosen dugout's count stands (the outing is corrected to it when it is the other dugout's),
   * and the game is settled, each with the official's name in the history.
   */
  async function settleByOfficial(
    tx: Db,
    history: History,
    game: GameRecord,
    record: OfficialCountRecord,
    name: string,
    choices: readonly { pitcherId: string; bookTeamId: string }[],
  ) {
    const differing = record.pitchers.filter((p) => p.differs);
    const teams = [game.homeTeamId, game.awayTeamId].filter((id): id is string => id !== null);
    for (const choice of choices) {
      const pitcher = differing.find((p) => p.pitcherId === choice.pitcherId);
      if (!pitcher || !teams.includes(choice.bookTeamId)) throw errors.badInput(OFFICIAL_MESSAGES.notADifference);
    }
    const unsettled = differing.filter((p) => !choices.some((c) => c.pitcherId === p.pitcherId));
    if (unsettled.length > 0) throw errors.badInput(OFFICIAL_MESSAGES.settleFirst(unsettled.length));
    const changed: string[] = [];
    const reasons: string[] = [];
    for (const p of differing) {
      const choice = choices.find((c) => c.pitcherId === p.pitcherId) as { bookTeamId: string };
      const team = choice.bookTeamId === game.homeTeamId ? game.homeTeamName : game.awayTeamName;
      const reason = OFFICIAL_COUNT_MESSAGES.officialSettled(name, p.pitcherName, team ?? '');
      reasons.push(reason);
      // The pitcher's own team's count is the one on record already: it stands as it is.
      if (choice.bookTeamId === p.teamId) continue;
      const book = await bookOf(tx, game, p.pitcherId, choice.bookTeamId);
      if (!book) throw errors.badInput(OFFICIAL_MESSAGES.notADifference);
      await standBookCount(tx, history, game, p.pitcherId, p.teamId, book, { reason, by: `${name} (official)` });
      changed.push(p.pitcherId);
    }
    await history.track('game', { ids: [game.id] }, { action: 'settled', reason: reasons.join('; ') }, () =>
      tx
        .update(games)
        .set({ countsSettledAt: history.at, version: sql`${games.version} + 1` })
        .where(eq(games.id, game.id)),
    );
    if (changed.length) await recomputeViolations(tx, changed, history, reasons.join('; '));
  }

  return {
    /**
     * What the official is asked to sign, before signing: the game, its state and each pitcher's count of both
     * dugouts and on record, with the differences, and who signs (the link's official). The emailed link is the
     * right to read it, as it is to sign.
     */
    async officialGame(
      actor: Actor | null,
      input: { link: string },
      client: string | null = null,
    ): Promise<OfficialGameView> {
      if (!can(actor, 'Query.officialGame')) throw errors.forbidden();
      const { link: token } = parse(officialLinkSchema, input);
      const link = await triesCounted(deps.throttle, client, token, () => usableLink(db, actor, token, clock.now()));
      const [game] = await selectGames(db).where(eq(games.id, link.gameId));
      if (!game) throw errors.badInput(OFFICIAL_MESSAGES.linkInvalid);
      return viewOf(await loadOne(db, game), link);
    },

    /**
     * The official signs the game's counts through the link emailed to them, on their own phone: the link is who
     * they are, and its official's name is what the history, the log and the card keep. A disputed game is signed
     * once the official settles each difference (whose count stands, kept in the outing's and the game's history);
     * a withdrawn one not at all. The signature keeps the counts it covers and their digest: a later change voids it.
     */
    async signAsOfficial(
      actor: Actor | null,
      input: { link: string; settle?: readonly { pitcherId: string; bookTeamId: string }[] | null },
      client: string | null = null,
    ): Promise<{ gameId: string; title: string; date: string; leagueName: string; officialName: string }> {
      // Anyone may try: the link, sent only to the official's email, is what grants it.
      if (!can(actor, 'Mutation.signAsOfficial')) throw errors.forbidden();
      const { link: token, settle } = parse(officialSignatureSchema, { ...input, settle: input.settle ?? undefined });
      const now = clock.now();
      const signed = await triesCounted(deps.throttle, client, token, () =>
        db.transaction(async (tx) => {
          const link = await usableLink(tx, actor, token, now);
          const [place] = await tx
            .select({ organizationId: games.organizationId })
            .from(games)
            .where(eq(games.id, link.gameId));
          if (!place) throw errors.badInput(OFFICIAL_MESSAGES.linkInvalid);
          const name = link.official.name;
          // The history first, then the game's row (docs/decisions/0034-the-pitch-record.md: one lock order).
          const history = await History.open(tx, null, now, [gameChain(place.organizationId, link.gameId)], {
            actorName: `${name} (official)`,
          });
          const [game] = await selectGames(tx).where(eq(games.id, link.gameId));
          if (!game) throw errors.badInput(OFFICIAL_MESSAGES.linkInvalid);
          if (game.withdrawnAt) throw errors.conflict(OFFICIAL_MESSAGES.withdrawn);
          assertNotAfterToday(game, now);
          const record = await loadOne(tx, game, now);
          if (record.official?.current) throw errors.conflict(OFFICIAL_MESSAGES.alreadySigned);
          if (!(await spendLink(tx, link.linkId, now))) throw errors.badInput(OFFICIAL_MESSAGES.linkUsed);
          if (record.status === 'disputed') await settleByOfficial(tx, history, game, record, name, settle ?? []);
          const [settled] = await selectGames(tx).where(eq(games.id, game.id));
          const { signedNow, digest } = await loadOne(tx, settled as GameRecord, now);
          await history.track('game', { ids: [game.id] }, { action: 'signed by the official' }, () =>
            tx
              .update(games)
              .set({
                officialName: name,
                officialId: link.official.id,
                officialSignedAt: now,
                officialCounts: signedNow,
                officialDigest: digest,
                signaturesCheckedAt: now,
                // What the official's settling changed before it, this signature covers.
                signatureChangedAt: null,
                version: sql`${games.version} + 1`,
                updatedAt: now,
              })
              .where(eq(games.id, game.id)),
          );
          const [after] = await selectGames(tx).where(eq(games.id, game.id));
          return after as GameRecord;
        }),
      );
      await events.publish('officialCount.updated', { gameId: signed.id });
      return {
        gameId: signed.id,
        title: gameTitleOf(signed),
        date: signed.date,
        leagueName: signed.leagueName,
        officialName: signed.officialName ?? '',
      };
    },

    /**
     * A team confirms the game's final counts as they are on record now (its manager's signature).
     * Confirming again after a change renews it; the record itself is not touched.
     */
    async confirm(actor: Actor | null, input: { gameId: string; teamId: string }): Promise<OfficialCountRecord> {
      const me = authorizeSome(actor, 'Mutation.confirmOfficialCount');
      const teamId = requireUuid(input.teamId, 'Team');
      const result = await db.transaction(async (tx) => {
        const game = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'), tx);
        // Any other team is unknown here, whoever's it is.
        if (teamId !== game.homeTeamId && teamId !== game.awayTeamId) {
          throw new AppError('NOT_FOUND', OFFICIAL_COUNT_MESSAGES.teamNotInGame);
        }
        authorize(me, 'Mutation.confirmOfficialCount', { ...gameTarget(game), teamIds: [teamId] });
        if (game.seasonState === 'archived') throw errors.conflict(OFFICIAL_COUNT_MESSAGES.archived(game.seasonName));
        if (game.withdrawnAt) throw errors.conflict(GAME_MESSAGES.withdrawn(game.withdrawnReason));
        assertNotAfterToday(game, clock.now());
        const history = await History.open(tx, me, clock.now(), [gameChain(game.organizationId, game.id)]);
        const outings = await tx
          .select({
            pitcherId: pitchOutings.playerId,
            teamId: pitchOutings.teamId,
            pitches: pitchOutings.pitches,
            intentionalWalks: pitchOutings.intentionalWalks,
          })
          .from(pitchOutings)
          .where(and(eq(pitchOutings.gameId, game.id), isNull(pitchOutings.deletedAt)));
        if (outings.length === 0) throw errors.badInput(OFFICIAL_COUNT_MESSAGES.nothingToConfirm);
        const row = {
          gameId: game.id,
          teamId,
          confirmedBy: me.userId,
          confirmedByName: await nameOfUser(tx, me.userId),
          confirmedAt: history.at,
          counts: confirmedCountsOf(outings),
          // What the confirmation covers, the game's day with its counts: a move or a change voids it.
          digest: digestOf(signedCountsOf(game.id, game.date, outings)),
        };
        await history.track('confirmation', { gameIds: [game.id] }, { action: 'confirmed' }, () =>
          tx
            .insert(gameConfirmations)
            .values(row)
            .onConflictDoUpdate({
              target: [gameConfirmations.gameId, gameConfirmations.teamId],
              set: {
                confirmedBy: row.confirmedBy,
                confirmedByName: row.confirmedByName,
                confirmedAt: row.confirmedAt,
                counts: row.counts,
                digest: row.digest,
              },
            }),
        );
        const record = await loadOne(tx, game);
        // Both teams signed the counts on record: the game is over, if nobody ended it yet.
        if (record.status === 'confirmed' && (await finishGame(tx, history, game.id))) {
          const [ended] = await selectGames(tx).where(eq(games.id, game.id));
          return loadOne(tx, ended as GameRecord);
        }
        return record;
      });
      await events.publish('officialCount.updated', { gameId: result.game.id });
      return result;
    },

    /**
     * Tells the league's admins of each official's signature a later change voided (a late tap, a coach's or an
     * admin's correction, a moved game): run every minute with settleDue. It reads only the games whose history grew
     * after the official signed and that it has not looked at since (marked by the history:
     * signatures.repository.ts markSignedGamesChanged), so its cost follows the changes, not the season's signed
     * games. It unmarks a batch under their rows' locks (another server's run takes other games), then judges them
     * in the same transaction: each change is told once, and a change that commits meanwhile waits for the lock and
     * marks its game again. A closed game's change is told as it is made (notifications.ts), so it is skipped here.
     */
    async tellOfVoidedSignatures(now: Date = clock.now()): Promise<number> {
      const [waiting] = await db
        .select({ id: games.id })
        .from(games)
        .where(isNotNull(games.signatureChangedAt))
        .limit(1);
      if (!waiting) return 0;
      return db.transaction(async (tx) => {
        const marked = tx
          .select({ id: games.id })
          .from(games)
          .where(isNotNull(games.signatureChangedAt))
          .orderBy(asc(games.signatureChangedAt), asc(games.id))
          .limit(TELL_BATCH)
          .for('update', { skipLocked: true });
        const seen = await tx
          .update(games)
          .set({ signatureChangedAt: null, signaturesCheckedAt: now })
          .where(inArray(games.id, marked))
          .returning({ id: games.id });
        if (seen.length === 0) return 0;
        const list = await selectGames(tx).where(
          inArray(
            games.id,
            seen.map((g) => g.id),
          ),
        );
        let told = 0;
        for (const record of await loadOfficialCounts(tx, list, now)) {
          if (!record.official || record.official.current || record.game.signed) continue;
          await queueVoidedSignatureEmails(tx, record);
          told++;
        }
        return told;
      });
    },
  };
}

export type SignaturesService = ReturnType<typeof createSignaturesService>;
