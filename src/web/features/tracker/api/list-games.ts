import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameState } from '../../../../core/outing-inputs.ts';
import { graphqlText } from '../../../lib/api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from '../../../lib/read-all-pages.ts';
import { GAMES_KEY } from './tracker-refresh.ts';

/** A game as Log Pitch Outing shows it. */
export interface Game {
  id: string;
  leagueId: string;
  seasonId: string;
  /** YYYY-MM-DD, the league's calendar day. */
  date: string;
  /** HH:MM, or null. */
  startTime: string | null;
  homeTeamId: string | null;
  homeTeamName: string | null;
  awayTeamId: string | null;
  awayTeamName: string | null;
  /** An outside opponent. */
  opponentName: string | null;
  state: GameState;
  outingCount: number;
  /** Each team signed its counts (or the deadline settled them): only an admin changes it now. */
  signed: boolean;
  /** Outings (deleted ones too), taps or confirmations: only an admin moves or withdraws it, with a reason. */
  holdsPitching: boolean;
  /** Sent back with a change: one made meanwhile by someone else is not overwritten. */
  version: number;
}

export const GAME_FIELDS =
  'id leagueId seasonId date startTime homeTeamId homeTeamName awayTeamId awayTeamName opponentName state outingCount signed holdsPitching version';

export const LIST_GAMES = `query ListGames($filter: GameFilter, $limit: Int, $nextToken: String) {
  listGames(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${GAME_FIELDS} } nextToken }
}`;

/** A team's games, newest first (the server's order), all pages. */
export function listGames(teamId: string): Promise<Game[]> {
  return readAllPages(async (nextToken) => {
    const data = await graphqlText<{ listGames: Page<Game> }>(LIST_GAMES, {
      filter: { teamId: { eq: teamId } },
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listGames;
  });
}

export function gamesQueryOptions(teamId: string | null) {
  return queryOptions({
    queryKey: [...GAMES_KEY, 'team', teamId],
    queryFn: () => listGames(teamId ?? ''),
    enabled: teamId !== null,
  });
}

export function useGames(teamId: string | null) {
  return useQuery(gamesQueryOptions(teamId));
}
