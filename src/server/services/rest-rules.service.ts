import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { INPUT_MESSAGES, intervalSchema, restRuleSchema } from '../../core/admin-inputs.ts';
import { errors } from '../../core/errors.ts';
import { type Actor, authorize } from '../../core/permissions.ts';
import type { Interval } from '../../core/rest-rules.ts';
import { RULE_DEFAULTS, ruleFromStored, ruleSchema } from '../../core/rules/rule.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { leagues, organizations, restProfiles, restRules } from '../db/schema.ts';
import type { Events } from './events.ts';
import { assertVersion, GLOBAL_CHAIN, History } from './history.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import {
  loadRestRules,
  type RestProfileRecord,
  type RestRuleRecord,
  type RuleDetails,
  ruleColumns,
} from './rest-rules.repository.ts';
import { coversOrganization, requireUuid, type Scope, scopeOf } from './scope.ts';

export type IntervalInput = Interval & { minAge?: number | null; maxAge?: number | null };

export interface RestRuleInput extends Partial<RuleDetails> {
  name: string;
  ageGroup: string;
  global: boolean;
  organizationId?: string | null;
  pitchLimits?: readonly IntervalInput[] | null;
}

const DETAIL_KEYS = Object.keys(RULE_DEFAULTS) as (keyof RuleDetails)[];

/** Rules a scope reads: every global rule and its organizations' own. */
function readable(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.organizationIds.length
    ? or(eq(restRules.global, true), inArray(restRules.organizationId, scope.organizationIds))
    : eq(restRules.global, true);
}

