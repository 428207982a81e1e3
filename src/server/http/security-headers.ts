import type { FastifyInstance } from 'fastify';
import { SERVED_BY, SERVED_BY_HEADER } from '../../core/served-by.ts';

/**
 * The security headers every response carries (docs/reliability.md, security requirement 16), computed once. The
 * same set helmet sends by default, with our CSP; one object set by one hook costs a fraction of helmet's
 * chain of middlewares (docs/performance.md).
 */
export function securityHeaders(production: boolean): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets CSS variables and positions in style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // HSTS only where HTTPS is certain.
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    // Not security: what tells the browser an answer is Bullpen's and not the proxy's (decision 0053).
    [SERVED_BY_HEADER]: SERVED_BY,
  };
}

export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const headers = securityHeaders(production);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
