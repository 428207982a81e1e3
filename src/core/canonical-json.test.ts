import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('writes the same text whatever the order of the keys', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: null }] })).toBe(canonicalJson({ a: [1, { c: null, d: 2 }], b: 1 }));
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('leaves out undefined members, as a jsonb column does, and keeps null ones', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });

  it('tells apart values that differ', () => {
    expect(canonicalJson({ pitches: 63 })).not.toBe(canonicalJson({ pitches: 58 }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson('1')).not.toBe(canonicalJson(1));
  });

  it('writes a date as its ISO instant', () => {
    expect(canonicalJson({ at: new Date('2026-05-02T17:00:00.123Z') })).toBe('{"at":"2026-05-02T17:00:00.123Z"}');
  });
});
