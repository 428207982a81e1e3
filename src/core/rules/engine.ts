import { inEnglish, type Message } from '../i18n/messages.ts';
import { leagueAge } from '../league-age.ts';
import { addDays, formatLocalDate, type LocalDate, parseLocalDate } from '../local-date.ts';
import { appliesToAge, type RestRule, type WindowCap, type WindowUnit } from './rule.ts';

/**
 * The rules engine: from a rest rule, a birth date and a pitcher's appearances, what the pitcher
 * owes and when they may pitch again, and which rules the appearances broke. Pure and
 * time-zone free: every date is a calendar date ('YYYY-MM-DD') read by local-date.ts, then
 * counted as whole days from UTC midnights, never from the machine's zone. docs/domain.md
 * ("Rules engine") explains each choice with its source. Over 500 lines on purpose: rest owed,
 * daily limits, windows and violations are one computation over the same appearances, and
 * engine.test.ts follows it section by section.
 */

/** One player's outing in one game: what the paper pitch log holds (docs/domain.md, What leagues ask of a tracker). */
export interface Appearance {
  date: LocalDate;
  game: string;
  /** Pitches thrown, without intentional-walk credit. */
  pitches: number;
  /** The official count when the last batter came up (intentional-walk credit included). */
  pitchesBeforeLastBatter?: number;
  /** Innings (numbers within the game) in which the player threw at least one pitch. */
  pitchedInnings?: number[];
  /** Innings in which the player caught at least one pitch (one pitch received = an inning caught). */
  caughtInnings?: number[];
  outs?: number;
  /** Intentional walks granted without pitches. */
  intentionalWalks?: number;
}

