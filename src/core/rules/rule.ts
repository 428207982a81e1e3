import { z } from 'zod';
import { INPUT_MESSAGES, INTERVAL_LIMITS, NAME_MAX } from '../admin-inputs.ts';
import { encoded } from '../i18n/messages.ts';
import { type AgeBasis, LITTLE_LEAGUE_BASEBALL_AGE } from '../league-age.ts';
import type { Interval } from '../rest-rules.ts';

/**
 * A rest rule as the rules engine reads it: the spec's name, age group and intervals, grown with
 * everything the rulebooks in docs/domain.md need. Every number is data a league edits (local
 * leagues adopt stricter versions), so the type is plain JSON and the schema below is the one
 * check applied by the Rest Rules screen, the server and the command line.
 */

/** What a rule counts: pitches (Little League baseball, Pitch Smart) or innings (Little League softball). */
export type RuleUnit = 'pitches' | 'innings';

/** Ages a row applies to, both ends included; a missing end is open. */
export interface AgeRange {
  minAge?: number;
  maxAge?: number;
}

/** From `pitchCount` (the lowest count of the tier) on, `daysRest` calendar days of rest, for the ages given. */
export interface RuleInterval extends Interval, AgeRange {}

/** The most a pitcher of these ages may throw (or pitch, in innings) in one day. */
export interface DailyLimit {
  minAge: number;
  maxAge: number;
  max: number;
}

export type WindowUnit = 'pitches' | 'innings' | 'outs' | 'appearances';
export type WindowPeriod = 'week' | 'season' | 'rolling12Months' | 'rollingDays';

/**
 * A cap over a period longer than a day: per calendar week from `weekStartsOn` (0 = Sunday ...
 * 6 = Saturday), per season, per rolling 12 months, or per rolling `days` calendar days.
 */
export interface WindowCap extends AgeRange {
  unit: WindowUnit;
  period: WindowPeriod;
  weekStartsOn?: number;
  days?: number;
  max: number;
}

/** Little League's three catcher rules; null switches one off. */
export interface CatcherRule {
  /** This many pitches in a day or more: no catching for the rest of the day. */
  noCatchingAfterPitches: number | null;
  /** This many innings caught or more: no pitching that day. */
  noPitchingAfterCaughtInnings: number | null;
  /** Caught, then this many pitches or more: no return to catching that day. */
  noCatchingAgainAfterPitches: number | null;
}

/** The catcher rules switched off (rulebooks other than Little League baseball have none). */
export const NO_CATCHER_RULES: CatcherRule = {
  noCatchingAfterPitches: null,
  noPitchingAfterCaughtInnings: null,
  noCatchingAgainAfterPitches: null,
};

export interface RestRule {
  name: string;
  ageGroup: string;
  /** The spec's ownership fields, kept so a stored rule passes through; the engine does not read them. */
  global?: boolean;
  organizationId?: string | null;
  unit: RuleUnit;
  ageBasis: AgeBasis;
  intervals: RuleInterval[];
  dailyLimits: DailyLimit[];
  /** A pitcher may finish the batter being faced; rest and the daily max then read the count at that batter's start. */
  finishBatter: boolean;
  /** Pitches credited for an intentional walk granted without pitches (Little League: 4). */
  intentionalWalkPitches: number;
  /** Games a pitcher may pitch in on one day; null = more games while the daily max allows (PONY). */
  maxGamesPerDay: number | null;
  /** Pitching days in a row allowed (2 = no third day in a row); null = no such rule. */
  maxConsecutiveDays: number | null;
  windows: WindowCap[];
  catcher: CatcherRule;
}

export const RULE_LIMITS = {
  maxAge: 99,
  maxIntervals: 50,
  maxDailyLimits: 20,
  maxWindows: 20,
  maxDailyCount: INTERVAL_LIMITS.maxPitchCount,
  maxIntentionalWalkPitches: 10,
  maxGamesPerDay: 10,
  maxConsecutiveDays: 30,
  maxWindowDays: 366,
  maxWindowCap: 100_000,
} as const;

