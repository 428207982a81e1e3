import { errors } from '../../core/errors.ts';

/** Lists take `limit` and `nextToken` and return `{ items, nextToken }` (the spec's paged lists). */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export interface Page {
  limit: number;
  offset: number;
}

export interface Paged<T> {
  items: T[];
  nextToken: string | null;
}

/** Decodes limit and nextToken into an offset window, refusing what a client could not have got from us. */
export function readPage(args: { limit?: number | null; nextToken?: string | null }): Page {
  const limit = args.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw errors.badInput(`limit must be between 1 and ${MAX_LIMIT}`);
  }
  let offset = 0;
  if (args.nextToken) {
    const decoded = Number(Buffer.from(args.nextToken, 'base64url').toString('utf8'));
    if (!Number.isInteger(decoded) || decoded < 0) throw errors.badInput('nextToken is not valid');
    offset = decoded;
  }
  return { limit, offset };
}

function tokenFor(offset: number): string {
  return Buffer.from(String(offset)).toString('base64url');
}

/** A page cut from a whole list in memory. */
export function toPage<T>(all: T[], page: Page): Paged<T> {
  const items = all.slice(page.offset, page.offset + page.limit);
  const end = page.offset + items.length;
  return { items, nextToken: end < all.length ? tokenFor(end) : null };
}

/** A page from a query that asked for `limit + 1` rows at `offset`: the extra row says more exist. */
export function fromRows<T>(rows: T[], page: Page): Paged<T> {
  const more = rows.length > page.limit;
  return {
    items: more ? rows.slice(0, page.limit) : rows,
    nextToken: more ? tokenFor(page.offset + page.limit) : null,
  };
}

/** A keyset window: rows after `after` in the list's order (stays fast on the last page of 100,000). */
export interface Cursor {
  limit: number;
  after: string | null;
}

export function readCursor(args: { limit?: number | null; nextToken?: string | null }): Cursor {
  const { limit } = readPage({ limit: args.limit });
  if (!args.nextToken) return { limit, after: null };
  const decoded = Buffer.from(args.nextToken, 'base64url').toString('utf8');
  if (!decoded.startsWith('k:')) throw errors.badInput('nextToken is not valid');
  return { limit, after: decoded.slice(2) };
}

/** A page from a query that asked for `limit + 1` rows after the cursor, ordered by `key`. */
export function fromKeyset<T>(rows: T[], cursor: Cursor, key: (row: T) => string): Paged<T> {
  if (rows.length <= cursor.limit) return { items: rows, nextToken: null };
  const items = rows.slice(0, cursor.limit);
  const last = items[items.length - 1] as T;
  return { items, nextToken: Buffer.from(`k:${key(last)}`).toString('base64url') };
}
