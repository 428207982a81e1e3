import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { webDocuments } from '../testing/web-documents.ts';
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

describe("the web app's documents", () => {
  it('are each within the cost limit at the largest limits, and valid', async () => {
    const { found, misplaced, unexported } = await webDocuments();
    // Components (.tsx) keep their documents in api/ files; one written in a component would be missed.
    expect(misplaced, 'these files hold a GraphQL document: move it to a .ts file').toEqual([]);
    // Each file that holds an operation exports it, so none is left out here.
    expect(unexported, 'these files hold a GraphQL document they do not export').toEqual([]);
    expect(found.length).toBeGreaterThan(60);
    for (const { name, document } of found) {
      expect(validate(schema, document), name).toEqual([]);
      expect(requestCost(schema, document), name).toBeLessThanOrEqual(MAX_COST);
    }
  });
});
