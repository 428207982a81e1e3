import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A source file a reader must hold whole stays under 500 lines, or says in its own words why it is longer
 * ("Over 500 lines on purpose: ..."), so a long file is a choice someone made, not one that grew.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LIMIT = 500;
// Across a comment's line breaks too.
const REASON = /over 500 lines[\s*/]+on[\s*/]+purpose/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const source = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    // The schema's types for the web's documents are generated (npm run schema:print), not read.
    return source && entry.name !== 'graphql-env.d.ts' ? [path] : [];
  });
}

describe('source files', () => {
  it(`are under ${LIMIT} lines, or say why not`, () => {
    const unexplained = sourceFiles(join(root, 'src'))
      .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
      .filter(({ text }) => text.split('\n').length > LIMIT && !REASON.test(text))
      .map(({ path, text }) => `${relative(root, path)}: ${text.split('\n').length} lines`);
    expect(unexplained).toEqual([]);
  });
});
