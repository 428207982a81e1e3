import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE, LOCALES } from '../../core/i18n/locales.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { type AgeBasis, LITTLE_LEAGUE_BASEBALL_AGE } from '../../core/league-age.ts';
import { COUNT_DEADLINE_RULES } from '../../core/official-count.ts';
import { GAME_STATES } from '../../core/outing-inputs.ts';
import { type BookState, PITCH_EVENT_KINDS } from '../../core/pitch-events.ts';
import { type CatcherRule, type DailyLimit, NO_CATCHER_RULES, type WindowCap } from '../../core/rules/rule.ts';

/**
 * THE schema: one file for both the embedded database (PGlite) and PostgreSQL. Migrations in
 * ./drizzle are generated from it by `npm run db:generate`. Only PostgreSQL 15 features
 * (PGlite runs 18, production may run 15). Over 500 lines on purpose: one schema file is what
 * drizzle-kit reads, and every table's keys and references are read in one place.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// --- Identity (the four tables better-auth reads and writes, plus our user fields) ---

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** better-auth's display name: "given family". */
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    /** Roles granted directly (docs/screens.md, Records: User.roles). Admin scope also comes from admins lists. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** Set when an admin gave a temporary password: NEW_PASSWORD_REQUIRED until changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    temporaryPasswordUsedAt: timestamp('temporary_password_used_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    /** A parent's choice: an email when their child's outing is recorded. */
    outingEmails: boolean('outing_emails').notNull().default(true),
    /** The language the user reads Bullpen in: their pages on every device, their emails (docs/i18n.md). */
    language: text('language', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    ...timestamps,
  },
  // User search is a case-insensitive prefix match on each of these (fast with 100,000 users).
  (t) => [
    check('users_language_check', sql`${t.language} in ${sql.raw(`(${LOCALES.map((l) => `'${l}'`).join(', ')})`)}`),
    index('users_given_name_search_idx').using('btree', sql`lower(${t.givenName}) text_pattern_ops`),
    index('users_family_name_search_idx').using('btree', sql`lower(${t.familyName}) text_pattern_ops`),
    index('users_email_search_idx').using('btree', sql`${t.email} text_pattern_ops`),
  ],
);

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

/** Why a session ended, kept briefly so the next request can tell the user (docs/screens.md, Messages). */
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

/**
 * One row counting changes to who may do what (users, sessions ended, admins, coaches, guardians),
 * bumped by triggers in the same transaction (drizzle/0003_auth_generation.sql). Sessions resolved
 * under the current count are served from memory; any change makes the next request re-read them.
 */
export const authGeneration = pgTable(
  'auth_generation',
  {
    id: integer('id').primaryKey().default(1),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('auth_generation_one_row', sql`${t.id} = 1`)],
);

// --- League structure (docs/screens.md, Records) ---

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The IANA time zone whose calendar days its games and rest days count in. */
  timeZone: text('time_zone').notNull().default('America/New_York'),
  ...timestamps,
});

/**
 * Per organization, a count of changes to what a pitcher's status is computed from (outings,
 * outside outings, games, rosters, players, teams, seasons, leagues, rules, the time zone),
 * bumped as the writing transaction commits (drizzle/0010_pitching_generation.sql). A status
 * report computed under the current count is served from memory (decisions/0021).
 */
