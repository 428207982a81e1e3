import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Message } from '../../core/i18n/messages.ts';
import { localDateTimeIn } from '../../core/local-date.ts';
import {
  type CountDeadlineRule,
  type CountFacts,
  type CountState,
  type CountStatus,
  countDeadlineOf,
  countStateOf,
  type PitcherComparison,
  type SignedCounts,
  signedCountsOf,
} from '../../core/official-count.ts';
import { tallyOf } from '../../core/pitch-events.ts';
import { type Db, readTogether } from '../db/client.ts';
import {
  gameConfirmations,
  leagues,
  organizations,
  outingCorrections,
  pitchEvents,
  pitchOutings,
  players,
  rosterEntries,
} from '../db/schema.ts';
import type { GameRecord } from './games.repository.ts';
import type { History } from './history.ts';
import { countsOf } from './outings.repository.ts';
import { tapsOfBook } from './pitch-events.repository.ts';
import { rulesOfLeagues } from './pitching-history.ts';
import {
  type ConfirmationRecord,
  changesAfterSigning,
  countsOfSigned,
  digestOf,
  type OfficialSignatureRecord,
  signedPitchersOf,
} from './signatures.repository.ts';

/**
 * The official count of games, as the official count's service (official-count.service.ts) and the signatures'
 * (signatures.service.ts) both read it: both dugouts' books compared with the outings on record, each team's
 * confirmation and the official's signature with whether they still hold, and the league's deadline; and how a
 * book's count comes to stand (the deadline's or the official's settling).
 */

export interface PitcherCount extends PitcherComparison {
  pitcherName: string;
  teamName: string;
  /** The own team's live count, when it counted (the record follows it until corrected by hand). */
  ownBook: { pitches: number; intentionalWalks: number } | null;
}

export interface OfficialCountRecord {
  game: GameRecord;
  status: CountStatus;
  /** The game's teams of the league, each with whether its confirmation is current. */
  teams: { teamId: string; teamName: string; confirmed: boolean }[];
  confirmations: ConfirmationRecord[];
  pitchers: PitcherCount[];
  /** Local wall-clock time 'YYYY-MM-DDTHH:MM' in the organization's time zone. */
  deadline: string;
  deadlinePassed: boolean;
  countStandsAfterDeadline: CountDeadlineRule;
  settledAt: Date | null;
  /** The official's signature, once given (void when the counts changed after it). */
  official: OfficialSignatureRecord | null;
  /** What a signature given now covers, and its digest. */
  signedNow: SignedCounts;
  digest: string;
}

export const OFFICIAL_COUNT_MESSAGES = {
  teamNotInGame: { id: 'errors.officialCount.teamNotInGame' } as Message,
  nothingToConfirm: { id: 'errors.officialCount.nothingToConfirm' } as Message,
  archived: (season: string): Message => ({ id: 'errors.game.seasonArchived', values: { season } }),
  // What the deadline writes in the record (its history's reason and who): data, kept in English.
  settledReason: (rule: CountDeadlineRule) =>
    rule === 'home'
      ? 'The counts were not agreed by the deadline: the home team’s count stands (league setting)'
      : 'The counts were not agreed by the deadline: each pitcher’s own team’s count stands (league setting)',
  settledBy: 'Deadline (league setting)',
  officialSettled: (official: string, pitcher: string, team: string) =>
    `Settled by the official ${official}: the ${team} count of ${pitcher} stands`,
} as const;

const PITCH_KINDS = sql`('ball', 'strike', 'foul', 'in_play')`;

interface LeagueSettings {
  countStandsAfterDeadline: CountDeadlineRule;
  countDeadlineDays: number;
  countDeadlineTime: string;
  timeZone: string;
}