/**
 * Messages of the `rules` catalogue in one string (`encoded`), shown with `t.said`. `whole` names
 * its field by a key the message words ('cutoffMonth': "The cutoff month must be..."), or by the
 * field's own name, which every language writes as it is ("minAge must be...").
 */
export const RULE_MESSAGES = {
  nameAndAgeGroupRequired: INPUT_MESSAGES.ruleNameAndAgeGroupRequired,
  unit: encoded('rules.rule.unit'),
  intervalRequired: INPUT_MESSAGES.intervalRequired,
  whole: (field: string, min: number, max: number) => encoded('rules.rule.whole', { field, min, max }),
  ageOrder: encoded('rules.rule.ageOrder'),
  cutoffDay: encoded('rules.rule.cutoffDay'),
  weekStartsOn: encoded('rules.rule.weekStartsOn'),
  windowDays: encoded('rules.rule.windowDays', { max: RULE_LIMITS.maxWindowDays }),
  yearOffset: encoded('rules.rule.yearOffset'),
  ageBasisKind: encoded('rules.rule.ageBasisKind'),
  capUnit: encoded('rules.rule.capUnit'),
  capPeriod: encoded('rules.rule.capPeriod'),
  nameTooLong: INPUT_MESSAGES.nameTooLong,
  ageGroupTooLong: encoded('rules.rule.ageGroupTooLong', { max: NAME_MAX }),
  tooManyIntervals: encoded('rules.rule.tooManyIntervals', { max: RULE_LIMITS.maxIntervals }),
  tooManyDailyLimits: encoded('rules.rule.tooManyDailyLimits', { max: RULE_LIMITS.maxDailyLimits }),
  tooManyCaps: encoded('rules.rule.tooManyCaps', { max: RULE_LIMITS.maxWindows }),
  finishBatter: encoded('rules.rule.finishBatter'),
} as const;

/** Whether a row with an age range applies to a player of `age`. */
export function appliesToAge(range: AgeRange, age: number): boolean {
  return (range.minAge === undefined || age >= range.minAge) && (range.maxAge === undefined || age <= range.maxAge);
}

/** A whole number in bounds, one message for every way it can be wrong (`field`: see RULE_MESSAGES). */
export const whole = (field: string, min: number, max: number) =>
  z
    .number(RULE_MESSAGES.whole(field, min, max))
    .int(RULE_MESSAGES.whole(field, min, max))
    .min(min, RULE_MESSAGES.whole(field, min, max))
    .max(max, RULE_MESSAGES.whole(field, min, max));

const age = (what: string) => whole(what, 0, RULE_LIMITS.maxAge);
const orNull = <T extends z.ZodType>(schema: T) => schema.nullable();
const ageOrdered = (range: AgeRange) =>
  range.minAge === undefined || range.maxAge === undefined || range.minAge <= range.maxAge;

// Days per month in a leap year: a February 29 cutoff is allowed (leagueAge() takes the month's last day).
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const ageBasisSchema = z.discriminatedUnion(
  'kind',
  [
    z
      .strictObject({
        kind: z.literal('cutoff'),
        month: whole('cutoffMonth', 1, 12),
        day: whole('cutoffDay', 1, 31),
        yearOffset: z.union([z.literal(0), z.literal(-1)], { error: RULE_MESSAGES.yearOffset }),
      })
      .refine((b) => b.day <= (MONTH_DAYS[b.month - 1] ?? 0), { message: RULE_MESSAGES.cutoffDay, path: ['day'] }),
    z.strictObject({ kind: z.literal('actual') }),
  ],
  { error: RULE_MESSAGES.ageBasisKind },
);

export const ruleIntervalSchema = z
  .strictObject({
    pitchCount: whole('intervalPitchCount', 0, INTERVAL_LIMITS.maxPitchCount),
    daysRest: whole('daysRest', 0, INTERVAL_LIMITS.maxDaysRest),
    minAge: age('minAge').optional(),
    maxAge: age('maxAge').optional(),
  })
  .refine(ageOrdered, { message: RULE_MESSAGES.ageOrder, path: ['maxAge'] });