export const VIOLATION_CODES = [
  'PITCHED_BEFORE_ELIGIBLE',
  'DAILY_MAX_EXCEEDED',
  'TOO_MANY_GAMES_IN_DAY',
  'CONSECUTIVE_DAYS_EXCEEDED',
  'CAUGHT_AFTER_PITCHING_LIMIT',
  'PITCHED_AFTER_CATCHING_LIMIT',
  'CAUGHT_AGAIN_AFTER_PITCHING',
  'WINDOW_LIMIT_EXCEEDED',
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

export interface Violation {
  code: ViolationCode;
  date: LocalDate;
  game: string;
  /** What was broken, in English (`inEnglish(said)`): the CLI's and the API's words. */
  message: string;
  /** The same as a Message (rules.violation.*), which a page shows in its reader's language. */
  said: Message;
}

export interface EligibilityInput {
  rule: RestRule;
  birthDate: LocalDate;
  asOf: LocalDate;
  /** First day of the season, for caps per season; without it, every appearance given is the season. */
  seasonStart?: LocalDate;
  /** In the order they happened; appearances dated after asOf are not read. */
  appearances: readonly Appearance[];
}

/** The CLI contract's answer. Counts are in the rule's unit (pitches or innings). */
export interface Eligibility {
  age: number;
  dailyMax: number | null;
  pitchedToday: number;
  remainingToday: number | null;
  restDaysOwed: number;
  nextEligibleDate: LocalDate | null;
  canPitchOnAsOf: boolean;
  violations: Violation[];
}

/** The rest one day's outing owes: what the outing form shows as the coach types. */
export interface OutingRest {
  date: LocalDate;
  age: number;
  /** Whether the player pitched at all that day (catching only owes nothing). */
  pitched: boolean;
  /** The day's total over all its games, in the rule's unit. */
  count: number;
  /** The count the rest tier reads: the total, or the first pitch to the last batter (finishing the batter). */
  restCount: number;
  daysRest: number;
  /** Date pitched + rest days + 1; the day itself when the player did not pitch. */
  firstEligibleDate: LocalDate;
  dailyMax: number | null;
}

/** Why a pitcher may not start pitching on a date: the rule pitching would break. */
export interface NotEligible {
  code: ViolationCode;
  /** The reason in English (`inEnglish(said)`): the CLI's and the API's words. */
  message: string;
  /** The same as a Message (rules.reason.*), which a page shows in its reader's language. */
  said: Message;
  /** The first day this rule no longer holds the pitcher out; null when not within the season's caps. */
  until: LocalDate | null;
}

/** One cell of the availability grid. */
export interface DayAvailability {
  date: LocalDate;
  canPitch: boolean;
  /** Pitches (or innings) left that day when the pitcher may pitch; 0 when not; null when no limit applies. */
  remaining: number | null;
  /** The first date on or after this one on which the pitcher may pitch; null when no date within the caps. */
  nextEligibleDate: LocalDate | null;
  /** The first of `reasons`: why not on this date. */
  reason: NotEligible | null;
  /**
   * Every rule that holds the pitcher out from this date to the next eligible date, each with the
   * day it lifts, in the order they hold (today's first): 'pitched in a game today' and 'the rest
   * that game owes', not only the first.
   */
  reasons: NotEligible[];
}

export interface NextTier {
  /** The lowest count of the next tier. */
  pitchCount: number;
  daysRest: number;
  /** Where a warning starts: WARNING_SHARE of the next tier's count, rounded up. */
  warnFrom: number;
}

/** Coaches want a warning at 80 % of the next threshold (docs/domain.md, What leagues ask of a tracker). */
export const WARNING_SHARE = 0.8;

// ---------------------------------------------------------------------------------------------
// Tiers and limits

/** The daily max for a pitcher of `age`, or null when no row of the rule covers that age. */
export function dailyMaxFor(rule: RestRule, age: number): number | null {
  return rule.dailyLimits.find((row) => age >= row.minAge && age <= row.maxAge)?.max ?? null;
}

/** Days of rest `count` owes at `age`: the tier with the highest lowest-count not above it (0 below every tier). */
export function restDaysFor(rule: RestRule, age: number, count: number): number {
  let best: { pitchCount: number; daysRest: number } | undefined;
  for (const tier of rule.intervals) {
    if (!appliesToAge(tier, age) || tier.pitchCount > count) continue;
    if (!best || tier.pitchCount > best.pitchCount) best = tier;
  }
  return best?.daysRest ?? 0;
}

/** The next rest threshold above `count` at `age` that owes more rest, or null at the top tier. */
export function nextTier(rule: RestRule, age: number, count: number): NextTier | null {
  const now = restDaysFor(rule, age, count);
  let next: { pitchCount: number; daysRest: number } | undefined;
  for (const tier of rule.intervals) {
    if (!appliesToAge(tier, age) || tier.pitchCount <= count || tier.daysRest <= now) continue;
    if (!next || tier.pitchCount < next.pitchCount) next = tier;
  }
  if (!next) return null;
  return {
    pitchCount: next.pitchCount,
    daysRest: next.daysRest,
    warnFrom: Math.ceil(next.pitchCount * WARNING_SHARE),
  };
}

// ---------------------------------------------------------------------------------------------
// Counting one appearance

const NONE: readonly number[] = [];

/** Inning numbers once each, in order (a list already so is returned as it is). */
function distinct(innings: readonly number[] | undefined): readonly number[] {
  if (!innings) return NONE;
  let ordered = true;
  for (let i = 1; i < innings.length && ordered; i++) ordered = (innings[i] as number) > (innings[i - 1] as number);
  return ordered ? innings : [...new Set(innings)].sort((a, b) => a - b);
}

/** Whether the player pitched in this appearance (a catcher-only appearance did not). */
export function pitchedIn(appearance: Appearance): boolean {
  return (
    appearance.pitches > 0 || (appearance.intentionalWalks ?? 0) > 0 || (appearance.pitchedInnings?.length ?? 0) > 0
  );
}

/**
 * Innings pitched, one pitch in an inning counting as the inning (Little League softball;
 * docs/domain.md, How an appearance counts). Without the innings listed: at least the innings the outs fill, and at
 * least one.
 */
export function inningsPitched(appearance: Appearance): number {
  if (!pitchedIn(appearance)) return 0;
  return Math.max(distinct(appearance.pitchedInnings).length, Math.ceil((appearance.outs ?? 0) / 3), 1);
}

/** Pitches with the intentional-walk credit (Little League: 4 per walk [V: theseason.gc.com]). */
function creditedPitches(rule: RestRule, appearance: Appearance): number {
  return appearance.pitches + (appearance.intentionalWalks ?? 0) * rule.intentionalWalkPitches;
}

/** An appearance's count in the rule's unit. */
export function appearanceCount(rule: RestRule, appearance: Appearance): number {
  return rule.unit === 'innings' ? inningsPitched(appearance) : creditedPitches(rule, appearance);
}

function unitAmount(rule: RestRule, appearance: Appearance, unit: WindowUnit): number {
  if (!pitchedIn(appearance)) return 0;
  switch (unit) {
    case 'pitches':
      return creditedPitches(rule, appearance);
    case 'innings':
      return inningsPitched(appearance);
    case 'outs':
      return appearance.outs ?? 0;
    case 'appearances':
      return 1;
  }
}

// ---------------------------------------------------------------------------------------------
// One day's outing

interface DayTotals {
  pitched: boolean;
  count: number;
  restCount: number;
  daysRest: number;
  dailyMax: number | null;
}

/**
 * What one day's pitching adds up to and owes. The day's games add up (a doubleheader's daily
 * max and rest read the day's total). With finishing the batter and the count at the last
 * batter's start known, the tier reads that count + 1, the first pitch to the last batter
 * (Little League Regulation VI: a 10-year-old starting a batter at 71 and ending at 76 owes 4
 * days; starting one at 34 stays in 21-35).
 */
function dayTotals(rule: RestRule, age: number, dayAppearances: readonly Appearance[]): DayTotals {
  let count = 0;
  let last: Appearance | undefined;
  for (const a of dayAppearances) {
    if (!pitchedIn(a)) continue;
    count += appearanceCount(rule, a);
    last = a;
  }
  let restCount = count;
  if (rule.unit === 'pitches' && rule.finishBatter && last?.pitchesBeforeLastBatter !== undefined) {
    const before = count - appearanceCount(rule, last) + last.pitchesBeforeLastBatter;
    restCount = Math.min(count, before + 1);
  }
  const pitched = last !== undefined;
  return {
    pitched,
    count,
    restCount,
    daysRest: pitched ? restDaysFor(rule, age, restCount) : 0,
    dailyMax: dailyMaxFor(rule, age),
  };
}

/** Calendar days: first eligible date = date pitched + rest days + 1 (Monday with 66+: Saturday). */
function daysUntilEligible(daysRest: number): number {
  return daysRest + 1;
}

/** The rest one day's outing owes (the appearances of other dates are left out). */
export function outingRest(
  rule: RestRule,
  birthDate: LocalDate,
  date: LocalDate,
  appearances: readonly Appearance[],
): OutingRest {
  const age = leagueAge(birthDate, date, rule.ageBasis);
  const totals = dayTotals(
    rule,
    age,
    appearances.filter((a) => a.date === date),
  );
  return {
    date,
    age,
    pitched: totals.pitched,
    count: totals.count,
    restCount: totals.restCount,
    daysRest: totals.daysRest,
    firstEligibleDate: totals.pitched ? addDays(date, daysUntilEligible(totals.daysRest)) : date,
    dailyMax: totals.dailyMax,
  };
}

// ---------------------------------------------------------------------------------------------
// Day numbers: each date is parsed once, then an evaluation counts in whole days

const DAY_MS = 86_400_000;
// A team's pitchers share their game dates: each date is parsed (and written) once, whoever pitched on it.
const CALENDAR_CACHE_SIZE = 4096;

interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

function dayNumber({ year, month, day }: CalendarDay): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

const calendarCache = new Map<LocalDate, { n: number; calendar: CalendarDay }>();

function calendarOf(date: LocalDate): { n: number; calendar: CalendarDay } {
  let known = calendarCache.get(date);
  if (!known) {
    if (calendarCache.size >= CALENDAR_CACHE_SIZE) calendarCache.clear();
    const calendar = parseLocalDate(date);
    known = { n: dayNumber(calendar), calendar };
    calendarCache.set(date, known);
  }
  return known;
}

const dateCache = new Map<number, LocalDate>();

function dateOf(n: number): LocalDate {
  let date = dateCache.get(n);
  if (date === undefined) {
    if (dateCache.size >= CALENDAR_CACHE_SIZE) dateCache.clear();
    date = formatLocalDate(1970, 1, 1 + n);
    dateCache.set(n, date);
  }
  return date;
}

/** 0 = Sunday ... 6 = Saturday; day 0, 1970-01-01, was a Thursday. */
function weekday(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

// ---------------------------------------------------------------------------------------------
// The ledger: a pitcher's history, sorted and summed once, asked many questions

interface DayLog {
  date: LocalDate;
  n: number;
  calendar: CalendarDay;
  age: number;
  appearances: Appearance[];
  totals: DayTotals;
  /** The first day on which the pitcher may pitch again after this one (itself when not pitched). */
  eligibleN: number;
  /** Distinct games pitched in. */
  games: number;
  /** Innings caught over the day's games. */
  caught: number;
  /** Pitching days in a row ending with this one (0 when the player did not pitch). */
  streak: number;
}

interface PitchEvent {
  day: DayLog;
  appearance: Appearance;
}

interface Ledger {
  rule: RestRule;
  birthDate: LocalDate;
  seasonStart: LocalDate | undefined;
  seasonStartN: number | null;
  days: DayLog[];
  byN: Map<number, DayLog>;
  pitchingDays: DayLog[];
  /** restFrontier[i]: of the first i + 1 pitching days, the one whose rest ends last. */
  restFrontier: DayLog[];
  events: PitchEvent[];
  eventNs: number[];
  /** Running totals over events per window unit: prefix[unit][j] = total of events before j. */
  prefix: Record<WindowUnit, number[]>;
  ages: Map<number, number>;
  ageOn: (date: LocalDate) => number;
}

/** The first index whose value is not below `value` (values sorted). */
function lowerBound(values: readonly number[], value: number, end = values.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Ages of sorted days with few leagueAge() calls: an age never goes down as the date goes on (on
 * either basis), so days between two of the same age share it.
 */
function agesOf(days: readonly { date: LocalDate }[], at: (date: LocalDate) => number): number[] {
  const ages = new Array<number>(days.length);
  const fill = (lo: number, hi: number, ageLo: number, ageHi: number) => {
    if (ageLo === ageHi) {
      ages.fill(ageLo, lo, hi + 1);
      return;
    }
    ages[lo] = ageLo;
    ages[hi] = ageHi;
    if (hi - lo < 2) return;
    const mid = (lo + hi) >>> 1;
    const ageMid = at((days[mid] as { date: LocalDate }).date);
    fill(lo, mid, ageLo, ageMid);
    fill(mid, hi, ageMid, ageHi);
  };
  if (days.length > 0) {
    const last = days.length - 1;
    fill(0, last, at((days[0] as { date: LocalDate }).date), at((days[last] as { date: LocalDate }).date));
  }
  return ages;
}

function buildLedger(
  rule: RestRule,
  birthDate: LocalDate,
  through: LocalDate,
  appearances: readonly Appearance[],
  seasonStart: LocalDate | undefined,
): Ledger {
  // Sorting is stable: appearances of one day keep the order they happened in.
  const sorted = appearances
    .filter((a) => a.date <= through)
    .sort((a, b) => (a.date < b.date ? -1 : +(a.date > b.date)));
  const groups: { date: LocalDate; appearances: Appearance[] }[] = [];
  for (const a of sorted) {
    const group = groups.at(-1);
    if (group?.date === a.date) group.appearances.push(a);
    else groups.push({ date: a.date, appearances: [a] });
  }
  const ageOn = ageReader(birthDate, rule);
  const ages = agesOf(groups, ageOn);
  const days: DayLog[] = [];
  const byN = new Map<number, DayLog>();
  groups.forEach((group, i) => {
    const { n, calendar } = calendarOf(group.date);
    const age = ages[i] as number;
    const totals = dayTotals(rule, age, group.appearances);
    const games = new Set<string>();
    const caughtByGame = new Map<string, Set<number>>();
    for (const a of group.appearances) {
      if (pitchedIn(a)) games.add(a.game);
      if (!a.caughtInnings?.length) continue;
      const set = caughtByGame.get(a.game) ?? new Set<number>();
      for (const inning of a.caughtInnings) set.add(inning);
      caughtByGame.set(a.game, set);
    }
    let caught = 0;
    for (const set of caughtByGame.values()) caught += set.size;
    const streak = totals.pitched ? (byN.get(n - 1)?.streak ?? 0) + 1 : 0;
    const day: DayLog = {
      date: group.date,
      n,
      calendar,
      age,
      appearances: group.appearances,
      totals,
      eligibleN: totals.pitched ? n + daysUntilEligible(totals.daysRest) : n,
      games: games.size,
      caught,
      streak,
    };
    days.push(day);
    byN.set(n, day);
  });
  const pitchingDays = days.filter((d) => d.totals.pitched);
  const restFrontier: DayLog[] = [];
  for (const day of pitchingDays) {
    const latest = restFrontier.at(-1);
    restFrontier.push(latest && latest.eligibleN >= day.eligibleN ? latest : day);
  }
  const events: PitchEvent[] = [];
  for (const day of days) {
    for (const appearance of day.appearances) if (pitchedIn(appearance)) events.push({ day, appearance });
  }
  const prefix = {} as Record<WindowUnit, number[]>;
  for (const unit of new Set(rule.windows.map((cap) => cap.unit))) {
    const sums = [0];
    let total = 0;
    for (const e of events) {
      total += unitAmount(rule, e.appearance, unit);
      sums.push(total);
    }
    prefix[unit] = sums;
  }
  const ageCache = new Map<number, number>();
  for (const day of days) ageCache.set(day.n, day.age);
  return {
    rule,
    birthDate,
    seasonStart,
    seasonStartN: seasonStart === undefined ? null : calendarOf(seasonStart).n,
    days,
    byN,
    pitchingDays,
    restFrontier,
    events,
    eventNs: events.map((e) => e.day.n),
    prefix,
    ages: ageCache,
    ageOn,
  };
}

function ageOnDay(ledger: Ledger, n: number): number {
  let age = ledger.ages.get(n);
  if (age === undefined) {
    age = ledger.ageOn(dateOf(n));
    ledger.ages.set(n, age);
  }
  return age;
}

/** leagueAge() for one player and rule, asked once per season year when the age is a league age. */
function ageReader(birthDate: LocalDate, rule: RestRule): (date: LocalDate) => number {
  const basis = rule.ageBasis;
  if (basis.kind === 'actual') return (date) => leagueAge(birthDate, date, basis);
  const byYear = new Map<string, number>();
  return (date) => {
    const year = date.slice(0, 4);
    let age = byYear.get(year);
    if (age === undefined) {
      age = leagueAge(birthDate, date, basis);
      byYear.set(year, age);
    }
    return age;
  };
}

// ---------------------------------------------------------------------------------------------
// Windowed caps

/** The first day of the cap's period that holds day `n`, or null when the cap does not cover it. */
function windowStart(ledger: Ledger, cap: WindowCap, n: number, calendar?: CalendarDay): number | null {
  switch (cap.period) {
    case 'week':
      return n - ((weekday(n) - (cap.weekStartsOn ?? 0) + 7) % 7);
    case 'season':
      if (ledger.seasonStartN === null) return Number.NEGATIVE_INFINITY;
      return n < ledger.seasonStartN ? null : ledger.seasonStartN;
    case 'rolling12Months': {
      // The day after the same date a year earlier (February 29 maps to March 1).
      const { year, month, day } = calendar ?? calendarOf(dateOf(n)).calendar;
      return dayNumber({ year: year - 1, month, day }) + 1;
    }
    case 'rollingDays':
      return n - ((cap.days ?? 1) - 1);
  }
}

/** Total of the events with index below `end` that fall on or after day `start`. */
function windowTotal(ledger: Ledger, unit: WindowUnit, start: number, end: number): number {
  const from = lowerBound(ledger.eventNs, start, end);
  const sums = ledger.prefix[unit];
  return (sums[end] as number) - (sums[from] as number);
}

/**
 * The first day after `n` on which a full cap could have room again, for a day on or after every
 * event: a week when the next one starts, a season never, a rolling period once enough of the
 * oldest outings have left it.
 */
function windowFreesOn(ledger: Ledger, cap: WindowCap, start: number, n: number): number | null {
  if (cap.period === 'week') return start + 7;
  if (cap.period === 'season') return null;
  const sums = ledger.prefix[cap.unit];
  const total = sums.at(-1) as number;
  // The first event that may stay: every one before it must leave for the total to drop below max.
  let lo = 0;
  let hi = sums.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (total - (sums[mid] as number) < cap.max) hi = mid;
    else lo = mid + 1;
  }
  const leaving = ledger.events[lo - 1]?.day;
  if (!leaving) return n + 1;
  let frees: number;
  if (cap.period === 'rollingDays') {
    frees = leaving.n + (cap.days ?? 1);
  } else {
    // A day's 12 months start the day after its date a year earlier: out a year after, to the day.
    const { year, month, day } = leaving.calendar;
    frees = dayNumber({ year: year + 1, month, day });
  }
  return Math.max(frees, n + 1);
}

/** A cap's period as the messages' values ("in the week starting 2027-04-05", "this season"...). */
function periodValues(ledger: Ledger, cap: WindowCap, start: number, n: number): Record<string, string | number> {
  switch (cap.period) {
    case 'week':
      return { period: 'week', start: dateOf(start) };
    case 'season':
      return ledger.seasonStart ? { period: 'season', seasonStart: ledger.seasonStart } : { period: 'seasonOpen' };
    case 'rolling12Months':
      return { period: 'rolling12Months', end: dateOf(n) };
    case 'rollingDays':
      return { period: 'rollingDays', days: cap.days ?? 1, end: dateOf(n) };
  }
}

// ---------------------------------------------------------------------------------------------
// Eligibility on a day

/** The day whose rest still runs on day `n`, from the days before it, or null. */
function restBlocking(ledger: Ledger, n: number): DayLog | null {
  // pitchingDays are sorted: the ones before day n are a prefix.
  let lo = 0;
  let hi = ledger.pitchingDays.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ledger.pitchingDays[mid] as DayLog).n < n) lo = mid + 1;
    else hi = mid;
  }
  const from = lo > 0 ? (ledger.restFrontier[lo - 1] as DayLog) : null;
  return from && n < from.eligibleN ? from : null;
}

