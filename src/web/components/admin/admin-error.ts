import { ApiError, errorMessage } from '../../lib/api.ts';

/**
 * What a failed admin call shows (docs/screens.md, Messages): the first GraphQL error's message (in the reader's
 * language when the server gave it by id), else the error's own, else `fallback`.
 */
export function adminErrorMessage(error: unknown, fallback: string): string {
  // ApiError carries the first GraphQL error's message (and `said`, its id); a plain Error (network, parsing) its own.
  if (error instanceof ApiError) {
    const shown = errorMessage(error, '');
    if (shown) return shown;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
