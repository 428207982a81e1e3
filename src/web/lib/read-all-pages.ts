/** One page of a paged list (spec §3: items plus nextToken). */
export interface Page<T> {
  items: T[];
  nextToken: string | null;
}

/** The largest page the server gives (contract: limit max 1000). */
export const PAGE_LIMIT = 1000;

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
