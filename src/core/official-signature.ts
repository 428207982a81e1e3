import { z } from 'zod';
import { INPUT_MESSAGES, NAME_MAX, ONE_LINE } from './admin-inputs.ts';
import { encoded } from './i18n/messages.ts';

/**
 * The third signature on a game's counts: the plate umpire or game official, who signs
 * on their own phone with a one-time code the home coach's phone shows. A league may require it
 * before a game counts as signed (docs/decisions/0034-the-pitch-record.md).
 */

/** Letters and digits a person reads off a phone without confusing them (no 0/O, 1/I/L). */
export const OFFICIAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Eight of them: 31^8, about 850 billion codes, for one that lives a few hours. */
export const OFFICIAL_CODE_LENGTH = 8;
/** How long a code is good for: the plate meeting to the end of a long game. */
export const OFFICIAL_CODE_MINUTES = 240;

/** Messages of the `rules` catalogue in one string (`encoded`), shown with `t.said`. */
export const OFFICIAL_MESSAGES = {
  codeInvalid: encoded('rules.official.codeInvalid'),
  codeFormat: encoded('rules.official.codeFormat', { length: OFFICIAL_CODE_LENGTH }),
  nameRequired: encoded('rules.official.nameRequired'),
  alreadySigned: encoded('rules.official.alreadySigned'),
  notHomeTeam: encoded('rules.official.notHomeTeam'),
  withdrawn: encoded('rules.official.withdrawn'),
  settleFirst: (count: number) => encoded('rules.official.settleFirst', { count }),
  notADifference: encoded('rules.official.notADifference'),
  tooManyCodes: (minutes: number) => encoded('rules.official.tooManyCodes', { minutes }),
} as const;

/**
 * Wrong codes a device may type before it waits: an official mistypes one or two; a guesser tries thousands (a code
 * of 8 characters from 32 has 10^12 values: at this pace, never).
 */
export const OFFICIAL_CODE_TRIES = { wrong: 10, windowMinutes: 10 } as const;

/** A code as typed: case, spaces and dashes do not matter ("k7f3 9qx2" is "K7F39QX2"). */
export function normalizeOfficialCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

/** "K7F3-9QX2": how a phone shows a code (two halves are easier to read out). */
export function formatOfficialCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A code alone, as the official types it to see what they are asked to sign. */
export const officialCodeSchema = z.object({
  code: z
    .string(OFFICIAL_MESSAGES.codeFormat)
    .transform(normalizeOfficialCode)
    .refine(
      (code) => code.length === OFFICIAL_CODE_LENGTH && [...code].every((c) => OFFICIAL_CODE_ALPHABET.includes(c)),
      OFFICIAL_MESSAGES.codeFormat,
    ),
});

export const officialSignatureSchema = z.object({
  code: z
    .string(OFFICIAL_MESSAGES.codeFormat)
    .transform(normalizeOfficialCode)
    .refine(
      (code) => code.length === OFFICIAL_CODE_LENGTH && [...code].every((c) => OFFICIAL_CODE_ALPHABET.includes(c)),
      OFFICIAL_MESSAGES.codeFormat,
    ),
  name: z
    .string(OFFICIAL_MESSAGES.nameRequired)
    .trim()
    .min(1, OFFICIAL_MESSAGES.nameRequired)
    .max(NAME_MAX, INPUT_MESSAGES.nameTooLong)
    .regex(ONE_LINE, INPUT_MESSAGES.nameOneLine),
  /**
   * For a disputed game: whose count stands for each pitcher whose two counts differ (the book of
   * the pitcher's own team, or the other dugout's). The official settles them before signing.
   */
  settle: z
    .array(z.object({ pitcherId: z.string(), bookTeamId: z.string() }))
    .max(60)
    .optional(),
});
