import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, LITTLE_LEAGUE_BASEBALL_AGE, leagueAge } from './league-age.ts';
import { addDays } from './local-date.ts';

describe('ageOn', () => {
  it('counts completed years', () => {
    expect(ageOn('2015-06-15', '2027-06-14')).toBe(11);
    expect(ageOn('2015-06-15', '2027-06-15')).toBe(12);
  });
  it('turns a February 29 birthday over on March 1 in other years', () => {
    expect(ageOn('2016-02-29', '2027-02-28')).toBe(10);
    expect(ageOn('2016-02-29', '2027-03-01')).toBe(11);
  });
});

describe('leagueAge', () => {
  it('reads Little League baseball age on August 31 of the season year', () => {
    // Born September 1, 2016: 10 on August 31, 2027, although 11 by the fall.
    expect(leagueAge('2016-09-01', '2027-04-10', LITTLE_LEAGUE_BASEBALL_AGE)).toBe(10);
    expect(leagueAge('2016-08-31', '2027-04-10', LITTLE_LEAGUE_BASEBALL_AGE)).toBe(11);
  });
  it('reads Little League softball age on December 31 of the previous year', () => {
    const softball = { kind: 'cutoff', month: 12, day: 31, yearOffset: -1 } as const;
    expect(leagueAge('2015-12-31', '2027-05-01', softball)).toBe(11);
    expect(leagueAge('2016-01-01', '2027-05-01', softball)).toBe(10);
  });
  it('reads the actual age on the game date', () => {
    expect(leagueAge('2015-06-15', '2027-06-14', { kind: 'actual' })).toBe(11);
  });
  it('is the same for every date of one season year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 }), fc.integer({ min: 0, max: 5000 }), (offset, born) => {
        const birth = addDays('2010-01-01', born);
        expect(leagueAge(birth, addDays('2027-01-01', offset))).toBe(leagueAge(birth, '2027-01-01'));
      }),
    );
  });
});
