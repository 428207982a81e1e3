import type { MessageId } from '../../../../core/i18n/messages.ts';
import type { PitchEventKind } from '../../../../core/pitch-events.ts';
import { tallyOf } from '../../../../core/pitch-events.ts';
import { type InGameStatus, nextTier } from '../../../../core/rules/engine.ts';
import type { RestRule } from '../../../../core/rules/rule.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { type Book, bookKey, inBook } from '../../../lib/offline/logic.ts';
import type { BookCount, GameSnapshot, StoredTap } from '../../../lib/offline/types.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';

/** The tap buttons, in the pad's order, with what they record (the labels are ids of tracker.json). */
export const TAP_KINDS: readonly { kind: Exclude<PitchEventKind, 'undo'>; label: MessageId }[] = [
  { kind: 'ball', label: 'tracker.live.tap.ball' },
  { kind: 'strike', label: 'tracker.live.tap.strike' },
  { kind: 'foul', label: 'tracker.live.tap.foul' },
  { kind: 'in_play', label: 'tracker.live.tap.in_play' },
  { kind: 'new_batter', label: 'tracker.live.tap.new_batter' },
  { kind: 'intentional_walk', label: 'tracker.live.tap.intentional_walk' },
];

/** A tap's name: 'Strike'. */
export function kindLabel(t: Translate, kind: PitchEventKind): string {
  return t(`tracker.live.tap.${kind}`);
}

/** '3 waiting', or 'All sent'. */
export function waitingText(t: Translate, count: number): string {
  return count > 0 ? t('tracker.live.sync.waiting', { count }) : t('tracker.live.sync.allSent');
}

/** One book as the live view shows it. */
export interface BookView {
  pitches: number;
  intentionalWalks: number;
  batters: number;
  pitchesBeforeLastBatter: number | null;
  /** Pitches with the intentional-walk credit: the count the rules read. */
  count: number;
}

const credited = (t: { pitches: number; intentionalWalks: number }, credit: number) =>
  t.pitches + t.intentionalWalks * credit;

/**
 * A book's count before the server answers: the server's count as last heard, plus what this
 * device's taps still waiting change (tallyOf of all its taps minus tallyOf of those the server
 * acknowledged). With no word from the server, the device's own taps alone.
 */
export function bookView(
  server: BookCount | null | undefined,
  taps: readonly StoredTap[],
  book: Book,
  credit: number,
): BookView {
  const mine = taps.filter((t) => t.state !== 'refused' && inBook(t.event, book));
  const all = tallyOf(
    mine.map((t) => t.event),
    credit,
  );
  if (!server) return { ...pick(all), count: credited(all, credit) };
  const acked = tallyOf(
    mine.filter((t) => t.state === 'sent').map((t) => t.event),
    credit,
  );
  const pitches = Math.max(0, server.pitches + all.pitches - acked.pitches);
  const intentionalWalks = Math.max(0, server.intentionalWalks + all.intentionalWalks - acked.intentionalWalks);
  const batters = Math.max(0, server.batters + all.batters - acked.batters);
  // Taps from other devices of the book come before this device's waiting ones.
  const others = credited(server, credit) - credited(acked, credit);
  const moved = all.batters !== acked.batters || all.pitchesBeforeLastBatter !== acked.pitchesBeforeLastBatter;
  let before = server.pitchesBeforeLastBatter;
  if (moved)
    before =
      all.pitchesBeforeLastBatter === null ? (batters > 0 ? before : null) : all.pitchesBeforeLastBatter + others;
  return {
    pitches,
    intentionalWalks,
    batters,
    pitchesBeforeLastBatter: before,
    count: pitches + intentionalWalks * credit,
  };
}

function pick(t: BookView | ReturnType<typeof tallyOf>) {
  return {
    pitches: t.pitches,
    intentionalWalks: t.intentionalWalks,
    batters: t.batters,
    pitchesBeforeLastBatter: t.pitchesBeforeLastBatter,
  };
}

/**
 * The warning to show, if any, from the one answer in this game: the day's limit once reached
 * ('Daily max reached: Ava may finish this batter', the day's earlier games counted), else the
 * next rest tier of the day's total from 80 % of its count ('At 36 pitches Ava owes 2 days of rest').
 */
