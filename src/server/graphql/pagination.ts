import type { ArgBuilder, SchemaTypes } from '@pothos/core';
import { errors } from '../../core/errors.ts';

/** Lists take `limit` and `nextToken` and return `{ items, nextToken }` (the spec's paged lists). */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export function pageArgs<T extends SchemaTypes>(t: { arg: ArgBuilder<T> }) {
  return {
    limit: t.arg.int({
      required: false,
      description: `At most this many items (default ${DEFAULT_LIMIT}, max ${MAX_LIMIT})`,
    }),
    nextToken: t.arg.string({ required: false, description: 'The nextToken of the previous page' }),
  };
}

/** Decodes limit and nextToken into an offset window, refusing what a client could not have got from us. */
export function readPage(args: { limit?: number | null; nextToken?: string | null }) {
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

export function toPage<T>(all: T[], page: { limit: number; offset: number }) {
  const items = all.slice(page.offset, page.offset + page.limit);
  const end = page.offset + items.length;
  return { items, nextToken: end < all.length ? Buffer.from(String(end)).toString('base64url') : null };
}

/** The spec product's filter form: `{ field: { eq: value } }`. */
export function matchesEq<T extends object>(
  item: T,
  filter: Record<string, { eq?: unknown } | null | undefined> | null | undefined,
) {
  if (!filter) return true;
  return Object.entries(filter).every(
    ([field, condition]) =>
      condition?.eq === undefined || condition.eq === null || (item as Record<string, unknown>)[field] === condition.eq,
  );
}
