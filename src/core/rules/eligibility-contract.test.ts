import { describe, expect, it } from 'vitest';
import '../i18n/testing.ts';
import { eligibilityBatchAnswer, eligibilityCommand, parseEligibilityRequest } from './eligibility-contract.ts';
import { presetRule } from './presets.ts';

const request = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    rule: 'little-league-baseball',
    birthDate: '2017-01-15',
    asOf: '2027-04-07',
    appearances: [{ date: '2027-04-05', game: 'g1', pitches: 76, pitchesBeforeLastBatter: 71 }],
    ...overrides,
  });

function failure(text: string): string {
  const result = eligibilityCommand(text);
  expect(result.exitCode).toBe(2);
  expect(result.stdout).toBe('');
  return result.stderr;
}

describe('bullpen eligibility, without its I/O', () => {
  it('answers one JSON object on one line, with the contract fields in order', () => {
    const result = eligibilityCommand(request());
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const answer = JSON.parse(result.stdout);
    expect(Object.keys(answer)).toEqual([
      'age',
      'dailyMax',
      'pitchedToday',
      'remainingToday',
      'restDaysOwed',
      'nextEligibleDate',
      'canPitchOnAsOf',
      'violations',
    ]);
    // A 10-year-old who starts the last batter at 71 and ends at 76 on Monday: 4 days, eligible Saturday.
    expect(answer).toEqual({
      age: 10,
      dailyMax: 75,
      pitchedToday: 0,
      remainingToday: 0,
      restDaysOwed: 4,
      nextEligibleDate: '2027-04-10',
      canPitchOnAsOf: false,
      violations: [],
    });
  });

  it('takes a rule object as well as a preset id', () => {
    const rule = { ...presetRule('little-league-baseball'), finishBatter: false };
    const answer = JSON.parse(eligibilityCommand(request({ rule })).stdout);
    expect(answer.violations.map((v: { code: string }) => v.code)).toEqual(['DAILY_MAX_EXCEEDED']);
  });

  it('reads seasonStart for caps per season', () => {
    const rule = {
      ...presetRule('uil-texas-varsity'),
      windows: [{ unit: 'appearances', period: 'season', max: 1 }],
    };
    const appearances = [
      { date: '2027-03-01', game: 'g0', pitches: 10 },
      { date: '2027-04-05', game: 'g1', pitches: 10 },
    ];
    const inSeason = JSON.parse(eligibilityCommand(request({ rule, appearances, seasonStart: '2027-04-01' })).stdout);
    expect(inSeason).toMatchObject({ canPitchOnAsOf: false, nextEligibleDate: null, violations: [] });
    const all = JSON.parse(eligibilityCommand(request({ rule, appearances })).stdout);
    expect(all.violations).toHaveLength(1);
  });

  it('refuses what is not one JSON object', () => {
    expect(failure('')).toBe('bullpen eligibility: Expected one JSON object on stdin, got nothing\nSee docs/cli.md.\n');
    expect(failure('{"rule":')).toMatch(/^bullpen eligibility: Input is not valid JSON: /);
    expect(failure('[1]')).toContain('Expected one JSON object on stdin');
  });

  it('names every wrong field with its path', () => {
    const stderr = failure(
      request({
        rule: 'little-league',
        birthDate: '2017-02-30',
        appearances: [{ date: '2027-04-05', game: '', pitches: -1, pitchs: 3 }],
      }),
    );
    expect(stderr).toContain('rule: Unknown preset "little-league"; use one of: little-league-baseball, ');
    expect(stderr).toContain('birthDate: birthDate must be a real date (YYYY-MM-DD)');
    expect(stderr).toContain('appearances[0].game: game must be the game id (text)');
    expect(stderr).toContain('appearances[0].pitches: pitches must be a whole number from 0 to 300');
    expect(stderr).toContain('appearances[0]: Unrecognized key: "pitchs"');
  });

  it('checks a rule object with the rule schema', () => {
    const rule = { ...presetRule('pitch-smart'), maxConsecutiveDays: 0 };
    expect(failure(request({ rule }))).toContain(
      'rule.maxConsecutiveDays: maxConsecutiveDays must be a whole number from 1 to 30',
    );
  });

  it('checks what only makes sense together', () => {
    expect(failure(request({ birthDate: '2027-05-01' }))).toContain('birthDate: birthDate is after asOf');
    expect(
      failure(request({ appearances: [{ date: '2027-04-05', game: 'g1', pitches: 30, pitchesBeforeLastBatter: 31 }] })),
    ).toContain(
      "appearances[0].pitchesBeforeLastBatter: pitchesBeforeLastBatter (31) is more than the appearance's count (30)",
    );
    // An intentional walk's credit counts: 30 pitches and one walk make 34.
    expect(
      parseEligibilityRequest(
        request({
          appearances: [
            { date: '2027-04-05', game: 'g1', pitches: 30, intentionalWalks: 1, pitchesBeforeLastBatter: 34 },
          ],
        }),
      ).ok,
    ).toBe(true);
    expect(
      failure(
        request({ rule: 'little-league-softball', appearances: [{ date: '2027-04-05', game: 'g1', pitches: 30 }] }),
      ),
    ).toContain('appearances[0].pitchedInnings: This rule counts innings: list pitchedInnings');
    expect(
      failure(request({ appearances: [{ date: '2027-04-05', game: 'g1', pitches: 30, caughtInnings: [1, 2] }] })),
    ).toContain('A player who pitched and caught in one game needs pitchedInnings');
  });
});

describe('bullpen eligibility --batch, one line without its I/O', () => {
  it('answers a line as the single mode answers its stdin, on one line', () => {
    const answer = eligibilityBatchAnswer(request());
    expect(answer.exitCode).toBe(0);
    expect(`${answer.line}\n`).toBe(eligibilityCommand(request()).stdout);
  });

  it('answers bad input with the message of the single mode as its error, and exit code 2', () => {
    const bad = request({ rule: 'little-league', asOf: '2027-4-7' });
    const answer = eligibilityBatchAnswer(bad);
    expect(answer.exitCode).toBe(2);
    expect(answer.line).not.toContain('\n');
    const { error } = JSON.parse(answer.line);
    expect(eligibilityCommand(bad).stderr).toBe(`bullpen eligibility: ${error}\nSee docs/cli.md.\n`);
  });
});
