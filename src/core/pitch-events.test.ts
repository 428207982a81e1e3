import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookStateOf,
  extendTally,
  PITCH_EVENT_KINDS,
  type PitchEvent,
  type PitchEventKind,
  pitchEventSchema,
  tallyOf,
} from './pitch-events.ts';

const GAME = '0b9f7c4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const PITCHER = '1b9f7c4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const TEAM = '2b9f7c4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';
const DEVICE = '3b9f7c4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';

/** Taps as a device makes them: ids, a sequence and a clock that never goes back. */
function taps(kinds: (PitchEventKind | 'undo-last')[]): PitchEvent[] {
  const made: PitchEvent[] = [];
  const live: string[] = [];
  kinds.forEach((kind, i) => {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const base = {
      id,
      gameId: GAME,
      pitcherId: PITCHER,
      bookTeamId: TEAM,
      deviceId: DEVICE,
      seq: i + 1,
      at: new Date(Date.UTC(2027, 3, 12, 18, 0, i)).toISOString(),
    };
    if (kind === 'undo-last') {
      const target = live.pop();
      if (target) made.push({ ...base, kind: 'undo', undoes: target });
      return;
    }
    made.push({ ...base, kind });
    live.push(id);
  });
  return made;
}

/** Any tap a coach makes, "undo-last" taking back the last one not taken back yet. */
const kind = fc.constantFrom<PitchEventKind | 'undo-last'>(
  ...PITCH_EVENT_KINDS.filter((k) => k !== 'undo'),
  'undo-last',
);

/** The model: what a paper tally sheet would say, tap by tap, "undo" crossing out the last mark. */
function model(kinds: (PitchEventKind | 'undo-last')[], credit: number) {
  const marks: PitchEventKind[] = [];
  for (const kind of kinds) {
    if (kind === 'undo-last') marks.pop();
    else marks.push(kind);
  }
  let pitches = 0;
  let walks = 0;
  // The sheet's batter lines, each with the count when its batter came up; a line is a batter faced
  // once a pitch or a walk is on it. "New batter", a ball in play and a walk start a new line.
  const lines: { at: number; marks: number }[] = [{ at: 0, marks: 0 }];
  for (const mark of marks) {
    const line = lines[lines.length - 1] as { at: number; marks: number };
    if (mark === 'new_batter') {
      if (line.marks > 0) lines.push({ at: 0, marks: 0 });
      continue;
    }
    if (line.marks === 0) line.at = pitches + walks * credit;
    line.marks++;
    if (mark === 'intentional_walk') walks++;
    else pitches++;
    if (mark === 'intentional_walk' || mark === 'in_play') lines.push({ at: 0, marks: 0 });
  }
  const faced = lines.filter((line) => line.marks > 0);
  const batters = faced.length;
  const before = batters > 1 ? (faced[batters - 1]?.at ?? null) : null;
  return { pitches, intentionalWalks: walks, pitchesBeforeLastBatter: before, batters };
}

