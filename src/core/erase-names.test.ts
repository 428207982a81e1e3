import { describe, expect, it } from 'vitest';
import { nameEraser } from './erase-names.ts';

const child = [{ firstName: 'Al', lastName: "O'Neil (Jr.)", birthDate: '2016-03-07' }];
const P = 'Removed player 4F2A9C';

describe('nameEraser', () => {
  it('replaces the full name, then the first and last names alone, whole words only, in any case', () => {
    const own = nameEraser(child, P, { parts: true });
    expect(own.text("Al O'Neil (Jr.) threw 5 more; AL's final count, o'neil (jr.) agreed")).toBe(
      `${P} threw 5 more; ${P}'s final count, ${P} agreed`,
    );
    // "Al" inside "final", "Alan" or "Sal" is not the child.
    expect(own.text('final: Alan and Sal')).toBe('final: Alan and Sal');
    expect(own.text("Al  O'Neil (Jr.) twice-spaced")).toBe(`${P} twice-spaced`);
  });

  it('replaces only the full name where a first name alone may be someone else', () => {
    const others = nameEraser(child, P, { parts: false });
    expect(others.text("Al O'Neil (Jr.) relieved Al Smith")).toBe(`${P} relieved Al Smith`);
    expect(others.terms).not.toContain('Al');
  });

  it('replaces the birth date as Bullpen and a person write it', () => {
    const own = nameEraser(child, P, { parts: true });
    expect(own.text('born 2016-03-07, or 03/07/2016, or 3/7/2016; not 2016-03-071')).toBe(
      `born ${P}, or ${P}, or ${P}; not 2016-03-071`,
    );
  });

  it('replaces every name and birth date the person had', () => {
    const renamed = nameEraser([...child, { firstName: 'Alvin', lastName: 'Oneil', birthDate: '2016-03-08' }], P, {
      parts: true,
    });
    expect(renamed.text('Alvin Oneil, born 2016-03-08, was Al before')).toBe(`${P}, born ${P}, was ${P} before`);
  });

  it('walks every string of a JSON value and keeps its shape and keys', () => {
    const own = nameEraser([{ firstName: 'Élodie', lastName: 'Brün', birthDate: null }], P, { parts: true });
    expect(
      own.json({ reason: 'élodie Brün', list: [{ said: { values: { name: 'Élodie' } } }, 3, null, true], Élodie: 1 }),
    ).toEqual({ reason: P, list: [{ said: { values: { name: P } } }, 3, null, true], Élodie: 1 });
  });
});