/** Why not, with the first day it could lift; put in words (`notEligible`) only where it is shown. */
type Block = { code: ViolationCode; said: Message; until: number | null };

/**
 * A reason, whose `message` (the English of `said`) is written when read: a team's history can
 * hold thousands of violations, most answers read none of their words, and writing them costs
 * several times the judging. A class, so that the getter costs nothing to create; `toJSON` keeps
 * the message in what is sent.
 */
class Reason implements NotEligible {
  readonly code: ViolationCode;
  readonly said: Message;
  readonly until: LocalDate | null;
  constructor(code: ViolationCode, said: Message, until: LocalDate | null) {
    this.code = code;
    this.said = said;
    this.until = until;
  }
  get message(): string {
    return inEnglish(this.said);
  }
  toJSON(): NotEligible {
    return { code: this.code, message: this.message, said: this.said, until: this.until };
  }
}

/** A violation, whose `message` is written when read (see Reason). */
class Found implements Violation {
  readonly code: ViolationCode;
  readonly date: LocalDate;
  readonly game: string;
  readonly said: Message;
  constructor(code: ViolationCode, appearance: Appearance, said: Message) {
    this.code = code;
    this.date = appearance.date;
    this.game = appearance.game;
    this.said = said;
  }
  get message(): string {
    return inEnglish(this.said);
  }
  toJSON(): Violation {
    return { code: this.code, date: this.date, game: this.game, message: this.message, said: this.said };
  }
}

