import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema, SCHEMA_FILE } from './print.ts';

describe('docs/schema.graphql', () => {
  it('matches the schema the server serves (run `npm run schema:print` after changing it)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });
});
