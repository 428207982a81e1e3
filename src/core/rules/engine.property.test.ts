import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../local-date.ts';
import {
  type Appearance,
  availability,
  type EligibilityInput,
  evaluate,
  outingRest,
  pitchedIn,
  restDaysFor,
} from './engine.ts';
import { PRESET_IDS, presetRule } from './presets.ts';
import { type RestRule, ruleSchema } from './rule.ts';

const START = '2027-03-01';

const ruleArb = fc.constantFrom(...PRESET_IDS).map(presetRule);

const birthDateArb = fc.integer({ min: 0, max: 365 * 16 }).map((n) => addDays('2004-01-01', n));

const appearanceArb: fc.Arbitrary<Appearance> = fc
  .record({
    day: fc.integer({ min: 0, max: 45 }),
    game: fc.constantFrom('g1', 'g2', 'g3'),
    pitches: fc.integer({ min: 0, max: 120 }),
    lastBatter: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    pitchedInnings: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 4 }),
    caughtInnings: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 5 }),
    outs: fc.integer({ min: 0, max: 21 }),
    intentionalWalks: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ day, lastBatter, ...a }) => ({
    ...a,
    date: addDays(START, day),
    // The count at the last batter's start is at most the pitches thrown.
    ...(lastBatter === undefined ? {} : { pitchesBeforeLastBatter: Math.floor((lastBatter * a.pitches) / 100) }),
  }));

/** A pitcher's history in the order it happened, and an asOf on or after most of it. */
const inputArb: fc.Arbitrary<EligibilityInput> = fc
  .record({
    rule: ruleArb,
    birthDate: birthDateArb,
    appearances: fc.array(appearanceArb, { maxLength: 25 }),
    asOfDay: fc.integer({ min: 0, max: 60 }),
    seasonStartDay: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  })
  .map(({ rule, birthDate, appearances, asOfDay, seasonStartDay }) => ({
    rule,
    birthDate,
    asOf: addDays(START, asOfDay),
    appearances: [...appearances].sort((a, b) => a.date.localeCompare(b.date)),
    ...(seasonStartDay === undefined ? {} : { seasonStart: addDays(START, seasonStartDay) }),
  }));

/** A date, or null for "not within the season", read as later than every date. */
const notBefore = (a: LocalDate | null, b: LocalDate | null) => a === null || (b !== null && a >= b);