describe('tallyOf', () => {
  it('counts pitches, intentional walks and the count when the last batter came up', () => {
    const events = taps([
      'new_batter',
      'ball',
      'strike',
      'foul',
      'in_play',
      'new_batter',
      'intentional_walk',
      'new_batter',
      'ball',
    ]);
    expect(tallyOf(events, 4)).toMatchObject({
      pitches: 5,
      intentionalWalks: 1,
      pitchesBeforeLastBatter: 8,
      batters: 3,
    });
  });

  it('faces the first batter with the first pitch, "New batter" tapped before it or not', () => {
    expect(tallyOf(taps(['ball', 'strike', 'in_play']), 4).batters).toBe(1);
    expect(tallyOf(taps(['new_batter', 'ball', 'strike', 'in_play']), 4).batters).toBe(1);
    expect(tallyOf(taps(['ball', 'in_play', 'new_batter', 'strike']), 4).batters).toBe(2);
    // "New batter" tapped twice, or with nobody pitched to yet, faces nobody.
    expect(tallyOf(taps(['new_batter', 'new_batter', 'ball', 'new_batter']), 4).batters).toBe(1);
    expect(tallyOf(taps([]), 4).batters).toBe(0);
    // One batter faced: no count "before the last batter" (a sheet without "New batter" taps is not one at-bat).
    expect(tallyOf(taps(['new_batter', 'ball', 'strike', 'foul', 'ball']), 4).pitchesBeforeLastBatter).toBeNull();
    // A ball in play ends the at-bat: the next pitch faces the next batter, who came up at 2.
    expect(tallyOf(taps(['ball', 'in_play', 'strike']), 4)).toMatchObject({ batters: 2, pitchesBeforeLastBatter: 2 });
  });

  it('counts an intentional walk as a batter faced, and the next pitch faces the next batter', () => {
    // Eight batters, three of them walked intentionally: 8 (the live counter once said 7 of 8).
    const kinds: PitchEventKind[] = ['ball', 'in_play', 'intentional_walk', 'intentional_walk', 'strike', 'in_play'];
    kinds.push(
      'new_batter',
      'foul',
      'in_play',
      'new_batter',
      'ball',
      'in_play',
      'intentional_walk',
      'new_batter',
      'in_play',
    );
    const tally = tallyOf(taps(kinds), 4);
    expect(tally.batters).toBe(8);
    expect(tally.intentionalWalks).toBe(3);
    // The batter after a walk came up at the count with the walk's credit.
    expect(tallyOf(taps(['ball', 'in_play', 'intentional_walk', 'strike']), 4).pitchesBeforeLastBatter).toBe(6);
    // A walk, then "New batter" out of habit: still one batter for the walk, and one for the next pitch.
    expect(tallyOf(taps(['intentional_walk', 'new_batter', 'ball']), 4).batters).toBe(2);
  });

  it('takes back the event an undo names, and never an undo', () => {
    const events = taps(['ball', 'strike', 'undo-last', 'ball']);
    expect(tallyOf(events, 4).pitches).toBe(2);
    const undo = events.find((e) => e.kind === 'undo') as PitchEvent;
    const undoTheUndo = { ...undo, id: '00000000-0000-4000-8000-999999999999', seq: 99, undoes: undo.id };
    expect(tallyOf([...events, undoTheUndo], 4).pitches).toBe(2);
  });

  it('is the same whatever the order of arrival and however often an event arrives (the model)', () => {
    fc.assert(
      fc.property(
        fc.array(kind, { maxLength: 120 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.nat(), { maxLength: 240 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (kinds, credit, keys, repeats) => {
          const events = taps(kinds);
          // Every event arrives at least once, some again (a retry after a lost answer), in any order.
          const again = events.length ? repeats.map((r) => events[r % events.length] as PitchEvent) : [];
          const delivered = [...events, ...again]
            .map((event, i) => ({ event, key: keys[i] ?? i }))
            .sort((a, b) => a.key - b.key)
            .map((d) => d.event);
          expect(tallyOf(delivered, credit)).toMatchObject(model(kinds, credit));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('extendTally', () => {
  it("adds a batch that comes after the book's last event, and answers null where only a recount is right", () => {
    const events = taps(['ball', 'strike', 'in_play', 'ball', 'undo-last', 'foul']);
    const [a, b, c, d, undo, e] = events as [PitchEvent, PitchEvent, PitchEvent, PitchEvent, PitchEvent, PitchEvent];
    const start = bookStateOf([a, b], 4);
    expect(extendTally(start, [c, d], 4)).toEqual(bookStateOf([a, b, c, d], 4));
    // An undo, a tap from before the last one counted, another credit: count the whole book again.
    expect(extendTally(bookStateOf([a, b, c, d], 4), [undo], 4)).toBeNull();
    expect(extendTally(bookStateOf([a, c], 4), [b], 4)).toBeNull();
    expect(extendTally(start, [c], 3)).toBeNull();
    // An undo that came before the tap it names: that tap never counts, so adding it would be wrong.
    expect(extendTally(bookStateOf([a, b, c, undo], 4), [d], 4)).toBeNull();
    expect(extendTally(bookStateOf([a, b, c, d, undo], 4), [e], 4)).toEqual(bookStateOf(events, 4));
  });

  it("keeps a book as counting it whole would, batch by batch, whatever arrives when (the server's way)", () => {
    fc.assert(
      fc.property(
        fc.array(kind, { maxLength: 80 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.nat(), { maxLength: 160 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 80 }),
        (kinds, credit, keys, sizes) => {
          const events = taps(kinds);
          // In tap order mostly (a device sends in order), with some sent again and some late.
          const delivered = [...events, ...events.filter((_, i) => (keys[i] ?? 1) % 5 === 0)]
            .map((event, i) => ({ event, key: (keys[i] ?? 0) % 7 === 0 ? (keys[i] ?? 0) : i * 100 }))
            .sort((x, y) => x.key - y.key)
            .map((x) => x.event);
          const stored = new Map<string, PitchEvent>();
          let state = bookStateOf([], credit);
          let at = 0;
          for (const size of [...sizes, delivered.length]) {
            const batch = delivered.slice(at, at + size);
            at += size;
            const fresh = batch.filter((e) => !stored.has(e.id));
            for (const e of fresh) stored.set(e.id, e);
            state = extendTally(state, fresh, credit) ?? bookStateOf([...stored.values()], credit);
            expect(state).toEqual(bookStateOf([...stored.values()], credit));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('pitchEventSchema', () => {
  const event = taps(['ball'])[0] as PitchEvent;
  it('accepts a tap and refuses what is not one', () => {
    expect(pitchEventSchema.safeParse(event).success).toBe(true);
    expect(pitchEventSchema.safeParse({ ...event, kind: 'balk' }).success).toBe(false);
    expect(pitchEventSchema.safeParse({ ...event, kind: 'undo' }).success).toBe(false);
    expect(pitchEventSchema.safeParse({ ...event, undoes: event.id }).success).toBe(false);
    expect(pitchEventSchema.safeParse({ ...event, seq: 0 }).success).toBe(false);
    expect(pitchEventSchema.safeParse({ ...event, at: 'yesterday' }).success).toBe(false);
    expect(pitchEventSchema.safeParse({ ...event, extra: 1 }).success).toBe(false);
  });
});
