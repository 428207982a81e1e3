import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { presetRule } from '../../../../core/rules/presets.ts';
import { answerInGame, type WireAppearance } from '../../../lib/answer.ts';
import { loadEagerly, translatorNow } from '../../../lib/i18n.ts';
import { createMemoryStore } from '../../../lib/offline/memory-store.ts';
import type { BookCount, NewTap } from '../../../lib/offline/types.ts';
import { bookView, comparisonText, firstNameOf, waitingText, warningAt } from './live-count-model.ts';

const GAME = '00000000-0000-4000-8000-000000000001';
const PITCHER = '00000000-0000-4000-8000-000000000002';
const TEAM = '00000000-0000-4000-8000-000000000003';
const book = { gameId: GAME, pitcherId: PITCHER, bookTeamId: TEAM };
const rule = presetRule('little-league-baseball');
// League age 12 on the game's date (Little League: 85 a day; 36 pitches owe 2 days).
const birthDate = '2015-03-01';
const date = '2027-04-12';

const t = translatorNow();
const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

const tap = (kind: NewTap['kind']): NewTap => ({ userId: 'u1', ...book, pitcherName: 'Ava Anderson', kind });

const server = (pitches: number, extra: Partial<BookCount> = {}): BookCount => ({
  ...book,
  pitcherName: 'Ava Anderson',
  bookTeamName: 'Tigers',
  official: true,
  pitches,
  intentionalWalks: 0,
  pitchesBeforeLastBatter: null,
  batters: 0,
  ...extra,
});

async function tapsOf(kinds: NewTap['kind'][], sentFirst = 0) {
  const store = createMemoryStore();
  const made = [];
  for (const kind of kinds) made.push(await store.record(tap(kind)));
  const sent = made.slice(0, sentFirst).map((t) => t?.id ?? '');
  await store.settle('u1', { sent, refused: [], counts: [] });
  return store.all();
}

const view = (pitches: number, extra: Partial<ReturnType<typeof bookView>> = {}) => ({
  pitches,
  intentionalWalks: 0,
  batters: 0,
  pitchesBeforeLastBatter: null,
  count: pitches,
  ...extra,
});

describe('bookView: the count shown before the server answers', () => {
  it('is the device’s own taps when the server was never heard', async () => {
    const taps = await tapsOf(['new_batter', 'ball', 'strike', 'new_batter', 'foul', 'intentional_walk']);
    expect(bookView(null, taps, book, 4)).toEqual({
      pitches: 3,
      intentionalWalks: 1,
      batters: 2,
      pitchesBeforeLastBatter: 2,
      count: 7,
    });
  });

  it('is the server’s count plus what the waiting taps change, an undo of a sent tap included', async () => {
    // Two sent (ball, strike), then waiting: foul and an undo of the foul, and an undo of the strike.
    const taps = await tapsOf(['ball', 'strike', 'foul', 'undo', 'undo'], 2);
    expect(bookView(server(2), taps, book, 4).count).toBe(1);
  });

  it('adds what other devices of the book counted (the server has more than this device sent)', async () => {
    // The other device's 3 pitches came before this device's waiting "New batter" and ball.
    const taps = await tapsOf(['ball', 'strike', 'new_batter', 'ball'], 2);
    expect(bookView(server(5, { batters: 1, pitchesBeforeLastBatter: null }), taps, book, 0)).toEqual(
      view(6, { batters: 2, pitchesBeforeLastBatter: 5 }),
    );
  });

  it('never counts a refused tap', async () => {
    const store = createMemoryStore();
    const refused = await store.record(tap('ball'));
    await store.settle('u1', { sent: [], refused: [{ id: refused?.id ?? '', message: 'No' }], counts: [] });
    expect(bookView(null, store.all(), book, 0).count).toBe(0);
  });
});

const at = (count: number, before?: number, record: WireAppearance[] = []) =>
  answerInGame({
    rule,
    birthDate,
    seasonStart: null,
    record,
    game: { id: GAME, date },
    count: view(count, before === undefined ? {} : { pitchesBeforeLastBatter: before }),
  });

const earlier = (gameId: string, day: string, pitches: number): WireAppearance => ({
  date: day,
  gameId,
  pitches,
  pitchesBeforeLastBatter: null,
  pitchedInnings: [],
  caughtInnings: [],
  outs: 0,
  intentionalWalks: 0,
});

