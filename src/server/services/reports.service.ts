import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import type { Translate } from '../../core/i18n/translator.ts';
import type { CountStatus } from '../../core/official-count.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import type { NotEligible } from '../../core/rules/engine.ts';
import { spreadsheetCsv } from '../../core/spreadsheet-cell.ts';
import type { Db } from '../db/client.ts';
import { games, leagues, outingCorrections, pitchOutings, players, seasons, teams } from '../db/schema.ts';
import { english, translatorFor } from '../i18n.ts';
import { type GameRecord, gameTarget } from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import { currentHashOfGame, gameChain, type RecordHash } from './history.ts';
import type { OfficialCountService } from './official-count.service.ts';
import { opponentOfOuting } from './pitching-history.ts';
import { headDigestText, headOf } from './record-digest.ts';
import { requireUuid, scopeOf } from './scope.ts';
import { type ConfirmationRecord, type OfficialSignatureRecord, signedCountsText } from './signatures.repository.ts';
import { selectTeamPlace, statusesOf } from './status.repository.ts';
import { languageOf } from './users.repository.ts';

/** One line of the paper pitch log (docs/domain.md, What leagues ask of a tracker). */
export interface PitchLogLine {
  playerId: string;
  teamId: string;
  teamName: string;
  playerName: string;
  jerseyNumber: string | null;
  pitches: number;
  pitchesBeforeLastBatter: number | null;
  pitchedInnings: number[];
  caughtInnings: number[];
  intentionalWalks: number;
  recordedByName: string;
  corrections: number;
  /**
   * Pitcher Status's answer for the pitcher on the game's date, from the whole record (every game
   * of that day, earlier days, outside outings): the first day they may pitch again, and why not
   * before. Null when the league has no rest rule.
   */
  answer: { nextEligibleDate: string | null; canPitch: boolean; reasons: NotEligible[] } | null;
}

/**
 * A game's pitch log: the PDF and the printable page (GraphQL `gamePitchLog`) both read this one
 * shape, so they never drift, with the teams' confirmations of the final counts (the managers'
 * signatures) and where the official count stands.
 */
export interface PitchLog {
  game: GameRecord;
  lines: PitchLogLine[];
  countStatus: CountStatus;
  confirmations: ConfirmationRecord[];
  /** The official's signature, once given (void when the counts changed after it). */
  official: OfficialSignatureRecord | null;
  /** The game's history's head when printed ('<chain>:<seq>:<hash>', record-digest.ts), or null before any. */
  headDigest: string | null;
  /** The game's current hash (its history's newest entry): a paper copy names the record it printed. */
  recordHash: RecordHash | null;
}

/** The operations that read a pitch log: each transport is authorized under its own name. */
export type PitchLogOperation = 'GET /api/reports/games/:id/pitch-log.pdf' | 'Query.gamePitchLog';

/** A moment as the printed log writes it, in every language: "2027-05-10 18:30" (UTC), as the history CSV. */
const printedMoment = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

/** One confirmation as the log prints it: who signed for which team, when, and whether it still holds. */
export function confirmationText(c: ConfirmationRecord, t: Translate = english): string {
  const id = c.current
    ? 'reports.pitchLog.confirmed'
    : c.changedAfter
      ? 'reports.pitchLog.confirmedChangedBy'
      : 'reports.pitchLog.confirmedChanged';
  return t(id, {
    team: c.teamName,
    name: c.confirmedByName,
    at: printedMoment(c.confirmedAt),
    by: c.changedAfter?.byName ?? '',
  });
}

/** The official's signature as the log prints it: who, over which counts, when, and whether a change voided it. */
export function officialSignatureLine(o: OfficialSignatureRecord, t: Translate = english): string {
  return t(o.current ? 'reports.pitchLog.official' : 'reports.pitchLog.officialVoid', {
    name: o.name,
    counts: signedCountsText(t, o.signedCounts),
    at: printedMoment(o.signedAt),
    by: o.changedAfter?.byName ?? t('email.signatureVoided.someone'),
  });
}

