import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE } from './better-auth.ts';

/**
 * Reads the session token a request carries: the signed session cookie (better-auth's format,
 * `token.base64(HMAC-SHA256(token))`, URL-encoded), or the same value as `Authorization: Bearer`.
 * Returns null when absent or when the signature does not match.
 */
export function sessionTokenFrom(headers: { cookie?: string; authorization?: string }, secret: string): string | null {
  const signed = bearerValue(headers.authorization) ?? cookieValue(headers.cookie);
  if (!signed) return null;
  const known = verified.get(signed);
  if (known?.secret === secret) return known.token;
  const token = verifiedToken(signed, secret);
  if (token === null) return null;
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(signed, { secret, token });
  return token;
}

/**
 * Signed values already verified: the HMAC of one value with one key always answers the same, and computing it
 * was the largest part of an authenticated request's own CPU time (docs/performance.md). Only values whose
 * signature matched are kept, so forged ones cannot fill it (each still costs its HMAC), and it is bounded like
 * the session cache. It says only that the signature is right: whether the session still lives is asked on
 * every request, as before.
 */
const verified = new Map<string, { secret: string; token: string }>();
const MAX_VERIFIED = 10_000;

function verifiedToken(signed: string, secret: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(signed);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return null;
  const token = decoded.slice(0, dot);
  const signature = decoded.slice(dot + 1);
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

function bearerValue(header: string | undefined): string | null {
  if (header?.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  const value = header.slice(7).trim();
  return value || null;
}

function cookieValue(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    // Outside plain-HTTP development the cookie carries the __Secure- prefix.
    if (name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Tombstones and logs refer to a session by this hash, never by the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
