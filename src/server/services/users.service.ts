import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { emailSchema, newUserSchema, rolesSchema, userNameSchema } from '../../core/admin-inputs.ts';
import { errors } from '../../core/errors.ts';
import type { Locale } from '../../core/i18n/locales.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { type PasswordPolicy, passwordProblem } from '../../core/password-policy.ts';
import { type Actor, authorize, type Operation } from '../../core/permissions.ts';
import { normalizeRoles, type Role } from '../../core/roles.ts';
import { hashToken } from '../auth/session-token.ts';
import type { Clock } from '../clock.ts';
import { type Db, readTogether } from '../db/client.ts';
import {
  endedSessions,
  leagueAdmins,
  leagues,
  organizationAdmins,
  organizations,
  playerGuardians,
  rosterEntries,
  sessions,
  teamCoaches,
  teams,
  users,
} from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import type { Mailer, MailKind } from '../mail/mailer.ts';
import { summaryColumns, type UserSummary } from './admins.ts';
import type { Events } from './events.ts';
import { type InvitationTarget, invite, type PendingInvitation } from './invitations.repository.ts';
import { type Cursor, fromKeyset, type Paged } from './paging.ts';
import { parse } from './parse.ts';
import { isUniqueViolation, likePrefix, readableUsers, requireUuid, scopeOf } from './scope.ts';
import {
  createUserWithPassword,
  languageOf,
  nameOfUser,
  TEMPORARY_PASSWORD_DAYS,
  type UserRecord,
} from './users.repository.ts';

/*
 * The users service: the accounts SuperAdmin manages, the admins' lists of people, and who an invitation by
 * email reaches (someone new, someone the inviter knows, or someone with an account elsewhere, who is invited;
 * decision 0049). Over 500 lines on purpose: every way a person is found or made by email lives here, so what
 * an inviter may learn of an account is decided in one place.
 */

/**
 * A temporary password the server generated, for the answer to the call that created the user and
 * nothing else: not stored in clear, not published, never readable again (docs/decisions/0026).
 */
export interface GeneratedPassword {
  temporaryPassword?: string | null;
}

/** The same for whoever a linkGuardian or inviteCoach created: on the Player or Team it answers. */
export interface InvitedPassword {
  invitedTemporaryPassword?: string | null;
  /** Someone with an account elsewhere: invited, as the inviter typed them (decision 0049). */
  invitedPending?: PendingInvitation | null;
}

export interface NewUserInput {
  id?: string | null;
  email: string;
  givenName: string;
  familyName: string;
  roles?: readonly string[] | null;
  temporaryPassword?: string | null;
}

export interface UserChanges {
  id: string;
  email?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  roles?: readonly string[] | null;
  adminOrganizationIds?: readonly string[] | null;
  adminLeagueIds?: readonly string[] | null;
}

const EMAIL_TAKEN: Message = { id: 'errors.user.emailTaken' };
const MAX_SEARCH_TERMS = 5;

const userColumns = {
  id: users.id,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
  roles: users.roles,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** Each word must start the given name, the family name or the email (case-insensitive). */
function searchCondition(search: string): SQL | undefined {
  const terms = search.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);
  if (terms.length === 0) return undefined;
  return and(
    ...terms.map((term) => {
      const prefix = likePrefix(term);
      return or(
        sql`lower(${users.givenName}) like ${prefix}`,
        sql`lower(${users.familyName}) like ${prefix}`,
        sql`${users.email} like ${prefix}`,
      );
    }),
  );
}

/** A readable temporary password for an admin who did not type one: 16 characters, ~95 bits. */
export function generateTemporaryPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

