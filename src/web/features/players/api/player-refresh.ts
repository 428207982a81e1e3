import { PLAYERS_KEY } from './list-players.ts';

/** What a player change makes stale: the players, and the teams' player counts. */
export const PLAYER_REFRESH = [PLAYERS_KEY, ['teams'], ['seasons']] as const;
