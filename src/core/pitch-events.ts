import { z } from 'zod';
import { encoded } from './i18n/messages.ts';

/**
 * Live counting: every tap is an event with an id the device made, kept in the browser
 * first and sent in order. A count is never stored as a number that a retry could add to twice:
 * it is derived from the events (`tallyOf`), so a replayed event changes nothing and events that
 * arrive out of order still add up to the same count. The server keeps where a book stands
 * (`BookState`) and adds to it only the taps its own transaction stored, when adding gives what
 * counting the whole book would (`extendTally`).
 */

export const PITCH_EVENT_KINDS = [
  'ball',
  'strike',
  'foul',
  'in_play',
  /** A new batter comes up: the count at this moment is the count "before the last batter". */
  'new_batter',
  /** An intentional walk granted without pitches (the rule's credit, Little League 4). */
  'intentional_walk',
  /** Takes back one earlier event of the same book. */
  'undo',
] as const;
export type PitchEventKind = (typeof PITCH_EVENT_KINDS)[number];

/**
 * One tap. A book is one team's count of one pitcher in one game (both dugouts may count the same
 * pitcher); `deviceId` and `seq` order a device's taps, `at` (the device's clock, never going
 * back) orders taps from several devices of one book.
 */
export interface PitchEvent {
  id: string;
  gameId: string;
  pitcherId: string;
  bookTeamId: string;
  deviceId: string;
  seq: number;
  at: string;
  kind: PitchEventKind;
  /** For an undo: the event it takes back. */
  undoes?: string | null;
}

export const MAX_EVENTS_PER_BATCH = 500;

/** Messages of the `rules` catalogue in one string (`encoded`), shown with `t.said`. */
export const PITCH_EVENT_MESSAGES = {
  kind: encoded('rules.pitchEvent.kind', { kinds: PITCH_EVENT_KINDS.join(', ') }),
  undoTarget: encoded('rules.pitchEvent.undoTarget'),
  at: encoded('rules.pitchEvent.at'),
  seq: encoded('rules.pitchEvent.seq'),
  batch: encoded('rules.pitchEvent.batch', { max: MAX_EVENTS_PER_BATCH }),
  ids: encoded('rules.pitchEvent.ids'),
} as const;

/** An id the device makes: a UUID as RFC 9562 writes it. */
const uuid = z.uuid(PITCH_EVENT_MESSAGES.ids);
/** A record's id as the database holds it (any 128-bit id in UUID form: a bulk import's or a seed's too). */
const recordId = z.guid(PITCH_EVENT_MESSAGES.ids);

export const pitchEventSchema = z
  .strictObject({
    id: uuid,
    gameId: recordId,
    pitcherId: recordId,
    bookTeamId: recordId,
    deviceId: uuid,
    seq: z.number(PITCH_EVENT_MESSAGES.seq).int(PITCH_EVENT_MESSAGES.seq).min(1, PITCH_EVENT_MESSAGES.seq),
    at: z.iso.datetime({ offset: true, message: PITCH_EVENT_MESSAGES.at }),
    kind: z.enum(PITCH_EVENT_KINDS, PITCH_EVENT_MESSAGES.kind),
    undoes: uuid.nullish(),
  })
  .refine((e) => (e.kind === 'undo') === Boolean(e.undoes), {
    message: PITCH_EVENT_MESSAGES.undoTarget,
    path: ['undoes'],
  });

/** The order taps happened in: the tap's time, then the device, then its own sequence. */
export function compareEvents(a: PitchEvent, b: PitchEvent): number {
  if (a.at !== b.at) return Date.parse(a.at) - Date.parse(b.at) || (a.at < b.at ? -1 : 1);
  if (a.deviceId !== b.deviceId) return a.deviceId < b.deviceId ? -1 : 1;
  return a.seq - b.seq;
}

/** What one book's events add up to. */
export interface Tally {
  /** Pitches thrown (without intentional-walk credit). */
  pitches: number;
  intentionalWalks: number;
  /**
   * The count (credit included) when the last batter faced came up; null while the pitcher has
   * faced only one (their first batter came up at 0, and a sheet where "New batter" was never
   * tapped must not read as one long at-bat: the rules then use the whole count).
   */
  pitchesBeforeLastBatter: number | null;
  /**
   * Batters faced: the first pitch (or intentional walk) faces the first batter, whether or not
   * "New batter" was tapped before it. A ball in play, an intentional walk or a "New batter" tap
   * ends the batter at the plate, and the next pitch faces a new one; an intentional walk is a
   * batter faced.
   */
  batters: number;
  /** Events counted (undone ones and undos left out). */
  events: number;
}

