import { z } from 'zod';
import { INTERVAL_LIMITS } from '../admin-inputs.ts';
import { textInEnglish } from '../i18n/messages.ts';
import { isLocalDate } from '../local-date.ts';
import { type Appearance, appearanceCount, type Eligibility, type EligibilityInput, evaluate } from './engine.ts';
import { isPresetId, PRESET_IDS, presetRule } from './presets.ts';
import { type RestRule, ruleSchema, whole } from './rule.ts';

/**
 * The `bullpen eligibility` contract (docs/cli.md) without its I/O: JSON text in, one
 * JSON object or one clear message out, in English. The CLI only reads stdin (and the rules
 * catalogue's English, `useEnglish`) and writes what this returns.
 */

export const CONTRACT_LIMITS = {
  maxInputCharacters: 10_000_000,
  maxAppearances: 10_000,
  maxInning: 99,
  maxGameIdLength: 100,
  maxIntentionalWalks: 50,
} as const;

const localDate = (what: string) =>
  z.string(`${what} must be a date written YYYY-MM-DD`).refine(isLocalDate, `${what} must be a real date (YYYY-MM-DD)`);

const innings = (what: string) =>
  z
    .array(whole(`An inning in ${what}`, 1, CONTRACT_LIMITS.maxInning), `${what} must be a list of inning numbers`)
    .max(CONTRACT_LIMITS.maxInning, `${what} lists too many innings`);

export const appearanceSchema = z.strictObject({
  date: localDate('date'),
  game: z
    .string('game must be the game id (text)')
    .trim()
    .min(1, 'game must be the game id (text)')
    .max(CONTRACT_LIMITS.maxGameIdLength, `game must be at most ${CONTRACT_LIMITS.maxGameIdLength} characters`),
  pitches: whole('pitches', 0, INTERVAL_LIMITS.maxPitchCount),
  pitchesBeforeLastBatter: whole('pitchesBeforeLastBatter', 0, INTERVAL_LIMITS.maxPitchCount).optional(),
  pitchedInnings: innings('pitchedInnings').optional(),
  caughtInnings: innings('caughtInnings').optional(),
  outs: whole('outs', 0, 3 * CONTRACT_LIMITS.maxInning).optional(),
  intentionalWalks: whole('intentionalWalks', 0, CONTRACT_LIMITS.maxIntentionalWalks).optional(),
});

const ruleInput = z.unknown().transform((value, ctx): RestRule => {
  if (typeof value === 'string') {
    if (isPresetId(value)) return presetRule(value);
    ctx.addIssue({ code: 'custom', message: `Unknown preset "${value}"; use one of: ${PRESET_IDS.join(', ')}` });
    return z.NEVER;
  }
  const parsed = ruleSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

/** The stdin object: checked, with `rule` resolved to a rule (a preset's, or the one given). */
export const eligibilityRequestSchema = z
  .strictObject({
    rule: ruleInput,
    birthDate: localDate('birthDate'),
    asOf: localDate('asOf'),
    seasonStart: localDate('seasonStart').optional(),
    appearances: z
      .array(appearanceSchema, 'appearances must be a list (it may be empty)')
      .max(CONTRACT_LIMITS.maxAppearances, `At most ${CONTRACT_LIMITS.maxAppearances} appearances`),
  })
  .superRefine((request, ctx) => {
    const { rule } = request;
    if (request.birthDate > request.asOf) {
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'birthDate is after asOf' });
    }
    const catcherRules = Object.values(rule.catcher).some((limit) => limit !== null);
    request.appearances.forEach((a: Appearance, i) => {
      const at = (field: string) => ['appearances', i, field];
      const count = appearanceCount({ ...rule, unit: 'pitches' }, a);
      if (a.pitchesBeforeLastBatter !== undefined && a.pitchesBeforeLastBatter > count) {
        ctx.addIssue({
          code: 'custom',
          path: at('pitchesBeforeLastBatter'),
          message: `pitchesBeforeLastBatter (${a.pitchesBeforeLastBatter}) is more than the appearance's count (${count})`,
        });
      }
      const pitchedWithoutInnings = (a.pitches > 0 || (a.intentionalWalks ?? 0) > 0) && !a.pitchedInnings?.length;
      if (rule.unit === 'innings' && pitchedWithoutInnings) {
        ctx.addIssue({
          code: 'custom',
          path: at('pitchedInnings'),
          message: 'This rule counts innings: list pitchedInnings for every appearance with pitches',
        });
      } else if (catcherRules && pitchedWithoutInnings && a.caughtInnings?.length) {
        ctx.addIssue({
          code: 'custom',
          path: at('pitchedInnings'),
          message: 'A player who pitched and caught in one game needs pitchedInnings, so the order is known',
        });
      }
    });
  })
  .transform((request): EligibilityInput => request);

