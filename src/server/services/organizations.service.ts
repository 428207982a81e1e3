import { asc, count, eq, inArray } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, organizationNameSchema, timeZoneSchema } from '../../core/admin-inputs.ts';
import { errors } from '../../core/errors.ts';
import { type Actor, authorize } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { leagues, organizationAdmins, organizations, players } from '../db/schema.ts';
import { adminsOf, checkAdmins } from './admins.ts';
import type { Events } from './events.ts';
import type { OrganizationRecord } from './organizations.repository.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import { coversOrganization, requireUuid, scopeOf } from './scope.ts';

type Row = typeof organizations.$inferSelect;

export function createOrganizationsService(deps: { db: Db; clock: Clock; events: Events }) {
  const { db, clock, events } = deps;

  async function withAdmins(rows: Row[], from: Db = db): Promise<OrganizationRecord[]> {
    const admins = await adminsOf(
      from,
      'organization',
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const adminUsers = admins.get(row.id) ?? [];
      return { ...row, admins: adminUsers.map((u) => u.id), adminUsers };
    });
  }

  async function load(id: string, from: Db = db): Promise<OrganizationRecord> {
    const [row] = await from
      .select()
      .from(organizations)
      .where(eq(organizations.id, requireUuid(id, 'Organization')));
    if (!row) throw errors.notFound('Organization');
    const [record] = await withAdmins([row], from);
    return record as OrganizationRecord;
  }

  async function replaceAdmins(tx: Db, organizationId: string, userIds: string[]) {
    await tx.delete(organizationAdmins).where(eq(organizationAdmins.organizationId, organizationId));
    if (userIds.length)
      await tx.insert(organizationAdmins).values(userIds.map((userId) => ({ organizationId, userId })));
  }

  return {
    /** Whether this caller may read the organization (subscriptions filter with it). */
    async canRead(actor: Actor, organizationId: string): Promise<boolean> {
      return coversOrganization(await scopeOf(db, actor), organizationId);
    },

    async list(actor: Actor | null, page: Page): Promise<Paged<OrganizationRecord>> {
      const me = authorize(actor, 'Query.listOrganizations');
      // An admin's organizations (a league's admin reads theirs); a coach or parent finds theirs through seasons.
      const scope = await scopeOf(db, me);
      if (!scope.all && scope.organizationIds.length === 0) return { items: [], nextToken: null };
      const rows = await db
        .select()
        .from(organizations)
        .where(scope.all ? undefined : inArray(organizations.id, scope.organizationIds))
        .orderBy(asc(organizations.name), asc(organizations.id))
        .limit(page.limit + 1)
        .offset(page.offset);
      const paged = fromRows(rows, page);
      return { items: await withAdmins(paged.items), nextToken: paged.nextToken };
    },

    async create(
      actor: Actor | null,
      input: { name: string; timeZone?: string | null; admins?: readonly string[] | null },
    ) {
      const me = authorize(actor, 'Mutation.createOrganization');
      const name = parse(organizationNameSchema, input.name);
      const timeZone = parse(timeZoneSchema, input.timeZone ?? DEFAULT_TIME_ZONE);
      const created = await db.transaction(async (tx) => {
        const admins = await checkAdmins(tx, me, input.admins ?? []);
        const [row] = await tx.insert(organizations).values({ name, timeZone }).returning();
        if (!row) throw new Error('organization not inserted');
        await replaceAdmins(tx, row.id, admins);
        return load(row.id, tx);
      });
      await events.publish('organization.created', created);
      return created;
    },

    async update(
      actor: Actor | null,
      input: { id: string; name?: string | null; timeZone?: string | null; admins?: readonly string[] | null },
    ) {
      const me = authorize(actor, 'Mutation.updateOrganization');
      const id = requireUuid(input.id, 'Organization');
      const name = input.name == null ? undefined : parse(organizationNameSchema, input.name);
      const timeZone = input.timeZone == null ? undefined : parse(timeZoneSchema, input.timeZone);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(organizations)
          .set({
            ...(name !== undefined ? { name } : {}),
            ...(timeZone !== undefined ? { timeZone } : {}),
            updatedAt: clock.now(),
          })
          .where(eq(organizations.id, id))
          .returning({ id: organizations.id });
        if (!row) throw errors.notFound('Organization');
        if (input.admins != null) await replaceAdmins(tx, id, await checkAdmins(tx, me, input.admins));
        return load(id, tx);
      });
      await events.publish('organization.updated', updated);
      return updated;
    },

    /** Refused while leagues or players remain: teams, children's records and pitch counts never vanish with it. */
    async delete(actor: Actor | null, input: { id: string }) {
      authorize(actor, 'Mutation.deleteOrganization');
      const deleted = await db.transaction(async (tx) => {
        const record = await load(input.id, tx);
        const names = await tx
          .select({ name: leagues.name })
          .from(leagues)
          .where(eq(leagues.organizationId, record.id))
          .orderBy(asc(leagues.name))
          .limit(5);
        if (names.length) {
          const [total] = await tx.select({ n: count() }).from(leagues).where(eq(leagues.organizationId, record.id));
          throw errors.conflict({
            id: 'errors.organization.hasLeagues',
            values: { count: total?.n ?? names.length, names: names.map((l) => l.name).join(', ') },
          });
        }
        const [playerCount] = await tx
          .select({ n: count() })
          .from(players)
          .where(eq(players.organizationId, record.id));
        if (playerCount && playerCount.n > 0) {
          throw errors.conflict({ id: 'errors.organization.hasPlayers', values: { count: playerCount.n } });
        }
        // Its own rest rules and seasons go with it; no league can use them once it has none.
        await tx.delete(organizations).where(eq(organizations.id, record.id));
        return record;
      });
      await events.publish('organization.deleted', deleted);
      return deleted;
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