function notEligible(block: Block): NotEligible {
  return new Reason(block.code, block.said, block.until === null ? null : dateOf(block.until));
}

/**
 * Why the pitcher may not start pitching in a game on day `n` (on or after the last day read), each
 * with the first day that reason could lift (null: not within the season): every rule that holds
 * when `all`, else the first found (enough to know whether they may). Empty when they may.
 */
function blocksOn(ledger: Ledger, n: number, all: boolean): Block[] {
  const { rule } = ledger;
  const found: Block[] = [];
  const hold = (block: Block) => {
    found.push(block);
    return !all;
  };
  const resting = restBlocking(ledger, n);
  if (resting) {
    const { totals } = resting;
    const done = hold({
      code: 'PITCHED_BEFORE_ELIGIBLE',
      until: resting.eligibleN,
      said: {
        id: 'rules.reason.resting',
        values: {
          unit: rule.unit,
          count: totals.count,
          date: resting.date,
          days: totals.daysRest,
          eligible: dateOf(resting.eligibleN),
        },
      },
    });
    if (done) return found;
  }
  const age = ageOnDay(ledger, n);
  const today = ledger.byN.get(n);
  if (today && todayBlocks(ledger, today, age, hold)) return found;
  if (rule.maxConsecutiveDays !== null) {
    const before = ledger.byN.get(n - 1);
    if (before && before.streak >= rule.maxConsecutiveDays) {
      const done = hold({
        code: 'CONSECUTIVE_DAYS_EXCEEDED',
        until: n + 1,
        said: {
          id: 'rules.reason.consecutiveDays',
          values: { streak: before.streak, date: before.date, max: rule.maxConsecutiveDays },
        },
      });
      if (done) return found;
    }
  }
  for (const cap of rule.windows) {
    if (!appliesToAge(cap, age)) continue;
    const start = windowStart(ledger, cap, n);
    if (start === null) continue;
    const total = windowTotal(ledger, cap.unit, start, ledger.events.length);
    if (total < cap.max) continue;
    const done = hold({
      code: 'WINDOW_LIMIT_EXCEEDED',
      until: windowFreesOn(ledger, cap, start, n),
      said: {
        id: 'rules.reason.capReached',
        values: { total, capUnit: cap.unit, ...periodValues(ledger, cap, start, n), max: cap.max },
      },
    });
    if (done) return found;
  }
  return found;
}

