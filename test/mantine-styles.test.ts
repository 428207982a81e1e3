import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * src/web/app/mantine.css imports Mantine's styles one component at a time (the whole file would
 * weigh 15 KB more on the login page). A component the app starts to use, or one a used component
 * renders inside it (Select's Combobox and Popover), would be unstyled without its line: this test
 * follows Mantine's own modules from every component the web imports to each stylesheet it needs.
 */
const ROOT = join(import.meta.dirname, '..');
const MANTINE = join(ROOT, 'node_modules/@mantine/core/esm');

function webFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The names the web imports from @mantine/core. */
function usedComponents(): Set<string> {
  const names = new Set<string>();
  for (const file of webFiles(join(ROOT, 'src/web'))) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of (list ?? '').split(',')) {
        const clean = name.replace(/^\s*type\s+/, '').trim();
        if (clean) names.add(clean);
      }
    }
  }
  return names;
}

/** Every stylesheet Mantine's modules for `names` use, following their imports. */
function neededStyles(names: Set<string>): Set<string> {
  const index = readFileSync(join(MANTINE, 'index.mjs'), 'utf8');
  const pending: string[] = [];
  for (const name of names) {
    const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "([^"]+)"`).exec(index)?.[1];
    if (from) pending.push(normalize(join(MANTINE, from)));
  }
  const seen = new Set<string>();
  const styles = new Set<string>();
  while (pending.length) {
    const file = pending.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const [, imported] of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
      const path = normalize(join(dirname(file), imported ?? ''));
      if (path.endsWith('.module.mjs')) styles.add(path.replace(/^.*\/([^/]+)\.module\.mjs$/, '$1'));
      else pending.push(path);
    }
  }
  return styles;
}

describe("the app's Mantine styles", () => {
  const imported = new Set(
    [
      ...readFileSync(join(ROOT, 'src/web/app/mantine.css'), 'utf8').matchAll(/@mantine\/core\/styles\/([^.]+)\.css/g),
    ].map(([, name]) => name as string),
  );

  it('has the stylesheet of every component the app uses, and of those they render', () => {
    const needed = neededStyles(usedComponents());
    expect(needed.size).toBeGreaterThan(20);
    expect([...needed].filter((name) => !imported.has(name)).sort()).toEqual([]);
  });

  it('has no stylesheet nothing uses', () => {
    const needed = neededStyles(usedComponents());
    const base = ['baseline', 'default-css-variables', 'global'];
    expect([...imported].filter((name) => !needed.has(name) && !base.includes(name)).sort()).toEqual([]);
  });

  it('finds what a component renders inside it', () => {
    expect([...neededStyles(new Set(['Select']))].sort()).toEqual(
      expect.arrayContaining(['Combobox', 'Input', 'Popover', 'ScrollArea']),
    );
  });
});
