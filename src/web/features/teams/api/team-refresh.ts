import { SEASONS_KEY } from '../../../lib/season-options.ts';
import { TEAMS_KEY } from './list-teams.ts';

/** What a team change makes stale: the teams, the seasons' team counts, and the players' teams. */
export const TEAM_REFRESH = [TEAMS_KEY, SEASONS_KEY, ['players']] as const;
