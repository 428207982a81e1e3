import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { teamNameSchema } from '../../core/admin-inputs.ts';
import { errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import { type Db, readTogether } from '../db/client.ts';
import { games, leagues, rosterEntries, seasons, teamCoaches, teams, users } from '../db/schema.ts';
import { checkAdmins, summaryColumns, type UserSummary } from './admins.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import { coversOrganization, isUniqueViolation, readableTeams, requireUuid, scopeOf } from './scope.ts';
import { assertWritable, type SeasonState } from './seasons.repository.ts';
import type { UsersService } from './users.service.ts';

export interface TeamRecord {
  id: string;
  organizationId: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
  seasonName: string;
  seasonState: SeasonState;
  name: string;
  /** User ids of its coaches. */
  coaches: string[];
  coachUsers: UserSummary[];
  playerCount: number;
  /** Bumped by every change (its coaches list too); an update names the version it read. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export const TEAM_MESSAGES = {
  nameTaken: { id: 'errors.team.nameTaken' } as Message,
  seasonOfAnotherOrganization: { id: 'errors.team.seasonOfAnotherOrganization' } as Message,
  hasGames: (n: number): Message => ({ id: 'errors.team.hasGames', values: { count: n } }),
} as const;

const teamColumns = {
  id: teams.id,
  organizationId: teams.organizationId,
  leagueId: teams.leagueId,
  leagueName: leagues.name,
  seasonId: teams.seasonId,
  seasonName: seasons.name,
  seasonState: seasons.state,
  name: teams.name,
  version: teams.version,
  createdAt: teams.createdAt,
  updatedAt: teams.updatedAt,
};

function selectTeams(from: Db) {
  return from
    .select(teamColumns)
    .from(teams)
    .innerJoin(leagues, eq(leagues.id, teams.leagueId))
    .innerJoin(seasons, eq(seasons.id, teams.seasonId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTeams>['execute']>>[number];

export function createTeamsService(deps: { db: Db; clock: Clock; users: UsersService }) {
  const { db, clock } = deps;

  async function complete(rows: Row[], from: Db = db): Promise<TeamRecord[]> {
    const ids = rows.map((r) => r.id);
    const [coachRows, counts] = ids.length
      ? await readTogether(from, [
          () =>
            from
              .select({ teamId: teamCoaches.teamId, ...summaryColumns })
              .from(teamCoaches)
              .innerJoin(users, eq(users.id, teamCoaches.userId))
              .where(inArray(teamCoaches.teamId, ids))
              .orderBy(asc(users.givenName), asc(users.familyName), asc(users.email)),
          () =>
            from
              .select({ teamId: rosterEntries.teamId, n: count() })
              .from(rosterEntries)
              .where(inArray(rosterEntries.teamId, ids))
              .groupBy(rosterEntries.teamId),
        ])
      : [[], []];
    return rows.map((row) => {
      const coachUsers = coachRows.filter((c) => c.teamId === row.id).map(({ teamId: _, ...user }) => user);
      return {
        ...row,
        coaches: coachUsers.map((u) => u.id),
        coachUsers,
        playerCount: counts.find((c) => c.teamId === row.id)?.n ?? 0,
      };
    });
  }

  async function load(id: string, from: Db = db): Promise<TeamRecord> {
    const [row] = await selectTeams(from).where(eq(teams.id, requireUuid(id, 'Team')));
    if (!row) throw errors.notFound('Team');
    const [record] = await complete([row], from);
    return record as TeamRecord;
  }

  /** Loads a team for a change; one the caller cannot read at all is missing, not forbidden. */
  async function loadFor(actor: Actor, id: string, operation: 'updateTeam' | 'deleteTeam' | 'inviteCoach', tx: Db) {
    const team = await load(id, tx);
    const readable = readableTeams(actor);
    if (readable) {
      const [visible] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, team.id), readable));
      if (!visible) throw errors.notFound('Team');
    }
    authorize(actor, `Mutation.${operation}`, { organizationId: team.organizationId, leagueId: team.leagueId });
    return team;
  }

  async function replaceCoaches(tx: Db, teamId: string, userIds: string[]) {
    await tx.delete(teamCoaches).where(eq(teamCoaches.teamId, teamId));
    if (userIds.length) await tx.insert(teamCoaches).values(userIds.map((userId) => ({ teamId, userId })));
  }

  async function guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.conflict(TEAM_MESSAGES.nameTaken);
      throw error;
    }
  }

  return {
    load,

    async list(
      actor: Actor | null,
      filter: { organizationId?: string | null; leagueId?: string | null; seasonId?: string | null },
      page: Page,
    ): Promise<Paged<TeamRecord>> {
      const me = authorize(actor, 'Query.listTeams');
      const conditions: (SQL | undefined)[] = [readableTeams(me)];
      if (filter.organizationId != null) {
        conditions.push(eq(teams.organizationId, requireUuid(filter.organizationId, 'Organization')));
      }
      if (filter.leagueId != null) conditions.push(eq(teams.leagueId, requireUuid(filter.leagueId, 'League')));
      if (filter.seasonId != null) conditions.push(eq(teams.seasonId, requireUuid(filter.seasonId, 'Season')));
      const rows = await selectTeams(db)
        .where(and(...conditions))
        .orderBy(asc(leagues.name), asc(sql`lower(${teams.name})`), asc(teams.id))
        .limit(page.limit + 1)
        .offset(page.offset);
      const paged = fromRows(rows, page);
      return { items: await complete(paged.items), nextToken: paged.nextToken };
    },

    async create(
      actor: Actor | null,
      input: { leagueId: string; seasonId: string; name: string; coaches?: readonly string[] | null },
    ) {
      const me = authorizeSome(actor, 'Mutation.createTeam');
      const name = parse(teamNameSchema, input.name);
      return guard(() =>
        db.transaction(async (tx) => {
          // A league or season the caller cannot read is missing, before anything is decided on it.
          const scope = await scopeOf(tx, me);
          const [league] = await tx
            .select({ id: leagues.id, organizationId: leagues.organizationId })
            .from(leagues)
            .where(eq(leagues.id, requireUuid(input.leagueId, 'League')));
          if (!league || !(scope.all || scope.leagueIds.includes(league.id))) throw errors.notFound('League');
          const [season] = await tx
            .select()
            .from(seasons)
            .where(eq(seasons.id, requireUuid(input.seasonId, 'Season')));
          if (!season || !coversOrganization(scope, season.organizationId)) throw errors.notFound('Season');
          authorize(me, 'Mutation.createTeam', { organizationId: league.organizationId, leagueId: league.id });
          if (season.organizationId !== league.organizationId) {
            throw errors.badInput(TEAM_MESSAGES.seasonOfAnotherOrganization);
          }
          assertWritable(season);
          const coaches = await checkAdmins(tx, me, input.coaches ?? [], 'coach');
          const [row] = await tx
            .insert(teams)
            .values({ organizationId: league.organizationId, leagueId: league.id, seasonId: season.id, name })
            .returning({ id: teams.id });
          if (!row) throw new Error('team not inserted');
          await replaceCoaches(tx, row.id, coaches);
          return load(row.id, tx);
        }),
      );
    },

    /**
     * Name and coaches; what is absent stays. Only the version the caller read is changed: two admins at once,
     * the second waits for the first's row and is refused as stale (CONFLICT), its change not lost silently.
     */
    async update(
      actor: Actor | null,
      input: { id: string; name?: string | null; coaches?: readonly string[] | null; version: number },
    ) {
      const me = authorizeSome(actor, 'Mutation.updateTeam');
      const name = input.name == null ? undefined : parse(teamNameSchema, input.name);
      return guard(() =>
        db.transaction(async (tx) => {
          const team = await loadFor(me, input.id, 'updateTeam', tx);
          assertWritable({ name: team.seasonName, state: team.seasonState });
          const changed = await tx
            .update(teams)
            .set({
              ...(name !== undefined ? { name } : {}),
              version: sql`${teams.version} + 1`,
              updatedAt: clock.now(),
            })
            .where(and(eq(teams.id, team.id), eq(teams.version, input.version)))
            .returning({ id: teams.id });
          if (changed.length === 0) {
            const [now] = await tx.select({ version: teams.version }).from(teams).where(eq(teams.id, team.id));
            throw errors.stale('team', { version: now?.version ?? team.version, changedBy: null, changedAt: null });
          }
          if (input.coaches != null) {
            await replaceCoaches(tx, team.id, await checkAdmins(tx, me, input.coaches, 'coach', team.coaches));
          }
          return load(team.id, tx);
        }),
      );
    },

    /** Its roster entries and coach links go with it; the players stay in the organization. */
    async delete(actor: Actor | null, input: { id: string }) {
      const me = authorizeSome(actor, 'Mutation.deleteTeam');
      return db.transaction(async (tx) => {
        const team = await loadFor(me, input.id, 'deleteTeam', tx);
        assertWritable({ name: team.seasonName, state: team.seasonState });
        const [played] = await tx
          .select({ n: count() })
          .from(games)
          .where(or(eq(games.homeTeamId, team.id), eq(games.awayTeamId, team.id)));
        if ((played?.n ?? 0) > 0) throw errors.conflict(TEAM_MESSAGES.hasGames(played?.n ?? 0));
        await tx.delete(teams).where(eq(teams.id, team.id));
        return team;
      });
    },

    /**
     * Makes the person with this email a coach of the team: someone the caller already reads is linked (and
     * told), someone new is created with a temporary password and emailed it, and someone with an account
     * elsewhere is invited and becomes a coach when they accept (decision 0049).
     */
    async inviteCoach(
      actor: Actor | null,
      input: { teamId: string; email: string; givenName?: string | null; familyName?: string | null },
    ) {
      const me = authorizeSome(actor, 'Mutation.inviteCoach');
      const { team, notify, invitedTemporaryPassword, invitedPending } = await db.transaction(async (tx) => {
        const current = await loadFor(me, input.teamId, 'inviteCoach', tx);
        assertWritable({ name: current.seasonName, state: current.seasonState });
        const where = { team: current.name, league: current.leagueName, season: current.seasonName };
        const invited = await deps.users.findOrInvite(tx, input, { id: 'email.why.coach', values: where }, me, {
          target: { organizationId: current.organizationId, role: 'coach', teamId: current.id },
          what: { id: 'email.invitedTo.coach', values: where },
        });
        if (invited.user) {
          await tx.insert(teamCoaches).values({ teamId: current.id, userId: invited.user.id }).onConflictDoNothing();
          await tx
            .update(teams)
            .set({ version: sql`${teams.version} + 1` })
            .where(eq(teams.id, current.id));
        }
        return {
          team: await load(current.id, tx),
          notify: invited.notify,
          invitedTemporaryPassword: invited.temporaryPassword,
          invitedPending: invited.pending,
        };
      });
      await notify();
      return { ...team, invitedTemporaryPassword, invitedPending };
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