export const dailyLimitSchema = z
  .strictObject({
    minAge: age('minAge'),
    maxAge: age('maxAge'),
    max: whole('dailyMax', 1, RULE_LIMITS.maxDailyCount),
  })
  .refine(ageOrdered, { message: RULE_MESSAGES.ageOrder, path: ['maxAge'] });

export const windowCapSchema = z
  .strictObject({
    unit: z.enum(['pitches', 'innings', 'outs', 'appearances'], { error: RULE_MESSAGES.capUnit }),
    period: z.enum(['week', 'season', 'rolling12Months', 'rollingDays'], { error: RULE_MESSAGES.capPeriod }),
    weekStartsOn: whole('weekStartsOn', 0, 6).optional(),
    days: whole('days', 1, RULE_LIMITS.maxWindowDays).optional(),
    max: whole('capMax', 1, RULE_LIMITS.maxWindowCap),
    minAge: age('minAge').optional(),
    maxAge: age('maxAge').optional(),
  })
  .refine(ageOrdered, { message: RULE_MESSAGES.ageOrder, path: ['maxAge'] })
  .refine((w) => w.period !== 'week' || w.weekStartsOn !== undefined, {
    message: RULE_MESSAGES.weekStartsOn,
    path: ['weekStartsOn'],
  })
  .refine((w) => w.period !== 'rollingDays' || w.days !== undefined, {
    message: RULE_MESSAGES.windowDays,
    path: ['days'],
  });

const catcherLimit = (what: string) => orNull(whole(what, 1, INTERVAL_LIMITS.maxPitchCount));

export const catcherRuleSchema = z.strictObject({
  noCatchingAfterPitches: catcherLimit('noCatchingAfterPitches'),
  noPitchingAfterCaughtInnings: catcherLimit('noPitchingAfterCaughtInnings'),
  noCatchingAgainAfterPitches: catcherLimit('noCatchingAgainAfterPitches'),
});

const ruleText = z.string(RULE_MESSAGES.nameAndAgeGroupRequired).trim().min(1, RULE_MESSAGES.nameAndAgeGroupRequired);

/**
 * The ages at which the set of intervals that apply can change: every minAge, every maxAge + 1,
 * and 0. Checking these covers every age.
 */
function boundaryAges(rows: readonly AgeRange[]): number[] {
  const ages = new Set([0]);
  for (const row of rows) {
    if (row.minAge !== undefined) ages.add(row.minAge);
    if (row.maxAge !== undefined) ages.add(row.maxAge + 1);
  }
  return [...ages].sort((a, b) => a - b);
}

