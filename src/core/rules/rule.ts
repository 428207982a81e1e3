import { z } from 'zod';
import { INTERVAL_LIMITS, NAME_MAX } from '../admin-inputs.ts';
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

export const RULE_MESSAGES = {
  nameAndAgeGroupRequired: 'Name and Age Group required',
  unit: "Unit must be 'pitches' or 'innings'",
  intervalRequired: 'At least one interval required',
  whole: (what: string, min: number, max: number) => `${what} must be a whole number from ${min} to ${max}`,
  ageOrder: 'The minimum age must not be above the maximum age',
  cutoffDay: 'The league-age cutoff must be a real day of the year (for example August 31)',
  weekStartsOn: 'A weekly cap needs weekStartsOn: 0 = Sunday, 1 = Monday ... 6 = Saturday',
  windowDays: `A rolling-days cap needs days: a whole number from 1 to ${RULE_LIMITS.maxWindowDays}`,
} as const;

/** Whether a row with an age range applies to a player of `age`. */
export function appliesToAge(range: AgeRange, age: number): boolean {
  return (range.minAge === undefined || age >= range.minAge) && (range.maxAge === undefined || age <= range.maxAge);
}

/** A whole number in bounds, one message for every way it can be wrong. */
export const whole = (what: string, min: number, max: number) =>
  z
    .number(RULE_MESSAGES.whole(what, min, max))
    .int(RULE_MESSAGES.whole(what, min, max))
    .min(min, RULE_MESSAGES.whole(what, min, max))
    .max(max, RULE_MESSAGES.whole(what, min, max));

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
        month: whole('The cutoff month', 1, 12),
        day: whole('The cutoff day', 1, 31),
        yearOffset: z.union([z.literal(0), z.literal(-1)], {
          error: 'yearOffset must be 0 (this year) or -1 (the previous year)',
        }),
      })
      .refine((b) => b.day <= (MONTH_DAYS[b.month - 1] ?? 0), { message: RULE_MESSAGES.cutoffDay, path: ['day'] }),
    z.strictObject({ kind: z.literal('actual') }),
  ],
  { error: "ageBasis.kind must be 'cutoff' (league age on a date) or 'actual' (age on the game date)" },
);

export const ruleIntervalSchema = z
  .strictObject({
    pitchCount: whole('An interval pitch count', 0, INTERVAL_LIMITS.maxPitchCount),
    daysRest: whole('Days of rest', 0, INTERVAL_LIMITS.maxDaysRest),
    minAge: age('minAge').optional(),
    maxAge: age('maxAge').optional(),
  })
  .refine(ageOrdered, { message: RULE_MESSAGES.ageOrder, path: ['maxAge'] });

export const dailyLimitSchema = z
  .strictObject({
    minAge: age('minAge'),
    maxAge: age('maxAge'),
    max: whole('A daily max', 1, RULE_LIMITS.maxDailyCount),
  })
  .refine(ageOrdered, { message: RULE_MESSAGES.ageOrder, path: ['maxAge'] });

export const windowCapSchema = z
  .strictObject({
    unit: z.enum(['pitches', 'innings', 'outs', 'appearances'], {
      error: "A cap's unit must be 'pitches', 'innings', 'outs' or 'appearances'",
    }),
    period: z.enum(['week', 'season', 'rolling12Months', 'rollingDays'], {
      error: "A cap's period must be 'week', 'season', 'rolling12Months' or 'rollingDays'",
    }),
    weekStartsOn: whole('weekStartsOn', 0, 6).optional(),
    days: whole('days', 1, RULE_LIMITS.maxWindowDays).optional(),
    max: whole("A cap's max", 1, RULE_LIMITS.maxWindowCap),
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

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

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
    name: ruleText.max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
    ageGroup: ruleText.max(NAME_MAX, `Age Group must be at most ${NAME_MAX} characters`),
    global: z.boolean().optional(),
    organizationId: z.string().nullish(),
    unit: z.enum(['pitches', 'innings'], { error: RULE_MESSAGES.unit }),
    ageBasis: ageBasisSchema,
    intervals: z
      .array(ruleIntervalSchema)
      .min(1, RULE_MESSAGES.intervalRequired)
      .max(RULE_LIMITS.maxIntervals, `At most ${RULE_LIMITS.maxIntervals} intervals`),
    dailyLimits: z
      .array(dailyLimitSchema)
      .max(RULE_LIMITS.maxDailyLimits, `At most ${RULE_LIMITS.maxDailyLimits} daily limits`),
    finishBatter: z.boolean('finishBatter must be true or false'),
    intentionalWalkPitches: whole('intentionalWalkPitches', 0, RULE_LIMITS.maxIntentionalWalkPitches),
    maxGamesPerDay: orNull(whole('maxGamesPerDay', 1, RULE_LIMITS.maxGamesPerDay)),
    maxConsecutiveDays: orNull(whole('maxConsecutiveDays', 1, RULE_LIMITS.maxConsecutiveDays)),
    windows: z.array(windowCapSchema).max(RULE_LIMITS.maxWindows, `At most ${RULE_LIMITS.maxWindows} caps`),
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
            message: `At age ${at}, the pitch count ${tier.pitchCount} starts two intervals`,
          });
          return;
        }
        if (before.daysRest > tier.daysRest) {
          ctx.addIssue({
            code: 'custom',
            path: ['intervals'],
            message: `At age ${at}, ${tier.pitchCount} pitches owe ${days(tier.daysRest)} but fewer (${before.pitchCount}) owe ${days(before.daysRest)}: more pitches must never owe less rest`,
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
            message: `Daily limits for ages ${x.minAge}-${x.maxAge} and ${y.minAge}-${y.maxAge} overlap`,
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