export const EMPTY_TALLY: Tally = {
  pitches: 0,
  intentionalWalks: 0,
  pitchesBeforeLastBatter: null,
  batters: 0,
  events: 0,
};

/**
 * Where a book's count stands after its last counted event: the tally, whether a batter is at the plate, the last
 * event in tap order and the intentional-walk credit it was counted with. A server keeps it beside the book so a
 * batch of taps that come after that event is counted by adding them (`extendTally`), not by reading the book again.
 */
export interface BookState {
  tally: Tally;
  atBat: boolean;
  last: Pick<PitchEvent, 'at' | 'deviceId' | 'seq'> | null;
  credit: number;
  /** Events an undo of the book names that the book has not received (they will not count when they come). */
  awaited: string[];
}

/** Adds events already in tap order, none undone and no undo among them, to where a book stands. */
function countOn(state: BookState, ordered: readonly PitchEvent[]): BookState {
  const tally = { ...state.tally };
  // Whether a pitch or a walk has reached the batter at the plate (who is then counted).
  let atBat = state.atBat;
  for (const e of ordered) {
    tally.events++;
    if (e.kind === 'new_batter') {
      atBat = false;
      continue;
    }
    if (!atBat) {
      tally.batters++;
      if (tally.batters > 1) tally.pitchesBeforeLastBatter = tally.pitches + tally.intentionalWalks * state.credit;
      atBat = true;
    }
    if (e.kind === 'intentional_walk') tally.intentionalWalks++;
    else tally.pitches++;
    if (e.kind === 'intentional_walk' || e.kind === 'in_play') atBat = false;
  }
  const end = ordered.at(-1);
  return { ...state, tally, atBat, last: end ? { at: end.at, deviceId: end.deviceId, seq: end.seq } : state.last };
}

/**
 * One book's count from its events, in any order and with any repeats: each id counts once, an
 * undo takes back the event it names (an undo itself cannot be undone), and the rest is read in
 * the order the taps happened. `intentionalWalkCredit` is the rule's (the count at a new batter
 * includes it, as the official count does).
 */
export function bookStateOf(events: readonly PitchEvent[], intentionalWalkCredit: number): BookState {
  const byId = new Map<string, PitchEvent>();
  for (const e of events) if (!byId.has(e.id)) byId.set(e.id, e);
  const undone = new Set<string>();
  const awaited: string[] = [];
  for (const e of byId.values()) {
    if (e.kind !== 'undo' || !e.undoes) continue;
    const target = byId.get(e.undoes);
    if (!target) awaited.push(e.undoes);
    // An undo of an undo, or of an event the book never received, takes nothing back.
    if (!target || target.kind === 'undo') continue;
    undone.add(target.id);
  }
  const counted = [...byId.values()].filter((e) => e.kind !== 'undo' && !undone.has(e.id)).sort(compareEvents);
  return countOn({ tally: EMPTY_TALLY, atBat: false, last: null, credit: intentionalWalkCredit, awaited }, counted);
}

/** One book's count from its events (`bookStateOf`'s tally). */
export function tallyOf(events: readonly PitchEvent[], intentionalWalkCredit: number): Tally {
  return bookStateOf(events, intentionalWalkCredit).tally;
}

/**
 * Where a book stands after events it has not counted yet, by adding them; null when adding cannot give what
 * counting the whole book again would (`bookStateOf`): an undo among them, one that comes before the book's last
 * counted event (a device that was offline), one an undo already named, or another credit. The caller then counts
 * the whole book.
 */
export function extendTally(
  state: BookState,
  fresh: readonly PitchEvent[],
  intentionalWalkCredit: number,
): BookState | null {
  if (state.credit !== intentionalWalkCredit) return null;
  if (fresh.some((e) => e.kind === 'undo' || state.awaited.includes(e.id))) return null;
  const ordered = [...new Map(fresh.map((e) => [e.id, e])).values()].sort(compareEvents);
  const first = ordered[0];
  if (first && state.last && compareEvents({ ...first, ...state.last }, first) >= 0) return null;
  return countOn(state, ordered);
}