export function warningAt(
  t: Translate,
  rule: RestRule,
  answer: InGameStatus,
  name: string,
): { kind: 'max' | 'tier'; text: string } | null {
  const { day } = answer;
  if (answer.before.canPitchOnAsOf && answer.remaining === 0 && day.count > 0) {
    return {
      kind: 'max',
      text: t(rule.finishBatter ? 'tracker.live.warning.maxFinishBatter' : 'tracker.live.warning.maxStop', { name }),
    };
  }
  const next = nextTier(rule, day.age, day.restCount);
  if (!next || day.count < next.warnFrom) return null;
  // Past the tier's count, but the batter being finished started below it: the next batter moves her up.
  if (day.count >= next.pitchCount) {
    return { kind: 'tier', text: t('tracker.live.owesRestNextBatter', { name, days: next.daysRest }) };
  }
  return {
    kind: 'tier',
    text: t('tracker.live.owesRest', { name, pitches: next.pitchCount, days: next.daysRest }),
  };
}

/** 'Counts differ by 1' (text, not only colour), 'Counts agree', or why there is nothing to compare. */
export function comparisonText(
  t: Translate,
  ours: BookView,
  theirs: BookView | null,
  theirTeam: string | null,
): string {
  if (!theirs) {
    return theirTeam
      ? t('tracker.live.books.noneFromTeam', { team: theirTeam })
      : t('tracker.live.books.noneFromOther');
  }
  // Pitches thrown, as Final counts compares them: one difference, one number, on every screen.
  const diff = Math.abs(ours.pitches - theirs.pitches);
  if (diff > 0) return t('tracker.live.books.differ', { count: diff });
  if (ours.intentionalWalks !== theirs.intentionalWalks) return t('tracker.live.books.walksDiffer');
  const batters = Math.abs(ours.batters - theirs.batters);
  return batters > 0 ? t('tracker.live.books.battersDiffer', { count: batters }) : t('tracker.live.books.agree');
}

/** This device's last tap of the book still counted (for 'Last tap: Strike'). */
export function lastTapOf(taps: readonly StoredTap[], book: Book): StoredTap | null {
  for (let i = taps.length - 1; i >= 0; i--) {
    const tap = taps[i] as StoredTap;
    if (tap.state !== 'refused' && inBook(tap.event, book)) return tap;
  }
  return null;
}

/** 'Strike', or 'Undo (Strike)' naming what it took back. */
export function tapLabel(t: Translate, tap: StoredTap, taps: readonly StoredTap[]): string {
  if (tap.event.kind !== 'undo') return kindLabel(t, tap.event.kind);
  const target = taps.find((other) => other.id === tap.event.undoes);
  return target ? t('tracker.live.tap.undoOf', { tap: kindLabel(t, target.event.kind) }) : kindLabel(t, 'undo');
}

/** A pitcher's first name for the warnings ('Ava Anderson' -> 'Ava'). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** A book of the game as the game's log lists it. */
export interface GameBookRow {
  key: string;
  bookTeamId: string;
  pitcherName: string;
  bookTeamName: string;
  official: boolean;
  view: BookView;
}

/** Every book of the game: the server's, with this device's waiting taps added, and books only this device has yet. */
export function gameBookRows(
  snapshot: GameSnapshot | null,
  team: CurrentTeam,
  otherTeamName: string | null,
  credit: number,
): GameBookRow[] {
  if (!snapshot) return [];
  const rows = new Map<string, GameBookRow>();
  for (const count of snapshot.counts ?? []) {
    rows.set(bookKey(count), {
      key: bookKey(count),
      bookTeamId: count.bookTeamId,
      pitcherName: count.pitcherName,
      bookTeamName: count.bookTeamName,
      official: count.official,
      view: bookView(count, snapshot.taps, count, credit),
    });
  }
  for (const tap of snapshot.taps) {
    const key = bookKey(tap.event);
    if (tap.state === 'refused' || rows.has(key)) continue;
    rows.set(key, {
      key,
      bookTeamId: tap.event.bookTeamId,
      pitcherName: tap.pitcherName,
      bookTeamName: tap.event.bookTeamId === team.id ? team.name : (otherTeamName ?? ''),
      official: false,
      view: bookView(null, snapshot.taps, tap.event, credit),
    });
  }
  return [...rows.values()].sort(
    (a, b) => a.pitcherName.localeCompare(b.pitcherName) || a.bookTeamName.localeCompare(b.bookTeamName),
  );
}

/** Changes whenever a book's totals on the server change: the official count is read again then. */
export function countsKeyOf(counts: readonly BookCount[]): string {
  return counts.map((c) => `${bookKey(c)}:${c.pitches}:${c.intentionalWalks}`).join('|');
}
