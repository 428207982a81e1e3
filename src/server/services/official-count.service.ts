import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import { AppError, errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import type { Translate } from '../../core/i18n/translator.ts';
import { addDays, localDateTimeIn, todayIn } from '../../core/local-date.ts';
import {
  type ConfirmedCounts,
  type CountDeadlineRule,
  type CountFacts,
  type CountState,
  type CountStatus,
  confirmedCountsOf,
  countDeadlineOf,
  countStateOf,
  type PitcherComparison,
  type SignedCounts,
  signedCountsOf,
} from '../../core/official-count.ts';
import { OFFICIAL_MESSAGES, officialLinkSchema, officialSignatureSchema } from '../../core/official-signature.ts';
import { type Actor, authorize, authorizeSome, can } from '../../core/permissions.ts';
import { type PitchEvent, tallyOf } from '../../core/pitch-events.ts';
import type { Clock } from '../clock.ts';
import { type Db, readTogether } from '../db/client.ts';
import {
  gameConfirmations,
  games,
  leagues,
  organizations,
  outingCorrections,
  pitchEvents,
  pitchOutings,
  players,
  rosterEntries,
  users,
} from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import type { Events } from './events.ts';
import {
  assertNotAfterToday,
  finishGame,
  GAME_MESSAGES,
  type GameRecord,
  gameTarget,
  gameTitleOf,
  readableGames,
  selectGames,
} from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import { History } from './history.ts';
import { adminsOfLeagues } from './notifications.ts';
import { type OpenedLink, openLink, spendLink, triesCounted } from './officials.repository.ts';
import { queueEmails } from './outbox.ts';
import { countsOf } from './outings.repository.ts';
import { parse } from './parse.ts';
import { rulesOfLeagues } from './pitching-history.ts';
import { requireUuid, scopeOf } from './scope.ts';
import type { ThrottleService } from './throttle.service.ts';
import { nameOfUser } from './users.repository.ts';
import { recomputeViolations } from './violations.repository.ts';

/**
 * The one official count of a game: both dugouts' books compared, each team's confirmation, the
 * official's signature and the league's deadline (docs/decisions/0031-a-game-ends.md). Over 500 lines on purpose: all
 * of them read the same facts (countFactsOf) and end the game the same way, so they stay in one
 * file where their order of locks can be read together.
 */

export interface PitcherCount extends PitcherComparison {
  pitcherName: string;
  teamName: string;
  /** The own team's live count, when it counted (the record follows it until corrected by hand). */
  ownBook: { pitches: number; intentionalWalks: number } | null;
}

/** One pitcher's count as a signature covered it. */
export interface SignedPitcher {
  pitcherId: string;
  pitcherName: string;
  pitches: number;
  intentionalWalks: number;
}

/** Who changed the counts first after a signature, and when: the signature is void from then. */
export interface ChangeAfterSigning {
  byName: string;
  at: Date;
}

export interface ConfirmationRecord {
  teamId: string;
  teamName: string;
  confirmedByName: string;
  confirmedAt: Date;
  /** Whether it still matches the record (a later change makes it stale). */
  current: boolean;
  /** The counts it covered. */
  signedCounts: SignedPitcher[];
  /** When stale: the first change after it. */
  changedAfter: ChangeAfterSigning | null;
}

/** The official's signature: who (one of the league's officials), when, over which counts, and whether it holds. */
export interface OfficialSignatureRecord {
  officialId: string | null;
  name: string;
  signedAt: Date;
  /** The counts it covered (empty for a signature from before they were kept). */
  signedCounts: SignedPitcher[];
  /** False once the counts or the game's day changed after it: it needs a new signature. */
  current: boolean;
  changedAfter: ChangeAfterSigning | null;
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

/** A signature's digest: the SHA-256 of what it covers, as canonical JSON. */
export const digestOf = (signed: SignedCounts) =>
  createHash('sha256')
    .update(`bullpen signature ${canonicalJson(signed)}`)
    .digest('hex');

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

const PITCH_KINDS = sql`('ball', 'strike', 'foul', 'in_play')`;

/** The plate card's signed games: the last week's, at most ten (a rest window is at most a few days). */
const RECENT_DAYS = 6;
const RECENT_GAMES = 10;

/** Games settled at most per run of settleDue (a run every minute). */
const SETTLE_BATCH = 500;

/** A game settled this many days after it was played ends without the parents' emails: the news is stale. */
const STALE_EMAIL_DAYS = 21;

interface LeagueSettings {
  countStandsAfterDeadline: CountDeadlineRule;
  countDeadlineDays: number;
  countDeadlineTime: string;
  timeZone: string;
}

/**
 * One official count per game: both dugouts' counts compared with the outings on
 * record, each team's confirmation (the paper log's two signatures), the admins' list of games
 * still open, and the league's deadline that settles a dispute.
 */
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

/** The counts a stored signature covers: a SignedCounts (kept since signatures carry a digest) or older bare counts. */
function countsOfSigned(stored: unknown): ConfirmedCounts {
  if (!stored || typeof stored !== 'object') return {};
  const counts = 'counts' in stored && 'date' in stored ? (stored as SignedCounts).counts : stored;
  return counts && typeof counts === 'object' ? (counts as ConfirmedCounts) : {};
}

function signedPitchersOf(stored: unknown, nameOf: Map<string, string>): SignedPitcher[] {
  return Object.entries(countsOfSigned(stored))
    .map(([pitcherId, c]) => ({
      pitcherId,
      pitcherName: nameOf.get(pitcherId) ?? '',
      pitches: Number(c?.pitches ?? 0),
      intentionalWalks: Number(c?.intentionalWalks ?? 0),
    }))
    .sort((a, b) => a.pitcherName.localeCompare(b.pitcherName));
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

/**
 * Each void signature's first change after it (who and when), from the history: the game's outings, taps and the game
 * itself (moved, withdrawn), in one query for all of them.
 */
async function changesAfterSigning(from: Db, records: readonly OfficialCountRecord[]): Promise<void> {
  const stale: { gameId: string; since: Date; set: (change: ChangeAfterSigning | null) => void }[] = [];
  for (const r of records) {
    if (r.official && !r.official.current) {
      const official = r.official;
      stale.push({ gameId: r.game.id, since: official.signedAt, set: (c) => (official.changedAfter = c) });
    }
    for (const c of r.confirmations) {
      if (!c.current) stale.push({ gameId: r.game.id, since: c.confirmedAt, set: (x) => (c.changedAfter = x) });
    }
  }
  if (stale.length === 0) return;
  const values = sql.join(
    stale.map((s, i) => sql`(${i}::int, ${s.gameId}::uuid, ${s.since.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = (await from.execute(sql`
    select v.i, first.actor_name as by_name, first.at
    from (values ${values}) as v(i, game_id, since)
    left join lateral (
      select a.actor_name, a.at from audit_entries a
      where a.game_id = v.game_id and a.at > v.since and a.entity in ('outing', 'pitch-event', 'game')
      order by a.at, a.id limit 1
    ) first on true`)) as unknown as { rows: { i: number; by_name: string | null; at: string | Date | null }[] };
  for (const row of result.rows) {
    const target = stale[Number(row.i)];
    if (target && row.by_name && row.at) target.set({ byName: row.by_name, at: new Date(row.at) });
  }
}

/** "Ana Diaz 45, Ben Ruiz 30 + 1 intentional walk": the counts a signature covered, as an email or a log says them. */
export function signedCountsText(t: Translate, pitchers: readonly SignedPitcher[]): string {
  if (pitchers.length === 0) return t('email.signatureVoided.noCounts');
  return t.list(
    pitchers.map((p) =>
      t('email.signatureVoided.pitcher', { name: p.pitcherName, pitches: p.pitches, walks: p.intentionalWalks }),
    ),
  );
}

/** The league's admins hear that the official's signature no longer covers the game's counts. */
async function queueVoidedSignatureEmails(tx: Db, record: OfficialCountRecord) {
  const { game, official } = record;
  if (!official) return;
  const admins = new Map((await adminsOfLeagues(tx, [game.leagueId])).map((a) => [a.email, a.language]));
  await queueEmails(
    tx,
    [...admins].map(([to, language]) => {
      const t = translatorFor(language);
      const values = {
        game: gameTitleOf(game),
        date: t.day(game.date),
        official: official.name,
        counts: signedCountsText(t, official.signedCounts),
        by: official.changedAfter?.byName ?? t('email.signatureVoided.someone'),
      };
      return {
        to,
        subject: t('email.signatureVoided.subject', values),
        body: [t('email.signatureVoided.what', values), '', t('email.signatureVoided.next', values)].join('\n'),
        kind: 'signed-game-changed' as const,
      };
    }),
  );
}

export function createOfficialCountService(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  games: GamesService;
  throttle: ThrottleService;
}) {
  const { db, clock, events } = deps;

  /** The official count of these games, in a few queries whatever their number. */
  async function load(from: Db, list: readonly GameRecord[], now: Date = clock.now()): Promise<OfficialCountRecord[]> {
    if (list.length === 0) return [];
    const facts = await countFactsOf(from, list);
    const records = list.map((game) => officialCountOf(game, facts, now));
    await changesAfterSigning(from, records);
    return records;
  }

  async function loadOne(from: Db, game: GameRecord, now?: Date): Promise<OfficialCountRecord> {
    const [record] = await load(from, [game], now);
    return record as OfficialCountRecord;
  }

  /**
   * The deadline closes one game's counts, under a lock on its row so two servers never settle
   * it twice. A disputed count is decided by the league's setting: with 'home', each visiting
   * pitcher the home team counted differently gets the home team's count (a correction in the
   * outing's history, or a new outing when nothing was on record); with 'own_team', the record
   * stands as it is. An unconfirmed or confirmed count stands as it is. Either way the game is
   * settled and, if nobody ended it, final (its live outings' parents are told).
   */
  async function settle(gameId: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [place] = await tx.select({ organizationId: games.organizationId }).from(games).where(eq(games.id, gameId));
      if (!place) return false;
      // The history first, then the game's row (docs/decisions/0034-the-pitch-record.md: one lock order).
      const history = await History.open(tx, null, now, [place.organizationId]);
      const [locked] = await tx
        .select({ id: games.id, settledAt: games.countsSettledAt })
        .from(games)
        .where(eq(games.id, gameId))
        .for('update');
      if (!locked || locked.settledAt) return false;
      const [game] = await selectGames(tx).where(eq(games.id, gameId));
      if (!game) return false;
      const record = await loadOne(tx, game, now);
      if (record.status === 'none' || !record.deadlinePassed) return false;
      const changed: string[] = [];
      if (record.status === 'disputed' && record.countStandsAfterDeadline === 'home' && game.homeTeamId) {
        for (const p of record.pitchers) {
          if (!p.differs || p.teamId === game.homeTeamId) continue;
          const home = await bookOf(tx, game, p.pitcherId);
          if (!home) continue;
          await standBookCount(tx, history, game, p.pitcherId, p.teamId, home);
          changed.push(p.pitcherId);
        }
      }
      await history.track(
        'game',
        { ids: [gameId] },
        {
          action: 'settled',
          reason:
            record.status === 'disputed'
              ? OFFICIAL_COUNT_MESSAGES.settledReason(record.countStandsAfterDeadline)
              : null,
        },
        () =>
          tx
            .update(games)
            .set({ countsSettledAt: now, version: sql`${games.version} + 1` })
            .where(eq(games.id, gameId)),
      );
      if (changed.length)
        await recomputeViolations(tx, changed, history, OFFICIAL_COUNT_MESSAGES.settledReason('home'));
      // A game long past (settled late: it was played before this rule) ends without emailing parents months on.
      await finishGame(tx, history, gameId, {
        tellParents: game.date >= addDays(todayIn('UTC', now), -STALE_EMAIL_DAYS),
      });
      return true;
    });
  }

  /** A team's book of a pitcher (the home team's by default), with the count before the last batter. */
  async function bookOf(tx: Db, game: GameRecord, pitcherId: string, bookTeamId = game.homeTeamId as string) {
    const rows = await tx
      .select()
      .from(pitchEvents)
      .where(
        and(
          eq(pitchEvents.gameId, game.id),
          eq(pitchEvents.pitcherId, pitcherId),
          eq(pitchEvents.bookTeamId, bookTeamId),
        ),
      );
    if (rows.length === 0) return null;
    const credit = (await rulesOfLeagues(tx, [game.leagueId])).get(game.leagueId)?.rule?.intentionalWalkPitches ?? 0;
    return tallyOf(
      rows.map((r) => ({ ...r, at: r.at.toISOString() }) as PitchEvent),
      credit,
    );
  }

  /**
   * A book's count stands for a pitcher (the deadline's, or the official's settling): the outing is
   * corrected to it with the reason in its history, or recorded when nothing was.
   */
  async function standBookCount(
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
      .where(
        and(eq(pitchOutings.gameId, game.id), eq(pitchOutings.playerId, pitcherId), isNull(pitchOutings.deletedAt)),
      );
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
          const history = await History.open(tx, null, now, [place.organizationId], {
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
     * A team's signed games of the last week up to its day (the caller checked the reader may read the team): who
     * signed their counts and whether a change voided it, newest first, for the plate meeting's card. Withdrawn games
     * and games nobody signed are left out.
     */
    async recentOfTeam(teamId: string, today: string): Promise<OfficialCountRecord[]> {
      const rows = await selectGames(db)
        .where(
          and(
            sql`(${games.homeTeamId} = ${teamId} or ${games.awayTeamId} = ${teamId})`,
            sql`(${games.officialSignedAt} is not null or exists (select 1 from ${gameConfirmations} c where c.game_id = ${games.id}))`,
            sql`${games.date} between ${addDays(today, -RECENT_DAYS)}::date and ${today}::date`,
            isNull(games.withdrawnAt),
          ),
        )
        .orderBy(desc(games.date), sql`${games.startTime} desc nulls last`, asc(games.id))
        .limit(RECENT_GAMES);
      return (await load(db, rows)).filter((r) => r.official !== null || r.confirmations.length > 0);
    },

    /** The official count of a game the caller already checked the reader may read (the pitch log). */
    ofReadableGame: (game: GameRecord, from: Db = db) => loadOne(from, game),

    /** A game's official count: the record, the other dugout's count, who confirmed, the deadline. */
    async get(actor: Actor | null, input: { gameId: string }): Promise<OfficialCountRecord> {
      const me = authorize(actor, 'Query.officialCount');
      const game = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'));
      return loadOne(db, game);
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
        const history = await History.open(tx, me, clock.now(), [game.organizationId]);
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
     * Games of a league's season whose count is not yet confirmed by both teams, up to today (the
     * admins' list): unconfirmed, disputed, and (asked for) settled or confirmed ones, newest first.
     */
    async list(
      actor: Actor | null,
      input: { leagueId: string; seasonId?: string | null; statuses?: readonly CountStatus[] | null },
    ): Promise<OfficialCountRecord[]> {
      const me = authorizeSome(actor, 'Query.listOfficialCounts');
      const leagueId = requireUuid(input.leagueId, 'League');
      const scope = await scopeOf(db, me);
      const [league] = await db
        .select({ id: leagues.id, organizationId: leagues.organizationId, timeZone: organizations.timeZone })
        .from(leagues)
        .innerJoin(organizations, eq(organizations.id, leagues.organizationId))
        .where(eq(leagues.id, leagueId));
      if (!league || !(scope.all || scope.leagueIds.includes(league.id))) throw errors.notFound('League');
      authorize(me, 'Query.listOfficialCounts', { leagueId: league.id, organizationId: league.organizationId });
      const conditions: (SQL | undefined)[] = [
        eq(games.leagueId, league.id),
        isNull(games.withdrawnAt),
        lte(games.date, todayIn(league.timeZone, clock.now())),
        readableGames(me),
      ];
      if (input.seasonId != null) conditions.push(eq(games.seasonId, requireUuid(input.seasonId, 'Season')));
      // Only games where someone recorded pitching: the rest have no count to confirm.
      conditions.push(
        sql`(exists (select 1 from ${pitchOutings} o where o.game_id = ${games.id} and o.deleted_at is null)
          or exists (select 1 from ${pitchEvents} e where e.game_id = ${games.id}))`,
      );
      const rows = await selectGames(db)
        .where(and(...conditions))
        .orderBy(desc(games.date), sql`${games.startTime} desc nulls last`, asc(games.id))
        .limit(500);
      const wanted = new Set<CountStatus>(input.statuses?.length ? input.statuses : ['unconfirmed', 'disputed']);
      return (await load(db, rows)).filter((r) => wanted.has(r.status));
    },

    /**
     * Tells the league's admins of each official's signature a later change voided (a late tap, a coach's or an
     * admin's correction, a moved game): run every minute with settleDue, it looks at the signed games whose history
     * grew since it last did. A closed game's change is told as it is made (notifications.ts), so it is skipped here.
     */
    async tellOfVoidedSignatures(now: Date = clock.now()): Promise<number> {
      const changed = sql`(select max(a.at) from audit_entries a where a.game_id = ${games.id}
        and a.entity in ('outing', 'pitch-event', 'game')
        and a.at > coalesce(${games.signaturesCheckedAt}, ${games.officialSignedAt}))`;
      const candidates = await selectGames(db)
        .where(and(isNotNull(games.officialSignedAt), isNotNull(games.officialDigest), sql`${changed} is not null`))
        .orderBy(desc(games.date), asc(games.id))
        .limit(SETTLE_BATCH);
      if (candidates.length === 0) return 0;
      const records = await load(db, candidates, now);
      let told = 0;
      for (const record of records) {
        const { game, official } = record;
        await db.transaction(async (tx) => {
          // Up to the newest change it saw, so a change that commits later is still found.
          const [seen] = await tx
            .update(games)
            .set({
              signaturesCheckedAt: sql`greatest(coalesce(${games.signaturesCheckedAt}, ${games.officialSignedAt}), ${changed})`,
            })
            .where(and(eq(games.id, game.id), sql`${changed} is not null`))
            .returning({ id: games.id });
          if (!seen || !official || official.current || game.signed) return;
          await queueVoidedSignatureEmails(tx, record);
          told++;
        });
      }
      return told;
    },

    /**
     * Settles every game with a count on record whose deadline has passed (each server runs this
     * every minute; the row lock makes it once), newest first and at most SETTLE_BATCH a run: the
     * games people wait on go first, and a database that never settled (games from before this
     * rule) catches up over the next runs.
     */
    async settleDue(now: Date = clock.now()): Promise<number> {
      const candidates = await selectGames(db)
        .where(
          and(
            isNull(games.countsSettledAt),
            isNull(games.withdrawnAt),
            sql`${games.date} + ${leagues.countDeadlineDays} <= ${addDays(todayIn('UTC', now), 1)}::date`,
            sql`(exists (select 1 from ${pitchEvents} e where e.game_id = ${games.id})
              or exists (select 1 from ${pitchOutings} o where o.game_id = ${games.id} and o.deleted_at is null))`,
          ),
        )
        .orderBy(desc(games.date), asc(games.id))
        .limit(SETTLE_BATCH);
      // Judged together (a few queries); only those past their deadline (in their own time zone) are locked and settled.
      const due = (await load(db, candidates, now)).filter((r) => r.status !== 'none' && r.deadlinePassed);
      let settledCount = 0;
      for (const record of due) if (await settle(record.game.id, now)) settledCount++;
      return settledCount;
    },
  };
}

export type OfficialCountService = ReturnType<typeof createOfficialCountService>;
