import type { WireMessage } from '../../core/i18n/messages.ts';
import { type Appearance, type InGameStatus, statusInGame } from '../../core/rules/engine.ts';
import type { RestRule } from '../../core/rules/rule.ts';
import { graphql, type ResultOf } from './graphql.ts';
import type { Translate } from './i18n.ts';

/**
 * "May this child pitch, and from when?" where a page adds a count the server has not judged yet
 * (the live count, the parent's page during a game): the report's record, the count as the dugout
 * has it, and the core's statusInGame, the same engine Pitcher Status runs on the server.
 */

/** What the engine reads of a pitcher's record, as a fragment of the status report. */
export const RECORD_FIELDS = graphql(`
  fragment RecordFields on Appearance {
    date gameId pitches pitchesBeforeLastBatter pitchedInnings caughtInnings outs intentionalWalks
  }
`);
export type WireAppearance = ResultOf<typeof RECORD_FIELDS>;

/** The engine's appearance from GraphQL's answer (its nulls are missing values). */
export function appearanceOfWire(a: WireAppearance): Appearance {
  return {
    date: a.date,
    game: a.gameId,
    pitches: a.pitches,
    ...(a.pitchesBeforeLastBatter === null ? {} : { pitchesBeforeLastBatter: a.pitchesBeforeLastBatter }),
    ...(a.pitchedInnings ? { pitchedInnings: a.pitchedInnings } : {}),
    ...(a.caughtInnings ? { caughtInnings: a.caughtInnings } : {}),
    ...(a.outs === null ? {} : { outs: a.outs }),
    ...(a.intentionalWalks === null ? {} : { intentionalWalks: a.intentionalWalks }),
  };
}

/** A book's count as the live views keep it. */
export interface LiveCount {
  pitches: number;
  intentionalWalks: number;
  pitchesBeforeLastBatter: number | null;
}

/**
 * The answer in a game being counted: before it (may they start, and why not), with this count (the
 * rest owed and the first day they may pitch again, with every reason), and the pitches left now.
 */
export function answerInGame(input: {
  rule: RestRule;
  birthDate: string;
  seasonStart: string | null;
  record: readonly WireAppearance[];
  game: { id: string; date: string };
  count: LiveCount | null;
}): InGameStatus {
  const { rule, birthDate, game, count } = input;
  const live: Appearance | null =
    count && (count.pitches > 0 || count.intentionalWalks > 0)
      ? {
          date: game.date,
          game: game.id,
          pitches: count.pitches,
          intentionalWalks: count.intentionalWalks,
          ...(count.pitchesBeforeLastBatter === null ? {} : { pitchesBeforeLastBatter: count.pitchesBeforeLastBatter }),
        }
      : null;
  return statusInGame(
    {
      rule,
      birthDate,
      ...(input.seasonStart ? { seasonStart: input.seasonStart } : {}),
      appearances: input.record.map(appearanceOfWire),
    },
    game,
    live,
  );
}

/** A reason as the API (or the engine) gives it: the rule's code, its message, the day it lifts. */
export interface ReasonLike {
  code: string;
  said: WireMessage;
  until: string | null;
}

/**
 * Every rule that holds a pitcher out, each in the reader's words with the day it lifts:
 * "Resting: 60 pitches on Nov 26 owe 3 days of rest; eligible Nov 30. (until Mon, Nov 30)".
 */
export function reasonLines(t: Translate, reasons: readonly ReasonLike[]): string[] {
  return reasons.map((r) => {
    const words = t.saidWithDays(r.said);
    return r.until ? t('status.reason.until', { reason: words, date: t.day(r.until, 'weekdayShort') }) : words;
  });
}

/** The kind of hold a picker and a badge name in a few words: resting, the day's limit, a catcher rule, another. */
export type HoldKind = 'resting' | 'dayLimit' | 'catcher' | 'other';

export function holdKindOf(code: string | undefined): HoldKind {
  switch (code) {
    case 'PITCHED_BEFORE_ELIGIBLE':
      return 'resting';
    case 'TOO_MANY_GAMES_IN_DAY':
    case 'DAILY_MAX_EXCEEDED':
      return 'dayLimit';
    case 'PITCHED_AFTER_CATCHING_LIMIT':
    case 'CAUGHT_AFTER_PITCHING_LIMIT':
    case 'CAUGHT_AGAIN_AFTER_PITCHING':
      return 'catcher';
    default:
      return 'other';
  }
}
