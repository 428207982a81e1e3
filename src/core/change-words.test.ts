import { describe, expect, it } from 'vitest';
import { type ChangeFacts, describeChange } from './change-words.ts';

const outing = (pitches: number, more: Record<string, unknown> = {}) => ({
  pitches,
  pitchesBeforeLastBatter: null,
  pitchedInnings: [1, 2],
  caughtInnings: [],
  outs: 6,
  intentionalWalks: 0,
  date: '2027-05-02',
  deleted: false,
  ...more,
});
const facts = (over: Partial<ChangeFacts>): ChangeFacts => ({
  entity: 'outing',
  action: 'corrected',
  actorName: 'Jo Rivera',
  reason: null,
  before: null,
  after: null,
  playerName: 'Ivy Brown',
  teamName: null,
  ...over,
});

describe('describeChange', () => {
  it('says a correction of a count as the issue asks, with its reason', () => {
    expect(describeChange(facts({ before: outing(63), after: outing(58), reason: 'miscounted in the 4th' }))).toBe(
      'Jo Rivera changed Ivy Brown’s count 63 → 58: “miscounted in the 4th”',
    );
  });

  it('names every other field that changed', () => {
    expect(describeChange(facts({ before: outing(40), after: outing(40, { outs: 7, caughtInnings: [5] }) }))).toBe(
      'Jo Rivera changed Ivy Brown’s innings caught none → 5, outs 6 → 7',
    );
  });

  it('says a recording, a deletion and a record from before the history', () => {
    expect(describeChange(facts({ action: 'recorded', after: outing(40) }))).toBe(
      'Jo Rivera recorded Ivy Brown’s outing: 40 pitches',
    );
    expect(
      describeChange(
        facts({ action: 'deleted', before: outing(40), after: outing(40, { deleted: true }), reason: 'Wrong pitcher' }),
      ),
    ).toBe('Jo Rivera deleted Ivy Brown’s outing (40 pitches): “Wrong pitcher”');
    expect(
      describeChange(facts({ action: 'baseline', after: outing(12), reason: 'Recorded before the history began' })),
    ).toBe('Ivy Brown’s outing was on record before the history began: 12 pitches');
  });

  it('says a game moved, withdrawn, settled and ended', () => {
    const game = { date: '2027-05-02', startTime: null, state: 'final', settled: false, withdrawn: false };
    expect(
      describeChange(
        facts({
          entity: 'game',
          action: 'moved',
          before: game,
          after: { ...game, date: '2027-05-03' },
          reason: 'Rain',
        }),
      ),
    ).toBe('Jo Rivera moved the game: date 2027-05-02 → 2027-05-03: “Rain”');
    expect(describeChange(facts({ entity: 'game', before: game, after: { ...game, withdrawn: true } }))).toBe(
      'Jo Rivera withdrew the game',
    );
    expect(describeChange(facts({ entity: 'game', before: game, after: { ...game, settled: true } }))).toBe(
      'The league’s deadline settled the counts',
    );
  });

  it('says a violation found and withdrawn without repeating the change’s reason', () => {
    const v = { message: 'Pitched 80 pitches; the limit is 75', state: 'open', withdrawn: false };
    expect(describeChange(facts({ entity: 'violation', action: 'found', after: v }))).toBe(
      'Bullpen found a violation: Pitched 80 pitches; the limit is 75',
    );
    expect(
      describeChange(facts({ entity: 'violation', before: v, after: { ...v, withdrawn: true }, reason: 'Recounted' })),
    ).toBe('The violation was withdrawn: Pitched 80 pitches; the limit is 75');
  });

  it('says a confirmation and a tap', () => {
    expect(describeChange(facts({ entity: 'confirmation', action: 'confirmed', teamName: 'Tigers', after: {} }))).toBe(
      'Jo Rivera confirmed the counts for Tigers',
    );
    expect(describeChange(facts({ entity: 'pitch-event', action: 'tapped', after: { kind: 'in_play' } }))).toBe(
      'Jo Rivera counted in play for Ivy Brown',
    );
  });
});
