import { z } from 'zod';
import { encoded } from './i18n/messages.ts';
import { isLocalDate, isTimeZone } from './local-date.ts';
import { ROLES } from './roles.ts';

/**
 * A name is one line by nature: a line break, a tab or another control character (C0, C1, and
 * Unicode's line and paragraph separators) in it is a paste gone wrong or an attempt to hide a
 * formula from a CSV export (docs/decisions/0025). So is an invisible format character (a
 * direction override that shows "Ana" for what is stored reversed, a zero-width space that makes
 * two "Ana"s different) and half of a surrogate pair. Checked after trimming, so a trailing line
 * break from a paste is simply dropped.
 */
export const ONE_LINE = /^[^\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]*$/u;

/** Bounds a typo cannot slip past: no youth rulebook counts beyond 300 pitches or rests beyond 30 days. */
export const INTERVAL_LIMITS = { maxPitchCount: 300, maxDaysRest: 30 } as const;

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/**
 * The admin screens' inputs, checked with the same schemas in the browser (before sending) and
 * on the server (before anything is stored). Messages are the spec's own where it quotes one
 * (docs/screens.md, Validation); the rest say what to fix. Each is a message of the `rules`
 * catalogue in one string (`encoded`): a page shows it with `t.said`, the server sends it by id.
 */
export const INPUT_MESSAGES = {
  nameRequired: encoded('rules.input.nameRequired'),
  nameTooLong: encoded('rules.input.nameTooLong', { max: NAME_MAX }),
  namesTooLong: encoded('rules.input.namesTooLong', { max: NAME_MAX }),
  emailRequired: encoded('rules.input.emailRequired'),
  emailInvalid: encoded('rules.input.emailInvalid'),
  temporaryPasswordRequired: encoded('rules.input.temporaryPasswordRequired'),
  firstNameRequired: encoded('rules.input.firstNameRequired'),
  lastNameRequired: encoded('rules.input.lastNameRequired'),
  firstAndLastNameRequired: encoded('rules.input.firstAndLastNameRequired'),
  ruleNameAndAgeGroupRequired: encoded('rules.input.ruleNameAndAgeGroupRequired'),
  intervalRequired: encoded('rules.input.intervalRequired'),
  intervalWhole: encoded('rules.input.intervalWhole'),
  intervalRange: encoded('rules.input.intervalRange', {
    maxPitches: INTERVAL_LIMITS.maxPitchCount,
    maxDays: INTERVAL_LIMITS.maxDaysRest,
  }),
  intervalDuplicate: encoded('rules.input.intervalDuplicate'),
  intervalAge: encoded('rules.input.intervalAge'),
  intervalAgeOrder: encoded('rules.input.intervalAgeOrder'),
  startDateInvalid: encoded('rules.input.startDateInvalid'),
  endDateInvalid: encoded('rules.input.endDateInvalid'),
  endBeforeStart: encoded('rules.input.endBeforeStart'),
  organizationRequiredForRule: encoded('rules.input.organizationRequiredForRule'),
  globalRuleHasNoOrganization: encoded('rules.input.globalRuleHasNoOrganization'),
  timeZoneInvalid: encoded('rules.input.timeZoneInvalid'),
  nameOneLine: encoded('rules.input.nameOneLine'),
  personNameOneLine: encoded('rules.input.namesOneLine'),
  ruleNameAndAgeGroupOneLine: encoded('rules.input.ruleNameAndAgeGroupOneLine'),
  invalid: encoded('rules.input.invalid'),
} as const;

const name = z
  .string()
  .trim()
  .normalize('NFC')
  .min(1, INPUT_MESSAGES.nameRequired)
  .max(NAME_MAX, INPUT_MESSAGES.nameTooLong)
  .regex(ONE_LINE, INPUT_MESSAGES.nameOneLine);

export const organizationNameSchema = name;

/** The organization's time zone: its calendar days are the ones rest is counted in. */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, INPUT_MESSAGES.timeZoneInvalid)
  .max(64, INPUT_MESSAGES.timeZoneInvalid)
  .refine(isTimeZone, INPUT_MESSAGES.timeZoneInvalid);
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const leagueNameSchema = name;
export const seasonNameSchema = name;
export const teamNameSchema = name;

/** A season: a name like 'Spring 2027' and its calendar dates, the end not before the start. */
export const seasonSchema = z
  .object({
    name: seasonNameSchema,
    startDate: z.string().refine(isLocalDate, INPUT_MESSAGES.startDateInvalid),
    endDate: z.string().refine(isLocalDate, INPUT_MESSAGES.endDateInvalid),
  })
  .refine((s) => s.endDate >= s.startDate, { message: INPUT_MESSAGES.endBeforeStart, path: ['endDate'] });

