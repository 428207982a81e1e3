import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PitchEvent, type PitchEventKind, pitchEventSchema, tallyOf } from './pitch-events.ts';

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

/** The model: what a paper tally sheet would say, tap by tap, "undo" crossing out the last mark. */
function model(kinds: (PitchEventKind | 'undo-last')[], credit: number) {
  const marks: PitchEventKind[] = [];
  for (const kind of kinds) {
    if (kind === 'undo-last') marks.pop();
    else marks.push(kind);
  }
  let pitches = 0;
  let walks = 0;
  let before: number | null = null;
  for (const mark of marks) {
    if (mark === 'new_batter') before = pitches + walks * credit;
    else if (mark === 'intentional_walk') walks++;
    else pitches++;
  }
  return { pitches, intentionalWalks: walks, pitchesBeforeLastBatter: before };
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

  it('takes back the event an undo names, and never an undo', () => {
    const events = taps(['ball', 'strike', 'undo-last', 'ball']);
    expect(tallyOf(events, 4).pitches).toBe(2);
    const undo = events.find((e) => e.kind === 'undo') as PitchEvent;
    const undoTheUndo = { ...undo, id: '00000000-0000-4000-8000-999999999999', seq: 99, undoes: undo.id };
    expect(tallyOf([...events, undoTheUndo], 4).pitches).toBe(2);
  });

  it('is the same whatever the order of arrival and however often an event arrives (the model)', () => {
    const kind = fc.constantFrom<PitchEventKind | 'undo-last'>(
      'ball',
      'strike',
      'foul',
      'in_play',
      'new_batter',
      'intentional_walk',
      'undo-last',
    );
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
