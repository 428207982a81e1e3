import { describe, expect, it } from 'vitest';
import { textInEnglish } from './i18n/messages.ts';
import './i18n/testing.ts';
import { earliestBirthDate, PLAYER_MESSAGES, playerSchema } from './player-inputs.ts';

const schema = playerSchema('2027-01-15');
const ok = { firstName: ' Ana ', lastName: 'Diaz', birthDate: '2015-04-02' };

describe('playerSchema', () => {
  it('trims names and keeps jersey digits as written', () => {
    expect(schema.parse({ ...ok, jerseyNumber: '07' })).toEqual({
      firstName: 'Ana',
      lastName: 'Diaz',
      birthDate: '2015-04-02',
      jerseyNumber: '07',
    });
    expect(schema.parse({ ...ok, jerseyNumber: ' 00 ' }).jerseyNumber).toBe('00');
  });

  it.each([[undefined], [null], [''], ['  ']])('reads jersey %j as no jersey', (jerseyNumber) => {
    expect(schema.parse({ ...ok, jerseyNumber }).jerseyNumber).toBeNull();
  });

  it.each([
    [{ firstName: '' }, PLAYER_MESSAGES.firstNameRequired],
    [{ firstName: undefined }, 'First name is required'],
    [{ lastName: '  ' }, 'Last name is required'],
    [{ firstName: 'A'.repeat(101) }, 'First name must be at most 100 characters'],
    [{ lastName: 'D'.repeat(101) }, 'Last name must be at most 100 characters'],
    [{ birthDate: '' }, 'Birth date is required'],
    [{ birthDate: undefined }, 'Birth date is required'],
    [{ birthDate: '2015-02-30' }, 'Birth date must be a date (YYYY-MM-DD)'],
    [{ birthDate: '4/2/2015' }, 'Birth date must be a date (YYYY-MM-DD)'],
    [{ birthDate: '2027-01-16' }, 'Birth date is in the future'],
    [{ birthDate: '1997-01-14' }, 'Birth date is more than 30 years ago: check the year'],
    [{ jerseyNumber: '1000' }, 'Jersey number must be 0 to 999 (digits only)'],
    [{ jerseyNumber: '-1' }, 'Jersey number must be 0 to 999 (digits only)'],
    [{ jerseyNumber: '7a' }, 'Jersey number must be 0 to 999 (digits only)'],
    [{ jerseyNumber: 7 }, 'Jersey number must be 0 to 999 (digits only)'],
    [{ firstName: 'x\n=HYPERLINK("http://evil.example")' }, PLAYER_MESSAGES.firstNameOneLine],
    [{ firstName: 'Ana\tB' }, 'First name must be one line, without line breaks, tabs or other control characters'],
    [{ lastName: 'Di\r\n+cmd' }, 'Last name must be one line, without line breaks, tabs or other control characters'],
    [{ lastName: 'Di\u0085az' }, PLAYER_MESSAGES.lastNameOneLine],
    [{ lastName: 'Di\u2028az' }, PLAYER_MESSAGES.lastNameOneLine],
  ])('refuses %j: %s', (change, message) => {
    const result = schema.safeParse({ ...ok, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => textInEnglish(issue.message))).toEqual([textInEnglish(message)]);
  });

  it('drops a line break a paste left at either end, and keeps a hyphen or an apostrophe', () => {
    expect(schema.parse({ ...ok, firstName: 'Mary-Jane\r\n', lastName: "\tO'Brien" })).toMatchObject({
      firstName: 'Mary-Jane',
      lastName: "O'Brien",
    });
  });

  it('accepts a 100-character name, a birth date of yesterday and one of exactly 30 years ago', () => {
    expect(schema.safeParse({ ...ok, firstName: 'A'.repeat(100) }).success).toBe(true);
    expect(schema.safeParse({ ...ok, birthDate: '2027-01-14' }).success).toBe(true);
    expect(schema.safeParse({ ...ok, birthDate: '1997-01-15' }).success).toBe(true);
  });

  it('judges birth dates against the today it is given, not the machine clock', () => {
    expect(playerSchema('2010-06-01').safeParse({ ...ok, birthDate: '2015-04-02' }).success).toBe(false);
    expect(playerSchema('2060-06-01').safeParse({ ...ok, birthDate: '2015-04-02' }).success).toBe(false);
  });

  it('refuses a today that is not a date', () => {
    expect(() => playerSchema('2027-13-01')).toThrow(RangeError);
  });
});

describe('earliestBirthDate', () => {
  it('is the same calendar day 30 years back, a leap day rolling to March 1', () => {
    expect(earliestBirthDate('2027-01-15')).toBe('1997-01-15');
    expect(earliestBirthDate('2028-02-29')).toBe('1998-03-01');
  });
});

describe('names and birth dates that look right and are not', () => {
  const today = '2027-04-12';
  const fields = { firstName: 'Ana', lastName: 'Diaz', birthDate: '2015-04-02' };
  const problemOf = (input: Record<string, unknown>) => {
    const parsed = playerSchema(today).safeParse({ ...fields, ...input });
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('composes names (NFC): a decomposed é is the same name as a composed one', () => {
    const parsed = playerSchema(today).parse({ ...fields, firstName: 'Jose\u0301' });
    expect(parsed.firstName).toBe('Jos\u00e9');
  });

  it('refuses a direction override, a zero-width character or half a surrogate pair in a name', () => {
    for (const firstName of ['A\u202Ena', 'An\u200Ba', '\u2066Ana\u2069', 'An\uFEFFa', 'Ana\uD800', '\uDC00Ana']) {
      expect(problemOf({ firstName }), JSON.stringify(firstName)).toBe(PLAYER_MESSAGES.firstNameOneLine);
    }
    // Letters of any script stay: names are the family's.
    expect(problemOf({ firstName: 'Zoë', lastName: 'Nguyễn' })).toBeNull();
    expect(problemOf({ firstName: '\u{1F600}' })).toBeNull();
  });

  it('refuses a birth date of today, as it refuses one in the future', () => {
    expect(problemOf({ birthDate: today })).toBe(PLAYER_MESSAGES.birthDateToday);
    expect(problemOf({ birthDate: '2027-04-13' })).toBe(PLAYER_MESSAGES.birthDateFuture);
    expect(problemOf({ birthDate: '2027-04-11' })).toBeNull();
  });
});
