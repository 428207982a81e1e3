import { useQuery } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { OUTINGS_KEY } from './tracker-refresh.ts';

export const GAME_PITCH_LOG = graphql(`
  query GamePitchLog($gameId: ID!) {
    gamePitchLog(gameId: $gameId) {
      game { id date startTime leagueName seasonName homeTeamName awayTeamName opponentName state }
      lines { teamName playerName jerseyNumber pitches intentionalWalks pitchesBeforeLastBatter
        pitchedInnings caughtInnings recordedByName correctionCount
        answer { canPitch nextEligibleDate reasons { code said { id values } until } } }
      countStatus confirmations { teamName confirmedByName confirmedAt current changedAfter { byName } }
      official { name signedAt current
        signedCounts { pitcherId pitcherName pitches intentionalWalks } changedAfter { byName at } }
      recordHashLine
      recordHashSaid { id values }
      headDigest
    }
  }
`);

/**
 * The same data the PDF prints (the server reads both from one place). `recordHashLine`: "Record hash: 3f2a… (entry
 * 41 of its history, …)", so a paper copy names what it printed.
 */
export type PitchLog = ResultOf<typeof GAME_PITCH_LOG>['gamePitchLog'];
export type PitchLogGame = PitchLog['game'];
/** One line of the paper pitch log: a player of either team who pitched or caught. */
export type PitchLogLine = PitchLog['lines'][number];
/** A team's confirmation of the final counts (its manager's signature); `current` false: they changed after it. */
export type PitchLogConfirmation = PitchLog['confirmations'][number];

/** A game's pitch log; under the outings' key, so a saved or corrected outing refreshes it. */
export function useGamePitchLog(gameId: string) {
  return useQuery({
    queryKey: [...OUTINGS_KEY, 'pitch-log', gameId],
    queryFn: async () => (await execute(GAME_PITCH_LOG, { gameId })).gamePitchLog,
  });
}
