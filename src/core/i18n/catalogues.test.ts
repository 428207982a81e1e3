import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from './compile.ts';
import { LOCALES } from './locales.ts';

/**
 * The catalogues agree: every language has every file and every key of the English one (the
 * source) and no other, and each message's placeholders, plural and select forms and `<0>` tags
 * are the same in every language, so no reader meets an id or a `{name}` left unfilled.
 */
const FOLDER = join(import.meta.dirname, 'catalogues');

function files(locale: string): string[] {
  return readdirSync(join(FOLDER, locale), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .sort();
}

function read(locale: string, file: string): Record<string, string> {
  return JSON.parse(readFileSync(join(FOLDER, locale, file), 'utf8')) as Record<string, string>;
}

/** A message's shape: each argument with how it is used, each plural's or select's cases, each tag. */
export function shape(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') {
        for (const tag of token.value.match(/<\/?\d+\/?>/g) ?? []) found.add(`tag ${tag}`);
      } else if (token.type === 'argument') found.add(`{${token.arg}}`);
      else if (token.type === 'function') found.add(`{${token.arg}, ${token.key}}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        const keys = token.cases.map((c) => c.key);
        // Plural forms are the language's own (Spanish has 'many' where English has none): only
        // 'other' must be there; a select's cases and exact plurals (=0) must match.
        const fixed = token.type === 'select' ? keys : keys.filter((k) => k.startsWith('=') || k === 'other');
        found.add(`{${token.arg}, ${token.type}, ${fixed.sort().join(' ')}}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { strict: false }));
  return [...found].sort();
}

describe('the catalogues', () => {
  const english = files('en');

  it('have English files', () => {
    expect(english.length).toBeGreaterThan(0);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has the same files as English`, () => {
      expect(files(locale)).toEqual(english);
    });

    for (const file of english) {
      it(`${locale}/${file} has every key of en/${file}, and no other`, () => {
        expect(Object.keys(read(locale, file)).sort()).toEqual(Object.keys(read('en', file)).sort());
      });

      it(`${locale}/${file}: each message has the placeholders, forms and tags of its English`, () => {
        const source = read('en', file);
        const translated = read(locale, file);
        const differing = Object.keys(source)
          .filter((id) => id in translated)
          .filter(
            (id) => JSON.stringify(shape(translated[id] as string)) !== JSON.stringify(shape(source[id] as string)),
          )
          .map(
            (id) =>
              `${id}: ${JSON.stringify(shape(source[id] as string))} in English, ${JSON.stringify(shape(translated[id] as string))}`,
          );
        expect(differing).toEqual([]);
        expect(Object.values(translated).filter((m) => m.trim() === '')).toEqual([]);
      });
    }
  }

  for (const locale of LOCALES) {
    it(`${locale}: every message compiles, and no id is in two files`, () => {
      const seen = new Map<string, string>();
      for (const file of files(locale)) {
        const messages = read(locale, file);
        expect(() => compileCatalogue(messages, file)).not.toThrow();
        for (const id of Object.keys(messages)) {
          expect(seen.get(id), `${id} is in ${seen.get(id)} and ${file}`).toBeUndefined();
          seen.set(id, file);
        }
      }
    });
  }

  it("finds a missing placeholder, a select's missing case and a lost tag", () => {
    expect(shape('At {count} pitches {name} owes rest')).not.toEqual(shape('A los {count} lanzamientos debe descanso'));
    expect(shape('{role, select, coach {Coach} other {Parent}}')).not.toEqual(shape('{role, select, other {Padre}}'));
    expect(shape('<0>Bold</0> text')).not.toEqual(shape('texto'));
    expect(shape('{n, plural, one {# pitch} other {# pitches}}')).toEqual(
      shape('{n, plural, one {# lanzamiento} many {# de lanzamientos} other {# lanzamientos}}'),
    );
  });
});
