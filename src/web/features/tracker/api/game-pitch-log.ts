import { useQuery } from '@tanstack/react-query';
import type { CountStatus } from '../../../../core/official-count.ts';
import { graphqlText } from '../../../lib/api.ts';
import { OUTINGS_KEY } from './tracker-refresh.ts';

/** One line of the paper pitch log: a player of either team who pitched or caught. */
export interface PitchLogLine {
  teamName: string;
  playerName: string;
  jerseyNumber: string | null;
  pitches: number;
  intentionalWalks: number;
  pitchesBeforeLastBatter: number | null;
  pitchedInnings: number[];
  caughtInnings: number[];
  recordedByName: string;
  correctionCount: number;
}

export interface PitchLogGame {
  id: string;
  date: string;
  startTime: string | null;
  leagueName: string;
  seasonName: string;
  homeTeamName: string | null;
  awayTeamName: string | null;
  opponentName: string | null;
  state: string;
}

/** A team's confirmation of the final counts (its manager's signature). */
export interface PitchLogConfirmation {
  teamName: string;
  confirmedByName: string;
  confirmedAt: string;
  /** False when the counts changed after it. */
  current: boolean;
}

/** The same data the PDF prints (the server reads both from one place). */
export interface PitchLog {
  game: PitchLogGame;
  lines: PitchLogLine[];
  countStatus: CountStatus;
  confirmations: PitchLogConfirmation[];
  /** "Record hash: 3f2a… (entry 41 of the organization's history, …)": a paper copy names what it printed. */
  recordHashLine: string;
}

export const GAME_PITCH_LOG = `query GamePitchLog($gameId: ID!) {
  gamePitchLog(gameId: $gameId) {
    game { id date startTime leagueName seasonName homeTeamName awayTeamName opponentName state }
    lines { teamName playerName jerseyNumber pitches intentionalWalks pitchesBeforeLastBatter
      pitchedInnings caughtInnings recordedByName correctionCount }
    countStatus confirmations { teamName confirmedByName confirmedAt current }
    recordHashLine
  }
}`;

/** A game's pitch log; under the outings' key, so a saved or corrected outing refreshes it. */
export function useGamePitchLog(gameId: string) {
  return useQuery({
    queryKey: [...OUTINGS_KEY, 'pitch-log', gameId],
    queryFn: async () => (await graphqlText<{ gamePitchLog: PitchLog }>(GAME_PITCH_LOG, { gameId })).gamePitchLog,
  });
}
