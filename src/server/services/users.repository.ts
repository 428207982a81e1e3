import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../core/i18n/locales.ts';
import type { Role } from '../../core/roles.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema.ts';

export interface UserRecord {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Roles stored on the user (spec: empty on creation). */
  roles: string[];
  adminOrganizationIds: string[];
  adminLeagueIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** Like Cognito: an admin-set temporary password is valid for 7 days (docs/reliability.md, security requirement 5). */
export const TEMPORARY_PASSWORD_DAYS = 7;

export interface NewUser {
  email: string;
  givenName: string;
  familyName: string;
  roles: Role[];
  password: string;
  /** A temporary password: the user must set a new one at first sign-in, before `expiresAt`. */
  temporaryUntil?: Date;
  /** Their language until they choose one (the inviting admin's); English when not given. */
  language?: Locale;
}

/** Creates a user with an email-and-password credential (the account row better-auth reads). */
export async function createUserWithPassword(db: Db, input: NewUser): Promise<{ id: string }> {
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      email: input.email.trim().toLowerCase(),
      name: `${input.givenName} ${input.familyName}`.trim(),
      givenName: input.givenName,
      familyName: input.familyName,
      roles: input.roles,
      emailVerified: true,
      mustChangePassword: input.temporaryUntil !== undefined,
      temporaryPasswordExpiresAt: input.temporaryUntil ?? null,
      ...(input.language ? { language: input.language } : {}),
    });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
  });
  return { id };
}

/** Replaces a user's password; a temporary one forces NEW_PASSWORD_REQUIRED again. */
export async function setPassword(db: Db, userId: string, password: string, temporaryUntil?: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    await tx
      .update(users)
      .set({
        mustChangePassword: temporaryUntil !== undefined,
        temporaryPasswordExpiresAt: temporaryUntil ?? null,
        temporaryPasswordUsedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/** A user's language (docs/i18n.md): what the server writes for them is in it; English when they are gone. */
export async function languageOf(db: Db, userId: string): Promise<Locale> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return isLocale(row?.language) ? row.language : DEFAULT_LOCALE;
}

/** Whether anyone can administer this Bullpen yet (a production server's first start says how to make one). */
export async function hasSuperAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`'SuperAdmin' = any(${users.roles})`).limit(1);
  return row !== undefined;
}

/**
 * A user's name as the log keeps it, as SQL: their email when they gave no name, 'Unknown' once
 * they are gone. An insert writes it without a query of its own.
 */
export const nameOfUserSql = (userId: string) =>
  sql<string>`coalesce((select coalesce(nullif(btrim(${users.givenName} || ' ' || ${users.familyName}), ''), ${users.email}) from ${users} where ${users.id} = ${userId}), 'Unknown')`;

/** A user's name as the log keeps it (nameOfUserSql, read). */
export async function nameOfUser(tx: Db, userId: string): Promise<string> {
  // Always one row: it selects from a one-row source.
  const [row] = await tx.select({ name: nameOfUserSql(userId) }).from(sql`(select 1) as one`);
  return row?.name as string;
}
