import type { MessageId } from '../../core/i18n/messages.ts';
import type { GameState } from '../../core/outing-inputs.ts';
import type { Translate } from './i18n.ts';

/** A game's state, as the game page, the Edit Game dialog, the pitch log and the official's page name it. */
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
