import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { errors, type Missing } from '../../core/errors.ts';
import { LITTLE_LEAGUE_BASEBALL_AGE, leagueAge } from '../../core/league-age.ts';
import { todayIn } from '../../core/local-date.ts';
import { type Actor, authorize, authorizeSome, can, type Operation, type Target } from '../../core/permissions.ts';
import { playerSchema } from '../../core/player-inputs.ts';
import type { Clock } from '../clock.ts';
import { type Db, readTogether } from '../db/client.ts';
import {
  leagues,
  organizations,
  pitchOutings,
  playerGuardians,
  players,
  rosterEntries,
  seasons,
  teams,
  users,
} from '../db/schema.ts';
import { summaryColumns, type UserSummary } from './admins.ts';
import { History, lastChangeOf, playerChain, snapshots } from './history.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import { A_PARENT, eraseChild } from './player-erasure.ts';
import { PLAYER_MESSAGES, todayOf } from './players.repository.ts';
import { queuePlayerRemovedEmails, queueRemovalRequestedEmails, type TeamToTell } from './removal-emails.ts';
import { isSuperAdmin, knownOrganization, likePrefix, readablePlayers, readableTeams, requireUuid } from './scope.ts';
import { assertWritable, type SeasonState } from './seasons.repository.ts';
import { nameOfUser } from './users.repository.ts';
import type { UsersService } from './users.service.ts';
import { recomputeViolations } from './violations.repository.ts';

/**
 * The players service: a child's record, their rosters and their parents' links, and removing a
 * child (docs/decisions/0033-removing-a-child.md). Over 500 lines on purpose: every operation
 * reads the child through the same few loaders below (load, loadFor, loadReadable), so a change to
 * what a caller may see of a child is made once, here.
 */

export interface PlayerTeam {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
  seasonId: string;
  seasonName: string;
  seasonState: SeasonState;
}

