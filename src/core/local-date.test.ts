import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, daysBetween, isLocalDate, todayIn } from './local-date.ts';

describe('local dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isLocalDate('2027-02-28')).toBe(true);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2027-02-29')).toBe(false);
    expect(isLocalDate('2027-2-3')).toBe(false);
    expect(isLocalDate('03/04/2027')).toBe(false);
  });
  it('takes years a person may enter, and counts past them (9999-12-31 crashed the status grid)', () => {
    expect(isLocalDate('1899-12-31')).toBe(false);
    expect(isLocalDate('2999-12-31')).toBe(true);
    expect(isLocalDate('9999-12-31')).toBe(false);
    expect(addDays('2999-12-31', 400)).toBe('3001-02-04');
  });
  it('counts calendar days across daylight-saving changes and years', () => {
    expect(addDays('2027-03-13', 1)).toBe('2027-03-14');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2027-03-01', '2027-11-08')).toBe(252);
  });
  it('knows the weekday: Monday with rest 4 is eligible Saturday (docs/domain.md, A day)', () => {
    expect(dayOfWeek('2027-04-05')).toBe(1);
    expect(dayOfWeek(addDays('2027-04-05', 4 + 1))).toBe(6);
  });
  it('adds and subtracts consistently', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40000 }), fc.integer({ min: -1000, max: 1000 }), (start, days) => {
        const from = addDays('1950-01-01', start);
        expect(daysBetween(from, addDays(from, days))).toBe(days);
      }),
    );
  });
  it('reads today in the league time zone, not the server one', () => {
    const instant = new Date('2027-04-06T02:30:00Z');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2027-04-05');
    expect(todayIn('Europe/Berlin', instant)).toBe('2027-04-06');
  });
});
