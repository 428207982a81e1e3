import type { ArgBuilder, SchemaTypes } from '@pothos/core';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../services/paging.ts';

export { toPage } from '../services/paging.ts';

export function pageArgs<T extends SchemaTypes>(t: { arg: ArgBuilder<T> }) {
  return {
    limit: t.arg.int({
      required: false,
      description: `At most this many items (default ${DEFAULT_LIMIT}, max ${MAX_LIMIT})`,
    }),
    nextToken: t.arg.string({ required: false, description: 'The nextToken of the previous page' }),
  };
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
