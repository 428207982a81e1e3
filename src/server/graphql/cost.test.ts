import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocumentNode, Kind, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ITEM_COST, MAX_COST, requestCost } from './cost.ts';
import { schema } from './schema.ts';

function cost(query: string, variables?: Record<string, unknown>) {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  return requestCost(schema, document, null, variables);
}
const aliases = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

describe('the cost of a request', () => {
  it('counts a page by its limit: 100 when absent, a variable as 1000 until its value is known', () => {
    // The connection (1) and each outing: a row (ITEM_COST) and its id (1).
    expect(cost('{ listPitchOutings(limit: 1000) { items { id } } }')).toBe(1 + 1000 * (ITEM_COST + 1));
    expect(cost('{ listPitchOutings(limit: 7) { items { id } nextToken } }')).toBe(1 + 7 * (ITEM_COST + 1) + 1);
    expect(cost('{ listPitchOutings { items { id } } }')).toBe(1 + 100 * (ITEM_COST + 1));
    const byVariable = 'query($l: Int) { listPitchOutings(limit: $l) { items { id } } }';
    expect(cost(byVariable)).toBe(1 + 1000 * (ITEM_COST + 1));
    expect(cost(byVariable, { l: 5 })).toBe(1 + 5 * (ITEM_COST + 1));
    expect(cost(byVariable, {})).toBe(1 + 100 * (ITEM_COST + 1));
    expect(cost('query($l: Int = 3) { listPitchOutings(limit: $l) { items { id } } }', {})).toBe(
      1 + 3 * (ITEM_COST + 1),
    );
    // Out of range: the resolver refuses it; counted as no less than the largest page.
    expect(cost(byVariable, { l: 2_147_483_647 })).toBe(1 + 1000 * (ITEM_COST + 1));
  });

  it('multiplies lists inside lists, and counts fragments where they are spread', () => {
    // Each player: a row, its id, and its teams (3 expected), each 1 plus its one field.
    expect(cost('{ listPlayers(limit: 10) { items { id teams { name } } } }')).toBe(
      1 + 10 * (ITEM_COST + 1 + 3 * (1 + 1)),
    );
    const spread = 'fragment F on PitchOuting { id pitches } { listPitchOutings(limit: 10) { items { ...F ...F } } }';
    expect(cost(spread)).toBe(1 + 10 * (ITEM_COST + 4));
    expect(cost('{ me { id email } }')).toBe(3);
  });

  it('refuses 15 aliases of a full page, and accepts one', () => {
    expect(cost(aliases(15, 'listPitchOutings(limit: 1000) { items { id } }'))).toBeGreaterThan(MAX_COST);
    expect(cost('{ listPitchOutings(limit: 1000) { items { id } } }')).toBeLessThanOrEqual(MAX_COST);
    expect(cost(aliases(15, 'me { id }'))).toBeLessThan(100);
  });
});

// --- Every document the web app sends: exported typed documents and strings of src/web holding operations. ---

const WEB = fileURLToPath(new URL('../../web', import.meta.url));
const OPERATION = /\b(query|mutation|subscription)\s+[A-Z]\w*\s*[({]/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'test-setup.ts' ? [path] : [];
  });
}

function operationOf(text: string): DocumentNode | null {
  try {
    const document = parse(text);
    return document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION) ? document : null;
  } catch {
    return null;
  }
}

/** An exported operation: a typed document (graphql() of src/web/lib/graphql.ts) or a string still sent as text. */
function exportedOperation(value: unknown): DocumentNode | null {
  if (typeof value === 'string') return operationOf(value);
  if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== Kind.DOCUMENT) return null;
  const document = value as DocumentNode;
  return document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION) ? document : null;
}

describe("the web app's documents", () => {
  it('are each within the cost limit at the largest limits, and valid', async () => {
    const found: { name: string; document: DocumentNode }[] = [];
    const filesWithOperations = new Set<string>();
    for (const path of sources(WEB)) {
      const file = relative(WEB, path);
      const text = readFileSync(path, 'utf8');
      if (!OPERATION.test(text)) continue;
      // Components (.tsx) keep their documents in api/ files; one written in a component would be missed.
      expect(path.endsWith('.ts'), `${file} holds a GraphQL document: move it to a .ts file`).toBe(true);
      filesWithOperations.add(file);
      const module = (await import(path)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        const document = exportedOperation(value);
        if (document) found.push({ name: `${file}: ${name}`, document });
      }
    }
    // Each file that holds an operation exports it, so none is left out here.
    for (const file of filesWithOperations) {
      expect(
        found.some((f) => f.name.startsWith(`${file}:`)),
        `${file} holds a GraphQL document it does not export`,
      ).toBe(true);
    }
    expect(found.length).toBeGreaterThan(60);
    for (const { name, document } of found) {
      expect(validate(schema, document), name).toEqual([]);
      expect(requestCost(schema, document), name).toBeLessThanOrEqual(MAX_COST);
    }
  });
});
