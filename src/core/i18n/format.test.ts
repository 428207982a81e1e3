import { describe, expect, it } from 'vitest';
import { formatClock, formatDay } from './format.ts';

describe('a reader’s format', () => {
  it('writes a game’s start time as the reader’s language writes times, whatever the machine’s zone', () => {
    expect(formatClock('en', '17:30')).toBe('5:30 PM');
    expect(formatClock('en', '09:05')).toBe('9:05 AM');
    expect(formatClock('es', '17:30')).toBe('17:30');
    expect(formatClock('es', '09:05')).toBe('9:05');
    // Not a wall-clock time: left as it is.
    expect(formatClock('en', '25:00')).toBe('25:00');
  });

  it('writes a calendar day in UTC, so no zone moves it', () => {
    expect(formatDay('en', '2027-04-12', 'weekdayShort')).toBe('Mon, Apr 12');
    expect(formatDay('es', '2027-04-12', 'weekdayShort')).toBe('lun, 12 abr');
  });
});
