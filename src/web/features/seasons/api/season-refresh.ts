import { SEASONS_KEY } from '../../../lib/season-options.ts';

/** What a season change makes stale: the seasons, and the teams they hold. */
export const SEASON_REFRESH = [SEASONS_KEY, ['teams']] as const;