export const ruleSchema: z.ZodType<RestRule> = z
  .strictObject({
    name: ruleText.max(NAME_MAX, RULE_MESSAGES.nameTooLong),
    ageGroup: ruleText.max(NAME_MAX, RULE_MESSAGES.ageGroupTooLong),
    global: z.boolean().optional(),
    organizationId: z.string().nullish(),
    unit: z.enum(['pitches', 'innings'], { error: RULE_MESSAGES.unit }),
    ageBasis: ageBasisSchema,
    intervals: z
      .array(ruleIntervalSchema)
      .min(1, RULE_MESSAGES.intervalRequired)
      .max(RULE_LIMITS.maxIntervals, RULE_MESSAGES.tooManyIntervals),
    dailyLimits: z.array(dailyLimitSchema).max(RULE_LIMITS.maxDailyLimits, RULE_MESSAGES.tooManyDailyLimits),
    finishBatter: z.boolean(RULE_MESSAGES.finishBatter),
    intentionalWalkPitches: whole('intentionalWalkPitches', 0, RULE_LIMITS.maxIntentionalWalkPitches),
    maxGamesPerDay: orNull(whole('maxGamesPerDay', 1, RULE_LIMITS.maxGamesPerDay)),
    maxConsecutiveDays: orNull(whole('maxConsecutiveDays', 1, RULE_LIMITS.maxConsecutiveDays)),
    windows: z.array(windowCapSchema).max(RULE_LIMITS.maxWindows, RULE_MESSAGES.tooManyCaps),
    catcher: catcherRuleSchema,
  })
  .superRefine((rule, ctx) => {
    // One tier per count and never less rest for more pitches, at every age: the engine's
    // promise that more pitches never owe less rest rests on this.
    for (const at of boundaryAges(rule.intervals)) {
      const tiers = rule.intervals.filter((i) => appliesToAge(i, at)).sort((a, b) => a.pitchCount - b.pitchCount);
      for (let k = 1; k < tiers.length; k++) {
        const [before, tier] = [tiers[k - 1], tiers[k]] as [RuleInterval, RuleInterval];
        if (before.pitchCount === tier.pitchCount) {
          ctx.addIssue({
            code: 'custom',
            path: ['intervals'],
            message: encoded('rules.rule.intervalTwice', { age: at, pitchCount: tier.pitchCount }),
          });
          return;
        }
        if (before.daysRest > tier.daysRest) {
          ctx.addIssue({
            code: 'custom',
            path: ['intervals'],
            message: encoded('rules.rule.lessRest', {
              age: at,
              pitchCount: tier.pitchCount,
              days: tier.daysRest,
              fewer: before.pitchCount,
              fewerDays: before.daysRest,
            }),
          });
          return;
        }
      }
    }
    const limits = rule.dailyLimits;
    for (let a = 0; a < limits.length; a++) {
      for (let b = a + 1; b < limits.length; b++) {
        const [x, y] = [limits[a], limits[b]] as [DailyLimit, DailyLimit];
        if (x.minAge <= y.maxAge && y.minAge <= x.maxAge) {
          ctx.addIssue({
            code: 'custom',
            path: ['dailyLimits', b],
            message: encoded('rules.rule.dailyLimitsOverlap', {
              minA: x.minAge,
              maxA: x.maxAge,
              minB: y.minAge,
              maxB: y.maxAge,
            }),
          });
          return;
        }
      }
    }
  });

/**
 * A rule as it is stored and sent (the fields of docs/screens.md, Records; the engine's; and the intervals as
 * RestProfiles).
 */
export interface StoredRule {
  name: string;
  ageGroup: string;
  global?: boolean;
  organizationId?: string | null;
  unit: RuleUnit;
  ageBasis: AgeBasis;
  dailyLimits: readonly DailyLimit[];
  finishBatter: boolean;
  intentionalWalkPitches: number;
  maxGamesPerDay: number | null;
  maxConsecutiveDays: number | null;
  windows: readonly WindowCap[];
  catcher: CatcherRule;
  pitchLimits: readonly { pitchCount: number; daysRest: number; minAge?: number | null; maxAge?: number | null }[];
}

/** The engine's rule from a stored one (null ages become open ends). */
export function ruleFromStored(stored: StoredRule): RestRule {
  return {
    name: stored.name,
    ageGroup: stored.ageGroup,
    global: stored.global,
    organizationId: stored.organizationId,
    unit: stored.unit,
    ageBasis: stored.ageBasis,
    intervals: stored.pitchLimits.map((p) => ({
      pitchCount: p.pitchCount,
      daysRest: p.daysRest,
      ...(p.minAge == null ? {} : { minAge: p.minAge }),
      ...(p.maxAge == null ? {} : { maxAge: p.maxAge }),
    })),
    dailyLimits: stored.dailyLimits.map((d) => ({ ...d })),
    finishBatter: stored.finishBatter,
    intentionalWalkPitches: stored.intentionalWalkPitches,
    maxGamesPerDay: stored.maxGamesPerDay,
    maxConsecutiveDays: stored.maxConsecutiveDays,
    windows: stored.windows.map((w) => ({ ...w })),
    catcher: { ...stored.catcher },
  };
}

/** What a rule holds beyond the spec's fields, as a new rule starts (no limits but its intervals). */
export const RULE_DEFAULTS = {
  unit: 'pitches',
  ageBasis: LITTLE_LEAGUE_BASEBALL_AGE,
  dailyLimits: [],
  finishBatter: false,
  intentionalWalkPitches: 0,
  maxGamesPerDay: null,
  maxConsecutiveDays: null,
  windows: [],
  catcher: NO_CATCHER_RULES,
} as const satisfies Omit<StoredRule, 'name' | 'ageGroup' | 'pitchLimits'>;
