import type { MessageId } from '../../../../core/i18n/messages.ts';
import type { GameState } from '../../../../core/outing-inputs.ts';
import type { Translate } from '../../../lib/i18n.ts';
import type { Game } from '../api/list-games.ts';

/** A game's state, as the game page, the Edit Game dialog and the pitch log name it. */
const GAME_STATE_IDS: Record<GameState, MessageId> = {
  scheduled: 'games.state.scheduled',
  in_progress: 'games.state.inProgress',
  final: 'games.state.final',
  suspended: 'games.state.suspended',
};

/** 'In progress'; a state this page does not know, as the server wrote it. */
export function gameStateLabel(t: Translate, state: string): string {
  return Object.hasOwn(GAME_STATE_IDS, state) ? t(GAME_STATE_IDS[state as GameState]) : state;
}

/** The other side of a game for one of its teams: 'vs Cubs' at home, '@ Cubs' away. */
export function opponentOf(t: Translate, game: Game, teamId: string): { home: boolean; name: string; label: string } {
  const home = game.homeTeamId === teamId;
  const name = (home ? game.awayTeamName : game.homeTeamName) ?? game.opponentName ?? t('games.opponent.unknown');
  return { home, name, label: t(home ? 'games.opponent.home' : 'games.opponent.away', { name }) };
}

/** 'Mon, Apr 12 vs Cubs': the game as a coach knows it. */
export function gameTitle(t: Translate, game: Game, teamId: string): string {
  return t('games.game.title', { day: t.day(game.date, 'weekdayShort'), opponent: opponentOf(t, game, teamId).label });
}
