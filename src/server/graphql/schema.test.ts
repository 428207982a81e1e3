import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POLICY_DOC, printedPolicyDoc, printedSchema, SCHEMA_FILE } from './print.ts';

describe('generated docs (run `npm run schema:print` after changing the schema or the policy table)', () => {
  it('docs/schema.graphql matches the schema the server serves', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });

  it('docs/policy-table.md matches POLICIES', () => {
    // The formatter pads table cells; compare cell by cell, and every other line as it is.
    const cells = (markdown: string) =>
      markdown.split('\n').map((line) =>
        line.startsWith('|')
          ? line
              .split('|')
              .map((cell) => cell.trim().replace(/^-+$/, '-'))
              .join('|')
          : line,
      );
    expect(cells(readFileSync(POLICY_DOC, 'utf8'))).toEqual(cells(printedPolicyDoc()));
  });
});
