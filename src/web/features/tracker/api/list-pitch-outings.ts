import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutingCounts } from '../../../../core/outing-inputs.ts';
import { graphqlText } from '../../../lib/api.ts';
import { PAGE_LIMIT, type Page, readAllPages } from '../../../lib/read-all-pages.ts';
import { OUTINGS_KEY } from './tracker-refresh.ts';

/** A change to an outing: who, when, why, the counts before and after (null after: deleted). */
export interface OutingCorrection {
  id: string;
  changedByName: string;
  changedAt: string;
  reason: string;
  before: OutingCounts;
  after: OutingCounts | null;
}

/** One player's pitching and catching in one game, as the server lists it (live ones only). */
export interface Outing extends OutingCounts {
  id: string;
  gameId: string;
  seasonId: string;
  playerId: string;
  playerName: string;
  jerseyNumber: string | null;
  teamId: string;
  /** The game's date, YYYY-MM-DD. */
  date: string;
  recordedByName: string;
  recordedAt: string;
  version: number;
  corrections: OutingCorrection[];
}

const COUNT_FIELDS = 'pitches pitchesBeforeLastBatter pitchedInnings caughtInnings outs intentionalWalks';

export const OUTING_FIELDS = `id gameId seasonId playerId playerName jerseyNumber teamId date ${COUNT_FIELDS}
  recordedByName recordedAt version
  corrections { id changedByName changedAt reason before { ${COUNT_FIELDS} } after { ${COUNT_FIELDS} } }`;

export const LIST_PITCH_OUTINGS = `query ListPitchOutings($filter: PitchOutingFilter, $limit: Int, $nextToken: String) {
  listPitchOutings(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${OUTING_FIELDS} } nextToken }
}`;

/** Outings newest first (the server's order), all pages. */
export function listPitchOutings(filter: { gameId: string } | { playerId: string }): Promise<Outing[]> {
  const [[field, id]] = Object.entries(filter) as [[string, string]];
  return readAllPages(async (nextToken) => {
    const data = await graphqlText<{ listPitchOutings: Page<Outing> }>(LIST_PITCH_OUTINGS, {
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
