import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { type ChangeFacts, describeChange } from './change-words.ts';
import { compileCatalogue } from './i18n/compile.ts';
import type { Locale } from './i18n/locales.ts';
import { translator } from './i18n/translator.ts';

/** A translator of every catalogue of `locale`, read from the files as the server reads them. */
function translatorOf(locale: Locale) {
  const folder = join(import.meta.dirname, 'i18n/catalogues', locale);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')))
    Object.assign(messages, JSON.parse(readFileSync(join(folder, file), 'utf8')));
  const i18n = setupI18n({ locale, messages: { [locale]: compileCatalogue(messages, folder) } });
  return translator((id, values) => i18n._(id, values), locale);
}
const english = translatorOf('en');
const spanish = translatorOf('es');
const words = (f: ChangeFacts) => describeChange(f, english);

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
    expect(words(facts({ before: outing(63), after: outing(58), reason: 'miscounted in the 4th' }))).toBe(
      'Jo Rivera changed Ivy Brown’s count 63 → 58: “miscounted in the 4th”',
    );
  });

  it('names every other field that changed', () => {
    expect(words(facts({ before: outing(40), after: outing(40, { outs: 7, caughtInnings: [5] }) }))).toBe(
      'Jo Rivera changed Ivy Brown’s innings caught none → 5, outs 6 → 7',
    );
  });

  it('says a recording, a deletion and a record from before the history', () => {
    expect(words(facts({ action: 'recorded', after: outing(40) }))).toBe(
      'Jo Rivera recorded Ivy Brown’s outing: 40 pitches',
    );
    expect(
      words(
        facts({ action: 'deleted', before: outing(40), after: outing(40, { deleted: true }), reason: 'Wrong pitcher' }),
      ),
    ).toBe('Jo Rivera deleted Ivy Brown’s outing (40 pitches): “Wrong pitcher”');
    expect(words(facts({ action: 'baseline', after: outing(12), reason: 'Recorded before the history began' }))).toBe(
      'Ivy Brown’s outing was on record before the history began: 12 pitches',
    );
  });

  it('says a game moved, withdrawn, settled and ended', () => {
    const game = { date: '2027-05-02', startTime: null, state: 'final', settled: false, withdrawn: false };
    expect(
      words(
        facts({
          entity: 'game',
          action: 'moved',
          before: game,
          after: { ...game, date: '2027-05-03' },
          reason: 'Rain',
        }),
      ),
    ).toBe('Jo Rivera moved the game: date 2027-05-02 → 2027-05-03: “Rain”');
    expect(words(facts({ entity: 'game', before: game, after: { ...game, withdrawn: true } }))).toBe(
      'Jo Rivera withdrew the game',
    );
    expect(
      words(
        facts({ entity: 'game', before: game, after: { ...game, settled: true }, actorName: 'Pat Umpire (official)' }),
      ),
    ).toBe('Pat Umpire (official) settled the counts');
    expect(
      words(
        facts({
          entity: 'game',
          action: 'signed by the official',
          actorName: 'Pat Umpire (official)',
          before: game,
          after: { ...game, officialSigned: true, officialName: 'Pat Umpire' },
        }),
      ),
    ).toBe('Pat Umpire (official) signed the game’s counts');
    expect(
      words(facts({ entity: 'game', before: game, after: { ...game, settled: true }, actorName: 'Bullpen' })),
    ).toBe('The league’s deadline settled the counts');
  });

  it('says a violation found and withdrawn without repeating the change’s reason', () => {
    const v = { message: 'Pitched 80 pitches; the limit is 75', state: 'open', withdrawn: false };
    expect(words(facts({ entity: 'violation', action: 'found', after: v }))).toBe(
      'Bullpen found a violation: Pitched 80 pitches; the limit is 75',
    );
    expect(
      words(facts({ entity: 'violation', before: v, after: { ...v, withdrawn: true }, reason: 'Recounted' })),
    ).toBe('The violation was withdrawn: Pitched 80 pitches; the limit is 75');
  });

  it('says a confirmation and a tap', () => {
    expect(words(facts({ entity: 'confirmation', action: 'confirmed', teamName: 'Tigers', after: {} }))).toBe(
      'Jo Rivera confirmed the counts for Tigers',
    );
    expect(words(facts({ entity: 'pitch-event', action: 'tapped', after: { kind: 'in_play' } }))).toBe(
      'Jo Rivera counted in play for Ivy Brown',
    );
  });

  it('counts one pitch as one', () => {
    expect(words(facts({ action: 'recorded', after: outing(1) }))).toBe(
      'Jo Rivera recorded Ivy Brown’s outing: 1 pitch',
    );
  });

  it('says a game marked, a rest rule and a league changed', () => {
    const game = { date: '2027-05-02', startTime: null, state: 'scheduled', settled: false, withdrawn: false };
    expect(words(facts({ entity: 'game', before: game, after: { ...game, state: 'in_progress' } }))).toBe(
      'Jo Rivera marked the game in progress',
    );
    expect(words(facts({ entity: 'rest-rule', after: { name: 'Little League' } }))).toBe(
      'Jo Rivera added the rest rule Little League',
    );
    expect(words(facts({ entity: 'league', before: { restRuleId: 'a' }, after: { restRuleId: 'b' } }))).toBe(
      'Jo Rivera changed the league’s rest rule',
    );
  });

  it('says a child’s removal, which rewrote the entries that named them, in both languages', () => {
    const removal = facts({
      entity: 'player',
      action: 'erased',
      playerName: 'Removed player 4F2A9C',
      after: { rewritten: [{ seq: 3, contentMac: 'ab' }] },
    });
    expect(words(removal)).toBe(
      'Jo Rivera removed Removed player 4F2A9C from Bullpen: every word of the history that named them now says this name',
    );
    expect(describeChange(removal, spanish)).toBe(
      'Jo Rivera eliminó a Removed player 4F2A9C de Bullpen: cada palabra del historial que lo nombraba ahora dice este nombre',
    );
  });

  it('says every change in Spanish too', () => {
    expect(
      describeChange(facts({ before: outing(63), after: outing(58), reason: 'contó mal en la 4.ª' }), spanish),
    ).toBe('Jo Rivera cambió la salida de Ivy Brown: conteo 63 → 58: “contó mal en la 4.ª”');
    expect(
      describeChange(facts({ before: outing(40), after: outing(40, { outs: 7, caughtInnings: [] }) }), spanish),
    ).toBe('Jo Rivera cambió la salida de Ivy Brown: outs 6 → 7');
    expect(describeChange(facts({ action: 'recorded', after: outing(1) }), spanish)).toBe(
      'Jo Rivera registró la salida de Ivy Brown: 1 lanzamiento',
    );
    expect(
      describeChange(facts({ entity: 'pitch-event', action: 'tapped', after: { kind: 'in_play' } }), spanish),
    ).toBe('Jo Rivera anotó una bola en juego de Ivy Brown');
    expect(
      describeChange(facts({ entity: 'confirmation', action: 'confirmed', teamName: 'Tigres', after: {} }), spanish),
    ).toBe('Jo Rivera confirmó los conteos de Tigres');
    const game = { date: '2027-05-02', startTime: null, state: 'final', settled: false, withdrawn: false };
    expect(
      describeChange(facts({ entity: 'game', before: game, after: { ...game, startTime: '18:00' } }), spanish),
    ).toBe('Jo Rivera cambió los datos del juego: hora de inicio ninguno → 18:00');
  });

  it('shows a violation kept as a message (id and values) in the reader’s language', () => {
    const message = JSON.stringify({ id: 'shell.change.field.outs' });
    expect(words(facts({ entity: 'violation', action: 'found', after: { message, state: 'open' } }))).toBe(
      'Bullpen found a violation: outs',
    );
  });
});