/** Every fact the state of these games needs, in a few queries whatever their number. */
async function countFactsOf(from: Db, list: readonly GameRecord[]) {
  const ids = list.map((g) => g.id);
  const leagueIds = [...new Set(list.map((g) => g.leagueId))];
  const [outings, books, confirmations, settings] = await readTogether(from, [
    () =>
      from
        .select({
          gameId: pitchOutings.gameId,
          pitcherId: pitchOutings.playerId,
          teamId: pitchOutings.teamId,
          pitches: pitchOutings.pitches,
          intentionalWalks: pitchOutings.intentionalWalks,
        })
        .from(pitchOutings)
        .where(and(inArray(pitchOutings.gameId, ids), isNull(pitchOutings.deletedAt))),
    // Each book's totals, as core/pitch-events.ts tallyOf adds them: an undo takes back the tap it names.
    () =>
      from
        .select({
          gameId: pitchEvents.gameId,
          pitcherId: pitchEvents.pitcherId,
          bookTeamId: pitchEvents.bookTeamId,
          pitches: sql<number>`(count(*) filter (where ${pitchEvents.kind} in ${PITCH_KINDS}))::int`,
          intentionalWalks: sql<number>`(count(*) filter (where ${pitchEvents.kind} = 'intentional_walk'))::int`,
        })
        .from(pitchEvents)
        .where(
          and(
            inArray(pitchEvents.gameId, ids),
            sql`${pitchEvents.kind} <> 'undo'`,
            sql`not exists (select 1 from ${pitchEvents} u where u.kind = 'undo' and u.undoes = ${pitchEvents.id}
            and u.game_id = ${pitchEvents.gameId} and u.pitcher_id = ${pitchEvents.pitcherId}
            and u.book_team_id = ${pitchEvents.bookTeamId})`,
          ),
        )
        .groupBy(pitchEvents.gameId, pitchEvents.pitcherId, pitchEvents.bookTeamId),
    () => from.select().from(gameConfirmations).where(inArray(gameConfirmations.gameId, ids)),
    () =>
      from
        .select({
          id: leagues.id,
          countStandsAfterDeadline: leagues.countStandsAfterDeadline,
          countDeadlineDays: leagues.countDeadlineDays,
          countDeadlineTime: leagues.countDeadlineTime,
          timeZone: organizations.timeZone,
        })
        .from(leagues)
        .innerJoin(organizations, eq(organizations.id, leagues.organizationId))
        .where(inArray(leagues.id, leagueIds)),
  ]);
  const signedIds = [
    ...confirmations.flatMap((c) => Object.keys(countsOfSigned(c.counts))),
    ...list.flatMap((g) => Object.keys(countsOfSigned(g.officialCounts))),
  ];
  const pitcherIds = [...new Set([...outings.map((o) => o.pitcherId), ...books.map((b) => b.pitcherId), ...signedIds])];
  const gameTeamIds = [
    ...new Set(list.flatMap((g) => [g.homeTeamId, g.awayTeamId]).filter((id): id is string => id !== null)),
  ];
  const [names, rosters] = pitcherIds.length
    ? await readTogether(from, [
        () =>
          from
            .select({ id: players.id, firstName: players.firstName, lastName: players.lastName })
            .from(players)
            .where(inArray(players.id, pitcherIds)),
        () =>
          from
            .select({ playerId: rosterEntries.playerId, teamId: rosterEntries.teamId })
            .from(rosterEntries)
            .where(and(inArray(rosterEntries.playerId, pitcherIds), inArray(rosterEntries.teamId, gameTeamIds))),
      ])
    : [[], []];
  const nameOf = new Map(names.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  const settingsOf = new Map(settings.map((s) => [s.id, s as LeagueSettings & { id: string }]));
  return { outings, books, confirmations, rosters, nameOf, settingsOf };
}

/** One game's official count, from the facts read for it and the games read with it. */
function officialCountOf(
  game: GameRecord,
  { outings, books, confirmations, rosters, nameOf, settingsOf }: Awaited<ReturnType<typeof countFactsOf>>,
  now: Date,
): OfficialCountRecord {
  const teamIds = [game.homeTeamId, game.awayTeamId].filter((id): id is string => id !== null);
  const teamName = (id: string) =>
    (id === game.homeTeamId ? game.homeTeamName : id === game.awayTeamId ? game.awayTeamName : null) ?? '';
  const pitcherTeam = (pitcherId: string, fallback: string) =>
    rosters.find((r) => r.playerId === pitcherId && teamIds.includes(r.teamId))?.teamId ?? fallback;
  const gameOutings = outings.filter((o) => o.gameId === game.id);
  const gameBooks = books
    .filter((b) => b.gameId === game.id)
    .map((b) => ({ ...b, pitcherTeamId: pitcherTeam(b.pitcherId, b.bookTeamId) }));
  const gameConfirms = confirmations.filter((c) => c.gameId === game.id);
  const settledAt = game.countsSettledAt;
  const signedNow = signedCountsOf(game.id, game.date, gameOutings);
  const digest = digestOf(signedNow);
  const facts: CountFacts = {
    digest,
    teamIds,
    homeTeamId: game.homeTeamId,
    outings: gameOutings,
    books: gameBooks,
    confirmations: gameConfirms,
    settled: settledAt !== null,
  };
  const state: CountState = countStateOf(facts);
  const league = settingsOf.get(game.leagueId) as LeagueSettings;
  const deadline = countDeadlineOf(game.date, league.countDeadlineDays, league.countDeadlineTime);
  return {
    game,
    status: state.status,
    teams: teamIds.map((teamId) => ({
      teamId,
      teamName: teamName(teamId),
      confirmed: state.confirmations.some((c) => c.teamId === teamId && c.current),
    })),
    confirmations: gameConfirms.map((c) => ({
      teamId: c.teamId,
      teamName: teamName(c.teamId),
      confirmedByName: c.confirmedByName,
      confirmedAt: c.confirmedAt,
      current: state.confirmations.some((s) => s.teamId === c.teamId && s.current),
      signedCounts: signedPitchersOf(c.counts, nameOf),
      changedAfter: null,
    })),
    pitchers: state.pitchers
      .map((p) => {
        const own = gameBooks.find((b) => b.pitcherId === p.pitcherId && b.bookTeamId === p.teamId);
        return {
          ...p,
          pitcherName: nameOf.get(p.pitcherId) ?? '',
          teamName: teamName(p.teamId),
          ownBook: own ? { pitches: own.pitches, intentionalWalks: own.intentionalWalks } : null,
        };
      })
      .sort((a, b) => a.teamName.localeCompare(b.teamName) || a.pitcherName.localeCompare(b.pitcherName)),
    deadline,
    deadlinePassed: localDateTimeIn(league.timeZone, now) >= deadline,
    countStandsAfterDeadline: league.countStandsAfterDeadline,
    settledAt,
    official: game.officialSignedAt
      ? {
          officialId: game.officialId,
          name: game.officialName ?? '',
          signedAt: game.officialSignedAt,
          signedCounts: signedPitchersOf(game.officialCounts, nameOf),
          // A signature from before digests were kept covered what it saw; nothing says what that was.
          current: game.officialDigest === null || game.officialDigest === digest,
          changedAfter: null,
        }
      : null,
    signedNow,
    digest,
  };
}

/** The official count of these games, in a few queries whatever their number. */
export async function loadOfficialCounts(
  from: Db,
  list: readonly GameRecord[],
  now: Date,
): Promise<OfficialCountRecord[]> {
  if (list.length === 0) return [];
  const facts = await countFactsOf(from, list);
  const records = list.map((game) => officialCountOf(game, facts, now));
  await changesAfterSigning(from, records);
  return records;
}

export async function loadOfficialCount(from: Db, game: GameRecord, now: Date): Promise<OfficialCountRecord> {
  const [record] = await loadOfficialCounts(from, [game], now);
  return record as OfficialCountRecord;
}

/** A team's book of a pitcher (the home team's by default), with the count before the last batter. */
export async function bookOf(tx: Db, game: GameRecord, pitcherId: string, bookTeamId = game.homeTeamId as string) {
  const taps = await tapsOfBook(tx, { gameId: game.id, pitcherId, bookTeamId });
  if (taps.length === 0) return null;
  const credit = (await rulesOfLeagues(tx, [game.leagueId])).get(game.leagueId)?.rule?.intentionalWalkPitches ?? 0;
  return tallyOf(taps, credit);
}

/**
 * A book's count stands for a pitcher (the deadline's, or the official's settling): the outing is
 * corrected to it with the reason in its history, or recorded when nothing was.
 */
export async function standBookCount(
  tx: Db,
  history: History,
  game: GameRecord,
  pitcherId: string,
  teamId: string,
  book: { pitches: number; intentionalWalks: number; pitchesBeforeLastBatter: number | null },
  settled: { reason: string; by: string } = {
    reason: OFFICIAL_COUNT_MESSAGES.settledReason('home'),
    by: OFFICIAL_COUNT_MESSAGES.settledBy,
  },
) {
  const now = history.at;
  const counts = {
    pitches: book.pitches,
    intentionalWalks: book.intentionalWalks,
    pitchesBeforeLastBatter: book.pitchesBeforeLastBatter,
  };
  const [outing] = await tx
    .select()
    .from(pitchOutings)
    .where(and(eq(pitchOutings.gameId, game.id), eq(pitchOutings.playerId, pitcherId), isNull(pitchOutings.deletedAt)));
  if (!outing) {
    const id = randomUUID();
    await history.track('outing', { ids: [id] }, { action: 'settled', reason: settled.reason }, () =>
      tx.insert(pitchOutings).values({
        id,
        gameId: game.id,
        playerId: pitcherId,
        teamId,
        date: game.date,
        ...counts,
        recordedBy: null,
        recordedByName: settled.by,
        createdPayload: { source: 'deadline', gameId: game.id, playerId: pitcherId, teamId },
        createdAt: now,
        updatedAt: now,
      }),
    );
    return;
  }
  // Judged again with the others settled, once (the caller recomputes their violations).
  await history.track('outing', { ids: [outing.id] }, { action: 'settled', reason: settled.reason }, async () => {
    const before = countsOf(outing);
    await tx.insert(outingCorrections).values({
      outingId: outing.id,
      changedBy: null,
      changedByName: settled.by,
      changedAt: now,
      reason: settled.reason,
      before,
      after: { ...before, ...counts },
    });
    await tx
      .update(pitchOutings)
      .set({ ...counts, version: sql`${pitchOutings.version} + 1`, updatedAt: now })
      .where(eq(pitchOutings.id, outing.id));
  });
}
