import { queryOptions, useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { PAGE_LIMIT, readAllPages } from '../../../lib/read-all-pages.ts';
import { OUTINGS_KEY } from './tracker-refresh.ts';

/** One player's pitching and catching in one game, as the server lists it (live ones only). */
export const OUTING_FIELDS = graphql(`
  fragment OutingFields on PitchOuting {
    id gameId seasonId playerId playerName jerseyNumber teamId date
    pitches pitchesBeforeLastBatter pitchedInnings caughtInnings outs intentionalWalks
    recordedByName recordedAt version
    corrections {
      id changedByName changedAt reason
      before { pitches pitchesBeforeLastBatter pitchedInnings caughtInnings outs intentionalWalks }
      after { pitches pitchesBeforeLastBatter pitchedInnings caughtInnings outs intentionalWalks }
    }
  }
`);

/** `date`: the game's date, YYYY-MM-DD. */
export type Outing = ResultOf<typeof OUTING_FIELDS>;

/** A change to an outing: who, when, why, the counts before and after (null after: deleted). */
export type OutingCorrection = Outing['corrections'][number];

export const LIST_PITCH_OUTINGS = graphql(
  `
  query ListPitchOutings($filter: PitchOutingFilter, $limit: Int, $nextToken: String) {
    listPitchOutings(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ...OutingFields } nextToken }
  }
`,
  [OUTING_FIELDS],
);

/** Outings newest first (the server's order), all pages. */
export function listPitchOutings(filter: { gameId: string } | { playerId: string }): Promise<Outing[]> {
  const [[field, id]] = Object.entries(filter) as [[string, string]];
  return readAllPages(async (nextToken) => {
    const data = await execute(LIST_PITCH_OUTINGS, {
      filter: { [field]: { eq: id } },
      limit: PAGE_LIMIT,
      nextToken,
    });
    return data.listPitchOutings;
  });
}

/** The outings of one game. */
export function useGameOutings(gameId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...OUTINGS_KEY, 'game', gameId],
      queryFn: () => listPitchOutings({ gameId: gameId ?? '' }),
      enabled: gameId !== null,
    }),
  );
}

/** A player's whole history (any game the user may read): what the rest preview adds the draft to. */
export function usePlayerOutings(playerId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...OUTINGS_KEY, 'player', playerId],
      queryFn: () => listPitchOutings({ playerId: playerId ?? '' }),
      enabled: playerId !== null,
    }),
  );
}
