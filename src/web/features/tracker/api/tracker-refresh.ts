import { HISTORY_KEY } from '../../../lib/change-history.ts';

/**
 * What a change of a game or an outing makes stale: the games (their outing counts), the outings,
 * Pitcher Status (its keys all start with 'status'), the violations found from the outings, and
 * the change history.
 */
export const GAMES_KEY = ['games'] as const;
export const OUTINGS_KEY = ['outings'] as const;
export const STATUS_KEY = ['status'] as const;
export const VIOLATIONS_KEY = ['violations'] as const;

export const TRACKER_REFRESH = [GAMES_KEY, OUTINGS_KEY, STATUS_KEY, VIOLATIONS_KEY, HISTORY_KEY] as const;
