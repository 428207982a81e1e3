import type { Tally } from '../../core/pitch-events.ts';

/** A book's count as the pitch-events service answers with it and events carry it. */

/** One team's count of one pitcher in one game, as its events add up. */
export interface BookCount extends Tally {
  gameId: string;
  organizationId: string;
  pitcherId: string;
  pitcherName: string;
  bookTeamId: string;
  bookTeamName: string;
  /** Whether this is the pitcher's own team's book, the one the outing follows. */
  official: boolean;
}
