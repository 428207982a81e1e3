import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC, printedSchema, SCHEMA_FILE, withPolicyTable } from './print.ts';

describe('generated docs (run `npm run schema:print` after changing the schema or the policy table)', () => {
  it('docs/schema.graphql matches the schema the server serves', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });

  it('the policy table in docs/api.md matches POLICIES', () => {
    // The formatter pads table cells; compare cell by cell.
    const cells = (markdown: string) =>
      markdown
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .map((line) =>
          line
            .split('|')
            .map((cell) => cell.trim().replace(/^-+$/, '-'))
            .join('|'),
        );
    const doc = readFileSync(API_DOC, 'utf8');
    expect(cells(doc)).toEqual(cells(withPolicyTable(doc)));
  });
});