/** What the day's own games rule out for the rest of it (catching, games, the daily max); true once `hold` says stop. */
function todayBlocks(ledger: Ledger, today: DayLog, age: number, hold: (block: Block) => boolean): boolean {
  const { rule } = ledger;
  const tomorrow = today.n + 1;
  const caughtLimit = rule.catcher.noPitchingAfterCaughtInnings;
  if (caughtLimit !== null && today.caught >= caughtLimit) {
    const said: Message = { id: 'rules.reason.caughtToday', values: { caught: today.caught, limit: caughtLimit } };
    if (hold({ code: 'PITCHED_AFTER_CATCHING_LIMIT', until: tomorrow, said })) return true;
  }
  if (rule.maxGamesPerDay !== null && today.games >= rule.maxGamesPerDay) {
    const said: Message = { id: 'rules.reason.gamesToday', values: { games: today.games, max: rule.maxGamesPerDay } };
    if (hold({ code: 'TOO_MANY_GAMES_IN_DAY', until: tomorrow, said })) return true;
  }
  const max = dailyMaxFor(rule, age);
  if (max !== null && today.totals.count >= max) {
    const said: Message = { id: 'rules.reason.dailyMax', values: { count: today.totals.count, max, unit: rule.unit } };
    if (hold({ code: 'DAILY_MAX_EXCEEDED', until: tomorrow, said })) return true;
  }
  return false;
}

