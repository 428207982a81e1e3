import { errors } from '../../core/errors.ts';
import { createSigner } from '../signed-token.ts';

/** Lists take `limit` and `nextToken` and return `{ items, nextToken }` (the spec's paged lists). */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export interface Page {
  limit: number;
  offset: number;
  /** The nextToken of the page that starts at `offset`, bound to this list. */
  tokenAt(offset: number): string;
}

export interface Paged<T> {
  items: T[];
  nextToken: string | null;
}

/** A keyset window: rows after `after` in the list's order (stays fast on the last page of 100,000). */
export interface Cursor {
  limit: number;
  after: string | null;
  /** The nextToken of the page after the row whose key is `key`, bound to this list. */
  tokenAfter(key: string): string;
}

type PageArgs = { limit?: number | null; nextToken?: string | null };

export const INVALID_TOKEN =
  'nextToken is not valid for this list: pass back the nextToken of its previous page, or none for the first page';

function readLimit(args: PageArgs): number {
  const limit = args.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw errors.badInput(`limit must be between 1 and ${MAX_LIMIT}`);
  }
  return limit;
}

/**
 * Reading and making nextTokens. A token is `<list>:<position>` (an offset, or a keyset list's last
 * key) in base64url, with an HMAC of it under the server's secret: a token the server did not give
 * for this very list (forged, mistyped, another list's) is refused as BAD_USER_INPUT, and every
 * server sharing the database reads another's tokens (docs/decisions/0027-list-cost-by-limit.md).
 */
export interface Paging {
  /** The offset window of `list` (the GraphQL field's name). */
  page(list: string, args: PageArgs): Page;
  cursor(list: string, args: PageArgs): Cursor;
}

function createPaging(secret: string): Paging {
  const signer = createSigner(secret, 'bullpen nextToken');
  const sign = (list: string, position: string) => signer.sign(`${list}:${position}`);
  /** The position a token of `list` holds; refuses any other token. */
  const open = (list: string, token: string): string => {
    const payload = signer.open(token);
    if (payload === null || !payload.startsWith(`${list}:`)) throw errors.badInput(INVALID_TOKEN);
    return payload.slice(list.length + 1);
  };
  return {
    page(list, args) {
      const limit = readLimit(args);
      const tokenAt = (offset: number) => sign(list, String(offset));
      if (!args.nextToken) return { limit, offset: 0, tokenAt };
      const position = open(list, args.nextToken);
      if (!/^[1-9]\d{0,14}$/.test(position)) throw errors.badInput(INVALID_TOKEN);
      return { limit, offset: Number(position), tokenAt };
    },
    cursor(list, args) {
      const limit = readLimit(args);
      const tokenAfter = (key: string) => sign(list, key);
      return { limit, after: args.nextToken ? open(list, args.nextToken) : null, tokenAfter };
    },
  };
}

const bySecret = new Map<string, Paging>();

/** The paging of the server whose signing secret is `secret` (one per secret, kept). */
export function pagingFor(secret: string): Paging {
  let paging = bySecret.get(secret);
  if (!paging) {
    paging = createPaging(secret);
    bySecret.set(secret, paging);
  }
  return paging;
}

/** A page cut from a whole list in memory. */
export function toPage<T>(all: T[], page: Page): Paged<T> {
  const items = all.slice(page.offset, page.offset + page.limit);
  const end = page.offset + items.length;
  return { items, nextToken: end < all.length ? page.tokenAt(end) : null };
}

/** A page from a query that asked for `limit + 1` rows at `offset`: the extra row says more exist. */
export function fromRows<T>(rows: T[], page: Page): Paged<T> {
  const more = rows.length > page.limit;
  return {
    items: more ? rows.slice(0, page.limit) : rows,
    nextToken: more ? page.tokenAt(page.offset + page.limit) : null,
  };
}

/** A page from a query that asked for `limit + 1` rows after the cursor, ordered by `key`. */
export function fromKeyset<T>(rows: T[], cursor: Cursor, key: (row: T) => string): Paged<T> {
  if (rows.length <= cursor.limit) return { items: rows, nextToken: null };
  const items = rows.slice(0, cursor.limit);
  const last = items[items.length - 1] as T;
  return { items, nextToken: cursor.tokenAfter(key(last)) };
}
