import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';
import { GAMES_KEY } from './tracker-refresh.ts';

/**
 * A game as Log Pitch Outing shows it. `date`: YYYY-MM-DD, the league's calendar day; `startTime`: HH:MM, or null;
 * `opponentName`: an outside opponent; `signed`: each team signed its counts (or the deadline settled them), only
 * an admin changes it now; `holdsPitching`: outings (deleted ones too), taps or confirmations, only an admin moves or
 * withdraws it, with a reason; `version`: sent back with a change, so one made meanwhile by someone else is not
 * overwritten.
 */
export const GAME_FIELDS = graphql(`
  fragment GameFields on Game {
    id leagueId seasonId date startTime homeTeamId homeTeamName awayTeamId awayTeamName opponentName state outingCount
    signed holdsPitching version withdrawnAt withdrawnReason
  }
`);

export type Game = ResultOf<typeof GAME_FIELDS>;

export const LIST_GAMES = graphql(
  `
  query ListGames($filter: GameFilter, $limit: Int, $nextToken: String) {
    listGames(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ...GameFields } nextToken }
  }
`,
  [GAME_FIELDS],
);

/** A team's games, newest first (the server's order), all pages. */
export function listGames(teamId: string): Promise<Game[]> {
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_GAMES, {
      // The withdrawn games too: kept for their history, listed when asked for and marked.
      filter: { teamId: { eq: teamId }, withdrawn: true },
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

/** A team's games of one day, withdrawn ones left out: what the dashboard lists for today, not the whole season. */
export function gamesOnQueryOptions(teamId: string, date: string | null) {
  return queryOptions({
    queryKey: [...GAMES_KEY, 'team', teamId, 'on', date],
    queryFn: () =>
      readAllPages(async (nextToken) => {
        const data = await execute(LIST_GAMES, {
          filter: { teamId: { eq: teamId }, date: { eq: date ?? '' } },
          limit: PAGE_LIMIT,
          nextToken,
        });
        return data.listGames;
      }),
    enabled: date !== null,
  });
}

export function useGamesOn(teamId: string, date: string | null) {
  return useQuery(gamesOnQueryOptions(teamId, date));
}
