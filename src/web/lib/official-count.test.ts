import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { loadEagerly, translatorNow } from './i18n.ts';
import { deadlineText, deadlineWords } from './official-count.ts';

const t = translatorNow();
const base = { deadline: '2026-11-24T12:00', deadlinePassed: false, countStandsAfterDeadline: 'home' } as const;

describe('official count texts', () => {
  it('writes the deadline as the organization’s wall-clock time, whatever the reader’s zone', () => {
    expect(deadlineWords(t, '2026-11-24T12:00')).toBe('Tue, Nov 24 at 12:00');
    expect(deadlineWords(t, '2027-01-01T07:30')).toBe('Fri, Jan 1 at 07:30');
  });

  it('says what the deadline means for the game', () => {
    expect(deadlineText(t, { ...base, status: 'disputed' })).toBe(
      'If not agreed by Tue, Nov 24 at 12:00, the home team’s count stands.',
    );
    expect(deadlineText(t, { ...base, status: 'unconfirmed', countStandsAfterDeadline: 'own_team' })).toBe(
      'If not agreed by Tue, Nov 24 at 12:00, each pitcher’s own team’s count stands.',
    );
    expect(deadlineText(t, { ...base, status: 'settled', deadlinePassed: true })).toBe(
      'Not agreed by Tue, Nov 24 at 12:00: the home team’s count stands (league setting).',
    );
    expect(deadlineText(t, { ...base, status: 'unconfirmed', deadlinePassed: true })).toBe(
      'The deadline (Tue, Nov 24 at 12:00) has passed: the counts on record stand.',
    );
    expect(deadlineText(t, { ...base, status: 'confirmed' })).toBeNull();
  });

  it('says it in the reader’s language', () => {
    const catalogues = import.meta.glob<Messages>('../../core/i18n/catalogues/*/*.json', {
      import: 'default',
      eager: true,
    });
    loadEagerly('es', catalogues);
    try {
      const es = translatorNow();
      expect(deadlineText(es, { ...base, status: 'disputed' })).toBe(
        'Si no hay acuerdo antes del mar, 24 nov a las 12:00, vale el conteo del equipo local.',
      );
      expect(deadlineText(es, { ...base, status: 'settled', countStandsAfterDeadline: 'own_team' })).toBe(
        'Sin acuerdo antes del mar, 24 nov a las 12:00: vale el conteo del propio equipo de cada lanzador (configuración de la liga).',
      );
    } finally {
      loadEagerly('en', catalogues);
    }
  });
});