describe('the rest and the warnings at a count', () => {
  it('owes the tier of the count, or of the last batter’s first pitch when finishing the batter applies', () => {
    expect(at(20).day.daysRest).toBe(0);
    expect(at(36).day.daysRest).toBe(2);
    // Little League: a batter started at 34 and finished at 37 stays in 21-35.
    expect(at(37, 34).day.daysRest).toBe(1);
    expect(at(37, 34).after.nextEligibleDate).toBe('2027-04-14');
  });

  it('gives Pitcher Status’s date from the whole record, not this outing’s (60 yesterday: 3 days)', () => {
    const yesterday = earlier('00000000-0000-4000-8000-0000000000aa', '2027-04-11', 60);
    const answer = at(3, undefined, [yesterday]);
    expect(answer.day.daysRest).toBe(0);
    expect(answer.before.canPitchOnAsOf).toBe(false);
    expect(answer.before.reasons[0]?.code).toBe('PITCHED_BEFORE_ELIGIBLE');
    expect(answer.after.nextEligibleDate).toBe('2027-04-15');
    expect(answer.remaining).toBe(0);
  });

  it('warns from 80 % of the next tier: At 36 pitches Ava owes 2 days of rest', () => {
    expect(warningAt(t, rule, at(28), 'Ava')).toBeNull();
    expect(warningAt(t, rule, at(29), 'Ava')).toEqual({ kind: 'tier', text: 'At 36 pitches Ava owes 2 days of rest' });
    expect(warningAt(t, rule, at(17), 'Ava')).toEqual({ kind: 'tier', text: 'At 21 pitches Ava owes 1 day of rest' });
    // Past 36, but the batter being finished started at 34: the next batter owes 2 days.
    expect(warningAt(t, rule, at(37, 34), 'Ava')?.text).toBe('From the next batter Ava owes 2 days of rest');
    expect(warningAt(t, rule, at(70), 'Ava')).toBeNull(); // the top tier: nothing further to warn about
  });

  it('says when the daily max is reached, and that the pitcher may finish the batter', () => {
    expect(warningAt(t, rule, at(85), 'Ava')).toEqual({
      kind: 'max',
      text: 'Daily max reached: Ava may finish this batter',
    });
    expect(warningAt(t, { ...rule, finishBatter: false }, at(86), 'Ava')?.text).toBe(
      'Daily max reached: Ava must stop pitching',
    );
  });
});

describe('texts', () => {
  it('compares both dugouts in words', () => {
    expect(comparisonText(t, view(12), view(11), 'Lions')).toBe('Counts differ by 1');
    expect(comparisonText(t, view(11), view(13), 'Lions')).toBe('Counts differ by 2');
    expect(comparisonText(t, view(12), view(12), 'Lions')).toBe('Counts agree');
    expect(comparisonText(t, view(12, { batters: 3 }), view(12, { batters: 2 }), 'Lions')).toBe(
      'Counts agree; batters differ by 1',
    );
    expect(comparisonText(t, view(12), null, 'Lions')).toBe('No count from the Lions yet');
    // Pitches thrown, as Final counts compares them: an intentional walk's credit does not make 1 read as 5.
    expect(comparisonText(t, view(7, { intentionalWalks: 1, count: 11 }), view(8), 'Lions')).toBe('Counts differ by 1');
    expect(comparisonText(t, view(7, { intentionalWalks: 1, count: 11 }), view(7), 'Lions')).toBe(
      'Pitches agree; intentional walks differ',
    );
  });

  it('badge and names', () => {
    expect(waitingText(t, 3)).toBe('3 waiting');
    expect(waitingText(t, 0)).toBe('All sent');
    expect(firstNameOf('Ava Anderson')).toBe('Ava');
  });
});

describe('in Spanish', () => {
  it('warns and compares in whole Spanish sentences, with plurals and the pitcher’s name', () => {
    loadEagerly('es', catalogues);
    try {
      const es = translatorNow();
      expect(warningAt(es, rule, at(29), 'Ivy')?.text).toBe('Al llegar a 36 lanzamientos, Ivy debe 2 días de descanso');
      expect(warningAt(es, rule, at(17), 'Ivy')?.text).toBe('Al llegar a 21 lanzamientos, Ivy debe 1 día de descanso');
      expect(warningAt(es, rule, at(37, 34), 'Ivy')?.text).toBe(
        'Desde el próximo bateador, Ivy debe 2 días de descanso',
      );
      expect(warningAt(es, rule, at(85), 'Ivy')?.text).toBe(
        'Límite diario alcanzado: Ivy puede terminar con este bateador',
      );
      expect(comparisonText(es, view(12), view(11), 'Lions')).toBe('Los conteos difieren en 1');
      expect(waitingText(es, 3)).toBe('3 en espera');
    } finally {
      loadEagerly('en', catalogues);
    }
  });
});