export const pitchingGeneration = pgTable('pitching_generation', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
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
    // What real rulebooks need beyond the spec's intervals (src/core/rules/rule.ts says what each means).
    unit: text('unit', { enum: ['pitches', 'innings'] })
      .notNull()
      .default('pitches'),
    ageBasis: jsonb('age_basis').$type<AgeBasis>().notNull().default(LITTLE_LEAGUE_BASEBALL_AGE),
    dailyLimits: jsonb('daily_limits').$type<readonly DailyLimit[]>().notNull().default([]),
    finishBatter: boolean('finish_batter').notNull().default(false),
    intentionalWalkPitches: integer('intentional_walk_pitches').notNull().default(0),
    maxGamesPerDay: integer('max_games_per_day'),
    maxConsecutiveDays: integer('max_consecutive_days'),
    windows: jsonb('windows').$type<readonly WindowCap[]>().notNull().default([]),
    catcher: jsonb('catcher').$type<CatcherRule>().notNull().default(NO_CATCHER_RULES),
    /** Set on the rulebooks Bullpen ships (src/core/rules/presets.ts), so each is added once. */
    presetId: text('preset_id').unique(),
    /** Bumped by every change; an update names the version it read. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('rest_rules_organization_idx').on(t.organizationId),
    check('rest_rules_unit_check', sql`${t.unit} in ('pitches', 'innings')`),
  ],
);

/**
 * One interval of a rest rule: from `pitchCount` pitches on, `daysRest` calendar days (docs/screens.md, Records:
 * RestProfile).
 */
export const restProfiles = pgTable(
  'rest_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restRuleId: uuid('rest_rule_id')
      .notNull()
      .references(() => restRules.id, { onDelete: 'cascade' }),
    pitchCount: integer('pitch_count').notNull(),
    daysRest: integer('days_rest').notNull(),
    /** The ages the interval applies to, both ends included; null is open (Little League's 15-16 tiers). */
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
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
    /**
     * Whose count stands when the two dugouts have not agreed by the deadline: the home
     * team's book for every pitcher, or each pitcher's own team's book. The deadline is
     * `countDeadlineDays` after the game's date at `countDeadlineTime`, the organization's time.
     */
    countStandsAfterDeadline: text('count_stands_after_deadline', { enum: COUNT_DEADLINE_RULES })
      .notNull()
      .default('home'),
    countDeadlineDays: integer('count_deadline_days').notNull().default(1),
    countDeadlineTime: text('count_deadline_time').notNull().default('12:00'),
    /** Bumped by every change (its admins list too); an update names the version it read. */
    version: integer('version').notNull().default(1),
    /** Whether a game is signed only once its official signed too, after both teams. */
    requireOfficialSignature: boolean('require_official_signature').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('leagues_count_rule_check', sql`${t.countStandsAfterDeadline} in ('home', 'own_team')`),
    check('leagues_count_days_check', sql`${t.countDeadlineDays} between 0 and 14`),
    index('leagues_organization_idx').on(t.organizationId),
    index('leagues_rest_rule_idx').on(t.restRuleId),
    // People pick a league by its name (two "Juniors" in one organization).
    uniqueIndex('leagues_name_idx').on(t.organizationId, sql`lower(${t.name})`),
  ],
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

// --- Seasons, teams and players ---

/** A season's life: upcoming, then active (one per organization), then archived and read-only. */
export const SEASON_STATES = ['upcoming', 'active', 'archived'] as const;

export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Calendar dates of the league, never instants (docs/domain.md, The answers). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    state: text('state', { enum: SEASON_STATES }).notNull().default('upcoming'),
    ...timestamps,
  },
  (t) => [
    check('seasons_state_check', sql`${t.state} in ('upcoming', 'active', 'archived')`),
    check('seasons_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    // Only one active season per organization.
    uniqueIndex('seasons_one_active_idx').on(t.organizationId).where(sql`${t.state} = 'active'`),
    uniqueIndex('seasons_name_idx').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The league's organization, kept here so scope checks need no join; a league never moves. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // Restrict: a league or season with teams is refused deletion by its service; this is the backstop.
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'restrict' }),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** Bumped by every change (its coaches list too); an update names the version it read. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('teams_name_idx').on(t.leagueId, t.seasonId, sql`lower(${t.name})`),
    index('teams_season_idx').on(t.seasonId),
    index('teams_organization_idx').on(t.organizationId),
  ],
);

export const teamCoaches = pgTable(
  'team_coaches',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_coaches_user_idx').on(t.userId)],
);

