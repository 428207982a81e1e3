import { describe, expect, it } from 'vitest';
import { textInEnglish } from './i18n/messages.ts';
import './i18n/testing.ts';
import { gameSchema, OUTING_MESSAGES, outsideOutingDateProblem, outsideOutingSchema } from './outing-inputs.ts';

const game = { date: '2027-05-10', homeTeamId: 'a', opponentName: 'River City' };
const outside = { date: '2027-05-10', description: 'travel team vs Eagles', pitches: 30 };
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => textInEnglish(issue.message)) ?? [];

describe('one-line names of games and outside outings', () => {
  it.each(['River City\n=HYPERLINK("http://evil.example","click")', 'River\tCity', 'River\u0007City'])(
    'refuses the outside opponent %j',
    (opponentName) => {
      expect(messages(gameSchema.safeParse({ ...game, opponentName }))).toEqual([
        textInEnglish(OUTING_MESSAGES.opponentOneLine),
      ]);
    },
  );

  it('takes an opponent whose name has a hyphen, and drops a line break a paste left at its end', () => {
    expect(gameSchema.parse({ ...game, opponentName: 'Winston-Salem\r\n' }).opponentName).toBe('Winston-Salem');
  });

  it('refuses an outside outing whose place spans lines', () => {
    expect(messages(outsideOutingSchema.safeParse({ ...outside, description: 'Eagles\n+1+1' }))).toEqual([
      'Where it was pitched must be one line, without line breaks, tabs or other control characters',
    ]);
  });
});

describe('outsideOutingDateProblem', () => {
  const on = { today: '2027-04-12', birthDate: '2015-04-02' };
  it('takes a day from a year back to today', () => {
    expect(outsideOutingDateProblem('2027-04-12', on)).toBeNull();
    expect(outsideOutingDateProblem('2026-04-12', on)).toBeNull();
  });
  it('refuses after today, before the child was born, and more than a year back', () => {
    expect(outsideOutingDateProblem('2027-04-13', on)).toBe(OUTING_MESSAGES.afterToday('2027-04-12'));
    expect(outsideOutingDateProblem('2026-04-11', on)).toBe(OUTING_MESSAGES.tooLongAgo('2026-04-12'));
    expect(outsideOutingDateProblem('2027-01-01', { ...on, birthDate: '2027-02-01' })).toBe(
      OUTING_MESSAGES.beforeBirth('2027-02-01'),
    );
  });
});
