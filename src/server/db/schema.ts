import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * THE schema: one file for both the embedded database (PGlite) and PostgreSQL. Migrations in
 * ./drizzle are generated from it by `npm run db:generate`. Only PostgreSQL 15 features
 * (PGlite runs 18, production may run 15).
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// --- Identity (the four tables better-auth reads and writes, plus our user fields) ---

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** better-auth's display name: "given family". */
  name: text('name').notNull().default(''),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  givenName: text('given_name').notNull().default(''),
  familyName: text('family_name').notNull().default(''),
  /** Roles granted directly (spec §3: User.roles). Admin scope also comes from admins lists. */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  /** Set when an admin gave a temporary password: NEW_PASSWORD_REQUIRED until changed. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
  temporaryPasswordUsedAt: timestamp('temporary_password_used_at', { withTimezone: true }),
  disabled: boolean('disabled').notNull().default(false),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Absolute expiry (BULLPEN_SESSION_ABSOLUTE_DAYS after sign-in); idle is counted from updated_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Why a session ended, kept briefly so the next request can tell the user (spec §8 messages). */
export const endedSessions = pgTable('ended_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  reason: text('reason').notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-account sign-in backoff and per-IP limits, in the database so every server shares them. */
export const signInThrottles = pgTable('sign_in_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Server-wide settings, such as the generated signing secret shared by every server. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// --- League structure (spec §3) ---

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ...timestamps,
});

export const organizationAdmins = pgTable(
  'organization_admins',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_admins_user_idx').on(t.userId)],
);

export const restRules = pgTable(
  'rest_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ageGroup: text('age_group').notNull(),
    global: boolean('global').notNull().default(false),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('rest_rules_organization_idx').on(t.organizationId)],
);

/** One interval of a rest rule: from `pitchCount` pitches on, `daysRest` calendar days (spec §3 RestProfile). */
export const restProfiles = pgTable(
  'rest_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restRuleId: uuid('rest_rule_id')
      .notNull()
      .references(() => restRules.id, { onDelete: 'cascade' }),
    pitchCount: integer('pitch_count').notNull(),
    daysRest: integer('days_rest').notNull(),
    ...timestamps,
  },
  (t) => [index('rest_profiles_rule_idx').on(t.restRuleId)],
);

export const leagues = pgTable(
  'leagues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    restRuleId: uuid('rest_rule_id').references(() => restRules.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('leagues_organization_idx').on(t.organizationId)],
);

export const leagueAdmins = pgTable(
  'league_admins',
  {
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.userId] }), index('league_admins_user_idx').on(t.userId)],
);