/** A player lasts across seasons in one organization; rosters put them on teams. */
export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Null once the child is removed (docs/decisions/0033-removing-a-child.md). */
    birthDate: date('birth_date', { mode: 'string' }),
    /** Digits as text, so '00' and '07' stay as the family wrote them. */
    jerseyNumber: text('jersey_number'),
    /**
     * When the child's personal data was removed at a parent's or admin's request: the names are
     * then a pseudonym, and the row stays only so the pitching record it carries stays whole.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * A parent asked the league to remove the child (docs/decisions/0047-a-parent-asks-to-remove-a-child.md): when,
     * and who, until an organization's admin removes them. Cleared by the removal, which erases the parents too.
     */
    removalRequestedAt: timestamp('removal_requested_at', { withTimezone: true }),
    removalRequestedBy: text('removal_requested_by').references(() => users.id, { onDelete: 'set null' }),
    removalRequestedByName: text('removal_requested_by_name'),
    /** Bumped by every change; an update names the version it read. */
    version: integer('version').notNull().default(1),
    /**
     * The record this one was merged into by an organization's admin (the same child entered twice): its
     * pitching moved there, and this row stays, removed, so the history's entries still name it.
     */
    mergedInto: uuid('merged_into').references((): AnyPgColumn => players.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('players_organization_name_idx').on(t.organizationId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
  ],
);

export const rosterEntries = pgTable(
  'roster_entries',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.teamId, t.playerId] }), index('roster_entries_player_idx').on(t.playerId)],
);

/** Parents (users) linked to a player: they see that child and nothing else. */
export const playerGuardians = pgTable(
  'player_guardians',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.userId] }), index('player_guardians_user_idx').on(t.userId)],
);

/** What an invitation offers: to coach a team, to be a child's parent, to run a league. */
export const INVITATION_ROLES = ['coach', 'guardian', 'league-admin'] as const;
export const INVITATION_STATES = ['pending', 'accepted', 'declined'] as const;

/**
 * An invitation to someone who already has an account (docs/decisions/0049-answers-within-what-you-can-read.md):
 * they are attached only when they accept. The inviter sees only what they typed (`givenName`, `familyName`,
 * the email); the person sees who invited them, to what.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: INVITATION_ROLES }).notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id').references(() => leagues.id, { onDelete: 'cascade' }),
    /** The names the inviter typed, the only names they see. */
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedByName: text('invited_by_name').notNull(),
    state: text('state', { enum: INVITATION_STATES }).notNull().default('pending'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('invitations_role_check', sql`${t.role} in ('coach', 'guardian', 'league-admin')`),
    check('invitations_state_check', sql`${t.state} in ('pending', 'accepted', 'declined')`),
    index('invitations_user_idx').on(t.userId, t.state),
    // One pending invitation per person and place: inviting twice keeps the first.
    uniqueIndex('invitations_pending_idx')
      .on(t.userId, t.role, sql`coalesce(${t.teamId}, ${t.playerId}, ${t.leagueId})`)
      .where(sql`${t.state} = 'pending'`),
  ],
);

// --- Games, outings and violations ---

