import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { type CompiledMessage, pseudoMessage } from './pseudo.ts';

const pseudo = (icu: string) => pseudoMessage(compileMessage(icu) as CompiledMessage);

describe('the pseudo-locale', () => {
  it('accents every letter and lengthens the message, in short words that wrap', () => {
    const [text, padding] = pseudo('Sign out') as string[];
    expect(text).toBe('Šíĝñ óúŧ');
    expect(padding).toMatch(/^ ·+$/);
    expect((pseudo('Pitching outside the league counts for rest too.') as string[]).join('')).toMatch(/ ···· ···· /);
  });

  it('keeps placeholders, plural forms, # and tags', () => {
    expect(pseudo('At {count} pitches')).toEqual(['Áŧ ', ['count'], ' þíŧçĥéš', ' ···· ··']);
    const [plural] = pseudo('{n, plural, one {# pitch} other {# pitches}}') as [
      [string, string, Record<string, unknown>],
    ];
    expect(plural[2]).toEqual({ one: ['#', ' þíŧçĥ'], other: ['#', ' þíŧçĥéš'] });
    expect((pseudo('<0>Bold</0> text') as string[])[0]).toBe('<0>Ɓóĺđ</0> ŧéẋŧ');
  });
});
