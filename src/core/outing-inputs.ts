import { z } from 'zod';
import { INTERVAL_LIMITS, NAME_MAX, ONE_LINE } from './admin-inputs.ts';
import { canonicalJson } from './canonical-json.ts';
import { encoded } from './i18n/messages.ts';
import { formatLocalDate, isLocalDate, parseLocalDate } from './local-date.ts';
import type { Appearance } from './rules/engine.ts';
import { RULE_LIMITS } from './rules/rule.ts';

/** A count's field, as `OUTING_MESSAGES.countWhole` names it ("Pitches must be a whole number..."). */
export type CountField = 'pitches' | 'pitchesBeforeLastBatter' | 'innings' | 'outs' | 'intentionalWalks';

/**
 * Games and outings as the Log Pitch Outing screen and the API take them, checked with
 * the same schemas in the browser and on the server. Bounds are the ones no youth game passes.
 * Messages of the `rules` catalogue in one string (`encoded`), shown with `t.said`.
 */
export const OUTING_MESSAGES = {
  dateInvalid: encoded('rules.outing.dateInvalid'),
  startTimeInvalid: encoded('rules.outing.startTimeInvalid'),
  teamRequired: encoded('rules.outing.teamRequired'),
  opponentRequired: encoded('rules.outing.opponentRequired'),
  sameTeams: encoded('rules.outing.sameTeams'),
  opponentTooLong: encoded('rules.outing.opponentTooLong', { max: NAME_MAX }),
  opponentOneLine: encoded('rules.outing.opponentOneLine'),
  whereOneLine: encoded('rules.outing.whereOneLine'),
  whereTooLong: encoded('rules.outing.whereTooLong', { max: NAME_MAX }),
  countWhole: (field: CountField, max: number) => encoded('rules.outing.countWhole', { field, max }),
  inningsInvalid: encoded('rules.outing.inningsInvalid', { max: 30 }),
  nothingRecorded: encoded('rules.outing.nothingRecorded'),
  beforeLastBatterTooHigh: encoded('rules.outing.beforeLastBatterTooHigh'),
  reasonRequired: encoded('rules.outing.reasonRequired'),
  whereRequired: encoded('rules.outing.whereRequired'),
  nothingPitched: encoded('rules.outing.nothingPitched'),
  afterToday: (today: string) => encoded('rules.outing.afterToday', { today }),
  beforeBirth: (birthDate: string) => encoded('rules.outing.beforeBirth', { birthDate }),
  tooLongAgo: (earliest: string) => encoded('rules.outing.tooLongAgo', { earliest }),
  reasonTooLong: encoded('rules.outing.reasonTooLong'),
} as const;

export const GAME_STATES = ['scheduled', 'in_progress', 'final', 'suspended'] as const;
export type GameState = (typeof GAME_STATES)[number];

export const OUTING_LIMITS = {
  maxPitches: INTERVAL_LIMITS.maxPitchCount,
  maxInning: 30,
  maxOuts: 90,
  maxIntentionalWalks: 30,
} as const;

const count = (field: CountField, max: number) =>
  z
    .number(OUTING_MESSAGES.countWhole(field, max))
    .int(OUTING_MESSAGES.countWhole(field, max))
    .min(0, OUTING_MESSAGES.countWhole(field, max))
    .max(max, OUTING_MESSAGES.countWhole(field, max));

const innings = z
  .array(
    z
      .number(OUTING_MESSAGES.inningsInvalid)
      .int(OUTING_MESSAGES.inningsInvalid)
      .min(1, OUTING_MESSAGES.inningsInvalid)
      .max(OUTING_LIMITS.maxInning, OUTING_MESSAGES.inningsInvalid),
  )
  .max(OUTING_LIMITS.maxInning, OUTING_MESSAGES.inningsInvalid)
  .refine((list) => new Set(list).size === list.length, OUTING_MESSAGES.inningsInvalid)
  .transform((list) => [...list].sort((a, b) => a - b));

const optionalId = z
  .string()
  .trim()
  .nullish()
  .transform((id) => id || null);

/** A game: its date, start time, our team or teams, and an outside opponent's name where one is not ours. */
export const gameSchema = z
  .object({
    date: z.string(OUTING_MESSAGES.dateInvalid).refine(isLocalDate, OUTING_MESSAGES.dateInvalid),
    startTime: z
      .string()
      .trim()
      .nullish()
      .transform((t) => t || null)
      .refine((t) => t === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(t), OUTING_MESSAGES.startTimeInvalid),
    homeTeamId: optionalId,
    awayTeamId: optionalId,
    opponentName: z
      .string()
      .trim()
      .max(NAME_MAX, OUTING_MESSAGES.opponentTooLong)
      .regex(ONE_LINE, OUTING_MESSAGES.opponentOneLine)
      .nullish()
      .transform((name) => name || null),
    state: z.enum(GAME_STATES).default('scheduled'),
  })
  .superRefine((game, ctx) => {
    if (!game.homeTeamId && !game.awayTeamId) {
      ctx.addIssue({ code: 'custom', message: OUTING_MESSAGES.teamRequired, path: ['homeTeamId'] });
    } else if (game.homeTeamId && game.homeTeamId === game.awayTeamId) {
      ctx.addIssue({ code: 'custom', message: OUTING_MESSAGES.sameTeams, path: ['awayTeamId'] });
    } else if ((!game.homeTeamId || !game.awayTeamId) && !game.opponentName) {
      ctx.addIssue({ code: 'custom', message: OUTING_MESSAGES.opponentRequired, path: ['opponentName'] });
    }
  })
  // With both teams ours, an outside name would say something false.
  .transform((game) => (game.homeTeamId && game.awayTeamId ? { ...game, opponentName: null } : game));