/** `appearances.2.pitches` as a reader writes it: `appearances[2].pitches`. */
function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  return text || 'input';
}

const MAX_LISTED_PROBLEMS = 10;

export type ParsedRequest = { ok: true; input: EligibilityInput } | { ok: false; message: string };

/** The stdin text as a checked request, or every problem (up to ten), one a line. */
export function parseEligibilityRequest(text: string): ParsedRequest {
  if (text.length > CONTRACT_LIMITS.maxInputCharacters) {
    return { ok: false, message: `Input is longer than ${CONTRACT_LIMITS.maxInputCharacters} characters` };
  }
  if (!text.trim()) return { ok: false, message: 'Expected one JSON object on stdin, got nothing' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Input is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, message: 'Expected one JSON object on stdin' };
  }
  const parsed = eligibilityRequestSchema.safeParse(json);
  if (parsed.success) return { ok: true, input: parsed.data };
  const lines = parsed.error.issues
    .slice(0, MAX_LISTED_PROBLEMS)
    .map((i) => `  ${formatPath(i.path)}: ${textInEnglish(i.message)}`);
  const more = parsed.error.issues.length - MAX_LISTED_PROBLEMS;
  if (more > 0) lines.push(`  ... and ${more} more`);
  return { ok: false, message: `Invalid input:\n${lines.join('\n')}` };
}

export interface CommandResult {
  /** 0: answered; 2: bad input (nothing on stdout). */
  exitCode: 0 | 2;
  stdout: string;
  stderr: string;
}

/** The contract's answer: the engine's, each violation in English only (its `said` is for pages). */
function answerOf(eligibility: Eligibility) {
  return {
    ...eligibility,
    violations: eligibility.violations.map(({ code, date, game, message }) => ({ code, date, game, message })),
  };
}

/** The whole command without I/O: parse, evaluate, format one JSON object on one line. */
export function eligibilityCommand(text: string): CommandResult {
  const parsed = parseEligibilityRequest(text);
  if (!parsed.ok) {
    return { exitCode: 2, stdout: '', stderr: `bullpen eligibility: ${parsed.message}\nSee docs/cli.md.\n` };
  }
  return { exitCode: 0, stdout: `${JSON.stringify(answerOf(evaluate(parsed.input)))}\n`, stderr: '' };
}

export interface BatchAnswer {
  /** 0: answered; 2: bad input; 1: anything else (a bug), so the batch's exit code is the largest. */
  exitCode: 0 | 1 | 2;
  /** One line of JSON, without its newline: the answer, or `{ "error": message }`. */
  line: string;
}

/**
 * One line of `bullpen eligibility --batch`: the same answer as the single mode's stdout, or on bad input
 * `{ "error": ... }` holding the message the single mode writes on stderr, so one bad line cannot stop the rest.
 */
export function eligibilityBatchAnswer(text: string): BatchAnswer {
  const parsed = parseEligibilityRequest(text);
  if (!parsed.ok) return { exitCode: 2, line: JSON.stringify({ error: parsed.message }) };
  try {
    return { exitCode: 0, line: JSON.stringify(answerOf(evaluate(parsed.input))) };
  } catch (error) {
    return { exitCode: 1, line: JSON.stringify({ error: `Could not answer: ${(error as Error).message}` }) };
  }
}
