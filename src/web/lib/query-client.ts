import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

// Asking again cannot fix these: the user must sign in, or is not allowed.
const FINAL_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  'BAD_USER_INPUT',
  'NOT_FOUND',
]);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code && FINAL_CODES.has(error.code)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
