import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../core/i18n/locales.ts';

/**
 * A row action's button shows a short label ("Roll Season") and is named for its row ("Roll Season
 * Fall 2026") so a screen reader tells the rows apart. Whoever speaks the label to their device must
 * reach the button: the name holds the label's words as written (WCAG 2.5.3, axe's
 * label-content-name-mismatch), in every language.
 */
const WEB = join(import.meta.dirname, '..');
const CATALOGUES = join(import.meta.dirname, '../../core/i18n/catalogues');

function catalogue(locale: string): Record<string, string> {
  const all: Record<string, string> = {};
  for (const file of readdirSync(join(CATALOGUES, locale), { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.json')) Object.assign(all, JSON.parse(readFileSync(join(CATALOGUES, locale, file), 'utf8')));
  }
  return all;
}

/** Every `label: t('a'…), name: t('b'…)` of the web app's sources: the action's label and name ids. */
function actionPairs(): { file: string; label: string; name: string }[] {
  const pairs: { file: string; label: string; name: string }[] = [];
  for (const file of readdirSync(WEB, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.tsx') || file.includes('.test.')) continue;
    const source = readFileSync(join(WEB, file), 'utf8');
    for (const m of source.matchAll(/label: t\('([\w.]+)'[^)]*\),\s*name: t\('([\w.]+)'/g)) {
      pairs.push({ file, label: m[1] as string, name: m[2] as string });
    }
  }
  return pairs;
}

describe("a row action's name holds its label", () => {
  const pairs = actionPairs();

  it('finds the row actions', () => {
    expect(pairs.length).toBeGreaterThan(20);
  });

  for (const locale of LOCALES) {
    it(`in ${locale}`, () => {
      const said = catalogue(locale);
      const mismatched = pairs
        .filter(({ label, name }) => !(said[name] ?? '').toLowerCase().includes((said[label] ?? '?').toLowerCase()))
        .map(({ file, label, name }) => `${file}: "${said[label]}" not in "${said[name]}"`);
      expect(mismatched).toEqual([]);
    });
  }
});
