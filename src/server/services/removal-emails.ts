import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organizationAdmins, teamCoaches, users } from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import { adminsOfLeagues } from './notifications.ts';
import { queueEmails } from './outbox.ts';

/** A team a removed (or to be removed) child was on: its league's admins and its coaches are told. */
export interface TeamToTell {
  teamId: string;
  leagueId: string;
  /** 'Tigers (Majors, Fall 2026)'. */
  label: string;
}

/** Each recipient once, with the labels of their teams and their language. */
function byRecipient(rows: readonly { email: string; language: string; labels: readonly string[] }[]) {
  const out = new Map<string, { language: string; labels: string[] }>();
  for (const row of rows) {
    const before = out.get(row.email)?.labels ?? [];
    out.set(row.email, { language: row.language, labels: [...new Set([...before, ...row.labels])] });
  }
  return out;
}

/** The coaches of these teams, each with the teams of theirs among them. */
async function coachesOf(tx: Db, teams: readonly TeamToTell[]) {
  if (teams.length === 0) return [];
  const rows = await tx
    .select({ email: users.email, language: users.language, teamId: teamCoaches.teamId })
    .from(teamCoaches)
    .innerJoin(users, eq(users.id, teamCoaches.userId))
    .where(and(inArray(teamCoaches.teamId, [...new Set(teams.map((t) => t.teamId))]), eq(users.disabled, false)));
  return rows.map((row) => ({
    ...row,
    labels: teams.filter((t) => t.teamId === row.teamId).map((t) => t.label),
  }));
}

/** Those who run the child's leagues, and their organization's admins even when the child is on no team. */
async function adminsOf(tx: Db, organizationId: string, teams: readonly TeamToTell[]) {
  const [ofLeagues, ofOrganization] = await Promise.all([
    adminsOfLeagues(
      tx,
      teams.map((t) => t.leagueId),
    ),
    tx
      .select({ email: users.email, language: users.language })
      .from(organizationAdmins)
      .innerJoin(users, eq(users.id, organizationAdmins.userId))
      .where(and(eq(organizationAdmins.organizationId, organizationId), eq(users.disabled, false))),
  ]);
  return [
    ...ofLeagues.map((a) => ({ ...a, labels: teams.filter((t) => t.leagueId === a.leagueId).map((t) => t.label) })),
    ...ofOrganization.map((a) => ({ ...a, labels: [] })),
  ];
}

/**
 * A parent asked the league to remove their child (docs/decisions/0047-a-parent-asks-to-remove-a-child.md): the
 * admins who may remove them are asked to, and the child's coaches are told. Each email names the child and carries
 * their id, so the removal itself erases Bullpen's copies (decision 0033).
 */
export async function queueRemovalRequestedEmails(
  tx: Db,
  asked: {
    playerId: string;
    organizationId: string;
    child: string;
    askedBy: string;
    /** The day asked, YYYY-MM-DD on the organization's calendar. */
    date: string;
    teams: readonly TeamToTell[];
  },
): Promise<void> {
  const admins = byRecipient(await adminsOf(tx, asked.organizationId, asked.teams));
  const coaches = byRecipient(await coachesOf(tx, asked.teams));
  const values = (t: ReturnType<typeof translatorFor>, labels: string[]) => ({
    child: asked.child,
    parent: asked.askedBy,
    date: t.day(asked.date),
    teams: labels.length ? t.list(labels) : t('email.removalAsked.noTeam'),
  });
  await queueEmails(tx, [
    ...[...admins].map(([to, { language, labels }]) => {
      const t = translatorFor(language);
      return {
        to,
        subject: t('email.removalAsked.admin.subject', values(t, labels)),
        body: [
          t('email.removalAsked.admin.asked', values(t, labels)),
          t('email.removalAsked.admin.how', values(t, labels)),
          t('email.removalAsked.admin.what'),
        ].join('\n'),
        kind: 'removal-requested' as const,
        playerId: asked.playerId,
      };
    }),
    // A coach who is also an admin reads the admin's email, which says more.
    ...[...coaches]
      .filter(([to]) => !admins.has(to))
      .map(([to, { language, labels }]) => {
        const t = translatorFor(language);
        return {
          to,
          subject: t('email.removalAsked.coach.subject', values(t, labels)),
          body: [
            t('email.removalAsked.coach.asked', values(t, labels)),
            t('email.removalAsked.coach.until', values(t, labels)),
          ].join('\n'),
          kind: 'removal-requested' as const,
          playerId: asked.playerId,
        };
      }),
  ]);
}

/**
 * Tells the admins of the leagues a child played in, and the coaches of the teams they were on, that the child was
 * removed: by their teams and the pseudonym their record now carries, never by the name that was just erased.
 */
export async function queuePlayerRemovedEmails(
  tx: Db,
  removed: {
    pseudonym: string;
    /** Who removed the child, or null for one of their parents (whose name would say whose child it was). */
    removedBy: string | null;
    /** The teams they played or pitched for: whose leagues' admins are told. */
    teams: readonly TeamToTell[];
    /** The teams whose roster they were on in a season not archived: whose coaches are told. */
    rostered: readonly TeamToTell[];
  },
): Promise<void> {
  const admins = await adminsOfLeagues(
    tx,
    removed.teams.map((t) => t.leagueId),
  );
  const recipients = byRecipient([
    ...admins.map((a) => ({
      ...a,
      labels: removed.teams.filter((t) => t.leagueId === a.leagueId).map((t) => t.label),
    })),
    ...(await coachesOf(tx, removed.rostered)),
  ]);
  await queueEmails(
    tx,
    [...recipients].map(([to, { language, labels }]) => {
      const t = translatorFor(language);
      const teams = t.list(labels);
      return {
        to,
        subject: t('email.playerRemoved.subject', { teams }),
        body: [
          removed.removedBy === null
            ? t('email.playerRemoved.byAParent', { teams })
            : t('email.playerRemoved.by', { teams, name: removed.removedBy }),
          t('email.playerRemoved.erased'),
          t('email.playerRemoved.recordStays', { pseudonym: removed.pseudonym }),
        ].join('\n'),
        kind: 'player-removed' as const,
      };
    }),
  );
}
