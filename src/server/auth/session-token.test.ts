import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionTokenFrom } from './session-token.ts';

const secret = 's'.repeat(40);
const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('sessionTokenFrom', () => {
  it('reads a signed cookie and a bearer token', () => {
    expect(sessionTokenFrom({ cookie: `a=b; bullpen.session_token=${encodeURIComponent(sign('tok'))}` }, secret)).toBe(
      'tok',
    );
    expect(sessionTokenFrom({ authorization: `Bearer ${sign('tok')}` }, secret)).toBe('tok');
    expect(
      sessionTokenFrom({ cookie: `__Secure-bullpen.session_token=${encodeURIComponent(sign('t2'))}` }, secret),
    ).toBe('t2');
  });

  it('refuses a missing, unsigned or forged token', () => {
    expect(sessionTokenFrom({}, secret)).toBeNull();
    expect(sessionTokenFrom({ authorization: 'Bearer tok' }, secret)).toBeNull();
    expect(sessionTokenFrom({ authorization: `Bearer ${sign('tok').replace('tok', 'tak')}` }, secret)).toBeNull();
    expect(sessionTokenFrom({ cookie: 'bullpen.session_token=%E0%A4%A' }, secret)).toBeNull();
  });

  it('answers a signature it verified before the same way, and only under the secret that signed it', () => {
    const cookie = `bullpen.session_token=${encodeURIComponent(sign('again'))}`;
    expect(sessionTokenFrom({ cookie }, secret)).toBe('again');
    expect(sessionTokenFrom({ cookie }, secret)).toBe('again');
    // Another server's secret (or a changed BULLPEN_SECRET) does not accept what this one verified.
    expect(sessionTokenFrom({ cookie }, 'o'.repeat(40))).toBeNull();
    expect(sessionTokenFrom({ authorization: `Bearer ${sign('again').replace('again', 'agaim')}` }, secret)).toBeNull();
  });
});