/** A game of a league's season: one or two of our teams, or one and an outside opponent. */
export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // Restrict: a league, season or team with games keeps them (pitch history counts for rest).
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'restrict' }),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'restrict' }),
    /** The calendar date in the organization's time zone, never an instant (docs/domain.md, The answers). */
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:MM', local; orders a day's games (a doubleheader). */
    startTime: text('start_time'),
    homeTeamId: uuid('home_team_id').references(() => teams.id, { onDelete: 'restrict' }),
    awayTeamId: uuid('away_team_id').references(() => teams.id, { onDelete: 'restrict' }),
    /** An outside opponent (travel team, another league) in place of one of the teams. */
    opponentName: text('opponent_name'),
    state: text('state', { enum: GAME_STATES }).notNull().default('scheduled'),
    /** When the league's deadline closed the counts (a disputed one decided by its setting); null while open. */
    countsSettledAt: timestamp('counts_settled_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Bumped by every change; a write names the version it read (docs/decisions/0034-the-pitch-record.md). */
    version: integer('version').notNull().default(1),
    /**
     * Set when an admin withdrew a game that held pitching (its outings are deleted with the reason):
     * never removed, so its history stays readable.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
    /**
     * The one-time code of releases up to 1.0.x (its SHA-256), unused since officials sign through their emailed
     * links (docs/decisions/0050-officials-are-people-the-league-knows.md); kept, as an upgrade keeps every column.
     */
    officialCodeHash: text('official_code_hash'),
    officialCodeExpiresAt: timestamp('official_code_expires_at', { withTimezone: true }),
    /** The official's signature, the third a league may require (officials, official_links below). */
    officialName: text('official_name'),
    officialSignedAt: timestamp('official_signed_at', { withTimezone: true }),
    /** The league's official who signed (officials below): the name above is theirs, as it was then. */
    officialId: uuid('official_id').references((): AnyPgColumn => officials.id, { onDelete: 'set null' }),
    /**
     * What the official signed: the game's date and each pitcher's count (core/official-count.ts signedCountsOf),
     * and its SHA-256. A later change makes the signature void until signed again.
     */
    officialCounts: jsonb('official_counts'),
    officialDigest: text('official_digest'),
    /** When the minute's job last looked for a change after the official's signature (or it was given). */
    signaturesCheckedAt: timestamp('signatures_checked_at', { withTimezone: true }),
    /**
     * The first change in the history of a game the official signed (its outings, taps, the game itself) that the
     * minute's job has not looked at yet (signatures.repository.ts markSignedGamesChanged); null when none waits. The
     * job reads only the games where it is set (the partial index below), however many the season signed.
     */
    signatureChangedAt: timestamp('signature_changed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('games_state_check', sql`${t.state} in ('scheduled', 'in_progress', 'final', 'suspended')`),
    check('games_teams_check', sql`${t.homeTeamId} is not null or ${t.awayTeamId} is not null`),
    check(
      'games_two_teams_check',
      sql`${t.homeTeamId} is null or ${t.awayTeamId} is null or ${t.homeTeamId} <> ${t.awayTeamId}`,
    ),
    index('games_league_season_date_idx').on(t.leagueId, t.seasonId, t.date),
    index('games_home_team_idx').on(t.homeTeamId),
    index('games_away_team_idx').on(t.awayTeamId),
    index('games_signature_changed_idx').on(t.signatureChangedAt).where(sql`${t.signatureChangedAt} is not null`),
  ],
);

/**
 * One player's pitching and catching in one game, as the paper pitch log holds it. The id is
 * made by the client, so a retried submission is stored once (docs/reliability.md, security requirement 19).
 */
