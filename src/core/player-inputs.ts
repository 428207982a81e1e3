import { z } from 'zod';
import { INPUT_MESSAGES, NAME_MAX, ONE_LINE } from './admin-inputs.ts';
import { encoded } from './i18n/messages.ts';
import { formatLocalDate, isLocalDate, type LocalDate, parseLocalDate } from './local-date.ts';

/**
 * A player's fields, checked with the same schemas by the Player form in the browser,
 * by createPlayer/updatePlayer on the server and row by row by the roster import. Messages of the
 * `rules` catalogue in one string (`encoded`), shown with `t.said`.
 */
export const PLAYER_MESSAGES = {
  firstNameRequired: INPUT_MESSAGES.firstNameRequired,
  lastNameRequired: INPUT_MESSAGES.lastNameRequired,
  firstNameTooLong: encoded('rules.player.firstNameTooLong', { max: NAME_MAX }),
  lastNameTooLong: encoded('rules.player.lastNameTooLong', { max: NAME_MAX }),
  firstNameOneLine: encoded('rules.player.firstNameOneLine'),
  lastNameOneLine: encoded('rules.player.lastNameOneLine'),
  birthDateRequired: encoded('rules.player.birthDateRequired'),
  birthDateInvalid: encoded('rules.player.birthDateInvalid'),
  birthDateFuture: encoded('rules.player.birthDateFuture'),
  birthDateToday: encoded('rules.player.birthDateToday'),
  birthDateTooOld: encoded('rules.player.birthDateTooOld'),
  jerseyInvalid: encoded('rules.player.jerseyInvalid'),
} as const;

/**
 * Youth leagues end with college-age summer ball (Pitch Smart's table stops at 22), so a birth
 * date further back than this is a typo in the year, not a player.
 */
export const OLDEST_PLAYER_YEARS = 30;

/** The earliest birth date a player may have on `today`: the same day, OLDEST_PLAYER_YEARS earlier. */
export function earliestBirthDate(today: LocalDate): LocalDate {
  const { year, month, day } = parseLocalDate(today);
  // February 29 of a leap year maps to March 1, which only makes the bound a day stricter.
  return formatLocalDate(year - OLDEST_PLAYER_YEARS, month, day);
}

/** Digits as text, so '00' and '07' stay different jerseys (a number would make both 0 and 7). */
export const jerseySchema = z
  .string(PLAYER_MESSAGES.jerseyInvalid)
  .trim()
  .regex(/^\d{1,3}$/, PLAYER_MESSAGES.jerseyInvalid);

/** A birth date on `today` (the league's calendar date, which the caller knows and the core does not). */
export function birthDateSchema(today: LocalDate) {
  if (!isLocalDate(today)) throw new RangeError(`today must be a date (YYYY-MM-DD): ${String(today)}`);
  const earliest = earliestBirthDate(today);
  // zod runs every check unless one aborts: a date gets one message, the first that applies.
  return (
    z
      .string(PLAYER_MESSAGES.birthDateRequired)
      .trim()
      .min(1, { message: PLAYER_MESSAGES.birthDateRequired, abort: true })
      .refine(isLocalDate, { message: PLAYER_MESSAGES.birthDateInvalid, abort: true })
      .refine((date) => date <= today, { message: PLAYER_MESSAGES.birthDateFuture, abort: true })
      // Born today is a slip of the date picker (its default), never a player.
      .refine((date) => date < today, { message: PLAYER_MESSAGES.birthDateToday, abort: true })
      .refine((date) => date >= earliest, PLAYER_MESSAGES.birthDateTooOld)
  );
}

const personName = (required: string, tooLong: string, notOneLine: string) =>
  z.string(required).trim().normalize('NFC').min(1, required).max(NAME_MAX, tooLong).regex(ONE_LINE, notOneLine);

export const firstNameSchema = personName(
  PLAYER_MESSAGES.firstNameRequired,
  PLAYER_MESSAGES.firstNameTooLong,
  PLAYER_MESSAGES.firstNameOneLine,
);
export const lastNameSchema = personName(
  PLAYER_MESSAGES.lastNameRequired,
  PLAYER_MESSAGES.lastNameTooLong,
  PLAYER_MESSAGES.lastNameOneLine,
);

/** The Player form and createPlayer/updatePlayer: names trimmed; a missing or blank jersey is none (null). */
export function playerSchema(today: LocalDate) {
  return z.object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    birthDate: birthDateSchema(today),
    jerseyNumber: z
      .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), jerseySchema.nullish())
      .transform((value) => value ?? null),
  });
}

export type PlayerInput = z.input<ReturnType<typeof playerSchema>>;
export type PlayerFields = z.output<ReturnType<typeof playerSchema>>;
