/** One page of a paged list (docs/screens.md, Records: items plus nextToken). */
export interface Page<T> {
  items: T[];
  nextToken: string | null;
}

/** The largest page the server gives (contract: limit max 1000). */
export const PAGE_LIMIT = 1000;

/**
 * The page of a list whose items are few and rich (rules with their intervals, leagues with their
 * rule), written into the document: the server counts what a document may cost by its `limit`
 * (docs/api.md "Limits"), and a limit given by a variable counts as 1000.
 */
export const SMALL_PAGE_LIMIT = 100;

/** Reads every page of a list by following nextToken (the spec's product read only the first page). */
export async function readAllPages<T>(readPage: (nextToken: string | null) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let nextToken: string | null = null;
  // A server that kept answering with the same token would otherwise loop for ever.
  const seen = new Set<string>();
  do {
    const page: Page<T> = await readPage(nextToken);
    items.push(...page.items);
    nextToken = page.nextToken;
    if (nextToken !== null) {
      if (seen.has(nextToken)) break;
      seen.add(nextToken);
    }
  } while (nextToken !== null);
  return items;
}
