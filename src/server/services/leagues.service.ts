import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { leagueNameSchema } from '../../core/admin-inputs.ts';
import { errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { type CountSettings, countSettingsSchema } from '../../core/official-count.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import { type Db, readTogether } from '../db/client.ts';
import { leagueAdmins, leagues, organizations, restRules, teams } from '../db/schema.ts';
import { adminsOf, checkAdmins, MAX_ADMINS } from './admins.ts';
import type { Events } from './events.ts';
import { assertVersion, History } from './history.ts';
import type { LeagueRecord } from './leagues.repository.ts';
import { answersBeforeChange, tellParentsOfChangedAnswers } from './notifications.ts';
import { fromRows, type Page, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import { pitchersOfLeagues } from './pitching-history.ts';
import { loadRestRules } from './rest-rules.repository.ts';
import { coversOrganization, isUniqueViolation, knownOrganization, requireUuid, scopeOf } from './scope.ts';
import type { UsersService } from './users.service.ts';
import { recomputeViolations } from './violations.repository.ts';

type Row = typeof leagues.$inferSelect;

export const LEAGUE_MESSAGES = {
  nameTaken: (name: string): Message => ({ id: 'errors.league.nameTaken', values: { name } }),
} as const;

/** The database keeps league names unique in an organization (whatever the case); its refusal reads as ours. */
async function uniqueName<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw errors.conflict(LEAGUE_MESSAGES.nameTaken(name));
    throw error;
  }
}

