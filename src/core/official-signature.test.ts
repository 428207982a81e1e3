import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from './admin-inputs.ts';
import { OFFICIAL_MESSAGES, officialLinkParts, officialLinkSchema, officialSchema } from './official-signature.ts';

describe('the official’s signature', () => {
  const id = '0b6f8d2e-1c1a-4f7e-9a55-3c2d1e0f9a8b';
  const secret = `${'A'.repeat(42)}_`;

  it('reads a link’s token as its id and its secret', () => {
    expect(officialLinkParts(` ${id}.${secret} `)).toEqual({ id, secret });
  });

  it('answers nothing for a token that is not one (too short, another id, a name instead)', () => {
    expect(officialLinkParts(`${id}.${secret.slice(1)}`)).toBeNull();
    expect(officialLinkParts(`${id.toUpperCase()}.${secret}`)).toBeNull();
    expect(officialLinkParts('Umpire Joe')).toBeNull();
    expect(officialLinkParts(`${id}.${secret}.more`)).toBeNull();
  });

  it('keeps an official by a one-line name and an email in lower case', () => {
    expect(officialSchema.parse({ name: ' Pat Umpire ', email: 'Pat@Example.ORG' })).toEqual({
      name: 'Pat Umpire',
      email: 'pat@example.org',
    });
    expect(
      officialSchema.safeParse({ name: 'Pat\u202eUmpire', email: 'pat@example.org' }).error?.issues[0]?.message,
    ).toBe(INPUT_MESSAGES.nameOneLine);
    expect(officialSchema.safeParse({ name: 'Pat', email: 'not an email' }).success).toBe(false);
  });

  it('refuses what is not shaped as a link before anything is looked up', () => {
    expect(officialLinkSchema.parse({ link: ` ${id}.${secret}` })).toEqual({ link: `${id}.${secret}` });
    expect(officialLinkSchema.safeParse({ link: 'Umpire Joe' }).error?.issues[0]?.message).toBe(
      OFFICIAL_MESSAGES.linkInvalid,
    );
    expect(officialLinkSchema.safeParse({ link: 'x'.repeat(300) }).success).toBe(false);
  });
});
