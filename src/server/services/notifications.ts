import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { outingRest } from '../../core/rules/engine.ts';
import { type Db, readTogether } from '../db/client.ts';
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
import { appearancesOf, loadHistory, rulesOfLeagues } from './pitching-history.ts';

/**
 * The emails of a game day, written into the outbox in the caller's transaction: a parent hears of
 * each outing of their child (unless they turned it off), a league's admins of each new violation.
 * Each is written in its recipient's language, read with their address (docs/i18n.md).
 */

/** Whether a parent of this player asked for outing emails and can receive them, as SQL. */
export const parentAskedForOutingEmails = (playerId: SQL | AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${playerGuardians} g join ${users} u on u.id = g.user_id
    where g.player_id = ${playerId} and u.outing_emails and not u.disabled)`;

/** Emails each parent (who wants them) of the outings' pitchers: pitches, rest owed, eligible date. */
export async function queueOutingEmails(tx: Db, outingIds: readonly string[]): Promise<void> {
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
      birthDate: players.birthDate,
      date: pitchOutings.date,
      pitches: pitchOutings.pitches,
      teamName: teams.name,
      leagueId: teams.leagueId,
    })
    .from(pitchOutings)
    .innerJoin(players, eq(players.id, pitchOutings.playerId))
    .innerJoin(teams, eq(teams.id, pitchOutings.teamId))
    .where(inArray(pitchOutings.id, [...outingIds]));
  if (rows.length === 0) return;
  const parents = await tx
    .select({ playerId: playerGuardians.playerId, email: users.email, language: users.language })
    .from(playerGuardians)
    .innerJoin(users, eq(users.id, playerGuardians.userId))
    .where(
      and(
        inArray(
          playerGuardians.playerId,
          rows.map((r) => r.playerId),
        ),
        eq(users.outingEmails, true),
        eq(users.disabled, false),
      ),
    );
  if (parents.length === 0) return;
  const [history, rules] = await readTogether(tx, [
    () =>
      loadHistory(
        tx,
        rows.map((r) => r.playerId),
      ),
    () =>
      rulesOfLeagues(
        tx,
        rows.map((r) => r.leagueId),
      ),
  ]);
  const emails = rows.flatMap((row) => {
    // A removed child has no parent linked and no birth date: nobody to tell (a guard for the types).
    if (row.birthDate === null) return [];
    const rule = rules.get(row.leagueId)?.rule;
    const rest = rule
      ? outingRest(rule, row.birthDate, row.date, appearancesOf(history.get(row.playerId) ?? []))
      : null;
    return parents
      .filter((p) => p.playerId === row.playerId)
      .map((p) => {
        const t = translatorFor(p.language);
        const lines = [
          t('email.outing.pitched', {
            player: `${row.firstName} ${row.lastName}`,
            team: row.teamName,
            date: t.day(row.date),
            pitches: row.pitches,
          }),
        ];
        if (rest) {
          lines.push(
            t('email.outing.rest', {
              days: rest.daysRest,
              firstName: row.firstName,
              date: t.day(rest.firstEligibleDate),
            }),
          );
        }
        lines.push('', t('email.outing.turnOff'));
        return {
          to: p.email,
          subject: t('email.outing.subject', { firstName: row.firstName, pitches: row.pitches, date: t.day(row.date) }),
          body: lines.join('\n'),
          kind: 'outing' as const,
          playerId: row.playerId,
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
            // The rule engine's sentence in the recipient's language (by id), its dates as it writes them.
            body: [row.said ? t.said(row.said) : row.message, '', t('email.violation.review')].join('\n'),
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
    game: { leagueId: string; homeTeamId: string | null; awayTeamId: string | null; date: string; title: string };
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
  await queueEmails(
    tx,
    [...recipients].map(([to, language]) => {
      const t = translatorFor(language);
      return {
        to,
        subject: t('email.signedChanged.subject', { game: change.game.title, date: t.day(change.game.date) }),
        // The change's summary as the history words it (in English).
        body: [t('email.signedChanged.summary', { summary: change.summary }), '', t('email.signedChanged.body')].join(
          '\n',
        ),
        kind: 'signed-game-changed' as const,
        ...(change.playerId ? { playerId: change.playerId } : {}),
      };
    }),
  );
}

/** The people who run these leagues (their admins and their organization's), by league. */
async function adminsOfLeagues(tx: Db, leagueIds: readonly string[]) {
  if (leagueIds.length === 0) return [];
  return tx
    .selectDistinct({ email: users.email, language: users.language, leagueId: leagues.id })
    .from(leagues)
    .leftJoin(leagueAdmins, eq(leagueAdmins.leagueId, leagues.id))
    .leftJoin(organizationAdmins, eq(organizationAdmins.organizationId, leagues.organizationId))
    .innerJoin(users, or(eq(users.id, leagueAdmins.userId), eq(users.id, organizationAdmins.userId)))
    .where(and(inArray(leagues.id, [...new Set(leagueIds)]), eq(users.disabled, false)));
}

/**
 * Tells the admins of the leagues a child played in that the child was removed: by their teams and
 * the pseudonym their record now carries, never by the name that was just erased.
 */
export async function queuePlayerRemovedEmails(
  tx: Db,
  removed: { pseudonym: string; removedBy: string; teams: readonly { leagueId: string; label: string }[] },
): Promise<void> {
  const admins = await adminsOfLeagues(
    tx,
    removed.teams.map((t) => t.leagueId),
  );
  const byEmail = new Map<string, { language: string; labels: string[] }>();
  for (const admin of admins) {
    const labels = removed.teams.filter((t) => t.leagueId === admin.leagueId).map((t) => t.label);
    const before = byEmail.get(admin.email)?.labels ?? [];
    byEmail.set(admin.email, { language: admin.language, labels: [...new Set([...before, ...labels])] });
  }
  await queueEmails(
    tx,
    [...byEmail].map(([to, { language, labels }]) => {
      const t = translatorFor(language);
      const teams = t.list(labels);
      return {
        to,
        subject: t('email.playerRemoved.subject', { teams }),
        body: [
          t('email.playerRemoved.by', { teams, name: removed.removedBy }),
          t('email.playerRemoved.erased'),
          t('email.playerRemoved.recordStays', { pseudonym: removed.pseudonym }),
        ].join('\n'),
        kind: 'player-removed' as const,
      };
    }),
  );
}
