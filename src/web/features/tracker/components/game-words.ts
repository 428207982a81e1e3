import type { Translate } from '../../../lib/i18n.ts';
import type { Game } from '../api/list-games.ts';

export { gameStateLabel } from '../../../lib/game-state.ts';

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