export function createUsersService(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  mailer: Mailer;
  passwordPolicy: PasswordPolicy;
  publicUrl?: string;
  onMailError?: (error: unknown) => void;
}) {
  const { db, clock, events, mailer, passwordPolicy } = deps;

  async function withScopes(rows: Omit<UserRecord, 'adminOrganizationIds' | 'adminLeagueIds'>[], from: Db = db) {
    const ids = rows.map((r) => r.id);
    const [orgRows, leagueRows] = ids.length
      ? await readTogether(from, [
          () => from.select().from(organizationAdmins).where(inArray(organizationAdmins.userId, ids)),
          () => from.select().from(leagueAdmins).where(inArray(leagueAdmins.userId, ids)),
        ])
      : [[], []];
    return rows.map((row) => ({
      ...row,
      adminOrganizationIds: orgRows.filter((r) => r.userId === row.id).map((r) => r.organizationId),
      adminLeagueIds: leagueRows.filter((r) => r.userId === row.id).map((r) => r.leagueId),
    }));
  }

  async function load(id: string, from: Db = db): Promise<UserRecord> {
    const [row] = await from.select(userColumns).from(users).where(eq(users.id, id));
    if (!row) throw errors.notFound('User');
    const [record] = await withScopes([row], from);
    return record as UserRecord;
  }

  async function emailTaken(from: Db, email: string, exceptId?: string) {
    const [row] = await from.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row !== undefined && row.id !== exceptId;
  }

  async function send(kind: MailKind, email: string, subject: string, lines: string[]) {
    try {
      await mailer.send({ kind, to: email, subject, text: lines.join('\n') });
    } catch (error) {
      // The account exists and the admin knows what they did: a mail failure must not undo it.
      deps.onMailError?.(error);
    }
  }

  const loginUrl = deps.publicUrl ? `${deps.publicUrl}/login` : null;

  /** The emails below are written in their recipient's language (someone new: the inviting admin's). */
  async function sendTemporaryPassword(
    email: string,
    givenName: string,
    password: string,
    language: string,
    why?: Message,
  ) {
    const t = translatorFor(language);
    const signIn = loginUrl ? t('email.account.signInAt', { url: loginUrl }) : t('email.account.signIn');
    await send(why ? 'invitation' : 'temporary-password', email, t('email.account.subject'), [
      t('email.account.hello', { name: givenName }),
      '',
      `${why ? t.said(why) : t('email.account.created')} ${signIn}`,
      '',
      `    ${password}`,
      '',
      t('email.account.expires', { days: TEMPORARY_PASSWORD_DAYS }),
    ]);
  }

  async function checkIds(from: Db, table: 'organization' | 'league', ids: readonly string[]) {
    const unique = [...new Set(ids.map((id) => requireUuid(id, table === 'organization' ? 'Organization' : 'League')))];
    if (unique.length === 0) return unique;
    const found =
      table === 'organization'
        ? await from.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, unique))
        : await from.select({ id: leagues.id }).from(leagues).where(inArray(leagues.id, unique));
    if (found.length !== unique.length) throw errors.notFound(table === 'organization' ? 'Organization' : 'League');
    return unique;
  }

  /**
   * The user with this email to attach, or a new one with a generated temporary password (the foundation's
   * NEW_PASSWORD_REQUIRED flow). For services that already authorized the invitation; run it in their
   * transaction and call `notify` after the commit. `why` is told in the person's language; someone new gets
   * the language of the admin inviting them (`invitedBy`). Someone with an account the inviter cannot read
   * (they are known elsewhere) is not attached: they are invited (`pending`, what the inviter typed), and
   * attached when they accept (docs/decisions/0049-answers-within-what-you-can-read.md).
   */
  async function findOrInvite(
    tx: Db,
    input: { email: string; givenName?: string | null; familyName?: string | null },
    why: Message,
    invitedBy: Actor,
    invitation: { target: InvitationTarget; what: Message },
  ): Promise<{
    /** The person to attach now; null while they are only invited. */
    user: UserSummary | null;
    userId: string;
    pending: PendingInvitation | null;
    created: boolean;
    temporaryPassword: string | null;
    notify: () => Promise<void>;
  }> {
    const email = parse(emailSchema, input.email);
    // Names are asked of every invitation, so the answer never tells whether the email has an
    // account (an existing one keeps its own names, and the inviter sees only those typed).
    const names = parse(userNameSchema, { givenName: input.givenName ?? '', familyName: input.familyName ?? '' });
    const [existing] = await tx
      .select({ ...summaryColumns, language: users.language })
      .from(users)
      .where(eq(users.email, email));
    if (existing) {
      const { language, ...user } = existing;
      const [known] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, user.id), readableUsers(invitedBy, await scopeOf(tx, invitedBy))));
      if (!known) {
        const pending = await invite(
          tx,
          { userId: user.id, email, typed: names },
          invitation.target,
          { userId: invitedBy.userId, name: await nameOfUser(tx, invitedBy.userId) },
          invitation.what,
          deps.publicUrl,
        );
        return {
          user: null,
          userId: user.id,
          pending,
          created: false,
          temporaryPassword: null,
          notify: async () => {},
        };
      }
      const t = translatorFor(language);
      return {
        user,
        userId: user.id,
        pending: null,
        created: false,
        temporaryPassword: null,
        notify: () =>
          send('link-notice', user.email, t('email.added.subject'), [
            t('email.account.hello', { name: user.givenName }),
            '',
            `${t.said(why)} ${loginUrl ? t('email.added.signInAt', { url: loginUrl }) : t('email.added.signIn')}`,
          ]),
      };
    }
    const password = generateTemporaryPassword();
    const temporaryUntil = new Date(clock.now().getTime() + TEMPORARY_PASSWORD_DAYS * 24 * 3_600_000);
    const language = await languageOf(tx, invitedBy.userId);
    const { id } = await createUserWithPassword(tx, {
      email,
      ...names,
      roles: [],
      password,
      temporaryUntil,
      language,
    });
    return {
      user: { id, email, ...names },
      userId: id,
      pending: null,
      created: true,
      // The inviter sees it once: the email may not arrive (no SMTP_URL) or arrive late.
      temporaryPassword: password,
      notify: () => sendTemporaryPassword(email, names.givenName, password, language, why),
    };
  }

  /**
   * Many invitations at once (a roster import): existing users by email, the others created
   * without a password, to choose one through "Forgot password" (hashing thousands of temporary
   * passwords would hold the import for minutes; docs/decisions/0013). Run in the caller's
   * transaction; `notify` after the commit. The new people get the importing admin's language.
   */
  async function findOrInviteMany(
    tx: Db,
    people: { email: string; givenName: string; familyName: string }[],
    why: (email: string) => Message,
    invitedBy: Actor,
  ): Promise<{
    ids: Map<string, string>;
    /** People with an account the importer cannot read, by email: invited, not linked (decision 0049). */
    elsewhere: Map<string, string>;
    created: string[];
    notify: () => Promise<void>;
  }> {
    const ids = new Map<string, string>();
    const elsewhere = new Map<string, string>();
    const wanted = [...new Map(people.map((p) => [p.email, p])).values()];
    const visible = readableUsers(invitedBy, await scopeOf(tx, invitedBy));
    for (let i = 0; i < wanted.length; i += 1000) {
      const chunk = wanted.slice(i, i + 1000).map((p) => p.email);
      const found = await tx
        .select({
          id: users.id,
          email: users.email,
          known: visible ? sql<boolean>`coalesce(${visible}, false)` : sql<boolean>`true`,
        })
        .from(users)
        .where(inArray(users.email, chunk));
      for (const row of found) (row.known ? ids : elsewhere).set(row.email, row.id);
    }
    const fresh = wanted.filter((p) => !ids.has(p.email) && !elsewhere.has(p.email));
    const language: Locale = fresh.length ? await languageOf(tx, invitedBy.userId) : 'en';
    for (let i = 0; i < fresh.length; i += 1000) {
      const rows = fresh.slice(i, i + 1000).map((p) => ({
        id: randomUUID(),
        email: p.email,
        givenName: p.givenName,
        familyName: p.familyName,
        name: `${p.givenName} ${p.familyName}`.trim(),
        emailVerified: true,
        language,
      }));
      await tx.insert(users).values(rows);
      for (const row of rows) ids.set(row.email, row.id);
    }
    return {
      ids,
      elsewhere,
      created: fresh.map((p) => p.email),
      notify: async () => {
        const t = translatorFor(language);
        const choose = deps.publicUrl
          ? t('email.roster.choosePasswordAt', { url: `${deps.publicUrl}/forgot-password` })
          : t('email.roster.choosePassword');
        for (const person of fresh) {
          await send('roster-invitation', person.email, t('email.account.subject'), [
            t('email.account.hello', { name: person.givenName }),
            '',
            t.said(why(person.email)),
            '',
            choose,
          ]);
        }
      },
    };
  }

  return {
    findOrInvite,
    findOrInviteMany,

    /**
     * SuperAdmin pages through everyone. An admin sees the people of their organizations and
     * leagues (readableUsers), with their admin scopes narrowed to the caller's own.
     */
    async list(actor: Actor | null, args: { search?: string | null }, cursor: Cursor): Promise<Paged<UserRecord>> {
      const me = authorize(actor, 'Query.listUsers');
      const search = (args.search ?? '').slice(0, 200);
      const conditions: (SQL | undefined)[] = [
        searchCondition(search),
        cursor.after === null ? undefined : gt(users.email, cursor.after),
      ];
      // An admin sees the people of their organizations and leagues, no one else: someone new
      // is invited by email, which says nothing of an account they may hold elsewhere.
      const scope = await scopeOf(db, me);
      conditions.push(readableUsers(me, scope));
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(and(...conditions))
        .orderBy(asc(users.email))
        .limit(cursor.limit + 1);
      const paged = fromKeyset(rows, cursor, (row) => row.email);
      const items = await withScopes(paged.items);
      if (scope.all) return { items, nextToken: paged.nextToken };
      // Where else someone is an admin, coaches or is a parent is not the caller's to learn: the roles shown
      // are those the caller's organizations and leagues give them (decision 0049).
      const ids = items.map((u) => u.id);
      const inLeagues = scope.leagueIds.length > 0 && ids.length > 0;
      const [coachRows, parentRows] = inLeagues
        ? await readTogether(db, [
            () =>
              db
                .select({ userId: teamCoaches.userId })
                .from(teamCoaches)
                .innerJoin(teams, eq(teams.id, teamCoaches.teamId))
                .where(and(inArray(teamCoaches.userId, ids), inArray(teams.leagueId, scope.leagueIds))),
            () =>
              db
                .select({ userId: playerGuardians.userId })
                .from(playerGuardians)
                .innerJoin(rosterEntries, eq(rosterEntries.playerId, playerGuardians.playerId))
                .innerJoin(teams, eq(teams.id, rosterEntries.teamId))
                .where(and(inArray(playerGuardians.userId, ids), inArray(teams.leagueId, scope.leagueIds))),
          ])
        : [[], []];
      const coaches = new Set(coachRows.map((r) => r.userId));
      const parents = new Set(parentRows.map((r) => r.userId));
      return {
        items: items.map((user) => {
          const adminOrganizationIds = user.adminOrganizationIds.filter((id) => scope.organizationIds.includes(id));
          const adminLeagueIds = user.adminLeagueIds.filter((id) => scope.leagueIds.includes(id));
          const held: Record<string, boolean> = {
            admin: adminOrganizationIds.length + adminLeagueIds.length > 0,
            coach: coaches.has(user.id),
            parent: parents.has(user.id),
          };
          return {
            ...user,
            roles: user.roles.filter((role) => held[role] ?? role === 'SuperAdmin'),
            adminOrganizationIds,
            adminLeagueIds,
          };
        }),
        nextToken: paged.nextToken,
      };
    },

    /**
     * Identity and profile in one transaction (the spec's product wrote them in two calls). With
     * the `id` of an existing user (the spec's second call, after POST /admin-queries/createUser)
     * it writes the profile fields and returns the user.
     */
    async create(
      actor: Actor | null,
      input: NewUserInput,
      operation: Operation = 'Mutation.createUser',
    ): Promise<UserRecord & GeneratedPassword> {
      const me = authorize(actor, operation);
      const roles = normalizeRoles(parse(rolesSchema, input.roles ?? []));
      if (input.id) {
        const existing = await load(input.id);
        const email = parse(emailSchema, input.email);
        if (existing.email !== email) throw errors.conflict({ id: 'errors.user.idOfAnotherEmail' });
        const names = parse(userNameSchema, { givenName: input.givenName, familyName: input.familyName });
        await db
          .update(users)
          .set({ ...names, name: `${names.givenName} ${names.familyName}`, roles, updatedAt: clock.now() })
          .where(eq(users.id, existing.id));
        const updated = await load(existing.id);
        await events.publish('user.updated', updated);
        return { ...updated, temporaryPassword: null };
      }
      // Left out: generated. Sent empty (the Add user form, the REST body): 'Temporary password is required'
      // (docs/screens.md, Validation).
      const temporaryPassword = input.temporaryPassword ?? generateTemporaryPassword();
      const fields = parse(newUserSchema, { ...input, temporaryPassword });
      const problem = passwordProblem(fields.temporaryPassword, passwordPolicy, 'temporary');
      if (problem) throw errors.badInput(problem);
      const temporaryUntil = new Date(clock.now().getTime() + TEMPORARY_PASSWORD_DAYS * 24 * 3_600_000);
      // Someone new reads the language of the admin who created them, until they choose their own.
      const language = await languageOf(db, me.userId);
      let created: UserRecord;
      try {
        created = await db.transaction(async (tx) => {
          if (await emailTaken(tx, fields.email)) throw errors.conflict(EMAIL_TAKEN);
          const { id } = await createUserWithPassword(tx, {
            email: fields.email,
            givenName: fields.givenName,
            familyName: fields.familyName,
            roles,
            password: fields.temporaryPassword,
            temporaryUntil,
            language,
          });
          return load(id, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict(EMAIL_TAKEN);
        throw error;
      }
      await sendTemporaryPassword(created.email, created.givenName, fields.temporaryPassword, language);
      await events.publish('user.created', created);
      // Only in this answer, and only when the admin left it out (the admin knows one they typed).
      return { ...created, temporaryPassword: input.temporaryPassword == null ? fields.temporaryPassword : null };
    },

    /** Email, names, roles and admin scopes; what is absent stays. Applies on the user's next request. */
    async update(actor: Actor | null, input: UserChanges, operation: Operation = 'Mutation.updateUser') {
      const me = authorize(actor, operation);
      const email = input.email == null ? undefined : parse(emailSchema, input.email);
      const roles = input.roles == null ? undefined : normalizeRoles(parse(rolesSchema, input.roles));
      if (roles && input.id === me.userId && !roles.includes('SuperAdmin')) {
        throw errors.badInput({ id: 'errors.user.ownSuperAdmin' });
      }
      let updated: UserRecord;
      try {
        updated = await db.transaction(async (tx) => {
          const current = await load(input.id, tx);
          const names =
            input.givenName == null && input.familyName == null
              ? undefined
              : parse(userNameSchema, {
                  givenName: input.givenName ?? current.givenName,
                  familyName: input.familyName ?? current.familyName,
                });
          if (email !== undefined && (await emailTaken(tx, email, current.id))) throw errors.conflict(EMAIL_TAKEN);
          await tx
            .update(users)
            .set({
              ...(email !== undefined ? { email } : {}),
              ...(names ? { ...names, name: `${names.givenName} ${names.familyName}` } : {}),
              ...(roles ? { roles: roles as Role[] } : {}),
              updatedAt: clock.now(),
            })
            .where(eq(users.id, current.id));
          if (input.adminOrganizationIds != null) {
            const ids = await checkIds(tx, 'organization', input.adminOrganizationIds);
            await tx.delete(organizationAdmins).where(eq(organizationAdmins.userId, current.id));
            if (ids.length) {
              await tx
                .insert(organizationAdmins)
                .values(ids.map((organizationId) => ({ organizationId, userId: current.id })));
            }
          }
          if (input.adminLeagueIds != null) {
            const ids = await checkIds(tx, 'league', input.adminLeagueIds);
            await tx.delete(leagueAdmins).where(eq(leagueAdmins.userId, current.id));
            if (ids.length)
              await tx.insert(leagueAdmins).values(ids.map((leagueId) => ({ leagueId, userId: current.id })));
          }
          return load(current.id, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict(EMAIL_TAKEN);
        throw error;
      }
      await events.publish('user.updated', updated);
      return updated;
    },

    /**
     * Removes the user from every admins list and ends their sessions in the same transaction;
     * their next request is told 'User does not exist.' (docs/screens.md, Messages).
     */
    async delete(actor: Actor | null, input: { id: string }, operation: Operation = 'Mutation.deleteUser') {
      const me = authorize(actor, operation);
      if (input.id === me.userId) throw errors.badInput({ id: 'errors.user.deleteSelf' });
      const deleted = await db.transaction(async (tx) => {
        const record = await load(input.id, tx);
        const open = await tx.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, record.id));
        if (open.length) {
          await tx
            .insert(endedSessions)
            .values(open.map((s) => ({ tokenHash: hashToken(s.token), reason: 'USER_MISSING', endedAt: clock.now() })))
            .onConflictDoNothing();
        }
        // Admin lists, sessions and the password go with the user (foreign keys cascade).
        await tx.delete(users).where(eq(users.id, record.id));
        return record;
      });
      await events.publish('user.deleted', deleted);
      return deleted;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