describe('more pitches never owe less rest', () => {
  it('in every preset, at every age', () => {
    fc.assert(
      fc.property(ruleArb, fc.integer({ min: 4, max: 25 }), fc.nat(300), fc.nat(300), (rule, age, a, b) => {
        expect(restDaysFor(rule, age, Math.min(a, b))).toBeLessThanOrEqual(restDaysFor(rule, age, Math.max(a, b)));
      }),
    );
  });

  it('in every rule the schema accepts', () => {
    const tierArb = fc.record({
      step: fc.integer({ min: 1, max: 40 }),
      change: fc.integer({ min: -1, max: 2 }),
      minAge: fc.option(fc.integer({ min: 5, max: 15 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(tierArb, { minLength: 1, maxLength: 6 }), fc.integer({ min: 4, max: 20 }), (rows, age) => {
        let pitchCount = 0;
        let daysRest = 0;
        const intervals = rows.map(({ step, change, minAge }) => {
          pitchCount += step;
          daysRest = Math.max(0, daysRest + change);
          return { pitchCount, daysRest, ...(minAge === undefined ? {} : { minAge }) };
        });
        const parsed = ruleSchema.safeParse({ ...presetRule('little-league-baseball'), intervals });
        fc.pre(parsed.success);
        const rule = parsed.data as RestRule;
        for (let count = 0; count < pitchCount + 5; count++) {
          expect(restDaysFor(rule, age, count)).toBeLessThanOrEqual(restDaysFor(rule, age, count + 1));
        }
      }),
    );
  });

  it('for a whole history: adding pitches to an outing never brings rest or eligibility earlier', () => {
    fc.assert(
      fc.property(inputArb, fc.nat(200), fc.integer({ min: 1, max: 60 }), (input, pick, more) => {
        const pitching = input.appearances.filter((a) => a.pitches > 0 && a.date <= input.asOf);
        fc.pre(pitching.length > 0);
        const chosen = pitching[pick % pitching.length] as Appearance;
        const heavier = {
          ...input,
          appearances: input.appearances.map((a) => (a === chosen ? { ...a, pitches: a.pitches + more } : a)),
        };
        const before = evaluate(input);
        const after = evaluate(heavier);
        expect(after.restDaysOwed).toBeGreaterThanOrEqual(before.restDaysOwed);
        expect(notBefore(after.nextEligibleDate, before.nextEligibleDate)).toBe(true);
      }),
    );
  });
});

describe('eligibility is never earlier than an outing date + its rest + 1', () => {
  it('for every pitching day up to asOf', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = evaluate(input);
        const dates = new Set(input.appearances.filter((a) => pitchedIn(a) && a.date <= input.asOf).map((a) => a.date));
        for (const date of dates) {
          const rest = outingRest(input.rule, input.birthDate, date, input.appearances);
          const earliest = addDays(date, rest.daysRest + 1);
          // The one exception: another game on asOf itself, where the rule allows more than one a day.
          const sameDayGame = date === input.asOf && result.nextEligibleDate === input.asOf;
          expect(sameDayGame || notBefore(result.nextEligibleDate, earliest)).toBe(true);
          if (sameDayGame) expect(input.rule.maxGamesPerDay).not.toBe(1);
        }
        const last = [...dates].sort().at(-1);
        if (last !== undefined && last < input.asOf) {
          expect(notBefore(result.nextEligibleDate, addDays(last, result.restDaysOwed + 1))).toBe(true);
          expect(notBefore(result.nextEligibleDate, input.asOf)).toBe(true);
        }
      }),
    );
  });

  it('and the 7-day grid agrees with the answer for its first day', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = evaluate(input);
        const [first] = availability(input, input.asOf, 7);
        expect(first).toMatchObject({
          date: input.asOf,
          canPitch: result.canPitchOnAsOf,
          remaining: result.remainingToday,
          nextEligibleDate: result.nextEligibleDate,
        });
      }),
    );
  });

  it('lists a reason for every day held out, none lifting after the next eligible date', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const day of availability(input, input.asOf, 7)) {
          expect(day.reasons.length > 0).toBe(!day.canPitch);
          expect(day.reason).toEqual(day.reasons[0] ?? null);
          for (const reason of day.reasons) {
            expect(reason.until === null || reason.until > day.date).toBe(true);
            if (reason.until !== null) expect(notBefore(day.nextEligibleDate, reason.until)).toBe(true);
          }
          // The day it lifts is the latest of the reasons' (or none within the caps).
          const untils = day.reasons.map((r) => r.until);
          if (!day.canPitch && !untils.includes(null)) {
            expect(day.nextEligibleDate !== null && untils.includes(day.nextEligibleDate)).toBe(true);
          }
        }
      }),
    );
  });
});

describe('the same input gives the same answer', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    if (originalZone === undefined) delete process.env.TZ;
    else process.env.TZ = originalZone;
  });

  // East and west of UTC, half-hour and 45-minute offsets, and both sides of the date line.
  const ZONES = [
    'UTC',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'Asia/Kathmandu',
    'America/St_Johns',
    'Europe/Berlin',
  ];

  it('whatever the time zone of the process', () => {
    // The switch must take effect, or this test would prove nothing.
    const hourIn = (zone: string) => {
      process.env.TZ = zone;
      return new Date(Date.UTC(2027, 3, 5, 12)).getHours();
    };
    expect(new Set(ZONES.map(hourIn)).size).toBe(ZONES.length);
    fc.assert(
      fc.property(inputArb, (input) => {
        const answers = ZONES.map((zone) => {
          process.env.TZ = zone;
          return {
            evaluation: evaluate(input),
            grid: availability(input, input.asOf, 7),
            rest: outingRest(input.rule, input.birthDate, input.asOf, input.appearances),
          };
        });
        for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
      }),
      { numRuns: 60 },
    );
  });

  it('when replayed, and without changing the input', () => {
    const deepFreeze = <T>(value: T): T => {
      if (value && typeof value === 'object') {
        for (const inner of Object.values(value)) deepFreeze(inner);
        Object.freeze(value);
      }
      return value;
    };
    fc.assert(
      fc.property(inputArb, (input) => {
        const copy = structuredClone(input);
        const first = evaluate(deepFreeze(input));
        expect(evaluate(input)).toEqual(first);
        expect(evaluate(copy)).toEqual(first);
        expect(input).toEqual(copy);
      }),
    );
  });
});
