import type { z } from 'zod';
import { firstProblem, restRuleSchema } from '../../../../core/admin-inputs.ts';
import type { AgeBasis } from '../../../../core/league-age.ts';
import { sortIntervals } from '../../../../core/rest-rules.ts';
import {
  type RestRule as EngineRule,
  RULE_DEFAULTS,
  type RuleUnit,
  ruleSchema,
  type WindowCap,
  type WindowPeriod,
  type WindowUnit,
} from '../../../../core/rules/rule.ts';
import type { RestRuleInput } from '../api/create-rest-rule.ts';
import type { RestRule } from '../api/list-rest-rules.ts';

/** A number field's value: what NumberInput gives, '' when empty. */
export type NumberValue = number | string;

/** A row of the Intervals table; `key` keeps React's rows apart while rows are removed. */
export interface IntervalRow {
  key: number;
  pitchCount: NumberValue;
  daysRest: NumberValue;
  /** Empty: any age. */
  minAge: NumberValue;
  maxAge: NumberValue;
}

export interface DailyLimitRow {
  key: number;
  minAge: NumberValue;
  maxAge: NumberValue;
  max: NumberValue;
}

export interface CapRow {
  key: number;
  unit: WindowUnit;
  period: WindowPeriod;
  /** '0' (Sunday) to '6' (Saturday); read only for a weekly cap. */
  weekStartsOn: string;
  /** Read only for a rolling-days cap. */
  days: NumberValue;
  max: NumberValue;
  minAge: NumberValue;
  maxAge: NumberValue;
}

export type CatcherField = 'noCatchingAfterPitches' | 'noPitchingAfterCaughtInnings' | 'noCatchingAgainAfterPitches';

/** The modal's fields: the spec's (name, age group, intervals) and the rest of the rule. */
export interface RuleForm {
  name: string;
  ageGroup: string;
  rows: IntervalRow[];
  unit: RuleUnit;
  ageKind: AgeBasis['kind'];
  /** '1' to '12'. */
  cutoffMonth: string;
  cutoffDay: NumberValue;
  /** '0': the season's year; '-1': the year before. */
  yearOffset: string;
  dailyLimits: DailyLimitRow[];
  finishBatter: boolean;
  intentionalWalkPitches: NumberValue;
  /** Empty: no limit. */
  maxGamesPerDay: NumberValue;
  /** Empty: no rule. */
  maxConsecutiveDays: NumberValue;
  caps: CapRow[];
  /** Each empty: that rule off. */
  catcher: Record<CatcherField, NumberValue>;
}

/** The collapsible sections of the modal, by the first part of a problem's path. */
export type RuleSection = 'counting' | 'daily' | 'caps' | 'catcher';

const SECTION_OF: Record<string, RuleSection> = {
  unit: 'counting',
  ageBasis: 'counting',
  finishBatter: 'counting',
  intentionalWalkPitches: 'counting',
  dailyLimits: 'daily',
  maxGamesPerDay: 'daily',
  maxConsecutiveDays: 'daily',
  windows: 'caps',
  catcher: 'catcher',
};

let nextKey = 1;
export const newKey = () => nextKey++;

export const newInterval = (): IntervalRow => ({ key: newKey(), pitchCount: 0, daysRest: 0, minAge: '', maxAge: '' });
export const newDailyLimit = (): DailyLimitRow => ({ key: newKey(), minAge: '', maxAge: '', max: '' });
export const newCap = (): CapRow => ({
  key: newKey(),
  unit: 'pitches',
  period: 'week',
  weekStartsOn: '1',
  days: '',
  max: '',
  minAge: '',
  maxAge: '',
});

const orEmpty = (value: number | null | undefined): NumberValue => value ?? '';

// Little League's August 31 of the season's year: where a new rule starts, and the cutoff an
// 'actual age' rule switched back to a cutoff starts from.
const DEFAULT_CUTOFF =
  RULE_DEFAULTS.ageBasis.kind === 'cutoff'
    ? RULE_DEFAULTS.ageBasis
    : ({ kind: 'cutoff', month: 8, day: 31, yearOffset: 0 } as const);