export interface PlayerRecord {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  jerseyNumber: string | null;
  /** League age for the season asked about (or this year), by Little League baseball's cutoff. */
  leagueAge: number;
  /** Today on the organization's calendar (its time zone): the latest day an outing of theirs may have. */
  organizationToday: string;
  teams: PlayerTeam[];
  guardians: UserSummary[];
  /** A parent asked the league to remove the child, not yet done (decision 0047). */
  removalRequest: { requestedAt: Date; requestedByName: string } | null;
  /** Bumped by every change; an update names the version it read. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlayerFields {
  firstName: string;
  lastName: string;
  birthDate: string;
  jerseyNumber?: string | null;
}

/**
 * A child still in Bullpen. A removed child's row stays only for the pitching record it carries
 * (docs/decisions/0033-removing-a-child.md): every view of people, and every write, reads past it.
 */
type Row = Omit<typeof players.$inferSelect, 'birthDate'> & { birthDate: string };
const inBullpen = isNull(players.removedAt);
const present = (rows: (typeof players.$inferSelect)[]): Row[] =>
  rows.filter((r): r is Row => r.removedAt === null && r.birthDate !== null);

/** The name a removed child's record carries: no part of who they were, and told apart from others. */
export const pseudonymOf = () => ({
  firstName: 'Removed',
  lastName: `player ${randomBytes(3).toString('hex').toUpperCase()}`,
});

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** The child's teams of seasons not archived, as the emails name them: 'Tigers (Majors, Fall 2026)'. */
const openTeams = (player: PlayerRecord): TeamToTell[] =>
  player.teams
    .filter((t) => t.seasonState !== 'archived')
    .map((t) => ({ teamId: t.id, leagueId: t.leagueId, label: `${t.name} (${t.leagueName}, ${t.seasonName})` }));

async function timeZoneOf(tx: Db, organizationId: string): Promise<string> {
  const [row] = await tx
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.timeZone ?? 'UTC';
}

/**
 * The player of this jersey on any of `teamIds` other than `playerId`, if one wears it already
 * (a duplicate jersey on a team is refused).
 */
export async function jerseyHolder(tx: Db, teamIds: readonly string[], jersey: string | null, playerId?: string) {
  if (!jersey || teamIds.length === 0) return undefined;
  const [row] = await tx
    .select({ firstName: players.firstName, lastName: players.lastName, team: teams.name })
    .from(rosterEntries)
    .innerJoin(players, eq(players.id, rosterEntries.playerId))
    .innerJoin(teams, eq(teams.id, rosterEntries.teamId))
    .where(
      and(
        inArray(rosterEntries.teamId, [...teamIds]),
        eq(players.jerseyNumber, jersey),
        playerId ? ne(players.id, playerId) : undefined,
      ),
    )
    .limit(1);
  return row ? { holder: fullName(row), team: row.team } : undefined;
}

export function createPlayersService(deps: { db: Db; clock: Clock; users: UsersService }) {
  const { db, clock } = deps;

  async function complete(rows: Row[], ageOnDate: string, from: Db = db): Promise<PlayerRecord[]> {
    const ids = rows.map((r) => r.id);
    const [teamRows, guardianRows, zoneRows] = ids.length
      ? await readTogether(from, [
          () =>
            from
              .select({
                playerId: rosterEntries.playerId,
                id: teams.id,
                name: teams.name,
                leagueId: teams.leagueId,
                leagueName: leagues.name,
                seasonId: teams.seasonId,
                seasonName: seasons.name,
                seasonState: seasons.state,
                seasonStart: seasons.startDate,
              })
              .from(rosterEntries)
              .innerJoin(teams, eq(teams.id, rosterEntries.teamId))
              .innerJoin(leagues, eq(leagues.id, teams.leagueId))
              .innerJoin(seasons, eq(seasons.id, teams.seasonId))
              .where(inArray(rosterEntries.playerId, ids))
              .orderBy(sql`${seasons.startDate} desc`, asc(leagues.name), asc(teams.name)),
          () =>
            from
              .select({ playerId: playerGuardians.playerId, ...summaryColumns })
              .from(playerGuardians)
              .innerJoin(users, eq(users.id, playerGuardians.userId))
              .where(inArray(playerGuardians.playerId, ids))
              .orderBy(asc(users.givenName), asc(users.familyName)),
          () =>
            from
              .select({ id: organizations.id, timeZone: organizations.timeZone })
              .from(organizations)
              .where(inArray(organizations.id, [...new Set(rows.map((r) => r.organizationId))])),
        ])
      : [[], [], []];
    const now = clock.now();
    const zoneOf = new Map(zoneRows.map((o) => [o.id, o.timeZone]));
    return rows.map(({ removalRequestedAt, removalRequestedBy: _, removalRequestedByName, ...row }) => ({
      ...row,
      removalRequest: removalRequestedAt
        ? { requestedAt: removalRequestedAt, requestedByName: removalRequestedByName ?? '' }
        : null,
      // Little League baseball's cutoff until leagues choose their own basis with the rules engine.
      leagueAge: leagueAge(row.birthDate, ageOnDate, LITTLE_LEAGUE_BASEBALL_AGE),
      organizationToday: todayIn(zoneOf.get(row.organizationId) ?? 'UTC', now),
      teams: teamRows.filter((t) => t.playerId === row.id).map(({ playerId: _, seasonStart: __, ...team }) => team),
      guardians: guardianRows.filter((g) => g.playerId === row.id).map(({ playerId: _, ...user }) => user),
    }));
  }

  async function load(id: string, from: Db = db, ageOnDate = todayOf(clock)): Promise<PlayerRecord> {
    const [row] = present(
      await from
        .select()
        .from(players)
        .where(and(eq(players.id, requireUuid(id, 'Player')), inBullpen)),
    );
    if (!row) throw errors.notFound('Player');
    const [record] = await complete([row], ageOnDate, from);
    return record as PlayerRecord;
  }

  function targetOf(player: PlayerRecord): Target {
    return {
      organizationId: player.organizationId,
      leagueIds: [...new Set(player.teams.map((t) => t.leagueId))],
      teamIds: player.teams.map((t) => t.id),
      playerId: player.id,
    };
  }

  /**
   * Loads a player the caller may act on; one they cannot read at all is missing, not forbidden
   * (named as `missing`: the outside outing asked for, when it is the child's).
   */
  async function loadFor(actor: Actor, id: string, operation: Operation, tx: Db, missing: Missing = 'Player') {
    const player = await load(id, tx);
    const target = targetOf(player);
    if (!can(actor, operation, target)) {
      if (!can(actor, 'Query.getPlayer', target)) throw errors.notFound(missing);
      authorize(actor, operation, target);
    }
    return player;
  }

  /** A team to put players on; one the caller cannot read is missing, not forbidden. */
  async function loadTeam(tx: Db, actor: Actor, teamId: string) {
    const [team] = await tx
      .select({
        id: teams.id,
        name: teams.name,
        organizationId: teams.organizationId,
        leagueId: teams.leagueId,
        seasonName: seasons.name,
        seasonState: seasons.state,
      })
      .from(teams)
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .where(and(eq(teams.id, requireUuid(teamId, 'Team')), readableTeams(actor)));
    if (!team) throw errors.notFound('Team');
    return team;
  }

  /** A player the caller may read, as stored; any other is missing. */
  async function loadReadable(tx: Db, actor: Actor, playerId: string) {
    const [player] = await tx
      .select()
      .from(players)
      .where(and(eq(players.id, requireUuid(playerId, 'Player')), readablePlayers(actor), inBullpen));
    if (!player) throw errors.notFound('Player');
    return player;
  }

  /**
   * The same child as `fields` among those the caller may read in the organization. One they may not
   * read is none of theirs: the answer is the same whether it exists or not, and an organization's
   * admin, who reads both, merges the two (possibleDuplicates, merge; decision 0049).
   */
  async function sameChild(tx: Db, actor: Actor, organizationId: string, fields: PlayerFields) {
    return findSame(tx, actor, organizationId, fields);
  }

  /** The teams of seasons still open (upcoming or active) the player is on: a jersey must be unique there. */
  async function openTeamsOf(tx: Db, playerId: string) {
    const rows = await tx
      .select({ id: teams.id })
      .from(rosterEntries)
      .innerJoin(teams, eq(teams.id, rosterEntries.teamId))
      .innerJoin(seasons, eq(seasons.id, teams.seasonId))
      .where(and(eq(rosterEntries.playerId, playerId), ne(seasons.state, 'archived')));
    return rows.map((r) => r.id);
  }

  async function findSame(tx: Db, actor: Actor, organizationId: string, fields: PlayerFields) {
    const [row] = present(
      await tx
        .select()
        .from(players)
        .where(
          and(
            inBullpen,
            readablePlayers(actor),
            eq(players.organizationId, organizationId),
            eq(sql`lower(${players.firstName})`, fields.firstName.toLowerCase()),
            eq(sql`lower(${players.lastName})`, fields.lastName.toLowerCase()),
            eq(players.birthDate, fields.birthDate),
          ),
        )
        .limit(1),
    );
    return row;
  }

  async function addToRoster(tx: Db, player: { id: string; jerseyNumber: string | null }, team: { id: string }) {
    const clash = await jerseyHolder(tx, [team.id], player.jerseyNumber, player.id);
    if (clash) throw errors.conflict(PLAYER_MESSAGES.jerseyTaken(player.jerseyNumber ?? '', clash.holder, clash.team));
    const inserted = await tx
      .insert(rosterEntries)
      .values({ teamId: team.id, playerId: player.id })
      .onConflictDoNothing()
      .returning({ teamId: rosterEntries.teamId });
    return inserted.length > 0;
  }

  return {
    load,
    loadFor,

    async list(
      actor: Actor | null,
      filter: {
        organizationId?: string | null;
        teamId?: string | null;
        seasonId?: string | null;
        search?: string | null;
      },
      page: Page,
    ): Promise<Paged<PlayerRecord>> {
      const me = authorize(actor, 'Query.listPlayers');
      const conditions: (SQL | undefined)[] = [readablePlayers(me), inBullpen];
      let ageOnDate = todayOf(clock);
      if (filter.organizationId != null) {
        conditions.push(eq(players.organizationId, requireUuid(filter.organizationId, 'Organization')));
      }
      if (filter.teamId != null) {
        conditions.push(
          inArray(
            players.id,
            db
              .select({ id: rosterEntries.playerId })
              .from(rosterEntries)
              .where(eq(rosterEntries.teamId, requireUuid(filter.teamId, 'Team'))),
          ),
        );
      }
      if (filter.seasonId != null) {
        const seasonId = requireUuid(filter.seasonId, 'Season');
        const [season] = await db
          .select({ startDate: seasons.startDate })
          .from(seasons)
          .where(eq(seasons.id, seasonId));
        if (season) ageOnDate = season.startDate;
        conditions.push(
          inArray(
            players.id,
            db
              .select({ id: rosterEntries.playerId })
              .from(rosterEntries)
              .innerJoin(teams, eq(teams.id, rosterEntries.teamId))
              .where(eq(teams.seasonId, seasonId)),
          ),
        );
      }
      const terms = (filter.search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
      for (const term of terms) {
        conditions.push(
          or(
            sql`lower(${players.firstName}) like ${likePrefix(term)}`,
            sql`lower(${players.lastName}) like ${likePrefix(term)}`,
          ),
        );
      }
      const rows = await db
        .select()
        .from(players)
        .where(and(...conditions))
        .orderBy(asc(sql`lower(${players.lastName})`), asc(sql`lower(${players.firstName})`), asc(players.id))
        .limit(page.limit + 1)
        .offset(page.offset);
      const paged = fromRows(rows, page);
      return { items: await complete(present(paged.items), ageOnDate), nextToken: paged.nextToken };
    },

    async get(actor: Actor | null, id: string): Promise<PlayerRecord> {
      const me = authorizeSome(actor, 'Query.getPlayer');
      const player = await load(id);
      if (!can(me, 'Query.getPlayer', targetOf(player))) throw errors.notFound('Player');
      return player;
    },

    /**
     * A new player, optionally straight onto a team. The same child (same names and birth date)
     * already in the organization is put on the team instead of being made twice.
     */
    async create(actor: Actor | null, input: PlayerFields & { organizationId: string; teamId?: string | null }) {
      const me = authorizeSome(actor, 'Mutation.createPlayer');
      const organizationId = knownOrganization(me, input.organizationId);
      const fields = parse(playerSchema(todayOf(clock)), input);
      return db.transaction(async (tx) => {
        const [org] = await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, organizationId));
        if (!org) throw errors.notFound('Organization');
        // A new child is in the organization's history (the record of who they are: names, birth date, jersey).
        const history = await History.open(tx, me, clock.now(), [organizationId]);
        const team = input.teamId ? await loadTeam(tx, me, input.teamId) : undefined;
        if (team && team.organizationId !== organizationId) throw errors.badInput(PLAYER_MESSAGES.otherOrganization);
        authorize(me, 'Mutation.createPlayer', { organizationId, leagueId: team?.leagueId });
        if (team) assertWritable({ name: team.seasonName, state: team.seasonState });
        const same = await sameChild(tx, me, organizationId, fields);
        if (same && !team) throw errors.conflict(PLAYER_MESSAGES.duplicate(fullName(same), same.birthDate));
        const id = randomUUID();
        const player =
          same ??
          (await history.track('player-record', { ids: [id] }, { action: 'added' }, () =>
            tx
              .insert(players)
              .values({ id, organizationId, ...fields, jerseyNumber: fields.jerseyNumber ?? null })
              .returning()
              .then((rows) => rows[0]),
          ));
        if (!player) throw new Error('player not inserted');
        if (team) await addToRoster(tx, player, team);
        return load(player.id, tx);
      });
    },

    /** Names, birth date, jersey; what is absent stays, a null jersey clears it. */
    async update(
      actor: Actor | null,
      input: {
        id: string;
        firstName?: string | null;
        lastName?: string | null;
        birthDate?: string | null;
        jerseyNumber?: string | null;
        /** The version the caller read: a player changed since is refused as stale (CONFLICT). */
        version: number;
      },
    ) {
      const me = authorizeSome(actor, 'Mutation.updatePlayer');
      return db.transaction(async (tx) => {
        const current = await loadFor(me, input.id, 'Mutation.updatePlayer', tx);
        const fields = parse(playerSchema(todayOf(clock)), {
          firstName: input.firstName ?? current.firstName,
          lastName: input.lastName ?? current.lastName,
          birthDate: input.birthDate ?? current.birthDate,
          jerseyNumber: input.jerseyNumber === undefined ? current.jerseyNumber : input.jerseyNumber,
        });
        const same = await sameChild(tx, me, current.organizationId, fields);
        if (same && same.id !== current.id)
          throw errors.conflict(PLAYER_MESSAGES.duplicate(fullName(same), same.birthDate));
        const jersey = fields.jerseyNumber ?? null;
        const clash = await jerseyHolder(tx, await openTeamsOf(tx, current.id), jersey, current.id);
        if (clash) throw errors.conflict(PLAYER_MESSAGES.jerseyTaken(jersey ?? '', clash.holder, clash.team));
        // Every change is in the organization's history, the birth date's old and new value too; the age the
        // rules read comes from it, so their violations follow it (the history is taken before the player's
        // row: one lock order, decision 0034).
        const born = fields.birthDate !== current.birthDate;
        const history = await History.open(tx, me, clock.now(), [playerChain(current.organizationId, current.id)]);
        // Only the version the caller read is changed: a second writer at once waits, then finds it moved.
        const changed = await history.track('player-record', { ids: [current.id] }, {}, () =>
          tx
            .update(players)
            .set({ ...fields, jerseyNumber: jersey, version: sql`${players.version} + 1`, updatedAt: clock.now() })
            .where(and(eq(players.id, current.id), eq(players.version, input.version), inBullpen))
            .returning({ id: players.id }),
        );
        if (changed.length === 0) {
          const [now] = await tx.select({ version: players.version }).from(players).where(eq(players.id, current.id));
          throw errors.stale('player', {
            version: now?.version ?? input.version,
            ...(await lastChangeOf(tx, 'player-record', current.id)),
          });
        }
        if (born) await recomputeViolations(tx, [current.id], history, 'The player’s birth date was changed');
        return load(current.id, tx);
      });
    },

    /**
     * Removes a child from Bullpen at a parent's or admin's request (docs/reliability.md, security requirement 27, as
     * docs/decisions/0033-removing-a-child.md reads it): names become a pseudonym, the birth date,
     * jersey, rosters, parents' links and the emails naming them are erased; the outings, taps and
     * violations stay under the pseudonym, and the admins of their leagues are told. Answers the
     * player as the caller knew them.
     */
    async delete(actor: Actor | null, input: { id: string }) {
      const me = authorizeSome(actor, 'Mutation.deletePlayer');
      return db.transaction(async (tx) => {
        // The organization's history first (one lock order, decision 0034): the removal rewrites its entries.
        const [place] = await tx
          .select({ organizationId: players.organizationId })
          .from(players)
          .where(eq(players.id, requireUuid(input.id, 'Player')));
        // A parent who removes their child is kept as "a parent": their name would say whose child the pseudonym
        // was (docs/decisions/0048-an-erasable-history.md).
        const byParent = me.guardianPlayerIds.includes(input.id.toLowerCase());
        const chains = place ? [place.organizationId, playerChain(place.organizationId, input.id.toLowerCase())] : [];
        const history = byParent
          ? await History.open(tx, null, clock.now(), chains, { actorName: A_PARENT })
          : await History.open(tx, me, clock.now(), chains);
        // Two removals at once: the second waits here, then finds no child to remove.
        await tx
          .select({ id: players.id })
          .from(players)
          .where(eq(players.id, requireUuid(input.id, 'Player')))
          .for('update');
        const player = await loadFor(me, input.id, 'Mutation.deletePlayer', tx);
        // A parent removes a child on an open season's roster through the league, which confirms (decision 0047);
        // an organization's admin removes them at once. Without the child's id, only an admin's grant answers.
        const open = openTeams(player);
        if (!can(me, 'Mutation.deletePlayer', { organizationId: player.organizationId }) && open.length > 0) {
          throw errors.conflict(PLAYER_MESSAGES.askTheLeague(fullName(player), open.map((t) => t.label).join(', ')));
        }
        // The teams they are rostered on or pitched for: whose leagues' admins are told.
        const teamsToTell = await tx
          .select({
            teamId: teams.id,
            leagueId: teams.leagueId,
            label: sql<string>`${teams.name} || ' (' || ${leagues.name} || ', ' || ${seasons.name} || ')'`,
          })
          .from(teams)
          .innerJoin(leagues, eq(leagues.id, teams.leagueId))
          .innerJoin(seasons, eq(seasons.id, teams.seasonId))
          .where(
            or(
              inArray(
                teams.id,
                tx
                  .select({ id: rosterEntries.teamId })
                  .from(rosterEntries)
                  .where(eq(rosterEntries.playerId, player.id)),
              ),
              inArray(
                teams.id,
                tx.select({ id: pitchOutings.teamId }).from(pitchOutings).where(eq(pitchOutings.playerId, player.id)),
              ),
            ),
          );
        const pseudonym = pseudonymOf();
        const now = clock.now();
        // Every word that named the child (reasons, notes, descriptions, the history's entries) says
        // the pseudonym instead, and the emails that name them go (docs/decisions/0048-an-erasable-history.md).
        // The record of who they were leaves the history before the erasure rewrites what names them (decision 0049).
        await history.append('player-record', await snapshots(tx, 'player-record', { ids: [player.id] }), new Map(), {
          action: 'removed',
        });
        await eraseChild(tx, history, player, fullName(pseudonym));
        await tx
          .update(players)
          .set({
            ...pseudonym,
            birthDate: null,
            jerseyNumber: null,
            removedAt: now,
            // Who asked would say whose child this was.
            removalRequestedAt: null,
            removalRequestedBy: null,
            removalRequestedByName: null,
            updatedAt: now,
          })
          .where(eq(players.id, player.id));
        await tx.delete(rosterEntries).where(eq(rosterEntries.playerId, player.id));
        await tx.delete(playerGuardians).where(eq(playerGuardians.playerId, player.id));
        await queuePlayerRemovedEmails(tx, {
          pseudonym: fullName(pseudonym),
          removedBy: byParent ? null : await nameOfUser(tx, me.userId),
          teams: teamsToTell,
          rostered: open,
        });
        return player;
      });
    },

    /**
     * A parent asks the league to remove their child (docs/decisions/0047-a-parent-asks-to-remove-a-child.md): the
     * request is kept on the child, the admins who may remove them are asked to, and their coaches are told. Asked
     * once: a second request (two at once too) is told when the first was made.
     */
    async requestRemoval(actor: Actor | null, input: { id: string }) {
      const me = authorizeSome(actor, 'Mutation.requestPlayerRemoval');
      return db.transaction(async (tx) => {
        const player = await loadFor(me, input.id, 'Mutation.requestPlayerRemoval', tx);
        const askedBy = await nameOfUser(tx, me.userId);
        const now = clock.now();
        const [asked] = await tx
          .update(players)
          .set({ removalRequestedAt: now, removalRequestedBy: me.userId, removalRequestedByName: askedBy })
          .where(and(eq(players.id, player.id), isNull(players.removalRequestedAt), inBullpen))
          .returning({ id: players.id });
        if (!asked) {
          const [first] = await tx
            .select({ at: players.removalRequestedAt })
            .from(players)
            .where(eq(players.id, player.id));
          const day = todayIn(await timeZoneOf(tx, player.organizationId), first?.at ?? now);
          throw errors.conflict(PLAYER_MESSAGES.removalAsked(fullName(player), day));
        }
        await queueRemovalRequestedEmails(tx, {
          playerId: player.id,
          organizationId: player.organizationId,
          child: fullName(player),
          askedBy,
          date: player.organizationToday,
          teams: openTeams(player),
        });
        return load(player.id, tx);
      });
    },

    async addToTeam(actor: Actor | null, input: { playerId: string; teamId: string }) {
      const me = authorizeSome(actor, 'Mutation.addPlayerToTeam');
      return db.transaction(async (tx) => {
        // Both must be the caller's to read: a child of a league they do not run is never moved or shown.
        const team = await loadTeam(tx, me, input.teamId);
        const player = await loadReadable(tx, me, input.playerId);
        authorize(me, 'Mutation.addPlayerToTeam', { organizationId: team.organizationId, leagueId: team.leagueId });
        assertWritable({ name: team.seasonName, state: team.seasonState });
        if (player.organizationId !== team.organizationId) throw errors.badInput(PLAYER_MESSAGES.otherOrganization);
        if (!(await addToRoster(tx, player, team))) throw errors.conflict(PLAYER_MESSAGES.alreadyOnTeam);
        return load(player.id, tx);
      });
    },

    async removeFromTeam(actor: Actor | null, input: { playerId: string; teamId: string }) {
      const me = authorizeSome(actor, 'Mutation.removePlayerFromTeam');
      return db.transaction(async (tx) => {
        const team = await loadTeam(tx, me, input.teamId);
        authorize(me, 'Mutation.removePlayerFromTeam', {
          organizationId: team.organizationId,
          leagueId: team.leagueId,
        });
        assertWritable({ name: team.seasonName, state: team.seasonState });
        const removed = await tx
          .delete(rosterEntries)
          .where(
            and(eq(rosterEntries.teamId, team.id), eq(rosterEntries.playerId, requireUuid(input.playerId, 'Player'))),
          )
          .returning({ playerId: rosterEntries.playerId });
        if (removed.length === 0) throw errors.notFound('Roster entry');
        return load(input.playerId, tx);
      });
    },

    /**
     * Links the parent with this email to the player: someone the caller already reads is linked (and told),
     * someone new is created with a temporary password and emailed it, and someone with an account elsewhere
     * is invited and linked when they accept (decision 0049).
     */
    async linkGuardian(
      actor: Actor | null,
      input: { playerId: string; email: string; givenName?: string | null; familyName?: string | null },
    ) {
      const me = authorizeSome(actor, 'Mutation.linkGuardian');
      const { player, notify, invitedTemporaryPassword, invitedPending } = await db.transaction(async (tx) => {
        const current = await loadFor(me, input.playerId, 'Mutation.linkGuardian', tx);
        const child = { child: `${current.firstName} ${current.lastName}` };
        const invited = await deps.users.findOrInvite(tx, input, { id: 'email.why.guardian', values: child }, me, {
          target: { organizationId: current.organizationId, role: 'guardian', playerId: current.id },
          what: { id: 'email.invitedTo.guardian', values: child },
        });
        // A parent may delete their child's records, which a league's admin may not: nobody grants
        // that to themselves. Another admin links them (SuperAdmin gains nothing by it).
        if (invited.userId === me.userId && !isSuperAdmin(me)) throw errors.forbidden(PLAYER_MESSAGES.selfLink);
        if (invited.user) {
          await tx
            .insert(playerGuardians)
            .values({ playerId: current.id, userId: invited.user.id })
            .onConflictDoNothing();
        }
        return {
          player: await load(current.id, tx),
          notify: invited.notify,
          invitedTemporaryPassword: invited.temporaryPassword,
          invitedPending: invited.pending,
        };
      });
      await notify();
      return { ...player, invitedTemporaryPassword, invitedPending };
    },

    async unlinkGuardian(actor: Actor | null, input: { playerId: string; userId: string }) {
      const me = authorizeSome(actor, 'Mutation.unlinkGuardian');
      return db.transaction(async (tx) => {
        const current = await loadFor(me, input.playerId, 'Mutation.unlinkGuardian', tx);
        const removed = await tx
          .delete(playerGuardians)
          .where(and(eq(playerGuardians.playerId, current.id), eq(playerGuardians.userId, input.userId)))
          .returning({ userId: playerGuardians.userId });
        if (removed.length === 0) throw errors.notFound('Guardian link');
        return load(current.id, tx);
      });
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
