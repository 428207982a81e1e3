import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens the server signs and reads back: `<payload>.<mac>`, both base64url, the MAC an HMAC-SHA-256
 * (16 bytes) under a key derived from the server's secret for one purpose, so a token made for one
 * use (a list's nextToken, a plate card's link) is never taken for another, and every server sharing
 * the database reads another's.
 */
export function createSigner(secret: string, purpose: string) {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const macOf = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);
  return {
    sign(payload: string): string {
      return `${Buffer.from(payload).toString('base64url')}.${macOf(payload).toString('base64url')}`;
    },
    /** The payload of a token this signer made; null for any other (forged, mistyped, another purpose's). */
    open(token: string): string | null {
      const [body = '', mac = '', ...rest] = token.split('.');
      const payload = Buffer.from(body, 'base64url').toString('utf8');
      const given = Buffer.from(mac, 'base64url');
      const valid =
        rest.length === 0 &&
        // base64url decoding skips what it cannot read ("!!!!") and a last character's spare bits:
        // only the exact encoding is ours.
        Buffer.from(payload).toString('base64url') === body &&
        given.length === 16 &&
        given.toString('base64url') === mac &&
        timingSafeEqual(given, macOf(payload));
      return valid ? payload : null;
    },
  };
}