const innings = (list: readonly number[]) => (list.length ? list.join(', ') : '-');

/** The log's Next eligible cell: the answer's date as the record writes it, 'none this season', or '-' without a rule. */
export function nextEligibleText(answer: PitchLogLine['answer'], t: Translate = english): string {
  if (!answer) return '-';
  return answer.nextEligibleDate ?? t('reports.pitchLog.noDateThisSeason');
}

/**
 * The line a printed log ends with: the record's hash, to check a paper copy later with
 * `npx bullpen audit check <hash>` (docs/reliability.md, "The pitch record").
 */
export function recordHashText(recordHash: RecordHash | null, t: Translate = english): string {
  const said = recordHashSaid(recordHash);
  return t(said.id, said.values);
}

/** The same line as a Message, for a page that writes it in its reader's language (the games area: the web has it). */
export function recordHashSaid(recordHash: RecordHash | null): Message {
  if (!recordHash) return { id: 'games.pitchLog.noRecordHash' };
  return {
    id: 'games.pitchLog.recordHash',
    values: { hash: recordHash.hash, seq: String(recordHash.seq), at: printedMoment(recordHash.at) },
  };
}

/**
 * The reports: a game's pitch log, the digital twin of the paper log (as a PDF), and
 * the outings of a league, season or team as CSV for league officials.
 */
