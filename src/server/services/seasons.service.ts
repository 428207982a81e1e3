import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { seasonSchema } from '../../core/admin-inputs.ts';
import { errors } from '../../core/errors.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import { type Db, readTogether } from '../db/client.ts';
import { organizations, rosterEntries, SEASON_STATES, seasons, teamCoaches, teams } from '../db/schema.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import { isUniqueViolation, knownOrganization, readableOrganizationIds, requireUuid } from './scope.ts';
import { assertWritable, SEASON_MESSAGES, type SeasonState } from './seasons.repository.ts';

export interface SeasonRecord {
  id: string;
  organizationId: string;
  /** So a coach or parent, who may not list organizations, can still tell them apart. */
  organizationName: string;
  name: string;
  startDate: string;
  endDate: string;
  state: SeasonState;
  teamCount: number;
  createdAt: Date;
  updatedAt: Date;
}

type Row = typeof seasons.$inferSelect;

export function createSeasonsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function withCounts(rows: Row[], from: Db = db): Promise<SeasonRecord[]> {
    const ids = rows.map((r) => r.id);
    const orgIds = [...new Set(rows.map((r) => r.organizationId))];
    const [counts, names] = ids.length
      ? await readTogether(from, [
          () =>
            from
              .select({ seasonId: teams.seasonId, n: count() })
              .from(teams)
              .where(inArray(teams.seasonId, ids))
              .groupBy(teams.seasonId),
          () =>
            from
              .select({ id: organizations.id, name: organizations.name })
              .from(organizations)
              .where(inArray(organizations.id, orgIds)),
        ])
      : [[], []];
    return rows.map((row) => ({
      ...row,
      organizationName: names.find((o) => o.id === row.organizationId)?.name ?? '',
      teamCount: counts.find((c) => c.seasonId === row.id)?.n ?? 0,
    }));
  }

  async function load(id: string, from: Db = db): Promise<SeasonRecord> {
    const [row] = await from
      .select()
      .from(seasons)
      .where(eq(seasons.id, requireUuid(id, 'Season')));
    if (!row) throw errors.notFound('Season');
    const [record] = await withCounts([row], from);
    return record as SeasonRecord;
  }

  /** Loads a season for a change by its organization's admin; one the caller cannot see is missing. */
  async function loadFor(actor: Actor, id: string, operation: 'updateSeason' | 'deleteSeason' | 'rollSeason', tx: Db) {
    const season = await load(id, tx);
    const readable = readableOrganizationIds(actor);
    if (readable !== 'all' && !readable.includes(season.organizationId)) throw errors.notFound('Season');
    authorize(actor, `Mutation.${operation}`, { organizationId: season.organizationId });
    return season;
  }

  async function activeOf(tx: Db, organizationId: string, exceptId?: string) {
    const [row] = await tx
      .select({ id: seasons.id, name: seasons.name })
      .from(seasons)
      .where(and(eq(seasons.organizationId, organizationId), eq(seasons.state, 'active')));
    return row && row.id !== exceptId ? row : undefined;
  }

  /** Names and the one-active rule are checked by the database too; its refusals read as ours. */
  async function guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.conflict(SEASON_MESSAGES.nameTaken);
      throw error;
    }
  }

  function parseState(state: string | null | undefined): SeasonState | undefined {
    if (state == null) return undefined;
    if (!(SEASON_STATES as readonly string[]).includes(state)) throw errors.badInput(SEASON_MESSAGES.stateUnknown);
    return state as SeasonState;
  }

  return {
    load,

    async list(
      actor: Actor | null,
      filter: { organizationId?: string | null; state?: string | null },
      page: Page,
    ): Promise<Paged<SeasonRecord>> {
      const me = authorize(actor, 'Query.listSeasons');
      const readable = readableOrganizationIds(me);
      const conditions: (SQL | undefined)[] = [];
      if (filter.organizationId != null) {
        const organizationId = requireUuid(filter.organizationId, 'Organization');
        if (readable !== 'all' && !readable.includes(organizationId)) throw errors.notFound('Organization');
        conditions.push(eq(seasons.organizationId, organizationId));
      }
      const state = parseState(filter.state);
      if (state) conditions.push(eq(seasons.state, state));
      if (readable !== 'all') {
        if (readable.length === 0) return { items: [], nextToken: null };
        conditions.push(inArray(seasons.organizationId, readable));
      }
      // Newest first: the season people work in is at the top.
      const rows = await db
        .select()
        .from(seasons)
        .where(and(...conditions))
        .orderBy(desc(seasons.startDate), asc(seasons.name), asc(seasons.id))
        .limit(page.limit + 1)
        .offset(page.offset);
      const paged = fromRows(rows, page);
      return { items: await withCounts(paged.items), nextToken: paged.nextToken };
    },

    async create(
      actor: Actor | null,
      input: { organizationId: string; name: string; startDate: string; endDate: string; state?: string | null },
    ) {
      const organizationId = knownOrganization(authorizeSome(actor, 'Mutation.createSeason'), input.organizationId);
      authorize(actor, 'Mutation.createSeason', { organizationId });
      const fields = parse(seasonSchema, input);
      const state = parseState(input.state) ?? 'upcoming';
      if (state === 'archived') throw errors.badInput(SEASON_MESSAGES.startArchived);
      return guard(() =>
        db.transaction(async (tx) => {
          const [org] = await tx
            .select({ id: organizations.id })
            .from(organizations)
            .where(eq(organizations.id, organizationId));
          if (!org) throw errors.notFound('Organization');
          if (state === 'active') {
            const active = await activeOf(tx, organizationId);
            if (active) throw errors.conflict(SEASON_MESSAGES.oneActive(active.name));
          }
          const [row] = await tx
            .insert(seasons)
            .values({ organizationId, ...fields, state })
            .returning({ id: seasons.id });
          if (!row) throw new Error('season not inserted');
          return load(row.id, tx);
        }),
      );
    },

    /** Name, dates and state; an archived season is read-only, and only one may be active. */
    async update(
      actor: Actor | null,
      input: {
        id: string;
        name?: string | null;
        startDate?: string | null;
        endDate?: string | null;
        state?: string | null;
      },
    ) {
      const me = authorizeSome(actor, 'Mutation.updateSeason');
      const state = parseState(input.state);
      return guard(() =>
        db.transaction(async (tx) => {
          const current = await loadFor(me, input.id, 'updateSeason', tx);
          assertWritable(current);
          const fields = parse(seasonSchema, {
            name: input.name ?? current.name,
            startDate: input.startDate ?? current.startDate,
            endDate: input.endDate ?? current.endDate,
          });
          if (state === 'active') {
            const active = await activeOf(tx, current.organizationId, current.id);
            if (active) throw errors.conflict(SEASON_MESSAGES.oneActive(active.name));
          }
          await tx
            .update(seasons)
            .set({ ...fields, ...(state ? { state } : {}), updatedAt: clock.now() })
            .where(eq(seasons.id, current.id));
          return load(current.id, tx);
        }),
      );
    },

    /** Refused while teams remain: their rosters and pitch history belong to it. */
    async delete(actor: Actor | null, input: { id: string }) {
      const me = authorizeSome(actor, 'Mutation.deleteSeason');
      return db.transaction(async (tx) => {
        const season = await loadFor(me, input.id, 'deleteSeason', tx);
        if (season.teamCount > 0) throw errors.conflict(SEASON_MESSAGES.hasTeams(season.name, season.teamCount));
        await tx.delete(seasons).where(eq(seasons.id, season.id));
        return season;
      });
    },

    /**
     * From the active season, starts the next one (active at once) with the same teams and
     * coaches, and when asked the same rosters (returning players stay on the team of the same
     * name); the old season is archived. One transaction: never half a roll.
     */
    async roll(
      actor: Actor | null,
      input: { id: string; name: string; startDate: string; endDate: string; copyRosters?: boolean | null },
    ) {
      const me = authorizeSome(actor, 'Mutation.rollSeason');
      const fields = parse(seasonSchema, input);
      return guard(() =>
        db.transaction(async (tx) => {
          const old = await loadFor(me, input.id, 'rollSeason', tx);
          if (old.state !== 'active') throw errors.badInput(SEASON_MESSAGES.rollOnlyActive);
          if (fields.startDate <= old.startDate) throw errors.badInput(SEASON_MESSAGES.rollStartsLater(old.name));
          const now = clock.now();
          await tx.update(seasons).set({ state: 'archived', updatedAt: now }).where(eq(seasons.id, old.id));
          const [next] = await tx
            .insert(seasons)
            .values({ organizationId: old.organizationId, ...fields, state: 'active' })
            .returning({ id: seasons.id });
          if (!next) throw new Error('season not inserted');
          const oldTeams = await tx.select().from(teams).where(eq(teams.seasonId, old.id));
          for (const team of oldTeams) {
            const [copy] = await tx
              .insert(teams)
              .values({
                organizationId: team.organizationId,
                leagueId: team.leagueId,
                seasonId: next.id,
                name: team.name,
              })
              .returning({ id: teams.id });
            if (!copy) throw new Error('team not inserted');
            const coaches = await tx
              .select({ userId: teamCoaches.userId })
              .from(teamCoaches)
              .where(eq(teamCoaches.teamId, team.id));
            if (coaches.length) {
              await tx.insert(teamCoaches).values(coaches.map((c) => ({ teamId: copy.id, userId: c.userId })));
            }
            if (input.copyRosters) {
              const roster = await tx
                .select({ playerId: rosterEntries.playerId })
                .from(rosterEntries)
                .where(eq(rosterEntries.teamId, team.id));
              if (roster.length) {
                await tx.insert(rosterEntries).values(roster.map((r) => ({ teamId: copy.id, playerId: r.playerId })));
              }
            }
          }
          return { archived: await load(old.id, tx), season: await load(next.id, tx) };
        }),
      );
    },
  };
}

export type SeasonsService = ReturnType<typeof createSeasonsService>;
