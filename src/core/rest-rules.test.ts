import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import en from './i18n/catalogues/en/rest-rules.json';
import es from './i18n/catalogues/es/rest-rules.json';
import { compileCatalogue } from './i18n/compile.ts';
import type { Locale } from './i18n/locales.ts';
import { translator } from './i18n/translator.ts';
import { describeIntervals, formatAges, formatInterval } from './rest-rules.ts';

/** A translator of the rest rules' messages alone, as the browser and the server make one. */
function translatorIn(locale: Locale, messages: Record<string, string>) {
  const i18n = setupI18n({ locale, messages: { [locale]: compileCatalogue(messages, locale) } });
  return translator((id, values) => i18n._(id, values), locale);
}
const english = translatorIn('en', en);
const spanish = translatorIn('es', es);

describe('a rule’s intervals in words', () => {
  it('writes the ages a league writes', () => {
    expect(formatAges(english, { pitchCount: 1, daysRest: 0 })).toBe('');
    expect(formatAges(english, { pitchCount: 1, daysRest: 0, minAge: 15, maxAge: 16 })).toBe('15-16');
    expect(formatAges(english, { pitchCount: 1, daysRest: 0, minAge: 15, maxAge: 15 })).toBe('15');
    expect(formatAges(english, { pitchCount: 1, daysRest: 0, minAge: 13, maxAge: null })).toBe('13+');
    expect(formatAges(english, { pitchCount: 1, daysRest: 0, minAge: null, maxAge: 14 })).toBe('up to 14');
    expect(formatAges(spanish, { pitchCount: 1, daysRest: 0, minAge: null, maxAge: 14 })).toBe('hasta 14');
  });

  it('writes an interval as the spec’s tooltip does, with its ages', () => {
    expect(formatInterval(english, { pitchCount: 36, daysRest: 1 })).toBe('36 → 1 d');
    expect(formatInterval(english, { pitchCount: 1, daysRest: 0, minAge: 15 })).toBe('1 → 0 d (ages 15+)');
    expect(formatInterval(spanish, { pitchCount: 1, daysRest: 0, minAge: 15 })).toBe('1 → 0 d (edades 15+)');
  });

  it('lists the intervals by days of rest, then pitch count', () => {
    const intervals = [
      { pitchCount: 66, daysRest: 3 },
      { pitchCount: 1, daysRest: 0 },
      { pitchCount: 21, daysRest: 1, maxAge: 14 },
    ];
    expect(describeIntervals(english, intervals)).toEqual(['1 → 0 d', '21 → 1 d (ages up to 14)', '66 → 3 d']);
    expect(describeIntervals(spanish, intervals)).toEqual(['1 → 0 d', '21 → 1 d (edades hasta 14)', '66 → 3 d']);
  });
});