export const pitchOutings = pgTable(
  'pitch_outings',
  {
    id: uuid('id').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    // A removed child keeps this row under a pseudonym (docs/decisions/0033-removing-a-child.md).
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The team the player played for in this game (one of the game's teams). */
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    /** The game's date, kept here so a pitcher's history reads one index. */
    date: date('date', { mode: 'string' }).notNull(),
    pitches: integer('pitches').notNull().default(0),
    pitchesBeforeLastBatter: integer('pitches_before_last_batter'),
    pitchedInnings: integer('pitched_innings').array().notNull().default(sql`'{}'::integer[]`),
    caughtInnings: integer('caught_innings').array().notNull().default(sql`'{}'::integer[]`),
    outs: integer('outs').notNull().default(0),
    intentionalWalks: integer('intentional_walks').notNull().default(0),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The recorder's name when recorded, so the log still says who after their account is gone. */
    recordedByName: text('recorded_by_name').notNull(),
    /** Bumped by each correction. */
    version: integer('version').notNull().default(1),
    /**
     * The first submission as sent: a retry must match it, or it is refused (docs/reliability.md, security
     * requirement 19).
     */
    createdPayload: jsonb('created_payload').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pitch_outings_game_player_idx').on(t.gameId, t.playerId).where(sql`${t.deletedAt} is null`),
    index('pitch_outings_player_date_idx').on(t.playerId, t.date),
    index('pitch_outings_team_idx').on(t.teamId),
    // Whether a game holds pitching (deleted outings too): a game's edit and delete rules read it.
    index('pitch_outings_game_idx').on(t.gameId),
  ],
);

/** Every change to an outing after it was recorded: who, when, why, and the counts before and after. */
export const outingCorrections = pgTable(
  'outing_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outingId: uuid('outing_id')
      .notNull()
      .references(() => pitchOutings.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedByName: text('changed_by_name').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
    /** The counts before and after; `after` is null for a deletion. */
    before: jsonb('before').notNull(),
    after: jsonb('after'),
  },
  (t) => [index('outing_corrections_outing_idx').on(t.outingId)],
);

export const VIOLATION_STATES = ['open', 'acknowledged', 'resolved'] as const;

/** A rule an outing broke, found by the rules engine; an admin acknowledges or resolves it with a note. */
export const violations = pgTable(
  'violations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    outingId: uuid('outing_id')
      .notNull()
      .references(() => pitchOutings.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    code: text('code').notNull(),
    /** In English, for API clients and the log. */
    message: text('message').notNull(),
    /** The message by id and values, which a page shows in its reader's language; null before it was stored. */
    said: jsonb('said').$type<Message>(),
    state: text('state', { enum: VIOLATION_STATES }).notNull().default('open'),
    note: text('note'),
    actedBy: text('acted_by').references(() => users.id, { onDelete: 'set null' }),
    actedByName: text('acted_by_name'),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    /** Set when a correction made the outing lawful; the violation stays, as withdrawn, with why. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
    /** Bumped by every change; an admin's update names the version it read. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('violations_state_check', sql`${t.state} in ('open', 'acknowledged', 'resolved')`),
    uniqueIndex('violations_outing_code_idx').on(t.outingId, t.code),
    index('violations_league_season_idx').on(t.leagueId, t.seasonId, t.date),
    index('violations_player_idx').on(t.playerId),
  ],
);

// --- Live counting ---

/**
 * Every tap of a live count, under the id the device made: a book is one team's count of one
 * pitcher in one game. Counts are derived from these (src/core/pitch-events.ts), never stored as
 * a number a retry could add to.
 */
export const pitchEvents = pgTable(
  'pitch_events',
  {
    id: uuid('id').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    pitcherId: uuid('pitcher_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    bookTeamId: uuid('book_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    deviceId: uuid('device_id').notNull(),
    seq: integer('seq').notNull(),
    /** When the tap was made, by the device's clock (it orders taps; the server's arrival does not). */
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    kind: text('kind', { enum: PITCH_EVENT_KINDS }).notNull(),
    undoes: uuid('undoes'),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pitch_events_book_idx').on(t.gameId, t.pitcherId, t.bookTeamId),
    // Whether a user ever counted for a team (their refused taps of its games stay with its league).
    index('pitch_events_recorder_idx').on(t.recordedBy, t.bookTeamId),
    check(
      'pitch_events_kind_check',
      sql`${t.kind} in ('ball', 'strike', 'foul', 'in_play', 'new_batter', 'intentional_walk', 'undo')`,
    ),
  ],
);

/**
 * Where each book's count stands (core/pitch-events.ts `BookState`), kept so a batch of taps is counted by adding
 * it rather than by reading the book again. Derived from the book's taps and replaced by counting them all whenever
 * adding cannot give the same answer (an undo, a late tap); no row means "count the book". Not part of the history:
 * the taps are.
 */
export const pitchBooks = pgTable(
  'pitch_books',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    pitcherId: uuid('pitcher_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    bookTeamId: uuid('book_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    state: jsonb('state').$type<BookState>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.pitcherId, t.bookTeamId] })],
);

/**
 * Pitching outside the league that a parent reports (a travel team, school): it counts for rest
 * and caps everywhere the child plays, marked as reported by a parent.
 */
export const outsideOutings = pgTable(
  'outside_outings',
  {
    id: uuid('id').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The calendar date it was pitched on, where it was pitched. */
    date: date('date', { mode: 'string' }).notNull(),
    /** Where: 'Travel team vs Eagles', 'School JV'. */
    description: text('description').notNull(),
    pitches: integer('pitches').notNull().default(0),
    pitchesBeforeLastBatter: integer('pitches_before_last_batter'),
    pitchedInnings: integer('pitched_innings').array().notNull().default(sql`'{}'::integer[]`),
    outs: integer('outs').notNull().default(0),
    intentionalWalks: integer('intentional_walks').notNull().default(0),
    reportedBy: text('reported_by').references(() => users.id, { onDelete: 'set null' }),
    reportedByName: text('reported_by_name').notNull(),
    createdPayload: jsonb('created_payload').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('outside_outings_player_date_idx').on(t.playerId, t.date)],
);

/**
 * Emails written in the same transaction as what they tell (an outing recorded, a violation
 * found), sent after commit by the outbox sender, so none is lost or sent for a change that was
 * rolled back. A server takes a batch by pushing `sendAfter` (a lease); a sent one has `sentAt`.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** 'outing' (to a parent), 'violation' or 'player-removed' (to a league's admins). */
    kind: text('kind').notNull(),
    /** The child it tells about: removing the child removes the emails that name them. */
    playerId: uuid('player_id'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_emails_pending_idx').on(t.sendAfter).where(sql`${t.sentAt} is null`),
    index('outbox_emails_player_idx').on(t.playerId),
  ],
);

