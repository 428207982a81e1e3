import { describe, expect, it } from 'vitest';
import {
  formatOfficialCode,
  normalizeOfficialCode,
  OFFICIAL_MESSAGES,
  officialSignatureSchema,
} from './official-signature.ts';

describe('the official’s signature', () => {
  it('reads a code however it was typed', () => {
    expect(normalizeOfficialCode(' k7f3-9qx2 ')).toBe('K7F39QX2');
    expect(officialSignatureSchema.parse({ code: 'k7f3 9qx2', name: ' Pat Umpire ' })).toEqual({
      code: 'K7F39QX2',
      name: 'Pat Umpire',
    });
  });

  it('refuses a code of the wrong length or with letters a phone never shows, and a missing name', () => {
    expect(officialSignatureSchema.safeParse({ code: 'K7F39QX', name: 'Pat' }).error?.issues[0]?.message).toBe(
      OFFICIAL_MESSAGES.codeFormat,
    );
    expect(officialSignatureSchema.safeParse({ code: 'K7F39QX0', name: 'Pat' }).success).toBe(false);
    expect(officialSignatureSchema.safeParse({ code: 'K7F39QX2', name: '  ' }).error?.issues[0]?.message).toBe(
      OFFICIAL_MESSAGES.nameRequired,
    );
    expect(officialSignatureSchema.safeParse({ code: 'K7F39QX2', name: 'Pat\nUmpire' }).success).toBe(false);
  });

  it('shows a code in two halves', () => {
    expect(formatOfficialCode('K7F39QX2')).toBe('K7F3-9QX2');
  });
});