/** The first reason the pitcher may not start pitching on day `n`, or null when they may. */
function blockOn(ledger: Ledger, n: number): Block | null {
  return blocksOn(ledger, n, false)[0] ?? null;
}

/** Pitches (or innings) left on day `n` under the daily max and the caps counted in the rule's unit. */
function remainingOn(ledger: Ledger, n: number): number | null {
  const { rule } = ledger;
  const age = ageOnDay(ledger, n);
  const max = dailyMaxFor(rule, age);
  let remaining = max === null ? null : max - (ledger.byN.get(n)?.totals.count ?? 0);
  for (const cap of rule.windows) {
    if (cap.unit !== rule.unit || !appliesToAge(cap, age)) continue;
    const start = windowStart(ledger, cap, n);
    if (start === null) continue;
    const left = cap.max - windowTotal(ledger, cap.unit, start, ledger.events.length);
    remaining = remaining === null ? left : Math.min(remaining, left);
  }
  return remaining === null ? null : Math.max(0, remaining);
}

// Each step jumps to the first day a reason could lift: a handful of steps is the usual case.
const MAX_STEPS = 1000;

function nextEligibleFrom(ledger: Ledger, n: number, block: Block | null): number | null {
  let day = n;
  let reason = block;
  for (let step = 0; step < MAX_STEPS; step++) {
    if (!reason) return day;
    if (reason.until === null) return null;
    day = reason.until;
    reason = blockOn(ledger, day);
  }
  return null;
}

const sameBlock = (a: Block, b: Block) => a.code === b.code && JSON.stringify(a.said) === JSON.stringify(b.said);

/**
 * Every rule that holds the pitcher out from day `n` until they may pitch, and that day (null: not
 * within the caps). Each step jumps to the day the last of the rules holding lifts: every day
 * before it is held by that rule, so no eligible day is skipped (the same day nextEligibleFrom finds).
 */
function holdFrom(ledger: Ledger, n: number): { blocks: Block[]; next: number | null } {
  let current = blocksOn(ledger, n, true);
  const blocks: Block[] = [...current];
  let day = n;
  for (let step = 0; step < MAX_STEPS; step++) {
    if (current.length === 0) return { blocks, next: day };
    if (current.some((b) => b.until === null)) return { blocks, next: null };
    day = Math.max(...current.map((b) => b.until as number));
    current = blocksOn(ledger, day, true);
    for (const block of current) if (!blocks.some((b) => sameBlock(b, block))) blocks.push(block);
  }
  return { blocks, next: null };
}

// ---------------------------------------------------------------------------------------------
// Violations

interface CatcherState {
  /** The day's count so far, in the rule's unit. */
  pitched: number;
  caught: number;
  caughtThenPitched: boolean;
}

type Finding = { code: ViolationCode; said: Message };

/**
 * Little League's catcher rules for one appearance, walked in inning order (docs/domain.md, Catching): 41+
 * pitches in a day, no more catching; 4+ innings caught, no pitching; caught, then 21+ pitches,
 * no return to catching. The game's pitches count once its last pitched inning is over (the log
 * holds no count per inning). Updates `state`.
 */
function catcherViolations(rule: RestRule, appearance: Appearance, count: number, state: CatcherState): Finding[] {
  const { noCatchingAfterPitches, noPitchingAfterCaughtInnings, noCatchingAgainAfterPitches } = rule.catcher;
  if (
    noCatchingAfterPitches === null &&
    noPitchingAfterCaughtInnings === null &&
    noCatchingAgainAfterPitches === null
  ) {
    return [];
  }
  const caughtInnings = distinct(appearance.caughtInnings);
  const pitching = pitchedIn(appearance);
  if (!pitching && caughtInnings.length === 0) return [];
  const found: Finding[] = [];
  const pitchedInnings = distinct(appearance.pitchedInnings);
  type Step = { kind: 'pitch' | 'catch'; inning: number };
  let steps: Step[];
  if (pitching && pitchedInnings.length === 0) {
    // Order within the game unknown: check against earlier games only, catching first.
    steps = [...caughtInnings.map((inning): Step => ({ kind: 'catch', inning })), { kind: 'pitch', inning: Infinity }];
  } else {
    // An inning holding both: the role the player began the game in came first.
    const pitchFirst = (pitchedInnings[0] ?? Infinity) < (caughtInnings[0] ?? Infinity);
    steps = [
      ...pitchedInnings.map((inning): Step => ({ kind: 'pitch', inning })),
      ...caughtInnings.map((inning): Step => ({ kind: 'catch', inning })),
    ].sort((a, b) => a.inning - b.inning || (a.kind === b.kind ? 0 : (a.kind === 'pitch') === pitchFirst ? -1 : 1));
  }
  const caughtBefore = state.caught;
  const lastPitch = steps.findLastIndex((s) => s.kind === 'pitch');
  let pitchReported = false;
  let catchReported = false;
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index] as Step;
    if (step.kind === 'pitch') {
      // With the order unknown, only earlier games' catching counts.
      const caught = step.inning === Infinity ? caughtBefore : state.caught;
      if (!pitchReported && noPitchingAfterCaughtInnings !== null && caught >= noPitchingAfterCaughtInnings) {
        pitchReported = true;
        found.push({
          code: 'PITCHED_AFTER_CATCHING_LIMIT',
          said: {
            id: 'rules.violation.pitchedAfterCatching',
            values: { date: appearance.date, caught, limit: noPitchingAfterCaughtInnings },
          },
        });
      }
      if (caught > 0) state.caughtThenPitched = true;
      if (index === lastPitch) state.pitched += count;
      continue;
    }
    if (!catchReported && noCatchingAfterPitches !== null && state.pitched >= noCatchingAfterPitches) {
      catchReported = true;
      found.push({
        code: 'CAUGHT_AFTER_PITCHING_LIMIT',
        said: {
          id: 'rules.violation.caughtAfterPitching',
          values: { date: appearance.date, pitched: state.pitched, unit: rule.unit, limit: noCatchingAfterPitches },
        },
      });
    } else if (
      !catchReported &&
      noCatchingAgainAfterPitches !== null &&
      state.caughtThenPitched &&
      state.pitched >= noCatchingAgainAfterPitches
    ) {
      catchReported = true;
      found.push({
        code: 'CAUGHT_AGAIN_AFTER_PITCHING',
        said: {
          id: 'rules.violation.caughtAgain',
          values: {
            date: appearance.date,
            pitched: state.pitched,
            unit: rule.unit,
            limit: noCatchingAgainAfterPitches,
          },
        },
      });
    }
    state.caught += 1;
  }
  return found;
}