export type GameInput = z.output<typeof gameSchema>;

/** What the paper pitch log holds for one player in one game (docs/domain.md, What leagues ask of a tracker). */
export const outingCountsSchema = z
  .object({
    pitches: count('pitches', OUTING_LIMITS.maxPitches),
    pitchesBeforeLastBatter: count('pitchesBeforeLastBatter', OUTING_LIMITS.maxPitches)
      .nullish()
      .transform((n) => n ?? null),
    pitchedInnings: innings.default([]),
    caughtInnings: innings.default([]),
    outs: count('outs', OUTING_LIMITS.maxOuts).default(0),
    intentionalWalks: count('intentionalWalks', OUTING_LIMITS.maxIntentionalWalks).default(0),
  })
  .superRefine((o, ctx) => {
    const pitched = o.pitches > 0 || o.intentionalWalks > 0 || o.pitchedInnings.length > 0;
    if (!pitched && o.caughtInnings.length === 0) {
      ctx.addIssue({ code: 'custom', message: OUTING_MESSAGES.nothingRecorded, path: ['pitches'] });
    }
    // The count at the last batter's start includes intentional-walk credit, at most the rule's largest.
    const most = o.pitches + o.intentionalWalks * RULE_LIMITS.maxIntentionalWalkPitches;
    if (o.pitchesBeforeLastBatter !== null && o.pitchesBeforeLastBatter > most) {
      ctx.addIssue({
        code: 'custom',
        message: OUTING_MESSAGES.beforeLastBatterTooHigh,
        path: ['pitchesBeforeLastBatter'],
      });
    }
  });

export type OutingCounts = z.output<typeof outingCountsSchema>;

/**
 * What is wrong with the date of an outing outside the league, or null: not after the league's today, not before the
 * child was born, not more than a year back. The parent's form and the server ask the same.
 */
export function outsideOutingDateProblem(date: string, on: { today: string; birthDate: string | null }): string | null {
  if (date > on.today) return OUTING_MESSAGES.afterToday(on.today);
  if (on.birthDate && date < on.birthDate) return OUTING_MESSAGES.beforeBirth(on.birthDate);
  // A year back, the same calendar day (the rules look back a season, never a year).
  const { year, month, day } = parseLocalDate(on.today);
  const earliest = formatLocalDate(year - 1, month, day);
  if (date < earliest) return OUTING_MESSAGES.tooLongAgo(earliest);
  return null;
}

/** Pitching outside the league a parent reports: where, when, pitches and innings. */
export const outsideOutingSchema = z
  .object({
    date: z.string(OUTING_MESSAGES.dateInvalid).refine(isLocalDate, OUTING_MESSAGES.dateInvalid),
    description: z
      .string(OUTING_MESSAGES.whereRequired)
      .trim()
      .min(1, OUTING_MESSAGES.whereRequired)
      .max(NAME_MAX, OUTING_MESSAGES.whereTooLong)
      .regex(ONE_LINE, OUTING_MESSAGES.whereOneLine),
    pitches: count('pitches', OUTING_LIMITS.maxPitches),
    pitchesBeforeLastBatter: count('pitchesBeforeLastBatter', OUTING_LIMITS.maxPitches)
      .nullish()
      .transform((n) => n ?? null),
    /** How many innings: stored as innings 1 to n (the log of a game we did not see has no numbers). */
    innings: count('innings', OUTING_LIMITS.maxInning).default(0),
    outs: count('outs', OUTING_LIMITS.maxOuts).default(0),
    intentionalWalks: count('intentionalWalks', OUTING_LIMITS.maxIntentionalWalks).default(0),
  })
  .superRefine((o, ctx) => {
    if (o.pitches === 0 && o.innings === 0 && o.intentionalWalks === 0) {
      ctx.addIssue({ code: 'custom', message: OUTING_MESSAGES.nothingPitched, path: ['pitches'] });
    }
    if (
      o.pitchesBeforeLastBatter !== null &&
      o.pitchesBeforeLastBatter > o.pitches + o.intentionalWalks * RULE_LIMITS.maxIntentionalWalkPitches
    ) {
      ctx.addIssue({
        code: 'custom',
        message: OUTING_MESSAGES.beforeLastBatterTooHigh,
        path: ['pitchesBeforeLastBatter'],
      });
    }
  });

export type OutsideOutingInput = z.output<typeof outsideOutingSchema>;

export const correctionReasonSchema = z
  .string(OUTING_MESSAGES.reasonRequired)
  .trim()
  .min(1, OUTING_MESSAGES.reasonRequired)
  .max(500, OUTING_MESSAGES.reasonTooLong);

/** An outing as the rules engine reads it. */
export function appearanceOf(outing: OutingCounts & { date: string; gameId: string }): Appearance {
  return {
    date: outing.date,
    game: outing.gameId,
    pitches: outing.pitches,
    ...(outing.pitchesBeforeLastBatter === null ? {} : { pitchesBeforeLastBatter: outing.pitchesBeforeLastBatter }),
    pitchedInnings: outing.pitchedInnings,
    caughtInnings: outing.caughtInnings,
    outs: outing.outs,
    intentionalWalks: outing.intentionalWalks,
  };
}

/**
 * How many of an outing's corrections changed what it counts (a deletion, or other counts): a
 * moved game's correction keeps the counts and is not one ("corrected 2×" for pitches never changed).
 */
export function countChanges(corrections: readonly { before: unknown; after: unknown }[]): number {
  return corrections.filter((c) => c.after === null || canonicalJson(c.before) !== canonicalJson(c.after)).length;
}