export function createReportsService(deps: { db: Db; games: GamesService; officialCount: OfficialCountService }) {
  const { db } = deps;

  async function pitchLog(
    actor: Actor | null,
    input: { gameId: string },
    operation: PitchLogOperation = 'GET /api/reports/games/:id/pitch-log.pdf',
  ): Promise<PitchLog> {
    const me = authorizeSome(actor, operation);
    const game = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'));
    authorize(me, operation, gameTarget(game));
    const rows = await db
      .select({
        playerId: pitchOutings.playerId,
        teamId: pitchOutings.teamId,
        teamName: teams.name,
        playerName: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
        jerseyNumber: players.jerseyNumber,
        pitches: pitchOutings.pitches,
        pitchesBeforeLastBatter: pitchOutings.pitchesBeforeLastBatter,
        pitchedInnings: pitchOutings.pitchedInnings,
        caughtInnings: pitchOutings.caughtInnings,
        intentionalWalks: pitchOutings.intentionalWalks,
        recordedByName: pitchOutings.recordedByName,
        // Corrections that changed the counts (a moved game's keep them: core/outing-inputs.ts countChanges).
        corrections: sql<number>`(select count(*)::int from ${outingCorrections} c
          where c.outing_id = ${pitchOutings.id} and (c.after is null or c.after <> c.before))`,
      })
      .from(pitchOutings)
      .innerJoin(players, eq(players.id, pitchOutings.playerId))
      .innerJoin(teams, eq(teams.id, pitchOutings.teamId))
      .where(and(eq(pitchOutings.gameId, game.id), isNull(pitchOutings.deletedAt)))
      .orderBy(asc(teams.name), asc(players.lastName), asc(players.firstName));
    const answers = new Map<string, PitchLogLine['answer']>();
    const places = await selectTeamPlace(db).where(inArray(teams.id, [...new Set(rows.map((r) => r.teamId))]));
    for (const place of places) {
      const ids = rows.filter((r) => r.teamId === place.id).map((r) => r.playerId);
      for (const p of (await statusesOf(db, place, ids, game.date)).pitchers) {
        answers.set(
          `${place.id}/${p.playerId}`,
          p.today
            ? { nextEligibleDate: p.today.nextEligibleDate, canPitch: p.today.canPitchOnAsOf, reasons: p.today.reasons }
            : null,
        );
      }
    }
    const lines = rows.map((r) => ({ ...r, answer: answers.get(`${r.teamId}/${r.playerId}`) ?? null }));
    const official = await deps.officialCount.ofReadableGame(game);
    return {
      game,
      lines,
      countStatus: official.status,
      confirmations: official.confirmations,
      official: official.official,
      headDigest: await headOf(db, gameChain(game.organizationId, game.id)).then((h) => (h ? headDigestText(h) : null)),
      recordHash: await currentHashOfGame(db, game.id),
    };
  }

  return {
    /** The pitch log's data, as the printable page shows it (and the PDF prints it). */
    pitchLog,

    /**
     * The pitch log as a one-page PDF (Letter), in the standard fonts: it opens anywhere, prints as the paper one.
     * In the language of whoever asks for it; dates and times stay as the record writes them (2027-05-10 18:30).
     */
    async pitchLogPdf(actor: Actor | null, input: { gameId: string }): Promise<Buffer> {
      const { game, lines, countStatus, confirmations, official, headDigest, recordHash } = await pitchLog(
        actor,
        input,
      );
      const t = translatorFor(actor ? await languageOf(db, actor.userId) : null);
      const doc = new PDFDocument({
        size: 'LETTER',
        margin: 48,
        info: { Title: t('reports.pitchLog.fileTitle', { date: game.date }) },
      });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
      const home = game.homeTeamName ?? game.opponentName ?? '';
      const away = game.awayTeamName ?? game.opponentName ?? '';
      doc.font('Helvetica-Bold').fontSize(18).text(t('reports.pitchLog.title'));
      doc.font('Helvetica').fontSize(11).moveDown(0.3);
      doc.text(`${game.leagueName}, ${game.seasonName}`);
      doc.text(
        game.startTime
          ? t('reports.pitchLog.dateAt', { date: game.date, time: game.startTime })
          : t('reports.pitchLog.date', { date: game.date }),
      );
      doc.text(t('reports.pitchLog.teams', { home, away }));
      doc.text(t('reports.pitchLog.state', { state: game.state }));
      doc.moveDown();
      const columns = [
        { title: t('reports.pitchLog.column.team'), width: 62 },
        { title: t('reports.pitchLog.column.pitcher'), width: 104 },
        { title: t('reports.pitchLog.column.pitches'), width: 44 },
        { title: t('reports.pitchLog.column.beforeLastBatter'), width: 48 },
        { title: t('reports.pitchLog.column.inningsPitched'), width: 50 },
        { title: t('reports.pitchLog.column.inningsCaught'), width: 50 },
        { title: t('reports.pitchLog.column.countedBy'), width: 84 },
        { title: t('reports.pitchLog.column.nextEligible'), width: 74 },
      ];
      const row = (cells: string[], bold = false) => {
        const y = doc.y;
        let x = doc.page.margins.left;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
        let height = 0;
        cells.forEach((cell, i) => {
          const width = columns[i]?.width ?? 60;
          doc.text(cell, x, y, { width: width - 4 });
          height = Math.max(height, doc.y - y);
          x += width;
        });
        doc.x = doc.page.margins.left;
        doc.y = y + height + 4;
      };
      row(
        columns.map((c) => c.title),
        true,
      );
      if (lines.length === 0) row([t('reports.pitchLog.noOuting')]);
      for (const line of lines) {
        row([
          line.teamName,
          `${line.jerseyNumber ? `#${line.jerseyNumber} ` : ''}${line.playerName}`,
          line.intentionalWalks
            ? t('reports.pitchLog.intentionalWalks', {
                pitches: String(line.pitches),
                walks: String(line.intentionalWalks),
              })
            : String(line.pitches),
          line.pitchesBeforeLastBatter === null ? '-' : String(line.pitchesBeforeLastBatter),
          innings(line.pitchedInnings),
          innings(line.caughtInnings),
          line.corrections
            ? t('reports.pitchLog.corrected', { name: line.recordedByName, count: line.corrections })
            : line.recordedByName,
          nextEligibleText(line.answer, t),
        ]);
      }
      doc.moveDown();
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(t('reports.pitchLog.finalCounts', { status: countStatus }));
      doc.font('Helvetica').fontSize(10);
      if (confirmations.length === 0) doc.text(t('reports.pitchLog.noConfirmation'));
      for (const c of confirmations) doc.text(confirmationText(c, t));
      if (official) doc.text(officialSignatureLine(official, t));
      doc.moveDown(2);
      doc.text(t('reports.pitchLog.signatures'));
      doc.moveDown();
      doc.font('Helvetica').fontSize(8).text(recordHashText(recordHash, t));
      if (headDigest) doc.text(t('reports.pitchLog.headDigest', { digest: headDigest }));
      doc.end();
      return done;
    },

    /** Outings of a league, season or team the admin may read, oldest first, as CSV. */
    async outingsCsv(
      actor: Actor | null,
      filter: { leagueId?: string | null; seasonId?: string | null; teamId?: string | null },
    ): Promise<string> {
      const me = authorize(actor, 'GET /api/reports/outings.csv');
      const scope = await scopeOf(db, me);
      const t = translatorFor(await languageOf(db, me.userId));
      const conditions: (SQL | undefined)[] = [isNull(pitchOutings.deletedAt)];
      if (!scope.all) {
        if (scope.leagueIds.length === 0) throw errors.forbidden();
        conditions.push(inArray(games.leagueId, scope.leagueIds));
      }
      if (filter.leagueId) conditions.push(eq(games.leagueId, requireUuid(filter.leagueId, 'League')));
      if (filter.seasonId) conditions.push(eq(games.seasonId, requireUuid(filter.seasonId, 'Season')));
      if (filter.teamId) conditions.push(eq(pitchOutings.teamId, requireUuid(filter.teamId, 'Team')));
      const rows = await db
        .select({
          date: pitchOutings.date,
          league: leagues.name,
          season: seasons.name,
          team: teams.name,
          opponent: opponentOfOuting,
          firstName: players.firstName,
          lastName: players.lastName,
          jersey: players.jerseyNumber,
          pitches: pitchOutings.pitches,
          beforeLastBatter: pitchOutings.pitchesBeforeLastBatter,
          pitchedInnings: pitchOutings.pitchedInnings,
          caughtInnings: pitchOutings.caughtInnings,
          outs: pitchOutings.outs,
          intentionalWalks: pitchOutings.intentionalWalks,
          recordedBy: pitchOutings.recordedByName,
        })
        .from(pitchOutings)
        .innerJoin(games, eq(games.id, pitchOutings.gameId))
        .innerJoin(leagues, eq(leagues.id, games.leagueId))
        .innerJoin(seasons, eq(seasons.id, games.seasonId))
        .innerJoin(teams, eq(teams.id, pitchOutings.teamId))
        .innerJoin(players, eq(players.id, pitchOutings.playerId))
        .where(and(...conditions))
        .orderBy(asc(pitchOutings.date), asc(teams.name), asc(players.lastName));
      // Names and the opponent are whatever was typed (or stored before the inputs refused line breaks):
      // spreadsheetCsv writes every text cell so that no line of it runs as a formula.
      // The headers in the language of whoever asks (docs/i18n.md).
      return spreadsheetCsv(
        [
          t('reports.outingsCsv.date'),
          t('reports.outingsCsv.league'),
          t('reports.outingsCsv.season'),
          t('reports.outingsCsv.team'),
          t('reports.outingsCsv.opponent'),
          t('reports.outingsCsv.firstName'),
          t('reports.outingsCsv.lastName'),
          t('reports.outingsCsv.jersey'),
          t('reports.outingsCsv.pitches'),
          t('reports.outingsCsv.beforeLastBatter'),
          t('reports.outingsCsv.inningsPitched'),
          t('reports.outingsCsv.inningsCaught'),
          t('reports.outingsCsv.outs'),
          t('reports.outingsCsv.intentionalWalks'),
          t('reports.outingsCsv.recordedBy'),
        ],
        rows.map((r) => [
          r.date,
          r.league,
          r.season,
          r.team,
          r.opponent,
          r.firstName,
          r.lastName,
          r.jersey,
          r.pitches,
          r.beforeLastBatter,
          r.pitchedInnings.join(' '),
          r.caughtInnings.join(' '),
          r.outs,
          r.intentionalWalks,
          r.recordedBy,
        ]),
      );
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
