import { describe, expect, it } from 'vitest';
import { createSigner } from './signed-token.ts';

describe('createSigner', () => {
  const signer = createSigner('a secret', 'a purpose');

  it('reads back what it signed', () => {
    expect(signer.open(signer.sign('listGames:100'))).toBe('listGames:100');
  });

  it('refuses another purpose’s or another secret’s token, a changed one, and junk', () => {
    const token = signer.sign('team:1');
    expect(createSigner('a secret', 'another purpose').open(token)).toBeNull();
    expect(createSigner('another secret', 'a purpose').open(token)).toBeNull();
    const [body, mac] = token.split('.') as [string, string];
    expect(signer.open(`${Buffer.from('team:2').toString('base64url')}.${mac}`)).toBeNull();
    expect(signer.open(`${body}.${mac}.extra`)).toBeNull();
    expect(signer.open(`${body}!.${mac}`)).toBeNull();
    expect(signer.open('')).toBeNull();
  });
});
