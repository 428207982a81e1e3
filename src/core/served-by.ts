/**
 * The header Bullpen writes on every answer it gives (docs/decisions/0053-a-restart-loses-no-request.md). A 503
 * without it came from the proxy in front, which found no Bullpen server ready (a restart or an upgrade): the
 * request reached no server and nothing ran, so the browser may send it again, a POST included.
 */
export const SERVED_BY_HEADER = 'served-by';
export const SERVED_BY = 'bullpen';

/** How long a request waits for a restarting server: as long as the Caddyfile holds a GET (lb_try_duration). */
export const RESTART_WAIT_MS = 30_000;

/** Whether an answer is the proxy's own "no server ready", safe to send again. */
export function noServerReached(status: number, servedBy: string | null): boolean {
  return status === 503 && servedBy !== SERVED_BY;
}
