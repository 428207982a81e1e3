import type { MessageId } from '../../../../core/i18n/messages.ts';
import type { GameState } from '../../../../core/outing-inputs.ts';
import { type Translate, t as translate, translatorNow } from '../../../lib/i18n.ts';
import type { Game } from '../api/list-games.ts';

/**
 * Texts read in the active language each time a property is read (catalogue tracker.json): the
 * shared labels keep their shape, so `TRACKER_TEXT.noTeam` is a string, in the reader's language.
 * In a component, `t('tracker.text.noTeam')` says the same and re-renders on a language change.
 */
function inActiveLanguage<K extends string, E extends object = Record<never, never>>(
  ids: Record<K, MessageId>,
  also?: E,
): Readonly<Record<K, string>> & E {
  const texts = { ...also } as Record<K, string> & E;
  for (const [key, id] of Object.entries(ids) as [K, MessageId][]) {
    Object.defineProperty(texts, key, { get: () => translate(id), enumerable: true });
  }
  return texts;
}

/** The texts the lead's docs and tests read: keep them here, in one place (ids tracker.text.*). */
export const TRACKER_TEXT = inActiveLanguage({
  noTeam: 'tracker.text.noTeam',
  deleteGameQuestion: 'tracker.text.deleteGameQuestion',
  withdrawGameQuestion: 'tracker.text.withdrawGameQuestion',
  saveFailed: 'tracker.text.saveFailed',
  deleteFailed: 'tracker.text.deleteFailed',
  outingSaveFailed: 'tracker.text.outingSaveFailed',
  noRule: 'tracker.text.noRule',
  recordMustBeTrue: 'tracker.text.recordMustBeTrue',
  chooseDraft: 'tracker.text.chooseDraft',
  choosePlayer: 'tracker.text.choosePlayer',
  pitchesBeforeHelp: 'tracker.text.pitchesBeforeHelp',
  noOutings: 'tracker.text.noOutings',
  noChildOutings: 'tracker.text.noChildOutings',
  childrenOnly: 'tracker.text.childrenOnly',
});

/** A game's state as the game page and the Edit Game dialog name it: 'In progress'. */
export function gameStateLabel(state: GameState, t: Translate = translatorNow()): string {
  return t(`tracker.gameState.${state}`);
}

/** A game's state, as the game page and the Edit Game dialog name it (ids tracker.gameState.*). */
export const GAME_STATE_LABELS: Readonly<Record<GameState, string>> = inActiveLanguage({
  scheduled: 'tracker.gameState.scheduled',
  in_progress: 'tracker.gameState.in_progress',
  final: 'tracker.gameState.final',
  suspended: 'tracker.gameState.suspended',
});

/** The words of ending a game (a counted game finishes, and its parents are told); ids tracker.endGame.*. */
export const END_GAME_TEXT = inActiveLanguage(
  {
    button: 'tracker.endGame.button',
    title: 'tracker.endGame.title',
    confirm: 'tracker.endGame.confirm',
    nobody: 'tracker.endGame.nobody',
    failed: 'tracker.endGame.failed',
    over: 'tracker.endGame.over',
  },
  {
    intro: (title: string, t: Translate = translatorNow()) => t('tracker.endGame.intro', { game: title }),
    waiting: (n: number, t: Translate = translatorNow()) => t('tracker.endGame.waiting', { count: n }),
  },
);

/** The value of the 'Outside opponent' choice in the opponent select. */
export const OUTSIDE = 'outside';

/** 'Mon, Apr 12': a game's day and a next eligible date, in the reader's language (t.day 'weekdayShort'). */
export function formatDay(value: string, t: Translate = translatorNow()): string {
  return t.day(value, 'weekdayShort');
}

/** '1 day', '4 days'. */
export function daysText(n: number, t: Translate = translatorNow()): string {
  return t('tracker.days', { days: n });
}

/** The other side of a game for one of its teams: 'vs Cubs' at home, '@ Cubs' away. */
export function opponentOf(
  game: Game,
  teamId: string,
  t: Translate = translatorNow(),
): { home: boolean; name: string; label: string } {
  const home = game.homeTeamId === teamId;
  const name = (home ? game.awayTeamName : game.homeTeamName) ?? game.opponentName ?? t('tracker.opponent.unknown');
  return { home, name, label: t(home ? 'tracker.opponent.home' : 'tracker.opponent.away', { name }) };
}

/** 'Mon, Apr 12 vs Cubs'. */
export function gameTitle(game: Game, teamId: string, t: Translate = translatorNow()): string {
  return t('tracker.gameTitle', { day: formatDay(game.date, t), opponent: opponentOf(game, teamId, t).label });
}

/** '#12 Riley Smith', or the name alone without a jersey number. */
export function playerLabel(jerseyNumber: string | null, name: string, t: Translate = translatorNow()): string {
  return jerseyNumber ? t('tracker.player', { number: jerseyNumber, name }) : name;
}

/** '1, 2, 3', or '—' for none. */
export function inningsText(innings: readonly number[]): string {
  return innings.length ? innings.join(', ') : '—';
}