function collectViolations(ledger: Ledger): Violation[] {
  const { rule } = ledger;
  const found: Violation[] = [];
  let eventIndex = 0;
  let frontier: DayLog | null = null;
  const add = (code: ViolationCode, appearance: Appearance, said: Message) =>
    found.push(new Found(code, appearance, said));
  for (const day of ledger.days) {
    const first = day.appearances.find(pitchedIn);
    if (first && frontier && day.n < frontier.eligibleN) {
      add('PITCHED_BEFORE_ELIGIBLE', first, {
        id: 'rules.violation.pitchedWhileResting',
        values: {
          date: day.date,
          unit: rule.unit,
          count: frontier.totals.count,
          restDate: frontier.date,
          days: frontier.totals.daysRest,
          eligible: dateOf(frontier.eligibleN),
        },
      });
    }
    if (first && rule.maxConsecutiveDays !== null && day.streak > rule.maxConsecutiveDays) {
      add('CONSECUTIVE_DAYS_EXCEEDED', first, {
        id: 'rules.violation.consecutiveDays',
        values: {
          streak: day.streak,
          from: dateOf(day.n + 1 - day.streak),
          date: day.date,
          max: rule.maxConsecutiveDays,
        },
      });
    }
    const max = day.totals.dailyMax;
    const games = new Set<string>();
    const catcher: CatcherState = { pitched: 0, caught: 0, caughtThenPitched: false };
    let dayCount = 0;
    for (const appearance of day.appearances) {
      const pitching = pitchedIn(appearance);
      const count = appearanceCount(rule, appearance);
      if (pitching && !games.has(appearance.game)) {
        games.add(appearance.game);
        if (rule.maxGamesPerDay !== null && games.size > rule.maxGamesPerDay) {
          add('TOO_MANY_GAMES_IN_DAY', appearance, {
            id: 'rules.violation.tooManyGames',
            values: { games: games.size, date: day.date, max: rule.maxGamesPerDay },
          });
        }
      }
      if (pitching && max !== null) {
        const before = appearance.pitchesBeforeLastBatter;
        // Finishing the batter: the max is broken only by starting a new batter at or past it.
        if (rule.unit === 'pitches' && rule.finishBatter && before !== undefined) {
          if (dayCount + before >= max) {
            add('DAILY_MAX_EXCEEDED', appearance, {
              id: 'rules.violation.newBatterPastMax',
              values: { count: dayCount + before, date: day.date, age: day.age, max },
            });
          }
        } else if (dayCount + count > max) {
          add('DAILY_MAX_EXCEEDED', appearance, {
            id: 'rules.violation.dailyMax',
            values: { unit: rule.unit, count: dayCount + count, date: day.date, age: day.age, max },
          });
        }
      }
      for (const v of catcherViolations(rule, appearance, count, catcher)) add(v.code, appearance, v.said);
      if (!pitching) continue;
      dayCount += count;
      eventIndex += 1;
      for (const cap of rule.windows) {
        if (!appliesToAge(cap, day.age)) continue;
        const start = windowStart(ledger, cap, day.n, day.calendar);
        if (start === null) continue;
        const total = windowTotal(ledger, cap.unit, start, eventIndex);
        if (total > cap.max) {
          add('WINDOW_LIMIT_EXCEEDED', appearance, {
            id: 'rules.violation.capExceeded',
            values: { total, capUnit: cap.unit, ...periodValues(ledger, cap, start, day.n), max: cap.max },
          });
        }
      }
    }
    if (day.totals.pitched && (!frontier || day.eligibleN > frontier.eligibleN)) frontier = day;
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The answers

/** The CLI contract: status on `asOf` and every violation among the appearances up to it. */
export function evaluate(input: EligibilityInput): Eligibility {
  const { rule, birthDate, asOf } = input;
  const ledger = buildLedger(rule, birthDate, asOf, input.appearances, input.seasonStart);
  const { n } = calendarOf(asOf);
  const block = blockOn(ledger, n);
  const age = ageOnDay(ledger, n);
  const next = nextEligibleFrom(ledger, n, block);
  return {
    age,
    dailyMax: dailyMaxFor(rule, age),
    pitchedToday: ledger.byN.get(n)?.totals.count ?? 0,
    remainingToday: block ? 0 : remainingOn(ledger, n),
    restDaysOwed: ledger.pitchingDays.at(-1)?.totals.daysRest ?? 0,
    nextEligibleDate: next === null ? null : dateOf(next),
    canPitchOnAsOf: block === null,
    violations: collectViolations(ledger),
  };
}

export const MAX_AVAILABILITY_DAYS = 366;

/** A pitcher's status on a date and the days after it, without the violations (Pitcher Status). */
export interface Status {
  today: Omit<Eligibility, 'violations'> & { reason: NotEligible | null; reasons: NotEligible[] };
  days: DayAvailability[];
}

/**
 * What Pitcher Status shows from one ledger: `evaluate` on `asOf` without its violation search,
 * and `availability` for `days` days from `asOf`.
 */
export function statusOn(input: Omit<EligibilityInput, 'asOf'>, asOf: LocalDate, days: number): Status {
  const ledger = buildLedger(input.rule, input.birthDate, asOf, input.appearances, input.seasonStart);
  const grid = gridOf(ledger, asOf, days);
  const first = grid[0] as DayAvailability;
  const { n } = calendarOf(asOf);
  const age = ageOnDay(ledger, n);
  return {
    today: {
      age,
      dailyMax: dailyMaxFor(input.rule, age),
      pitchedToday: ledger.byN.get(n)?.totals.count ?? 0,
      remainingToday: first.remaining,
      restDaysOwed: ledger.pitchingDays.at(-1)?.totals.daysRest ?? 0,
      nextEligibleDate: first.nextEligibleDate,
      canPitchOnAsOf: first.canPitch,
      reason: first.reason,
      reasons: first.reasons,
    },
    days: grid,
  };
}

/** A pitcher's answer in one game: what the live count, its picker and the parent's page show. */
export interface InGameStatus {
  /** Before this game (the day's other games and every earlier day): may they start pitching in it, and why not. */
  before: Status['today'];
  /**
   * With this game's count: the rest owed and the first day they may pitch again, with every reason:
   * Pitcher Status's answer for the game's date once this count is on record.
   */
  after: Status['today'];
  /** Left to pitch in this game: the day's limits less the day's earlier games and this count; 0 when they may not. */
  remaining: number | null;
  /** What the whole day's pitching (every game of it, this count included) adds up to and owes by the tiers. */
  day: OutingRest;
}

/**
 * The one answer, in a game being counted: the pitcher's whole record (`input.appearances`, this
 * game's own appearance in it or not) with this game's appearance replaced by `live` (the count as
 * the dugout has it now; null before the first pitch). Both answers come from `statusOn`, so they
 * are Pitcher Status's for the game's date.
 */
export function statusInGame(
  input: Omit<EligibilityInput, 'asOf'>,
  game: { id: string; date: LocalDate },
  live: Appearance | null,
): InGameStatus {
  const at = input.appearances.findIndex((a) => a.game === game.id && a.date === game.date);
  const others = input.appearances.filter((a) => a.game !== game.id);
  const before = statusOn({ ...input, appearances: others }, game.date, 1).today;
  let withLive = others;
  if (live) {
    // Where this game's outing stood in the record, else after the day's other games.
    const place = at >= 0 ? at : others.findLastIndex((a) => a.date <= game.date) + 1;
    withLive = [...others.slice(0, place), { ...live, game: game.id, date: game.date }, ...others.slice(place)];
  }
  const after = live ? statusOn({ ...input, appearances: withLive }, game.date, 1).today : before;
  const count = live && pitchedIn(live) ? appearanceCount(input.rule, live) : 0;
  const remaining = !before.canPitchOnAsOf
    ? 0
    : before.remainingToday === null
      ? null
      : Math.max(0, before.remainingToday - count);
  return { before, after, remaining, day: outingRest(input.rule, input.birthDate, game.date, withLive) };
}

/**
 * Availability on each of `days` dates from `from` (the Pitcher Status grid), from the
 * appearances up to `from`: can pitch with how many left, or why not and until when.
 */
export function availability(input: Omit<EligibilityInput, 'asOf'>, from: LocalDate, days: number): DayAvailability[] {
  return gridOf(buildLedger(input.rule, input.birthDate, from, input.appearances, input.seasonStart), from, days);
}

function gridOf(ledger: Ledger, from: LocalDate, days: number): DayAvailability[] {
  if (!Number.isInteger(days) || days < 1 || days > MAX_AVAILABILITY_DAYS) {
    throw new RangeError(`days must be a whole number from 1 to ${MAX_AVAILABILITY_DAYS}`);
  }
  const first = calendarOf(from).n;
  const grid: DayAvailability[] = [];
  for (let n = first; n < first + days; n++) {
    const { blocks, next } = holdFrom(ledger, n);
    const reasons = blocks.map(notEligible);
    grid.push({
      date: dateOf(n),
      canPitch: blocks.length === 0,
      remaining: blocks.length ? 0 : remainingOn(ledger, n),
      nextEligibleDate: next === null ? null : dateOf(next),
      reason: reasons[0] ?? null,
      reasons,
    });
  }
  return grid;
}
