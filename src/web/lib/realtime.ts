import { type Client, createClient } from 'graphql-ws';
import { type Checked, type Document, documentText, type ResultOf, type VariablesOf } from './graphql.ts';

/**
 * GraphQL subscriptions over graphql-ws, on the same /graphql path as queries (the upgrade request
 * carries the session cookie). One lazy connection per page: opened by the first subscription,
 * closed after the last; it retries forever with a growing wait (0.5 s doubling up to 10 s), so a
 * dugout that loses signal gets its updates back by itself. A ping every 10 s keeps it honest.
 */

let client: Client | null = null;
const reconnectListeners = new Set<() => void>();
let connectedOnce = false;

function socketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql`;
}

function realtimeClient(): Client {
  client ??= createClient({
    url: socketUrl,
    lazy: true,
    keepAlive: 10_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: (retries) =>
      new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** retries) * (0.75 + Math.random() / 2))),
    on: {
      connected: () => {
        // A connection after the first one may have missed updates: tell the screens to read again.
        if (connectedOnce) for (const listener of reconnectListeners) listener();
        connectedOnce = true;
      },
      closed: () => undefined,
    },
  });
  return client;
}

export interface SubscriptionHandlers<T> {
  next: (data: T) => void;
  /** The server refused the subscription (no access, bad arguments): it is over. */
  error?: (error: unknown) => void;
}

/** Subscribes to a document, typed by it as `execute` is; answers the function that ends the subscription. */
export function subscribe<D extends Document>(
  document: D & Checked<D>,
  variables: VariablesOf<D>,
  handlers: SubscriptionHandlers<ResultOf<D>>,
): () => void {
  return realtimeClient().subscribe<ResultOf<D>>(
    { query: documentText(document), variables: variables as Record<string, unknown> },
    {
      next: (result) => {
        if (result.data) handlers.next(result.data as ResultOf<D>);
      },
      error: (error) => handlers.error?.(error),
      complete: () => undefined,
    },
  );
}

/** Called after each reconnection (not the first connection): read what may have been missed. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Closes the connection (sign-out): the next subscription connects with the new session. */
export function closeRealtime(): void {
  void client?.dispose();
  client = null;
  connectedOnce = false;
}
