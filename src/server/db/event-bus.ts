import pg from 'pg';
import { POSTGRES_CONNECT_TIMEOUT_MS } from '../doctor/checks.ts';

/**
 * Carries the services' events (what subscriptions deliver) between Bullpen servers sharing one
 * PostgreSQL, over LISTEN/NOTIFY: a mutation on one server reaches a subscriber on
 * another. The embedded database has one server, so it needs none.
 */
export interface EventBus {
  /** Sends one encoded event to every server listening, this one included. */
  send(message: string): Promise<void>;
  /** Calls `onMessage` with each event any server sent, from now on. */
  listen(onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

// NOTIFY carries at most 8000 bytes: a larger event goes through a table, and its id through NOTIFY.
const INLINE_LIMIT = 7_000;
const RECONNECT_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/**
 * A bus on one dedicated connection (one connection keeps the events of this server in order).
 * If it drops (a database restart), it reconnects with backoff and listens again; events sent
 * while it is away are not replayed (subscribed screens read afresh when they reconnect).
 */
export function createPostgresBus(
  connectionString: string,
  channel: string,
  log: { warn(obj: object, msg: string): void } = { warn: () => {} },
): EventBus {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let attempt = 0;
  const handlers: ((message: string) => void)[] = [];
  let delivering: Promise<void> = Promise.resolve();
  let querying: Promise<unknown> = Promise.resolve();

  /** One query at a time on the bus's connection (it keeps this server's events in order). */
  function query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const run = querying.then(async () => (await connection()).query(text, values));
    querying = run.catch(() => {});
    return run;
  }

  async function deliver(payload: string) {
    let message = payload;
    if (payload.startsWith('@')) {
      const res = await query('select body from bullpen_bus_messages where id = $1', [payload.slice(1)]);
      if (!res.rows[0]) return;
      message = res.rows[0].body as string;
    }
    for (const handler of handlers) handler(message);
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      // A connect that never ends would hold every later event behind it, and the reconnecting too.
      const c = new pg.Client({ connectionString, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
      c.on('notification', (n) => {
        if (n.channel !== channel || n.payload === undefined) return;
        const payload = n.payload;
        // In the order they were sent: a large event read from the table holds back the ones after it.
        delivering = delivering
          .then(() => deliver(payload))
          .catch((error) => log.warn({ err: error }, 'an event from another server was lost'));
      });
      c.on('error', (error) => {
        log.warn({ err: error }, 'the event bus lost its database connection; reconnecting');
        drop(c);
      });
      c.on('end', () => drop(c));
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      client = c;
      attempt = 0;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  function drop(c: pg.Client) {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    reconnectLater();
  }

  function reconnectLater() {
    if (closed) return;
    const wait = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)];
    setTimeout(() => {
      if (!closed) connection().catch(reconnectLater);
    }, wait).unref();
  }

  return {
    async send(message) {
      if (Buffer.byteLength(message) <= INLINE_LIMIT) {
        await query('select pg_notify($1, $2)', [channel, message]);
        return;
      }
      // Kept a few minutes: long enough for every listening server to read it.
      const res = await query(
        `with gone as (delete from bullpen_bus_messages where created_at < now() - interval '5 minutes')
         insert into bullpen_bus_messages (body) values ($1) returning id`,
        [message],
      );
      await query('select pg_notify($1, $2)', [channel, `@${res.rows[0].id}`]);
    },
    async listen(onMessage) {
      handlers.push(onMessage);
      await connection();
    },
    async close() {
      closed = true;
      const c = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
