import type { GameState } from '../../../../core/outing-inputs.ts';
import type { Game } from '../api/list-games.ts';

/** The texts the lead's docs and tests read: keep them here, in one place. */
export const TRACKER_TEXT = {
  noTeam: 'You have no team in a current season.',
  deleteGameQuestion: 'Are you sure you want to delete this game?',
  withdrawGameQuestion:
    'This game holds pitch counts, so it is withdrawn, not deleted: it stays in the history, its outings are deleted with your reason and no longer count for rest, and its violations are withdrawn. Only a league admin can do this.',
  saveFailed: 'Operation failed',
  deleteFailed: 'Delete failed',
  outingSaveFailed: 'Failed to save outing',
  noRule: 'This league has no rest rule yet: an admin chooses one on League Management.',
  recordMustBeTrue: 'The record must be true: it will be saved and reported as a violation.',
  chooseDraft: 'Choose the player and enter the pitches to see the rest they will owe.',
  choosePlayer: 'Choose the player',
  pitchesBeforeHelp: 'The count when the last batter came up',
  noOutings: 'No outings recorded for this game yet.',
  noChildOutings: 'Your child has no outing recorded in this game.',
  childrenOnly: 'As a parent you see your own child’s outings; the games list counts those.',
} as const;

/** A game's state, as the game page and the Edit Game dialog name it. */
export const GAME_STATE_LABELS: Record<GameState, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  final: 'Final',
  suspended: 'Suspended',
};

/** The words of ending a game (a counted game finishes, and its parents are told). */
export const END_GAME_TEXT = {
  button: 'End game',
  title: 'End game',
  confirm: 'End game',
  intro: (title: string) =>
    `End the game of ${title}? Taps after the end are not counted, and the parents of those who pitched are told their counts.`,
  nobody: 'Nobody pitched in this game yet.',
  waiting: (n: number) =>
    `${n} tap${n === 1 ? ' is' : 's are'} not sent yet: they must reach the server before the game ends. Connect, wait for “All sent”, and end the game again.`,
  failed: 'The game could not be ended',
  over: 'This game is over: taps are no longer counted. An admin can correct an outing, or set the game back to In progress on Edit Game.',
} as const;

/** The value of the 'Outside opponent' choice in the opponent select. */
export const OUTSIDE = 'outside';

// Calendar dates are the league's own days: formatted in UTC so no reader's time zone shifts them.
const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function utcDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** 'Mon, Apr 12': a game's day and a next eligible date, in the reader's language. */
export function formatDay(value: string): string {
  const date = utcDate(value);
  return date ? dayFormat.format(date) : value;
}

/** '1 day', '4 days'. */
export function daysText(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/** The other side of a game for one of its teams: 'vs Cubs' at home, '@ Cubs' away. */
export function opponentOf(game: Game, teamId: string): { home: boolean; name: string; label: string } {
  const home = game.homeTeamId === teamId;
  const name = (home ? game.awayTeamName : game.homeTeamName) ?? game.opponentName ?? 'Unknown opponent';
  return { home, name, label: `${home ? 'vs' : '@'} ${name}` };
}

/** 'Mon, Apr 12 vs Cubs'. */
export function gameTitle(game: Game, teamId: string): string {
  return `${formatDay(game.date)} ${opponentOf(game, teamId).label}`;
}

/** '#12 Riley Smith', or the name alone without a jersey number. */
export function playerLabel(jerseyNumber: string | null, name: string): string {
  return jerseyNumber ? `#${jerseyNumber} ${name}` : name;
}

/** '1, 2, 3', or '—' for none. */
export function inningsText(innings: readonly number[]): string {
  return innings.length ? innings.join(', ') : '—';
}