/**
 * A team's signature on a game's final counts, as the two managers sign the paper log.
 * `counts` is what the outings said when they confirmed ({ playerId: { pitches, intentionalWalks } }):
 * a later change to an outing makes the confirmation stale, and it must be given again.
 */
export const gameConfirmations = pgTable(
  'game_confirmations',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    confirmedBy: text('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedByName: text('confirmed_by_name').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    counts: jsonb('counts').notNull(),
    /** SHA-256 of the game's date and counts as confirmed; null for a confirmation from before it was kept. */
    digest: text('digest'),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.teamId] })],
);

/**
 * A league's officials (umpires, official scorers, neutral pitch counters), by name and email: the people who
 * sign a game's counts, each through a one-time link sent to their own email
 * (docs/decisions/0050-officials-are-people-the-league-knows.md). Removed ones are kept, as the games they signed name them.
 */
export const officials = pgTable(
  'officials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower case, as typed otherwise. */
    email: text('email').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('officials_league_idx').on(t.leagueId),
    uniqueIndex('officials_league_email_idx').on(t.leagueId, t.email).where(sql`${t.removedAt} is null`),
  ],
);

/**
 * A one-time link that lets one official sign one game: sent to the official's email, kept as the SHA-256 of
 * its secret, used once, good for a few hours.
 */
export const officialLinks = pgTable(
  'official_links',
  {
    id: uuid('id').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    officialId: uuid('official_id')
      .notNull()
      .references(() => officials.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('official_links_game_idx').on(t.gameId)],
);

/**
 * A coach's confirmed choice of a pitcher the rules hold out of the game (resting, at the day's
 * limit, barred by a catcher rule): who chose, when, and every reason the answer gave then. One
 * per pitcher and game; kept in the history, and the league's admins are told at once.
 */
export const pitcherChoices = pgTable(
  'pitcher_choices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    pitcherId: uuid('pitcher_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The pitcher's team in the game (whose rule judged them). */
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    chosenBy: text('chosen_by').references(() => users.id, { onDelete: 'set null' }),
    chosenByName: text('chosen_by_name').notNull(),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull(),
    /** Every rule that held the pitcher out, as the engine said them: [{ code, said, until }]. */
    reasons: jsonb('reasons').notNull(),
    /** The first day the answer let them pitch again; null when none within the caps. */
    nextEligibleDate: date('next_eligible_date', { mode: 'string' }),
  },
  (t) => [uniqueIndex('pitcher_choices_game_pitcher_idx').on(t.gameId, t.pitcherId)],
);

/**
 * Taps the server refused (the user lost access, the game was deleted): kept so the user and the
 * league's admins see them, never silently dropped. The tap as sent, and why. A tap of a
 * game its sender may not count is kept for the sender alone (no organization, league or game),
 * and each sender keeps a bounded number in each place (docs/decisions/0029-refused-taps-stay-with-their-sender.md).
 */