export function createRestRulesService(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  /**
   * Around a rule's change, inside its transaction (services/index.ts): `before` reads what the
   * change may move (the parents' answers), `after` judges the leagues' pitchers again and tells
   * the parents whose child's answer changed.
   */
  ruleChange?: {
    before: (tx: Db, restRuleId: string, history: History) => Promise<unknown>;
    after: (tx: Db, rule: { id: string; name: string }, history: History, before: unknown) => Promise<void>;
  };
}) {
  const { db, clock, events } = deps;

  async function withIntervals(rows: { id: string }[], from: Db = db): Promise<RestRuleRecord[]> {
    const loaded = await loadRestRules(
      from,
      rows.map((r) => r.id),
    );
    return rows.flatMap((row) => loaded.get(row.id) ?? []);
  }

  async function load(id: string, from: Db = db): Promise<RestRuleRecord> {
    const record = (await loadRestRules(from, [requireUuid(id, 'Rest rule')])).get(id.toLowerCase());
    if (!record) throw errors.notFound('Rest rule');
    return record;
  }

  /**
   * Checks a whole rule: the spec's fields (docs/screens.md, Validation), then everything the engine reads, merged with
   * `current` where the input leaves a part out (an API client renaming a rule), with the engine's
   * own schema, so no stored rule can be one the engine misreads. Also that its organization exists.
   */
  async function checkRule(tx: Db, input: RestRuleInput, current: RestRuleRecord | null) {
    const rule = parse(restRuleSchema, {
      ...input,
      // Without intervals (an API client adding them one by one) only the rule itself is checked.
      pitchLimits: input.pitchLimits ?? current?.pitchLimits ?? [{ pitchCount: 0, daysRest: 0 }],
    });
    // Left out (undefined): kept, or the default for a new rule. An explicit null is a value (no games-per-day limit).
    const details = Object.fromEntries(
      DETAIL_KEYS.map((key) => [
        key,
        input[key] !== undefined ? input[key] : current ? current[key] : RULE_DEFAULTS[key],
      ]),
    ) as unknown as RuleDetails;
    parse(ruleSchema, ruleFromStored({ ...rule, ...details, pitchLimits: rule.pitchLimits }));
    const organizationId = rule.global ? null : requireUuid(rule.organizationId ?? '', 'Organization');
    if (organizationId) {
      const [org] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      if (!org) throw errors.notFound('Organization');
    }
    return { ...rule, details, organizationId, pitchLimits: input.pitchLimits ? rule.pitchLimits : null };
  }

  async function insertIntervals(tx: Db, restRuleId: string, intervals: readonly IntervalInput[]) {
    if (intervals.length === 0) return;
    await tx.insert(restProfiles).values(
      intervals.map((i) => ({
        restRuleId,
        pitchCount: i.pitchCount,
        daysRest: i.daysRest,
        minAge: i.minAge ?? null,
        maxAge: i.maxAge ?? null,
      })),
    );
  }

  /**
   * The history a rule's change appends to, locked first: the rule's own chain (its organization's,
   * or the shared rulebooks') and those of the leagues that play by it (their violations follow).
   */
  async function openHistory(tx: Db, actor: Actor, rule: { id: string; organizationId: string | null } | null) {
    const users = rule
      ? await tx
          .selectDistinct({ organizationId: leagues.organizationId })
          .from(leagues)
          .where(eq(leagues.restRuleId, rule.id))
      : [];
    return History.open(tx, actor, clock.now(), [
      rule?.organizationId ?? GLOBAL_CHAIN,
      ...users.map((u) => u.organizationId),
    ]);
  }

  async function readableRule(actor: Actor, restRuleId: string) {
    const rule = await load(restRuleId);
    if (!rule.global && !coversOrganization(await scopeOf(db, actor), rule.organizationId ?? '')) {
      throw errors.notFound('Rest rule');
    }
    return rule;
  }

  return {
    async canRead(actor: Actor, rule: { global: boolean; organizationId: string | null }): Promise<boolean> {
      return rule.global || coversOrganization(await scopeOf(db, actor), rule.organizationId ?? '');
    },

    /** Global rules first, then by name and age group (docs/screens.md, Calls: filter on global = true or on organizationId). */
    async list(
      actor: Actor | null,
      filter: { global?: boolean | null; organizationId?: string | null },
      page: Page,
    ): Promise<Paged<RestRuleRecord>> {
      const me = authorize(actor, 'Query.listRestRules');
      const scope = await scopeOf(db, me);
      const conditions: (SQL | undefined)[] = [readable(scope)];
      if (filter.global != null) conditions.push(eq(restRules.global, filter.global));
      if (filter.organizationId != null) {
        const organizationId = requireUuid(filter.organizationId, 'Organization');
        if (!coversOrganization(scope, organizationId)) throw errors.notFound('Organization');
        conditions.push(eq(restRules.organizationId, organizationId));
      }
      const rows = await db
        .select(ruleColumns)
        .from(restRules)
        .leftJoin(organizations, eq(organizations.id, restRules.organizationId))
        .where(and(...conditions))
        .orderBy(desc(restRules.global), asc(restRules.name), asc(restRules.ageGroup), asc(restRules.id))
        .limit(page.limit + 1)
        .offset(page.offset);
      const paged = fromRows(rows, page);
      return { items: await withIntervals(paged.items), nextToken: paged.nextToken };
    },

    /** A rule and its intervals in one transaction: never a rule without them. */
    async create(actor: Actor | null, input: RestRuleInput) {
      const me = authorize(actor, 'Mutation.createRestRule');
      const created = await db.transaction(async (tx) => {
        const rule = await checkRule(tx, input, null);
        const history = await openHistory(tx, me, null);
        const id = randomUUID();
        await history.track('rest-rule', { ids: [id] }, { action: 'added' }, async () => {
          await tx.insert(restRules).values({
            id,
            name: rule.name,
            ageGroup: rule.ageGroup,
            global: rule.global,
            organizationId: rule.organizationId,
            ...rule.details,
          });
          await insertIntervals(tx, id, rule.pitchLimits ?? []);
        });
        return load(id, tx);
      });
      await events.publish('restRule.created', created);
      return created;
    },

    /** The spec's replace-all (update, delete intervals, create them afresh) as one transaction. */
    async update(actor: Actor | null, input: RestRuleInput & { id: string; version?: number | null }) {
      const me = authorize(actor, 'Mutation.updateRestRule');
      const updated = await db.transaction(async (tx) => {
        const seen = await load(input.id, tx);
        const history = await openHistory(tx, me, seen);
        const current = await load(seen.id, tx);
        await assertVersion(tx, 'rest-rule', 'rest rule', current, input.version);
        const rule = await checkRule(tx, input, current);
        if (rule.organizationId) {
          // Leagues may only use global rules or their own organization's.
          const [elsewhere] = await tx
            .select({ n: count() })
            .from(leagues)
            .where(and(eq(leagues.restRuleId, current.id), ne(leagues.organizationId, rule.organizationId)));
          if ((elsewhere?.n ?? 0) > 0) {
            throw errors.conflict({ id: 'errors.restRule.usedElsewhere' });
          }
        }
        const before = await deps.ruleChange?.before(tx, current.id, history);
        await history.track('rest-rule', { ids: [current.id] }, {}, async () => {
          await tx
            .update(restRules)
            .set({
              name: rule.name,
              ageGroup: rule.ageGroup,
              global: rule.global,
              organizationId: rule.organizationId,
              ...rule.details,
              version: sql`${restRules.version} + 1`,
              updatedAt: history.at,
            })
            .where(eq(restRules.id, current.id));
          if (rule.pitchLimits) {
            await tx.delete(restProfiles).where(eq(restProfiles.restRuleId, current.id));
            await insertIntervals(tx, current.id, rule.pitchLimits);
          }
        });
        // Leagues using the rule read their pitchers' history anew: violations follow the rule.
        await deps.ruleChange?.after(tx, { id: current.id, name: rule.name }, history, before);
        return load(current.id, tx);
      });
      await events.publish('restRule.updated', updated);
      return updated;
    },

    /** Refused while leagues use it: their pitchers' rest would silently change. */
    async delete(actor: Actor | null, input: { id: string }) {
      const me = authorize(actor, 'Mutation.deleteRestRule');
      const deleted = await db.transaction(async (tx) => {
        const record = await load(input.id, tx);
        const history = await openHistory(tx, me, record);
        const users = await tx
          .select({ name: leagues.name })
          .from(leagues)
          .where(eq(leagues.restRuleId, record.id))
          .orderBy(asc(leagues.name))
          .limit(6);
        if (users.length) {
          const names = users.slice(0, 5).map((l) => l.name);
          throw errors.conflict({
            id: 'errors.restRule.inUse',
            values: { names: `${names.join(', ')}${users.length > 5 ? ', …' : ''}` },
          });
        }
        await history.track('rest-rule', { ids: [record.id] }, {}, () =>
          tx.delete(restRules).where(eq(restRules.id, record.id)),
        );
        return record;
      });
      await events.publish('restRule.deleted', deleted);
      return deleted;
    },

    async listProfiles(
      actor: Actor | null,
      filter: { restRuleId?: string | null },
      page: Page,
    ): Promise<Paged<RestProfileRecord>> {
      const me = authorize(actor, 'Query.listRestProfiles');
      const scope = await scopeOf(db, me);
      const conditions: (SQL | undefined)[] = [];
      if (filter.restRuleId != null) {
        const rule = await readableRule(me, filter.restRuleId);
        conditions.push(eq(restProfiles.restRuleId, rule.id));
      } else if (!scope.all) {
        const visible = readable(scope);
        conditions.push(
          inArray(restProfiles.restRuleId, db.select({ id: restRules.id }).from(restRules).where(visible)),
        );
      }
      const rows = await db
        .select()
        .from(restProfiles)
        .where(and(...conditions))
        .orderBy(asc(restProfiles.restRuleId), asc(restProfiles.daysRest), asc(restProfiles.pitchCount))
        .limit(page.limit + 1)
        .offset(page.offset);
      return fromRows(rows, page);
    },

    async createProfile(actor: Actor | null, input: { restRuleId: string } & IntervalInput) {
      const me = authorize(actor, 'Mutation.createRestProfile');
      const interval = parse(intervalSchema, {
        pitchCount: input.pitchCount,
        daysRest: input.daysRest,
        minAge: input.minAge,
        maxAge: input.maxAge,
      });
      const created = await db.transaction(async (tx) => {
        const seen = await load(input.restRuleId, tx);
        const history = await openHistory(tx, me, seen);
        const rule = await load(seen.id, tx);
        // The whole rule with the new interval must still be one the engine reads.
        await checkRule(tx, { ...rule, pitchLimits: [...rule.pitchLimits, interval] }, rule);
        const before = await deps.ruleChange?.before(tx, rule.id, history);
        const row = await history.track('rest-rule', { ids: [rule.id] }, {}, async () => {
          const [inserted] = await tx
            .insert(restProfiles)
            .values({ restRuleId: rule.id, ...interval })
            .returning();
          if (!inserted) throw new Error('interval not inserted');
          await tx
            .update(restRules)
            .set({ version: sql`${restRules.version} + 1`, updatedAt: history.at })
            .where(eq(restRules.id, rule.id));
          return inserted;
        });
        await deps.ruleChange?.after(tx, rule, history, before);
        return { ...row, organizationId: rule.organizationId };
      });
      await events.publish('restProfile.created', created);
      return created;
    },

    /** A rule keeps at least one interval (docs/screens.md, Validation). */
    async deleteProfile(actor: Actor | null, input: { id: string }) {
      const me = authorize(actor, 'Mutation.deleteRestProfile');
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(restProfiles)
          .where(eq(restProfiles.id, requireUuid(input.id, 'Interval')));
        if (!row) throw errors.notFound('Interval');
        const seen = await load(row.restRuleId, tx);
        const history = await openHistory(tx, me, seen);
        const rule = await load(seen.id, tx);
        if (rule.pitchLimits.length <= 1) throw errors.badInput(INPUT_MESSAGES.intervalRequired);
        await checkRule(tx, { ...rule, pitchLimits: rule.pitchLimits.filter((p) => p.id !== row.id) }, rule);
        const before = await deps.ruleChange?.before(tx, rule.id, history);
        await history.track('rest-rule', { ids: [rule.id] }, {}, async () => {
          await tx.delete(restProfiles).where(eq(restProfiles.id, row.id));
          await tx
            .update(restRules)
            .set({ version: sql`${restRules.version} + 1`, updatedAt: history.at })
            .where(eq(restRules.id, rule.id));
        });
        await deps.ruleChange?.after(tx, rule, history, before);
        return { ...row, organizationId: rule.organizationId };
      });
      await events.publish('restProfile.deleted', deleted);
      return deleted;
    },
  };
}

export type RestRulesService = ReturnType<typeof createRestRulesService>;