/** The form of a rule to edit, or of a new one (the spec's fields empty, the rest at the engine's defaults). */
export function formFor(rule: RestRule | null): RuleForm {
  const kind = rule?.ageBasis.kind ?? RULE_DEFAULTS.ageBasis.kind;
  const cutoff = rule?.ageBasis.kind === 'cutoff' ? rule.ageBasis : null;
  const catcher = rule?.catcher ?? RULE_DEFAULTS.catcher;
  return {
    name: rule?.name ?? '',
    ageGroup: rule?.ageGroup ?? '',
    rows: sortIntervals(rule?.pitchLimits ?? []).map((interval) => ({
      key: newKey(),
      pitchCount: interval.pitchCount,
      daysRest: interval.daysRest,
      minAge: orEmpty(interval.minAge),
      maxAge: orEmpty(interval.maxAge),
    })),
    unit: rule?.unit ?? RULE_DEFAULTS.unit,
    ageKind: kind,
    cutoffMonth: String(cutoff?.month ?? DEFAULT_CUTOFF.month),
    cutoffDay: cutoff?.day ?? DEFAULT_CUTOFF.day,
    yearOffset: String(cutoff?.yearOffset ?? DEFAULT_CUTOFF.yearOffset),
    dailyLimits: (rule?.dailyLimits ?? []).map((d) => ({
      key: newKey(),
      minAge: d.minAge,
      maxAge: d.maxAge,
      max: d.max,
    })),
    finishBatter: rule?.finishBatter ?? RULE_DEFAULTS.finishBatter,
    intentionalWalkPitches: rule?.intentionalWalkPitches ?? RULE_DEFAULTS.intentionalWalkPitches,
    maxGamesPerDay: orEmpty(rule ? rule.maxGamesPerDay : RULE_DEFAULTS.maxGamesPerDay),
    maxConsecutiveDays: orEmpty(rule ? rule.maxConsecutiveDays : RULE_DEFAULTS.maxConsecutiveDays),
    caps: (rule?.windows ?? []).map((w) => ({
      key: newKey(),
      unit: w.unit,
      period: w.period,
      weekStartsOn: String(w.weekStartsOn ?? 1),
      days: orEmpty(w.days),
      max: w.max,
      minAge: orEmpty(w.minAge),
      maxAge: orEmpty(w.maxAge),
    })),
    catcher: {
      noCatchingAfterPitches: orEmpty(catcher.noCatchingAfterPitches),
      noPitchingAfterCaughtInnings: orEmpty(catcher.noPitchingAfterCaughtInnings),
      noCatchingAgainAfterPitches: orEmpty(catcher.noCatchingAgainAfterPitches),
    },
  };
}

/** A required number: an empty field is not a number, and the schema says what is expected. */
const required = (value: NumberValue) => (typeof value === 'number' ? value : Number.NaN);
/** An optional number: empty is null (any age, no limit, rule off). */
const optional = (value: NumberValue) => (value === '' ? null : required(value));
/** The engine's rule leaves an open end out. */
const present = <K extends string>(key: K, value: number | null) =>
  (value === null ? {} : { [key]: value }) as Partial<Record<K, number>>;

export type FormCheck =
  | { ok: true; input: RestRuleInput }
  | {
      ok: false;
      problem: string;
      /** Fields to mark: paths as the form names them ('name', 'pitchLimits.2.daysRest', 'windows.0.days'). */
      invalid: string[];
      /** The section holding the first problem, to open it. */
      section: RuleSection | null;
    };

function failure(error: z.ZodError, rename: (path: string) => string = (path) => path): FormCheck {
  const invalid = error.issues.map((issue) => rename(issue.path.map(String).join('.')));
  const first = String(error.issues[0]?.path[0] ?? '');
  return { ok: false, problem: firstProblem(error), invalid, section: SECTION_OF[first] ?? null };
}

/**
 * Checks the whole rule before it is sent: the spec's fields with the spec's messages
 * (restRuleSchema), then everything the engine reads with the engine's own schema (ruleSchema),
 * the same checks the server makes. On success, the input createRestRule and updateRestRule take.
 */