export const refusedPitchEvents = pgTable(
  'refused_pitch_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The tap's own id, as the device made it. */
    eventId: uuid('event_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where the tap belonged, when the server could still tell (null for a game that is gone). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id').references(() => leagues.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id'),
    /** A readable name of the game and pitcher at the time ('2026-05-02 Tigers vs Cubs, #12 Sam Lee'). */
    description: text('description').notNull(),
    event: jsonb('event').notNull(),
    /** In English, for API clients and the log. */
    reason: text('reason').notNull(),
    /** The reason by id and values, which a page shows in its reader's language; null before it was stored. */
    said: jsonb('said').$type<Message>(),
    refusedAt: timestamp('refused_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedByName: text('dismissed_by_name'),
    /** Further refusals of this user in this place past the cap, counted on their newest kept tap. */
    moreRefused: integer('more_refused').notNull().default(0),
  },
  (t) => [
    uniqueIndex('refused_pitch_events_user_event_idx').on(t.userId, t.eventId),
    index('refused_pitch_events_league_idx').on(t.leagueId, t.refusedAt),
    // A user's taps not yet dismissed, counted against the cap in each place.
    index('refused_pitch_events_open_idx')
      .on(t.userId, t.organizationId, t.refusedAt)
      .where(sql`${t.dismissedAt} is null`),
  ],
);

/**
 * Events too large for a NOTIFY (8000 bytes), on their way between servers sharing one PostgreSQL
 * (src/server/db/event-bus.ts); kept a few minutes.
 */
export const busMessages = pgTable('bullpen_bus_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- The change history (docs/decisions/0034-the-pitch-record.md) ---

/**
 * Every change to the pitch record and the rules that judge it, appended in the writer's
 * transaction and never updated: who, when, from which session, the record before and after,
 * and why. Each chain (an organization's, or 'global' for the shared rulebooks) is a hash chain:
 * an entry's hash covers its content and the hash of the entry before it.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The organization's id, or 'global'. */
    chain: text('chain').notNull(),
    /** 1, 2, 3... within the chain. */
    seq: integer('seq').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    leagueId: uuid('league_id'),
    gameId: uuid('game_id'),
    playerId: uuid('player_id'),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    actorId: text('actor_id'),
    /** The name when it happened, so the history still says who after an account is gone. */
    actorName: text('actor_name').notNull(),
    sessionId: text('session_id'),
    /** 'game', 'outing', 'pitch-event', 'confirmation', 'violation', 'rest-rule', 'league', 'pitcher-choice'; 'player' for a removal's. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** 'recorded', 'corrected', 'deleted', 'moved', 'withdrawn', 'confirmed', ...; 'baseline' for what was there before. */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    /**
     * What the entry says (before, after, reason) is hashed as a keyed commitment, HMAC-SHA256 under
     * this entry's own random key (hex), so removing a child can rewrite the words that named them and
     * destroy the key (docs/decisions/0048-an-erasable-history.md). Null on an entry written before
     * commitments, hashed as it was until start-up converts its chain.
     */
    contentKey: text('content_key'),
    /** HMAC-SHA256 of the entry's before, after and reason under `contentKey`: what the hash covers of them. */
    contentMac: text('content_mac'),
    /** The hash an entry had before start-up converted its chain to commitments: paper copies print it. */
    legacyHash: text('legacy_hash'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_entries_chain_seq_idx').on(t.chain, t.seq),
    index('audit_entries_entity_idx').on(t.entity, t.entityId),
    index('audit_entries_game_idx').on(t.gameId),
    index('audit_entries_player_idx').on(t.playerId),
    index('audit_entries_league_idx').on(t.leagueId, t.at),
    // The chains start-up still has to convert to commitments (docs/decisions/0048-an-erasable-history.md).
    index('audit_entries_uncommitted_idx').on(t.chain).where(sql`${t.contentMac} is null`),
  ],
);

/** The newest entry of each chain: appending locks this row, so entries of a chain never fork. */
export const auditHeads = pgTable(
  'audit_heads',
  {
    chain: text('chain').primaryKey(),
    seq: integer('seq').notNull(),
    hash: text('hash').notNull(),
    /**
     * How far a game's or child's chain is sealed into its organization's (sealChains, the sequencer): set only by
     * the sequencer, which skips a head a writer holds, so writers never wait for it.
     */
    sealedSeq: integer('sealed_seq').notNull().default(0),
  },
  (t) => [
    // The heads the sequencer has to seal, and only those: a minute's look is not a scan of every game ever played.
    index('audit_heads_unsealed_idx').on(t.chain).where(sql`${t.seq} > ${t.sealedSeq} and strpos(${t.chain}, '/') > 0`),
  ],
);