export function createLeaguesService(deps: { db: Db; clock: Clock; events: Events; users: UsersService }) {
  const { db, clock, events } = deps;

  async function withAdmins(rows: Row[], from: Db = db): Promise<LeagueRecord[]> {
    const [admins, rules] = await readTogether(from, [
      () =>
        adminsOf(
          from,
          'league',
          rows.map((r) => r.id),
        ),
      () =>
        loadRestRules(
          from,
          rows.flatMap((r) => (r.restRuleId ? [r.restRuleId] : [])),
        ),
    ]);
    return rows.map((row) => {
      const adminUsers = admins.get(row.id) ?? [];
      const restRule = row.restRuleId ? (rules.get(row.restRuleId) ?? null) : null;
      return { ...row, restRule, admins: adminUsers.map((u) => u.id), adminUsers };
    });
  }

  async function load(id: string, from: Db = db): Promise<LeagueRecord> {
    const [row] = await from
      .select()
      .from(leagues)
      .where(eq(leagues.id, requireUuid(id, 'League')));
    if (!row) throw errors.notFound('League');
    const [record] = await withAdmins([row], from);
    return record as LeagueRecord;
  }

  /** A league may use a global rule or one of its own organization's rules, nothing else. */
  async function checkRestRule(tx: Db, actor: Actor, restRuleId: string | null, organizationId: string) {
    if (restRuleId === null) return null;
    const [rule] = await tx
      .select({ id: restRules.id, global: restRules.global, organizationId: restRules.organizationId })
      .from(restRules)
      .where(eq(restRules.id, requireUuid(restRuleId, 'Rest rule')));
    if (!rule) throw errors.notFound('Rest rule');
    if (rule.global || rule.organizationId === organizationId) return rule.id;
    // A rule of another organization: an admin must not learn it exists; SuperAdmin is told why.
    if (!actor.roles.includes('SuperAdmin')) throw errors.notFound('Rest rule');
    throw errors.badInput({ id: 'errors.league.ruleOfOtherOrganization' });
  }

  async function replaceAdmins(tx: Db, leagueId: string, userIds: string[]) {
    await tx.delete(leagueAdmins).where(eq(leagueAdmins.leagueId, leagueId));
    if (userIds.length) await tx.insert(leagueAdmins).values(userIds.map((userId) => ({ leagueId, userId })));
  }

  /** Loads a league for a change, refusing (as missing) one the caller cannot see at all. */
  async function loadFor(actor: Actor, id: string, from: Db) {
    const record = await load(id, from);
    const scope = await scopeOf(from, actor);
    if (!scope.all && !scope.leagueIds.includes(record.id)) throw errors.notFound('League');
    return record;
  }

  return {
    async canRead(actor: Actor, league: { id: string; organizationId: string }): Promise<boolean> {
      const scope = await scopeOf(db, actor);
      return (
        scope.all || scope.leagueIds.includes(league.id) || actor.adminOrganizationIds.includes(league.organizationId)
      );
    },

    async list(
      actor: Actor | null,
      filter: { organizationId?: string | null },
      page: Page,
    ): Promise<Paged<LeagueRecord>> {
      const me = authorize(actor, 'Query.listLeagues');
      const scope = await scopeOf(db, me);
      const conditions: (SQL | undefined)[] = [];
      if (filter.organizationId != null) {
        const organizationId = requireUuid(filter.organizationId, 'Organization');
        if (!coversOrganization(scope, organizationId)) throw errors.notFound('Organization');
        conditions.push(eq(leagues.organizationId, organizationId));
      }
      if (!scope.all) {
        if (scope.leagueIds.length === 0) return { items: [], nextToken: null };
        conditions.push(inArray(leagues.id, scope.leagueIds));
      }
      const rows = await db
        .select()
        .from(leagues)
        .where(and(...conditions))
        .orderBy(asc(leagues.name), asc(leagues.id))
        .limit(page.limit + 1)
        .offset(page.offset);
      const paged = fromRows(rows, page);
      return { items: await withAdmins(paged.items), nextToken: paged.nextToken };
    },

    async create(
      actor: Actor | null,
      input: { name: string; organizationId: string; admins?: readonly string[] | null; restRuleId?: string | null },
    ) {
      const me = authorizeSome(actor, 'Mutation.createLeague');
      const organizationId = knownOrganization(me, input.organizationId);
      const name = parse(leagueNameSchema, input.name);
      const created = await uniqueName(name, () =>
        db.transaction(async (tx) => {
          const [org] = await tx
            .select({ id: organizations.id })
            .from(organizations)
            .where(eq(organizations.id, organizationId));
          if (!org) throw errors.notFound('Organization');
          // Every id named is resolved before the caller's right is decided: an unknown one is missing.
          const restRuleId = await checkRestRule(tx, me, input.restRuleId ?? null, organizationId);
          const admins = await checkAdmins(tx, me, input.admins ?? []);
          authorize(me, 'Mutation.createLeague', { organizationId });
          const history = await History.open(tx, me, clock.now(), [organizationId]);
          const id = randomUUID();
          await history.track('league', { ids: [id] }, { action: 'added' }, () =>
            tx.insert(leagues).values({ id, name, organizationId, restRuleId }),
          );
          const row = { id };
          await replaceAdmins(tx, row.id, admins);
          return load(row.id, tx);
        }),
      );
      await events.publish('league.created', created);
      return created;
    },

    /** `restRuleId: null` clears the rule; an absent field keeps it. */
    async update(
      actor: Actor | null,
      input: {
        id: string;
        name?: string | null;
        admins?: readonly string[] | null;
        restRuleId?: string | null;
        version?: number | null;
        requireOfficialSignature?: boolean | null;
      } & Partial<Record<keyof CountSettings, unknown>>,
    ) {
      const me = authorizeSome(actor, 'Mutation.updateLeague');
      const name = input.name == null ? undefined : parse(leagueNameSchema, input.name);
      // The official-count settings: an absent field keeps its value.
      const countSettings = parse(
        countSettingsSchema.partial(),
        Object.fromEntries(
          (['countStandsAfterDeadline', 'countDeadlineDays', 'countDeadlineTime'] as const)
            .filter((k) => input[k] != null)
            .map((k) => [k, input[k]]),
        ),
      );
      const updated = await uniqueName(name, () =>
        db.transaction(async (tx) => {
          const seen = await loadFor(me, input.id, tx);
          authorize(me, 'Mutation.updateLeague', { leagueId: seen.id, organizationId: seen.organizationId });
          // Two admins editing the league at once: the second waits, then reads the first's change.
          const history = await History.open(tx, me, clock.now(), [seen.organizationId]);
          const current = await load(seen.id, tx);
          await assertVersion(tx, 'league', 'league', current, input.version);
          const restRuleId =
            input.restRuleId === undefined
              ? undefined
              : await checkRestRule(tx, me, input.restRuleId, current.organizationId);
          const ruleMoves = restRuleId !== undefined && restRuleId !== current.restRuleId;
          const answers = ruleMoves
            ? await answersBeforeChange(tx, await pitchersOfLeagues(tx, [current.id]), history.at)
            : null;
          await history.track('league', { ids: [current.id] }, {}, () =>
            tx
              .update(leagues)
              .set({
                ...(name !== undefined ? { name } : {}),
                ...(restRuleId !== undefined ? { restRuleId } : {}),
                ...countSettings,
                ...(typeof input.requireOfficialSignature === 'boolean'
                  ? { requireOfficialSignature: input.requireOfficialSignature }
                  : {}),
                version: sql`${leagues.version} + 1`,
                updatedAt: history.at,
              })
              .where(eq(leagues.id, current.id)),
          );
          if (input.admins != null) {
            await replaceAdmins(tx, current.id, await checkAdmins(tx, me, input.admins, 'admin', current.admins));
          }
          // Another rule judges the league's games anew.
          if (ruleMoves) {
            await recomputeViolations(
              tx,
              await pitchersOfLeagues(tx, [current.id]),
              history,
              'The league’s rest rule was changed',
            );
            const rule = restRuleId ? (await loadRestRules(tx, [restRuleId])).get(restRuleId) : undefined;
            if (answers) {
              await tellParentsOfChangedAnswers(
                tx,
                answers,
                { id: 'email.answerChanged.ruleChanged', values: { rule: rule?.name ?? '' } },
                history.at,
              );
            }
          }
          return load(current.id, tx);
        }),
      );
      await events.publish('league.updated', updated);
      return updated;
    },

    /**
     * Makes the person with this email an admin of the league: someone the caller already reads is added
     * (and told), someone new is created with a temporary password and emailed it, and someone with an
     * account elsewhere is invited and added when they accept; the inviter sees only what they typed
     * (decision 0049).
     */
    async inviteAdmin(
      actor: Actor | null,
      input: { leagueId: string; email: string; givenName?: string | null; familyName?: string | null },
    ) {
      const me = authorizeSome(actor, 'Mutation.inviteLeagueAdmin');
      const { league, notify, invitedTemporaryPassword, invitedPending } = await db.transaction(async (tx) => {
        const seen = await loadFor(me, input.leagueId, tx);
        authorize(me, 'Mutation.inviteLeagueAdmin', { leagueId: seen.id, organizationId: seen.organizationId });
        // In turn with the league's other changes: an admins list edited meanwhile keeps this one.
        await History.open(tx, me, clock.now(), [seen.organizationId]);
        const current = await load(seen.id, tx);
        if (current.admins.length >= MAX_ADMINS) {
          throw errors.badInput({ id: 'errors.admins.tooMany', values: { max: MAX_ADMINS, what: 'admin' } });
        }
        const invited = await deps.users.findOrInvite(
          tx,
          input,
          { id: 'email.why.leagueAdmin', values: { league: current.name } },
          me,
          {
            target: { organizationId: current.organizationId, role: 'league-admin', leagueId: current.id },
            what: { id: 'email.invitedTo.leagueAdmin', values: { league: current.name } },
          },
        );
        if (invited.user) {
          await tx.insert(leagueAdmins).values({ leagueId: current.id, userId: invited.user.id }).onConflictDoNothing();
          await tx
            .update(leagues)
            .set({ version: sql`${leagues.version} + 1` })
            .where(eq(leagues.id, current.id));
        }
        return {
          league: await load(current.id, tx),
          notify: invited.notify,
          invitedTemporaryPassword: invited.temporaryPassword,
          invitedPending: invited.pending,
        };
      });
      await notify();
      // The password is the inviter's to see once: subscribers get the league without it.
      await events.publish('league.updated', league);
      return { ...league, invitedTemporaryPassword, invitedPending };
    },

    async delete(actor: Actor | null, input: { id: string }) {
      const me = authorizeSome(actor, 'Mutation.deleteLeague');
      const deleted = await db.transaction(async (tx) => {
        const record = await loadFor(me, input.id, tx);
        authorize(me, 'Mutation.deleteLeague', { organizationId: record.organizationId });
        const history = await History.open(tx, me, clock.now(), [record.organizationId]);
        // Its teams hold rosters and pitch history: they must go first, knowingly.
        const [teamCount] = await tx.select({ n: count() }).from(teams).where(eq(teams.leagueId, record.id));
        if (teamCount && teamCount.n > 0) {
          throw errors.conflict({ id: 'errors.league.hasTeams', values: { name: record.name, count: teamCount.n } });
        }
        await history.track('league', { ids: [record.id] }, {}, () =>
          tx.delete(leagues).where(eq(leagues.id, record.id)),
        );
        return record;
      });
      await events.publish('league.deleted', deleted);
      return deleted;
    },

    /** Names of leagues using a rest rule (deleting it is refused while any do). */
    async usingRestRule(restRuleId: string, from: Db = db) {
      return from
        .select({ name: leagues.name, organizationId: leagues.organizationId })
        .from(leagues)
        .where(eq(leagues.restRuleId, restRuleId))
        .orderBy(asc(leagues.name));
    },
  };
}

export type LeaguesService = ReturnType<typeof createLeaguesService>;