export function checkForm(form: RuleForm, owner: { global: boolean; organizationId: string | null }): FormCheck {
  const spec = restRuleSchema.safeParse({
    name: form.name,
    ageGroup: form.ageGroup,
    global: owner.global,
    organizationId: owner.global ? null : owner.organizationId,
    pitchLimits: form.rows.map((r) => ({
      pitchCount: required(r.pitchCount),
      daysRest: required(r.daysRest),
      minAge: optional(r.minAge),
      maxAge: optional(r.maxAge),
    })),
  });
  if (!spec.success) return failure(spec.error);

  const ageBasis: AgeBasis =
    form.ageKind === 'actual'
      ? { kind: 'actual' }
      : {
          kind: 'cutoff',
          month: Number(form.cutoffMonth),
          day: required(form.cutoffDay),
          yearOffset: form.yearOffset === '-1' ? -1 : 0,
        };
  const rule: EngineRule = {
    name: spec.data.name,
    ageGroup: spec.data.ageGroup,
    global: spec.data.global,
    organizationId: spec.data.organizationId ?? null,
    unit: form.unit,
    ageBasis,
    intervals: spec.data.pitchLimits.map((p) => ({
      pitchCount: p.pitchCount,
      daysRest: p.daysRest,
      ...present('minAge', p.minAge),
      ...present('maxAge', p.maxAge),
    })),
    dailyLimits: form.dailyLimits.map((d) => ({
      minAge: required(d.minAge),
      maxAge: required(d.maxAge),
      max: required(d.max),
    })),
    finishBatter: form.finishBatter,
    intentionalWalkPitches: required(form.intentionalWalkPitches),
    maxGamesPerDay: optional(form.maxGamesPerDay),
    maxConsecutiveDays: optional(form.maxConsecutiveDays),
    windows: form.caps.map(
      (c): WindowCap => ({
        unit: c.unit,
        period: c.period,
        ...(c.period === 'week' ? { weekStartsOn: Number(c.weekStartsOn) } : {}),
        ...(c.period === 'rollingDays' ? present('days', optional(c.days)) : {}),
        max: required(c.max),
        ...present('minAge', optional(c.minAge)),
        ...present('maxAge', optional(c.maxAge)),
      }),
    ),
    catcher: {
      noCatchingAfterPitches: optional(form.catcher.noCatchingAfterPitches),
      noPitchingAfterCaughtInnings: optional(form.catcher.noPitchingAfterCaughtInnings),
      noCatchingAgainAfterPitches: optional(form.catcher.noCatchingAgainAfterPitches),
    },
  };
  const engine = ruleSchema.safeParse(rule);
  // The engine calls the intervals `intervals`; the form, like the spec, `pitchLimits`.
  if (!engine.success) return failure(engine.error, (path) => path.replace(/^intervals/, 'pitchLimits'));

  const checked = engine.data;
  return {
    ok: true,
    input: {
      name: checked.name,
      ageGroup: checked.ageGroup,
      global: owner.global,
      organizationId: spec.data.organizationId ?? null,
      pitchLimits: spec.data.pitchLimits,
      unit: checked.unit,
      ageBasis: checked.ageBasis,
      dailyLimits: checked.dailyLimits,
      finishBatter: checked.finishBatter,
      intentionalWalkPitches: checked.intentionalWalkPitches,
      maxGamesPerDay: checked.maxGamesPerDay,
      maxConsecutiveDays: checked.maxConsecutiveDays,
      windows: checked.windows.map((w) => ({
        unit: w.unit,
        period: w.period,
        weekStartsOn: w.weekStartsOn ?? null,
        days: w.days ?? null,
        max: w.max,
        minAge: w.minAge ?? null,
        maxAge: w.maxAge ?? null,
      })),
      catcher: checked.catcher,
    },
  };
}

/**
 * Whether a field is among those to mark: named exactly, or inside a row named as a whole
 * ('dailyLimits.1' when two daily limits overlap).
 */
export function isMarked(invalid: readonly string[], field: string): boolean {
  return invalid.some((path) => path === field || (path.split('.').length === 2 && field.startsWith(`${path}.`)));
}