export const emailSchema = z
  .string()
  .trim()
  .min(1, INPUT_MESSAGES.emailRequired)
  .max(EMAIL_MAX, INPUT_MESSAGES.emailInvalid)
  .pipe(z.email(INPUT_MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

const personName = (message: string) =>
  z
    .string()
    .trim()
    .normalize('NFC')
    .min(1, message)
    .max(NAME_MAX, INPUT_MESSAGES.namesTooLong)
    .regex(ONE_LINE, INPUT_MESSAGES.personNameOneLine);

/** Add user (docs/screens.md, Validation): all four required; values trimmed except the password. */
export const newUserSchema = z.object({
  email: emailSchema,
  temporaryPassword: z.string().min(1, INPUT_MESSAGES.temporaryPasswordRequired).max(128),
  givenName: personName(INPUT_MESSAGES.firstNameRequired),
  familyName: personName(INPUT_MESSAGES.lastNameRequired),
});

/** Edit name (docs/screens.md, Validation): both names required, one message. */
export const userNameSchema = z.object({
  givenName: personName(INPUT_MESSAGES.firstAndLastNameRequired),
  familyName: personName(INPUT_MESSAGES.firstAndLastNameRequired),
});

export const rolesSchema = z.array(z.enum(ROLES)).max(ROLES.length);

const intervalAge = z
  .number(INPUT_MESSAGES.intervalAge)
  .int(INPUT_MESSAGES.intervalAge)
  .min(0, INPUT_MESSAGES.intervalAge)
  .max(99, INPUT_MESSAGES.intervalAge)
  .nullish()
  .transform((age) => age ?? null);

/** One interval; `minAge`/`maxAge` limit it to ages (Little League's 15-16 tiers), null = any age. */
export const intervalSchema = z
  .object({
    pitchCount: z
      .number(INPUT_MESSAGES.intervalWhole)
      .int(INPUT_MESSAGES.intervalWhole)
      .min(0, INPUT_MESSAGES.intervalRange)
      .max(INTERVAL_LIMITS.maxPitchCount, INPUT_MESSAGES.intervalRange),
    daysRest: z
      .number(INPUT_MESSAGES.intervalWhole)
      .int(INPUT_MESSAGES.intervalWhole)
      .min(0, INPUT_MESSAGES.intervalRange)
      .max(INTERVAL_LIMITS.maxDaysRest, INPUT_MESSAGES.intervalRange),
    minAge: intervalAge,
    maxAge: intervalAge,
  })
  .refine((i) => i.minAge === null || i.maxAge === null || i.minAge <= i.maxAge, {
    message: INPUT_MESSAGES.intervalAgeOrder,
    path: ['maxAge'],
  });

/** The same pitch count twice is allowed only for different ages (the rules engine checks overlaps). */
const intervalKey = (i: { pitchCount: number; minAge: number | null; maxAge: number | null }) =>
  `${i.pitchCount}/${i.minAge ?? ''}/${i.maxAge ?? ''}`;

export const intervalsSchema = z
  .array(intervalSchema)
  .min(1, INPUT_MESSAGES.intervalRequired)
  .max(50)
  .refine((list) => new Set(list.map(intervalKey)).size === list.length, INPUT_MESSAGES.intervalDuplicate);

const ruleText = z
  .string()
  .trim()
  .min(1, INPUT_MESSAGES.ruleNameAndAgeGroupRequired)
  .max(NAME_MAX)
  .regex(ONE_LINE, INPUT_MESSAGES.ruleNameAndAgeGroupOneLine);

/** A rest rule with its intervals (docs/screens.md, Validation): name and age group, at least one interval. */
export const restRuleSchema = z
  .object({
    name: ruleText,
    ageGroup: ruleText,
    global: z.boolean(),
    organizationId: z.string().nullish(),
    pitchLimits: intervalsSchema,
  })
  .superRefine((rule, ctx) => {
    if (!rule.global && !rule.organizationId) {
      ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.organizationRequiredForRule, path: ['organizationId'] });
    }
    if (rule.global && rule.organizationId) {
      ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.globalRuleHasNoOrganization, path: ['organizationId'] });
    }
  });

/**
 * The first problem of a failed parse, as one line for the screen's error box: a message of the
 * catalogue in one string (a page shows it with `t.said`, the server sends it by id), or zod's own
 * English where a schema gave none.
 */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? INPUT_MESSAGES.invalid;
}
