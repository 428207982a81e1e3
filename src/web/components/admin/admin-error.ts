import { ApiError } from '../../lib/api.ts';

/**
 * What a failed admin call shows (docs/screens.md, Messages): the first GraphQL error's message, else the error's
 * own, else `fallback`.
 */
export function adminErrorMessage(error: unknown, fallback: string): string {
  // ApiError carries the first GraphQL error's message; a plain Error (network, parsing) its own.
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
