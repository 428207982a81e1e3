import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Citation, citationsIn, commentsOf, missingSection } from './citations.ts';

/**
 * Everything a comment or a doc cites lives in the repository: a clone has no issue tracker, no
 * product specification and no reference desk beside it, so a citation of one of those sends a
 * newcomer nowhere (the fixtures below show each kind). A cited path or decision record must exist.
 */
const root = resolve(import.meta.dirname, '..');

/** The folders and root files whose comments and text are read. */
const scanned = ['src', 'test', 'bench', 'scripts', 'bin', 'docs'];
const skipped = new Set(['node_modules', 'dist', 'data', '.data-test', 'test-results', 'playwright-report']);
const read = /\.(ts|tsx|mjs|js|cjs|css|md|graphql|html)$/;

function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (skipped.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...filesUnder(path));
    else if (read.test(name)) files.push(path);
  }
  return files;
}

function repositoryFiles(): string[] {
  const atRoot = readdirSync(root)
    .filter((name) => /\.md$|\.config\.ts$/.test(name))
    .map((name) => join(root, name));
  return [...atRoot, ...scanned.flatMap((dir) => filesUnder(join(root, dir)))];
}

const decisions = readdirSync(join(root, 'docs/decisions'));

/** What the repository lacks of what `cited` names, read from the file at `from`; undefined when it holds it. */
function lacks(from: string, cited: Citation): string | undefined {
  if (cited.kind === 'decision') return decisions.some((name) => name.startsWith(`${cited.text}-`)) ? undefined : '';
  const record = /^docs\/decisions\/(\d{4})$/.exec(cited.text);
  if (record) return decisions.some((name) => name.startsWith(`${record[1]}-`)) ? undefined : '';
  if (cited.kind === 'anchor') return missingSection(readFileSync(from, 'utf8'), cited.text);
  if (cited.kind === 'path') {
    const candidates = [resolve(dirname(from), cited.text), resolve(root, cited.text)];
    // A bare document name ("domain.md") is read as one of docs/.
    if (!cited.text.includes('/')) candidates.push(resolve(root, 'docs', cited.text));
    const found = candidates.find((candidate) => candidate.startsWith(root) && existsSync(candidate));
    if (!found) return '';
    if (!cited.section || !found.endsWith('.md')) return undefined;
    const section = missingSection(readFileSync(found, 'utf8'), cited.section);
    return section === undefined ? undefined : `, ${section}`;
  }
  return ''; // 'issue', 'spec', 'shared': nothing a clone holds
}

describe('citations', () => {
  it('finds each kind of citation a clone cannot follow, and the paths to check', () => {
    const comment = [
      'Pitch log (issue 6; pitch-rules.md, "Roster import"), spec §2, Dashboard; §8.',
      'security.md items 14 and 17; ../shared/stack.md, trap 5; decision 0016 and decisions 0019, 0023 (decisions/0025).',
      'See docs/domain.md#rules-engine, [the record](../decisions/0034-the-pitch-record.md) and src/core/rules/rule.ts.',
    ].join('\n');
    expect(citationsIn(comment).map((c) => `${c.kind} ${c.text}`)).toEqual([
      'issue issue 6',
      'path pitch-rules.md',
      'spec spec §2',
      'spec §8',
      'path security.md',
      'shared ../shared',
      'decision 0016',
      'decision 0019',
      'decision 0023',
      'decision 0025',
      'path docs/domain.md',
      'path ../decisions/0034-the-pitch-record.md',
      'path src/core/rules/rule.ts',
    ]);
  });

  it('reads comments, not code', () => {
    const source = [
      "const a = 'issue 6'; // says docs/x.md",
      '/* block',
      ' * spanning lines */ const b = 1;',
      '{/* JSX */}',
    ].join('\n');
    expect(commentsOf('x.ts', source)).toEqual([
      { line: 1, text: ' says docs/x.md' },
      { line: 2, text: ' block' },
      { line: 3, text: ' * spanning lines ' },
      { line: 4, text: ' JSX ' },
    ]);
  });

  it('reads the heading a citation names, and finds it or not', () => {
    const cited = citationsIn('See docs/x.md, Dashboard and Roles; y.md#a-b; docs/z.md, end to end.');
    expect(cited.map((c) => c.section)).toEqual(['Dashboard and Roles', '#a-b', undefined]);
    const page = '# Page\n\n## A-b\n\n### Dashboard\n\n## Security requirements\n\n1. One.\n2. Two.\n';
    expect(missingSection(page, 'Dashboard and Roles')).toBe('Roles');
    expect(missingSection(page, '#a-b')).toBeUndefined();
    expect(missingSection(page, '#dashboard')).toBeUndefined();
    expect(missingSection(page, 'security requirements 1 and 2')).toBeUndefined();
    expect(missingSection(page, 'security requirement 3')).toBe('3');
  });

  it('every path, document, decision record a comment or doc cites exists in the repository', () => {
    const missing: string[] = [];
    for (const file of repositoryFiles()) {
      const name = relative(root, file);
      for (const { line, text } of commentsOf(name, readFileSync(file, 'utf8'))) {
        for (const cited of citationsIn(text)) {
          const lacking = lacks(file, cited);
          if (lacking !== undefined) missing.push(`${name}:${line}: ${cited.text}${lacking}`);
        }
      }
    }
    expect(missing, `cited, but not in the repository:\n${missing.join('\n')}`).toEqual([]);
  });
});
