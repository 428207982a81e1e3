import { describe, expect, it } from 'vitest';
import { textInEnglish } from './i18n/messages.ts';
import './i18n/testing.ts';
import { localDateTimeIn } from './local-date.ts';
import {
  type CountFacts,
  confirmedCountsOf,
  countDeadlineOf,
  countSettingsSchema,
  countStateOf,
} from './official-count.ts';

const HOME = 'home-team';
const AWAY = 'away-team';
const base: CountFacts = {
  teamIds: [HOME, AWAY],
  homeTeamId: HOME,
  outings: [],
  books: [],
  confirmations: [],
  settled: false,
};
const outing = (pitcherId: string, teamId: string, pitches: number, intentionalWalks = 0) => ({
  pitcherId,
  teamId,
  pitches,
  intentionalWalks,
});
const book = (pitcherId: string, pitcherTeamId: string, bookTeamId: string, pitches: number) => ({
  pitcherId,
  pitcherTeamId,
  bookTeamId,
  pitches,
  intentionalWalks: 0,
});

describe('countStateOf', () => {
  it('is none before anyone recorded pitching, unconfirmed once someone did', () => {
    expect(countStateOf(base).status).toBe('none');
    expect(countStateOf({ ...base, outings: [outing('p1', HOME, 40)] }).status).toBe('unconfirmed');
  });

  it('marks a pitcher disputed when the other dugout counted differently, and agrees when the counts match', () => {
    const facts = {
      ...base,
      outings: [outing('p1', HOME, 40)],
      books: [book('p1', HOME, HOME, 40), book('p1', HOME, AWAY, 42)],
    };
    const state = countStateOf(facts);
    expect(state.status).toBe('disputed');
    expect(state.pitchers).toEqual([
      {
        pitcherId: 'p1',
        teamId: HOME,
        official: { pitches: 40, intentionalWalks: 0 },
        otherBook: { pitches: 42, intentionalWalks: 0 },
        differs: true,
      },
    ]);
    const agreed = countStateOf({ ...facts, books: [book('p1', HOME, HOME, 40), book('p1', HOME, AWAY, 40)] });
    expect(agreed.status).toBe('unconfirmed');
    expect(agreed.pitchers[0]?.differs).toBe(false);
  });

  it('counts a pitcher only the other dugout counted as disputed (nothing on record)', () => {
    const state = countStateOf({ ...base, books: [book('p2', AWAY, HOME, 30)] });
    expect(state.status).toBe('disputed');
    expect(state.pitchers[0]).toMatchObject({ teamId: AWAY, official: null, differs: true });
  });

  it('is confirmed only when every team of the league confirmed the record as it is now', () => {
    const outings = [outing('p1', HOME, 40), outing('p2', AWAY, 55, 1)];
    const counts = confirmedCountsOf(outings);
    const one = countStateOf({ ...base, outings, confirmations: [{ teamId: HOME, counts }] });
    expect(one.status).toBe('unconfirmed');
    expect(one.confirmations).toEqual([{ teamId: HOME, current: true }]);
    const both = countStateOf({
      ...base,
      outings,
      confirmations: [
        { teamId: HOME, counts },
        { teamId: AWAY, counts },
      ],
    });
    expect(both.status).toBe('confirmed');
    // A later change to an outing makes both confirmations stale.
    const changed = countStateOf({
      ...base,
      outings: [outing('p1', HOME, 41), outing('p2', AWAY, 55, 1)],
      confirmations: [
        { teamId: HOME, counts },
        { teamId: AWAY, counts },
      ],
    });
    expect(changed.status).toBe('unconfirmed');
    expect(changed.confirmations.every((c) => !c.current)).toBe(true);
  });

  it('lets both confirmations settle a difference (both managers signed) and the deadline settle the rest', () => {
    const outings = [outing('p1', HOME, 40)];
    const books = [book('p1', HOME, HOME, 40), book('p1', HOME, AWAY, 45)];
    const counts = confirmedCountsOf(outings);
    const signed = countStateOf({
      ...base,
      outings,
      books,
      confirmations: [
        { teamId: HOME, counts },
        { teamId: AWAY, counts },
      ],
    });
    expect(signed.status).toBe('confirmed');
    expect(countStateOf({ ...base, outings, books, settled: true }).status).toBe('settled');
  });

  it('asks only the league team to confirm a game against an outside opponent', () => {
    const outings = [outing('p1', HOME, 40)];
    const state = countStateOf({
      ...base,
      teamIds: [HOME],
      outings,
      confirmations: [{ teamId: HOME, counts: confirmedCountsOf(outings) }],
    });
    expect(state.status).toBe('confirmed');
  });

  it('treats a confirmation whose stored counts are unreadable as stale', () => {
    const outings = [outing('p1', HOME, 40)];
    expect(
      countStateOf({ ...base, outings, confirmations: [{ teamId: HOME, counts: 'nonsense' }] }).confirmations,
    ).toEqual([{ teamId: HOME, current: false }]);
  });
});

describe('the deadline', () => {
  it('falls the league’s days after the game at its time, compared on the local clock', () => {
    expect(countDeadlineOf('2026-05-02', 1, '12:00')).toBe('2026-05-03T12:00');
    expect(countDeadlineOf('2026-12-31', 1, '09:30')).toBe('2027-01-01T09:30');
    // 17:00 UTC on 3 May is 12:00 in Chicago (CDT): the deadline has just come.
    const now = localDateTimeIn('America/Chicago', new Date('2026-05-03T17:00:00Z'));
    expect(now).toBe('2026-05-03T12:00');
    expect(now >= countDeadlineOf('2026-05-02', 1, '12:00')).toBe(true);
    expect(localDateTimeIn('America/Chicago', new Date('2026-05-03T16:59:00Z')) >= '2026-05-03T12:00').toBe(false);
  });

  it('validates the settings with clear messages', () => {
    expect(
      countSettingsSchema.safeParse({
        countStandsAfterDeadline: 'home',
        countDeadlineDays: 1,
        countDeadlineTime: '12:00',
      }).success,
    ).toBe(true);
    const bad = countSettingsSchema.safeParse({
      countStandsAfterDeadline: 'visitors',
      countDeadlineDays: 15,
      countDeadlineTime: '24:00',
    });
    expect(bad.error?.issues.map((i) => textInEnglish(i.message))).toEqual([
      'Choose whose count stands after the deadline',
      'The deadline is 0 to 14 days after the game',
      'Give the deadline’s time as HH:MM (24-hour)',
    ]);
  });
});
