import type { IncomingHttpHeaders } from 'node:http';

/**
 * CSRF defence for cookie-carrying requests (with SameSite=Lax cookies and JSON-only bodies): a
 * browser always sends `Origin` on a POST or a WebSocket upgrade, so one from another origin is
 * refused, and so is anything a browser marks cross-site. Clients that are not browsers send
 * neither header and are not affected.
 */
export function isCrossSite(headers: IncomingHttpHeaders, publicOrigin?: string): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  if (!origin) return false;
  const allowed = new Set<string>();
  if (publicOrigin) allowed.add(new URL(publicOrigin).origin);
  if (headers.host) {
    allowed.add(`http://${headers.host}`);
    allowed.add(`https://${headers.host}`);
  }
  return !allowed.has(origin);
}

/** Browsers send `Origin` on every POST; API clients usually do not. */
export function isBrowserRequest(headers: IncomingHttpHeaders): boolean {
  return typeof headers.origin === 'string';
}
