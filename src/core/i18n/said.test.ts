import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '../admin-inputs.ts';
import { COUNT_SETTINGS_MESSAGES } from '../official-count.ts';
import { OFFICIAL_MESSAGES } from '../official-signature.ts';
import { OUTING_MESSAGES } from '../outing-inputs.ts';
import { passwordProblem } from '../password-policy.ts';
import { PITCH_EVENT_MESSAGES } from '../pitch-events.ts';
import { PLAYER_MESSAGES } from '../player-inputs.ts';
import { parseRoster } from '../roster-import.ts';
import { availability, evaluate } from '../rules/engine.ts';
import { presetRule } from '../rules/presets.ts';
import { RULE_MESSAGES } from '../rules/rule.ts';
import { type Message, readMessage } from './messages.ts';
import { english, translatorIn } from './testing.ts';

/**
 * The core says everything by id (docs/i18n.md): each of its messages is one of the catalogues',
 * with the values its words need, in English as the spec writes it and in Spanish.
 */
const spanish = translatorIn('es');

/** Every text of a messages object (a function's, with sample values). */
function textsOf(messages: Record<string, unknown>): string[] {
  return Object.values(messages).flatMap((value) => {
    if (typeof value === 'string') return [value];
    if (typeof value === 'function') return [(value as (...a: unknown[]) => string)('pitches', 300, 0)];
    return [];
  });
}

function expectWritten(said: Message) {
  for (const t of [english, spanish]) {
    const text = t.said(said);
    expect(text, said.id).not.toBe(said.id);
    expect(text, said.id).not.toMatch(/[{}]/);
  }
}

describe("the core's messages", () => {
  it('are messages of the catalogues, written in English and in Spanish', () => {
    const all = [
      INPUT_MESSAGES,
      PLAYER_MESSAGES,
      OUTING_MESSAGES,
      PITCH_EVENT_MESSAGES,
      OFFICIAL_MESSAGES,
      COUNT_SETTINGS_MESSAGES,
      RULE_MESSAGES,
    ].flatMap(textsOf);
    expect(all.length).toBeGreaterThan(60);
    for (const text of all) {
      const said = readMessage(text);
      expect(said, text).not.toBeNull();
      expectWritten(said as Message);
    }
  });

  it('keep the English the spec writes', () => {
    expect(english.said(OUTING_MESSAGES.countWhole('pitches', 300))).toBe(
      'Pitches must be a whole number from 0 to 300',
    );
    expect(english.said(RULE_MESSAGES.whole('capMax', 1, 100_000))).toBe(
      "A cap's max must be a whole number from 1 to 100000",
    );
    expect(english.said(RULE_MESSAGES.whole('minAge', 0, 99))).toBe('minAge must be a whole number from 0 to 99');
    expect(english.said(PLAYER_MESSAGES.firstNameOneLine)).toBe(
      'First name must be one line, without line breaks, tabs or other control characters',
    );
    expect(spanish.said(OUTING_MESSAGES.countWhole('intentionalWalks', 30))).toBe(
      'Las bases por bolas intencionales deben ser un número entero de 0 a 30',
    );
  });

  it("say a password's problem, a roster's and a file's", () => {
    expect(spanish.said(passwordProblem('short', undefined, 'temporary') as Message)).toBe(
      'La contraseña temporal debe tener al menos 8 caracteres',
    );
    const roster = parseRoster('Name,Age\nAna Diaz,11', { today: '2027-01-15' });
    expect(spanish.said(roster.problems[0] as string)).toMatch(/^Falta la columna de nombre, la de apellido o la de/);
    const rows = parseRoster('First,Last,DOB\n,Diaz,4/2/15', { today: '2027-01-15' }).rows;
    expect((rows[0]?.problems ?? []).map((p) => spanish.said(p))).toEqual([
      'El nombre es obligatorio',
      'La fecha de nacimiento "4/2/15" tiene el año con dos dígitos: escribe el año completo (MM/DD/AAAA)',
    ]);
  });
});

describe("the rules engine's reasons and violations", () => {
  const rule = presetRule('little-league-baseball');
  const TEN = '2017-03-15';

  it('carry a message by id whose English is their `message`', () => {
    const result = evaluate({
      rule,
      birthDate: TEN,
      asOf: '2027-05-05',
      appearances: [
        { date: '2027-05-03', game: 'g1', pitches: 70 },
        { date: '2027-05-05', game: 'g2', pitches: 20 },
      ],
    });
    const [violation] = result.violations;
    expect(violation?.said.id).toBe('rules.violation.pitchedWhileResting');
    expect(english.said(violation?.said as Message)).toBe(violation?.message);
    expect(spanish.said(violation?.said as Message)).toBe(
      'Lanzó el 2027-05-05 estando en descanso: 70 lanzamientos del 2027-05-03 debían 4 días de descanso, así que la primera fecha en que podía lanzar era el 2027-05-08.',
    );

    const [day] = availability(
      { rule, birthDate: TEN, appearances: [{ date: '2027-05-03', game: 'g1', pitches: 1 }] },
      '2027-05-03',
      1,
    );
    expect(day?.reason?.said).toEqual({ id: 'rules.reason.gamesToday', values: { games: 1, max: 1 } });
    expect(day?.reason?.message).toBe('Already pitched in 1 game today; the rule allows 1 a day.');
    expect(spanish.said(day?.reason?.said as Message)).toBe('Ya lanzó en 1 juego hoy; la regla permite 1 por día.');
  });

  it('write every violation and reason in both languages', () => {
    const catcher = presetRule('little-league-baseball');
    const appearances = [
      { date: '2027-05-03', game: 'g1', pitches: 80, pitchedInnings: [1, 2, 3], caughtInnings: [4, 5, 6, 7] },
      { date: '2027-05-03', game: 'g2', pitches: 10, pitchedInnings: [1] },
      { date: '2027-05-04', game: 'g3', pitches: 30, caughtInnings: [1] },
      { date: '2027-05-05', game: 'g4', pitches: 50, pitchedInnings: [1, 2] },
    ];
    const found = evaluate({ rule: catcher, birthDate: TEN, asOf: '2027-05-06', appearances });
    expect(found.violations.length).toBeGreaterThan(2);
    for (const v of found.violations) expectWritten(v.said);
    for (const day of availability({ rule: catcher, birthDate: TEN, appearances }, '2027-05-05', 7)) {
      if (day.reason) expectWritten(day.reason.said);
    }
  });
});
