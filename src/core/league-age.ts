import { type LocalDate, parseLocalDate } from './local-date.ts';

/**
 * How a rulebook reads a player's age (docs/domain.md, A rule):
 * - `cutoff`: league age, the age on a cutoff day of the season's year, or of the year before
 *   (Little League baseball: August 31 of the season year; Little League softball: December 31
 *   of the previous year);
 * - `actual`: the age on the game date (PONY applies Pitch Smart by actual age).
 */
export type AgeBasis = { kind: 'cutoff'; month: number; day: number; yearOffset: 0 | -1 } | { kind: 'actual' };

/** Little League baseball's league age, the default where a league's rule names none. */
export const LITTLE_LEAGUE_BASEBALL_AGE: AgeBasis = { kind: 'cutoff', month: 8, day: 31, yearOffset: 0 };

/** Completed years between a birth date and a date (a February 29 birthday turns over on March 1). */
export function ageOn(birthDate: LocalDate, date: LocalDate): number {
  const born = parseLocalDate(birthDate);
  const on = parseLocalDate(date);
  let age = on.year - born.year;
  if (on.month < born.month || (on.month === born.month && on.day < born.day)) age -= 1;
  return age;
}

/**
 * The age a rule uses for a player on a date: the actual age then, or the age on the cutoff of
 * that date's season year (the calendar year of `date`, or the year before it).
 */
export function leagueAge(birthDate: LocalDate, date: LocalDate, basis: AgeBasis = LITTLE_LEAGUE_BASEBALL_AGE): number {
  if (basis.kind === 'actual') return ageOn(birthDate, date);
  const year = parseLocalDate(date).year + basis.yearOffset;
  const lastDay = new Date(Date.UTC(year, basis.month, 0)).getUTCDate();
  const cutoff = `${String(year).padStart(4, '0')}-${String(basis.month).padStart(2, '0')}-${String(Math.min(basis.day, lastDay)).padStart(2, '0')}`;
  return ageOn(birthDate, cutoff);
}
