import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.ts';
import { printedWebSchemaTypes, WEB_SCHEMA_TYPES_FILE } from './web-schema-types.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe("the web's GraphQL documents are typed from the server's schema", () => {
  it('src/web/graphql-env.d.ts matches the schema the server serves (run `npm run schema:print`)', () => {
    expect(readFileSync(WEB_SCHEMA_TYPES_FILE, 'utf8')).toBe(printedWebSchemaTypes());
  });

  it('a field renamed on the server fails the type check of the web', () => {
    // The server renames Violation.opponent; the web's violations list still asks for `opponent`.
    const sdl = printSchema(schema);
    const renamed = sdl.replace(/(type Violation \{[^}]*?\n {2})opponent: String!/, '$1opponentName: String!');
    expect(renamed).not.toBe(sdl);

    // A copy of the web and its tsconfig, with the schema types of the renamed schema.
    const copy = mkdtempSync(join(tmpdir(), 'bullpen-web-types-'));
    try {
      cpSync(join(ROOT, 'src/web'), join(copy, 'src/web'), { recursive: true });
      symlinkSync(join(ROOT, 'src/core'), join(copy, 'src/core'));
      symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
      const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] };
      writeFileSync(join(copy, 'tsconfig.json'), JSON.stringify({ ...tsconfig, include: ['src/web'] }));
      const check = () =>
        spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['--noEmit', '-p', copy], { encoding: 'utf8' });

      // As served, the copy type-checks: the failure below is the rename's.
      const asServed = check();
      expect(asServed.stdout, 'the web as it is type-checks').toBe('');
      expect(asServed.status).toBe(0);

      writeFileSync(join(copy, 'src/web/graphql-env.d.ts'), printedWebSchemaTypes(buildSchema(renamed)));
      const afterRename = check();
      expect(afterRename.status).not.toBe(0);
      expect(afterRename.stdout).toContain('src/web/features/violations/api/list-violations.ts');
      expect(afterRename.stdout).toContain('selects a field that docs/schema.graphql does not have');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);
});
