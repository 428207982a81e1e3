import { describe, expect, it } from 'vitest';
import { textInEnglish } from '../i18n/messages.ts';
import '../i18n/testing.ts';
import { isPresetId, PRESET_IDS, PRESET_LIST, presetRule } from './presets.ts';
import { type RestRule, ruleSchema } from './rule.ts';

const base = (): RestRule => presetRule('little-league-baseball');

function problems(rule: unknown): string[] {
  const result = ruleSchema.safeParse(rule);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${textInEnglish(i.message)}`);
}

describe('the presets', () => {
  it('are valid rules, unchanged by the schema', () => {
    for (const id of PRESET_IDS) {
      const rule = presetRule(id);
      expect(problems(rule), id).toEqual([]);
      expect(ruleSchema.parse(rule)).toEqual(rule);
    }
  });

  it('are listed with a name, age group and source, in id order', () => {
    expect(PRESET_LIST.map((p) => p.id)).toEqual([...PRESET_IDS]);
    for (const preset of PRESET_LIST) {
      expect(preset.name).toBe(presetRule(preset.id).name);
      expect(preset.source).toMatch(/\[[VS]/);
    }
  });

  it('hands out copies: editing one changes no later preset', () => {
    const rule = presetRule('pitch-smart');
    (rule.dailyLimits[0] as { max: number }).max = 1;
    expect(presetRule('pitch-smart').dailyLimits[0]?.max).toBe(50);
  });

  it('knows its ids', () => {
    expect(isPresetId('pony')).toBe(true);
    expect(isPresetId('little-league')).toBe(false);
    expect(isPresetId(3)).toBe(false);
  });
});

describe('ruleSchema', () => {
  it('requires the name and age group, as the spec says', () => {
    expect(problems({ ...base(), name: '  ' })).toEqual(['name: Name and Age Group required']);
  });

  it('bounds every number with a message that says the range', () => {
    const rule = base();
    rule.intervals = [{ pitchCount: 1, daysRest: 31 }];
    expect(problems(rule)).toEqual(['intervals.0.daysRest: Days of rest must be a whole number from 0 to 30']);
    expect(problems({ ...base(), maxGamesPerDay: 0 })).toEqual([
      'maxGamesPerDay: maxGamesPerDay must be a whole number from 1 to 10',
    ]);
    expect(problems({ ...base(), intentionalWalkPitches: 2.5 })).toEqual([
      'intentionalWalkPitches: intentionalWalkPitches must be a whole number from 0 to 10',
    ]);
  });

  it('refuses intervals that owe less rest for more pitches, at any age', () => {
    const rule = base();
    rule.intervals = [
      { pitchCount: 1, daysRest: 0 },
      { pitchCount: 21, daysRest: 2 },
      { pitchCount: 36, daysRest: 1, minAge: 13 },
    ];
    expect(problems(rule)).toEqual([
      'intervals: At age 13, 36 pitches owe 1 day but fewer (21) owe 2 days: more pitches must never owe less rest',
    ]);
  });

  it('refuses one count starting two tiers for the same age, but allows it for different ages', () => {
    const rule = base();
    rule.intervals = [
      { pitchCount: 1, daysRest: 0 },
      { pitchCount: 21, daysRest: 1, maxAge: 14 },
      { pitchCount: 21, daysRest: 1, minAge: 14 },
    ];
    expect(problems(rule)).toEqual(['intervals: At age 14, the pitch count 21 starts two intervals']);
    rule.intervals[2] = { pitchCount: 21, daysRest: 1, minAge: 15 };
    expect(problems(rule)).toEqual([]);
  });

  it('refuses overlapping daily limits and reversed age ranges', () => {
    const rule = base();
    rule.dailyLimits = [
      { minAge: 9, maxAge: 10, max: 75 },
      { minAge: 10, maxAge: 12, max: 85 },
    ];
    expect(problems(rule)).toEqual(['dailyLimits.1: Daily limits for ages 9-10 and 10-12 overlap']);
    rule.dailyLimits = [{ minAge: 12, maxAge: 11, max: 85 }];
    expect(problems(rule)).toEqual(['dailyLimits.0.maxAge: The minimum age must not be above the maximum age']);
  });

  it('needs the first day of a weekly cap and the length of a rolling one', () => {
    expect(problems({ ...base(), windows: [{ unit: 'outs', period: 'week', max: 30 }] })).toEqual([
      'windows.0.weekStartsOn: A weekly cap needs weekStartsOn: 0 = Sunday, 1 = Monday ... 6 = Saturday',
    ]);
    expect(problems({ ...base(), windows: [{ unit: 'pitches', period: 'rollingDays', max: 30 }] })).toEqual([
      'windows.0.days: A rolling-days cap needs days: a whole number from 1 to 366',
    ]);
  });

  it('checks the age basis: a real cutoff day, this or the previous year', () => {
    expect(problems({ ...base(), ageBasis: { kind: 'cutoff', month: 2, day: 30, yearOffset: 0 } })).toEqual([
      'ageBasis.day: The league-age cutoff must be a real day of the year (for example August 31)',
    ]);
    expect(problems({ ...base(), ageBasis: { kind: 'cutoff', month: 2, day: 29, yearOffset: -1 } })).toEqual([]);
    expect(problems({ ...base(), ageBasis: { kind: 'cutoff', month: 8, day: 31, yearOffset: 1 } })).toEqual([
      'ageBasis.yearOffset: yearOffset must be 0 (this year) or -1 (the previous year)',
    ]);
  });

  it('refuses fields it does not know, so a typo is not silently ignored', () => {
    expect(problems({ ...base(), finishTheBatter: true })).toEqual([': Unrecognized key: "finishTheBatter"']);
  });

  it("keeps the spec's ownership fields", () => {
    expect(problems({ ...base(), global: true, organizationId: null })).toEqual([]);
  });
});
