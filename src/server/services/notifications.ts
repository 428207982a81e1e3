import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Message } from '../../core/i18n/messages.ts';
import type { Translate } from '../../core/i18n/translator.ts';
import { todayIn } from '../../core/local-date.ts';
import type { Db } from '../db/client.ts';
import {
  leagueAdmins,
  leagues,
  organizationAdmins,
  pitchOutings,
  playerGuardians,
  players,
  teamCoaches,
  teams,
  users,
  violations,
} from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import { queueEmails } from './outbox.ts';
import { voidedSignatureEmail, voidedSignatureOf } from './signatures.repository.ts';
import {
  answersToday,
  type PitcherStatusRecord,
  selectTeamPlace,
  statusesOf,
  type TeamPlace,
} from './status.repository.ts';

/**
 * The emails of a game day, written into the outbox in the caller's transaction: a parent hears of
 * each outing of their child (unless they turned it off), a league's admins of each new violation.
 * Each is written in its recipient's language, read with their address (docs/i18n.md).
 */

/** Whether a parent of this player asked for outing emails and can receive them, as SQL. */
export const parentAskedForOutingEmails = (playerId: SQL | AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${playerGuardians} g join ${users} u on u.id = g.user_id
    where g.player_id = ${playerId} and u.outing_emails and not u.disabled)`;

/** The parents of these players who asked for outing emails and can receive them, with their language. */
async function parentsWhoAsked(tx: Db, playerIds: readonly string[]) {
  if (playerIds.length === 0) return [];
  return tx
    .select({ playerId: playerGuardians.playerId, email: users.email, language: users.language })
    .from(playerGuardians)
    .innerJoin(users, eq(users.id, playerGuardians.userId))
    .where(
      and(
        inArray(playerGuardians.playerId, [...new Set(playerIds)]),
        eq(users.outingEmails, true),
        eq(users.disabled, false),
      ),
    );
}

/**
 * What a parent reads of the one answer (Pitcher Status's, never one outing's arithmetic): the rest
 * owed, whether and from when the child may pitch, and every rule that holds them out with its date.
 */
export function answerLines(t: Translate, firstName: string, status: PitcherStatusRecord): string[] {
  const today = status.today;
  if (!today) return [t('email.answer.noRule', { firstName })];
  const lines = [t('email.answer.restOwed', { days: today.restDaysOwed })];
  if (today.canPitchOnAsOf) {
    lines.push(
      today.remainingToday === null
        ? t('email.answer.mayPitchToday', { firstName })
        : t('email.answer.mayPitchTodayLeft', { firstName, remaining: today.remainingToday }),
    );
    return lines;
  }
  lines.push(
    today.nextEligibleDate
      ? t('email.answer.mayPitchFrom', { firstName, date: t.day(today.nextEligibleDate) })
      : t('email.answer.noDateThisSeason', { firstName }),
  );
  lines.push(t('email.answer.why'));
  for (const reason of today.reasons) {
    const words = t.saidWithDays(reason.said);
    lines.push(
      reason.until
        ? t('email.answer.reasonUntil', { reason: words, date: t.day(reason.until) })
        : t('email.answer.reason', { reason: words }),
    );
  }
  return lines;
}

/**
 * The count a parent reads of an outing: the one the rule uses, intentional walks credited and
 * said as such ("23 pitches: 19 thrown and 1 intentional walk, counted as 4").
 */
function countLines(
  t: Translate,
  outing: { pitches: number; intentionalWalks: number },
  credit: number,
): { count: number; walks: string | null } {
  const count = outing.pitches + outing.intentionalWalks * credit;
  if (outing.intentionalWalks === 0 || credit === 0) return { count, walks: null };
  return {
    count,
    walks: t('email.outing.walks', { thrown: outing.pitches, walks: outing.intentionalWalks, credit }),
  };
}

/** The teams' places (league, season, time zone) by id, read in the caller's transaction. */
async function placesOf(tx: Db, teamIds: readonly string[]): Promise<Map<string, TeamPlace>> {
  if (teamIds.length === 0) return new Map();
  const rows = await selectTeamPlace(tx).where(inArray(teams.id, [...new Set(teamIds)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Emails each parent (who wants them) of the outings' pitchers: the count the rule uses, and the
 * child's answer today under the outing's team's rule: Pitcher Status's, from the whole record.
 */
export async function queueOutingEmails(tx: Db, outingIds: readonly string[], now: Date): Promise<void> {
  if (outingIds.length === 0) return;
  // Most outings have no parent who asked for these emails: then one query is all it costs.
  const [anyParent] = await tx
    .select({ id: pitchOutings.id })
    .from(pitchOutings)
    .where(and(inArray(pitchOutings.id, [...outingIds]), parentAskedForOutingEmails(pitchOutings.playerId)))
    .limit(1);
  if (!anyParent) return;
  const rows = await tx
    .select({
      id: pitchOutings.id,
      playerId: pitchOutings.playerId,
      firstName: players.firstName,
      lastName: players.lastName,
      date: pitchOutings.date,
      pitches: pitchOutings.pitches,
      intentionalWalks: pitchOutings.intentionalWalks,
      teamId: pitchOutings.teamId,
      teamName: teams.name,
    })
    .from(pitchOutings)
    .innerJoin(players, eq(players.id, pitchOutings.playerId))
    .innerJoin(teams, eq(teams.id, pitchOutings.teamId))
    .where(inArray(pitchOutings.id, [...outingIds]));
  const parents = await parentsWhoAsked(
    tx,
    rows.map((r) => r.playerId),
  );
  if (parents.length === 0) return;
  const places = await placesOf(
    tx,
    rows.map((r) => r.teamId),
  );
  const emails = [];
  for (const row of rows) {
    const place = places.get(row.teamId);
    // Only a child whose parent asked is judged (each is a report's queries).
    if (!place || !parents.some((p) => p.playerId === row.playerId)) continue;
    const report = await statusesOf(tx, place, [row.playerId], todayIn(place.timeZone, now));
    // A removed child is on no roster: nobody to tell.
    const status = report.pitchers[0];
    if (!status) continue;
    const credit = report.rule?.intentionalWalkPitches ?? 0;
    for (const p of parents.filter((parent) => parent.playerId === row.playerId)) {
      const t = translatorFor(p.language);
      const { count, walks } = countLines(t, row, credit);
      const lines = [
        t('email.outing.pitched', {
          player: `${row.firstName} ${row.lastName}`,
          team: row.teamName,
          date: t.day(row.date),
          pitches: count,
        }),
      ];
      if (walks) lines.push(walks);
      lines.push(...answerLines(t, row.firstName, status), '', t('email.outing.turnOff'));
      emails.push({
        to: p.email,
        subject: t('email.outing.subject', { firstName: row.firstName, pitches: count, date: t.day(row.date) }),
        body: lines.join('\n'),
        kind: 'outing' as const,
        playerId: row.playerId,
      });
    }
  }
  await queueEmails(tx, emails);
}

/** The answers a change may move: each player's, today, as the parent's page has it. */
export type AnswersBefore = Map<string, { nextEligibleDate: string | null; canPitch: boolean }>;

/**
 * The answers of these players whose parents asked for outing emails, before a change (read in the
 * change's transaction, after its locks): `tellParentsOfChangedAnswers` compares them after it.
 */
export async function answersBeforeChange(tx: Db, playerIds: readonly string[], now: Date): Promise<AnswersBefore> {
  const asked = [...new Set((await parentsWhoAsked(tx, playerIds)).map((p) => p.playerId))];
  const answers = await answersToday(tx, asked, now);
  return new Map(
    [...answers].map(([id, a]) => [
      id,
      { nextEligibleDate: a.status.today?.nextEligibleDate ?? null, canPitch: a.status.today?.canPitchOnAsOf ?? true },
    ]),
  );
}

/**
 * After a correction, a moved or withdrawn game, or a rule change: each child whose next eligible
 * date (or whether they may pitch today) changed is emailed once, with the new date, what changed
 * and every rule that now holds them out.
 */
export async function tellParentsOfChangedAnswers(
  tx: Db,
  before: AnswersBefore,
  change: Message,
  now: Date,
): Promise<void> {
  if (before.size === 0) return;
  const after = await answersToday(tx, [...before.keys()], now);
  const changed = [...after].filter(([id, a]) => {
    const was = before.get(id);
    const today = a.status.today;
    return was && today && (was.nextEligibleDate !== today.nextEligibleDate || was.canPitch !== today.canPitchOnAsOf);
  });
  if (changed.length === 0) return;
  const parents = await parentsWhoAsked(
    tx,
    changed.map(([id]) => id),
  );
  const emails = changed.flatMap(([playerId, answer]) => {
    const was = before.get(playerId);
    const { status } = answer;
    return parents
      .filter((p) => p.playerId === playerId)
      .map((p) => {
        const t = translatorFor(p.language);
        const player = `${status.firstName} ${status.lastName}`;
        const now = status.today?.canPitchOnAsOf
          ? t('email.answerChanged.today')
          : status.today?.nextEligibleDate
            ? t.day(status.today.nextEligibleDate)
            : t('email.answerChanged.noDate');
        const then = was?.canPitch
          ? t('email.answerChanged.today')
          : was?.nextEligibleDate
            ? t.day(was.nextEligibleDate)
            : t('email.answerChanged.noDate');
        return {
          to: p.email,
          subject: t('email.answerChanged.subject', { firstName: status.firstName, date: now }),
          body: [
            t('email.answerChanged.changed', { player, before: then, after: now }),
            t('email.answerChanged.because', { change: t.saidWithDays(change) }),
            '',
            ...answerLines(t, status.firstName, status),
            '',
            t('email.outing.turnOff'),
          ].join('\n'),
          kind: 'answer-changed' as const,
          playerId,
        };
      });
  });
  await queueEmails(tx, emails);
}

/** Emails the admins of each new violation's league and organization. */
export async function queueViolationEmails(tx: Db, violationIds: readonly string[]): Promise<void> {
  if (violationIds.length === 0) return;
  const rows = await tx
    .select({
      leagueId: violations.leagueId,
      playerId: violations.playerId,
      leagueName: leagues.name,
      teamName: teams.name,
      player: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
      date: violations.date,
      message: violations.message,
      said: violations.said,
    })
    .from(violations)
    .innerJoin(leagues, eq(leagues.id, violations.leagueId))
    .innerJoin(teams, eq(teams.id, violations.teamId))
    .innerJoin(players, eq(players.id, violations.playerId))
    .where(inArray(violations.id, [...violationIds]));
  if (rows.length === 0) return;
  const admins = await adminsOfLeagues(
    tx,
    rows.map((r) => r.leagueId),
  );
  await queueEmails(
    tx,
    rows.flatMap((row) =>
      admins
        .filter((a) => a.leagueId === row.leagueId)
        .map((a) => {
          const t = translatorFor(a.language);
          return {
            to: a.email,
            subject: t('email.violation.subject', {
              league: row.leagueName,
              player: row.player,
              team: row.teamName,
              date: t.day(row.date),
            }),
            // The rule engine's sentence in the recipient's language (by id), its dates as the recipient writes them.
            body: [row.said ? t.saidWithDays(row.said) : row.message, '', t('email.violation.review')].join('\n'),
            kind: 'violation' as const,
            playerId: row.playerId,
          };
        }),
    ),
  );
}

/**
 * Tells both teams' coaches and the league's admins that a game they signed was changed by an
 * admin's correction: what changed, by whom and why (decision 0034).
 */
export async function queueSignedGameChangedEmails(
  tx: Db,
  change: {
    game: {
      id: string;
      leagueId: string;
      homeTeamId: string | null;
      awayTeamId: string | null;
      date: string;
      title: string;
    };
    summary: string;
    playerId?: string;
  },
): Promise<void> {
  const teamIds = [change.game.homeTeamId, change.game.awayTeamId].filter((id): id is string => id !== null);
  const coaches = teamIds.length
    ? await tx
        .selectDistinct({ email: users.email, language: users.language })
        .from(teamCoaches)
        .innerJoin(users, eq(users.id, teamCoaches.userId))
        .where(and(inArray(teamCoaches.teamId, teamIds), eq(users.disabled, false)))
    : [];
  const admins = await adminsOfLeagues(tx, [change.game.leagueId]);
  const recipients = new Map([...coaches, ...admins].map((r) => [r.email, r.language]));
  // The official's signature the change voided, said as the minute's job says it to the admins of an open game.
  const voided = await voidedSignatureOf(tx, change.game);
  await queueEmails(
    tx,
    [...recipients].map(([to, language]) => {
      const t = translatorFor(language);
      return {
        to,
        subject: t('email.signedChanged.subject', { game: change.game.title, date: t.day(change.game.date) }),
        // The change's summary as the history words it (in English).
        body: [
          t('email.signedChanged.summary', { summary: change.summary }),
          '',
          t('email.signedChanged.body'),
          ...(voided ? ['', ...voidedSignatureEmail(t, voided).lines] : []),
        ].join('\n'),
        kind: 'signed-game-changed' as const,
        ...(change.playerId ? { playerId: change.playerId } : {}),
      };
    }),
  );
}

/**
 * Tells the league's admins at once that a coach chose a pitcher the rules hold out of a game:
 * who, which pitcher and game, when, and every rule that held them out.
 */
export async function queuePitcherChoiceEmails(
  tx: Db,
  choice: {
    game: { leagueId: string; date: string; title: string };
    pitcherId: string;
    teamId: string;
    chosenByName: string;
    chosenAt: Date;
    timeZone: string;
    reasons: readonly { said: Message; until: string | null }[];
    nextEligibleDate: string | null;
  },
): Promise<void> {
  const [pitcher] = await tx
    .select({ name: sql<string>`${players.firstName} || ' ' || ${players.lastName}`, team: teams.name })
    .from(players)
    .innerJoin(teams, eq(teams.id, choice.teamId))
    .where(eq(players.id, choice.pitcherId));
  if (!pitcher) return;
  const admins = await adminsOfLeagues(tx, [choice.game.leagueId]);
  const recipients = new Map(admins.map((a) => [a.email, a.language]));
  await queueEmails(
    tx,
    [...recipients].map(([to, language]) => {
      const t = translatorFor(language);
      return {
        to,
        subject: t('email.pitcherChoice.subject', {
          player: pitcher.name,
          team: pitcher.team,
          date: t.day(choice.game.date),
        }),
        body: [
          t('email.pitcherChoice.chosen', {
            coach: choice.chosenByName,
            player: pitcher.name,
            game: choice.game.title,
            date: t.day(choice.game.date),
            at: t.moment(choice.chosenAt, 'medium', choice.timeZone),
          }),
          t('email.answer.why'),
          ...choice.reasons.map((r) =>
            r.until
              ? t('email.answer.reasonUntil', { reason: t.saidWithDays(r.said), date: t.day(r.until) })
              : t('email.answer.reason', { reason: t.saidWithDays(r.said) }),
          ),
          '',
          t('email.pitcherChoice.review'),
        ].join('\n'),
        kind: 'pitcher-override' as const,
        playerId: choice.pitcherId,
      };
    }),
  );
}

/** The people who run these leagues (their admins and their organization's), by league. */
export async function adminsOfLeagues(tx: Db, leagueIds: readonly string[]) {
  if (leagueIds.length === 0) return [];
  return tx
    .selectDistinct({ email: users.email, language: users.language, leagueId: leagues.id })
    .from(leagues)
    .leftJoin(leagueAdmins, eq(leagueAdmins.leagueId, leagues.id))
    .leftJoin(organizationAdmins, eq(organizationAdmins.organizationId, leagues.organizationId))
    .innerJoin(users, or(eq(users.id, leagueAdmins.userId), eq(users.id, organizationAdmins.userId)))
    .where(and(inArray(leagues.id, [...new Set(leagueIds)]), eq(users.disabled, false)));
}
