import { eq, sql } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import type { Actor } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { playerGuardians, players, rosterEntries, teams } from '../db/schema.ts';
import { History, snapshots } from './history.ts';
import { invite } from './invitations.repository.ts';
import {
  chunks,
  IMPORT_MESSAGES,
  lower,
  type PlayerImportInput,
  type PlayerImportPreview,
  type PlayerImportResult,
  planImport,
} from './player-import-plan.ts';
import { todayOf } from './players.repository.ts';
import { nameOfUser } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

/**
 * Roster import: a registration system's CSV export is read by the core parser, then
 * matched against the organization (leagues by Division Name, the season's teams by Team Name,
 * players by names and birth date, parents by email). The preview stores nothing; the import
 * recomputes the same plan in one transaction and refuses if it no longer matches the preview.
 */
export function createPlayerImportService(deps: { db: Db; clock: Clock; users: UsersService; publicUrl?: string }) {
  const { db, clock } = deps;

  return {
    async preview(actor: Actor | null, input: PlayerImportInput): Promise<PlayerImportPreview> {
      return (await planImport(db, actor, input, 'Mutation.previewPlayerImport', todayOf(clock))).preview;
    },

    /** The confirmed preview, all or nothing: one transaction, and only if the plan is unchanged. */
    async import(actor: Actor | null, input: PlayerImportInput & { digest: string }): Promise<PlayerImportResult> {
      const { summary, notify } = await db.transaction(async (tx) => {
        const planned = await planImport(tx, actor, input, 'Mutation.importPlayers', todayOf(clock));
        if (planned.preview.problems.length) throw errors.badInput(IMPORT_MESSAGES.fileProblems);
        if (planned.preview.digest !== input.digest) throw errors.conflict(IMPORT_MESSAGES.stale);
        if (planned.plans.length === 0) throw errors.badInput(IMPORT_MESSAGES.nothingToImport);
        // The children it adds or changes are in the organization's history (decision 0049).
        const history = await History.open(tx, actor, clock.now(), [planned.organizationId]);

        const teamIds = new Map<string, string>();
        for (const part of chunks(planned.newTeams)) {
          const inserted = await tx
            .insert(teams)
            .values(
              part.map((t) => ({
                organizationId: planned.organizationId,
                leagueId: t.leagueId,
                seasonId: planned.seasonId,
                name: t.name,
              })),
            )
            .returning({ id: teams.id, leagueId: teams.leagueId, name: teams.name });
          for (const t of inserted) teamIds.set(`${t.leagueId}|${lower(t.name)}`, t.id);
        }

        const fresh = planned.plans.filter((p) => p.playerId === null);
        for (const part of chunks(fresh)) {
          const inserted = await tx
            .insert(players)
            .values(
              part.map((p) => ({
                organizationId: planned.organizationId,
                firstName: p.row.firstName,
                lastName: p.row.lastName,
                birthDate: p.row.birthDate,
                jerseyNumber: p.row.jerseyNumber,
              })),
            )
            .returning({ id: players.id });
          part.forEach((p, i) => {
            p.playerId = inserted[i]?.id ?? null;
          });
          const ids = inserted.map((r) => r.id);
          await history.append('player-record', new Map(), await snapshots(tx, 'player-record', { ids }), {
            action: 'added',
          });
        }
        for (const part of chunks(planned.plans.filter((x) => x.jerseyChange && x.playerId))) {
          await history.track('player-record', { ids: part.map((p) => p.playerId as string) }, {}, async () => {
            for (const p of part) {
              await tx
                .update(players)
                .set({ jerseyNumber: p.row.jerseyNumber, version: sql`${players.version} + 1`, updatedAt: clock.now() })
                .where(eq(players.id, p.playerId as string));
            }
          });
        }

        const entries = planned.plans.flatMap((p) => {
          if (!p.team || !p.playerId) return [];
          const teamId = 'id' in p.team ? p.team.id : teamIds.get(p.team.key);
          return teamId ? [{ teamId, playerId: p.playerId }] : [];
        });
        for (const part of chunks(entries)) await tx.insert(rosterEntries).values(part).onConflictDoNothing();

        const people = planned.plans.flatMap((p) => p.guardians);
        const childOf = new Map<string, string>();
        for (const p of planned.plans)
          for (const g of p.guardians) childOf.set(g.email, `${p.row.firstName} ${p.row.lastName}`);
        const invited = await deps.users.findOrInviteMany(
          tx,
          people,
          (email) => {
            const child = childOf.get(email);
            return child
              ? { id: 'email.why.rosterParent', values: { child } }
              : { id: 'email.why.rosterParentOfAPlayer' };
          },
          // planImport authorized the caller: there is one.
          actor as Actor,
        );
        const links = planned.plans.flatMap((p) =>
          p.guardians.flatMap((g) => {
            const userId = invited.ids.get(g.email);
            return userId && p.playerId ? [{ playerId: p.playerId, userId }] : [];
          }),
        );
        for (const part of chunks(links)) await tx.insert(playerGuardians).values(part).onConflictDoNothing();
        // Someone with an account elsewhere is invited to each of their children, and linked when they accept.
        const inviter = { userId: (actor as Actor).userId, name: await nameOfUser(tx, (actor as Actor).userId) };
        for (const p of planned.plans) {
          for (const g of p.guardians) {
            const userId = invited.elsewhere.get(g.email);
            if (!userId || !p.playerId) continue;
            await invite(
              tx,
              { userId, email: g.email, typed: { givenName: g.givenName, familyName: g.familyName } },
              { organizationId: planned.organizationId, role: 'guardian', playerId: p.playerId },
              inviter,
              { id: 'email.invitedTo.guardian', values: { child: `${p.row.firstName} ${p.row.lastName}` } },
              deps.publicUrl,
            );
          }
        }
        return { summary: planned.preview.summary, notify: invited.notify };
      });
      // Thousands of invitations must not hold the answer; each failure is reported by the mailer hook.
      void notify();
      return summary;
    },
  };
}

export type PlayerImportService = ReturnType<typeof createPlayerImportService>;
