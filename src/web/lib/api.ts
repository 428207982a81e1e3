/**
 * The one way the browser talks to the server: GraphQL at /graphql and the auth routes at
 * /api/auth. Both send the session cookie (same origin) and turn failures into ApiError.
 */
import type { Message, MessageId, MessageValues } from '../../core/i18n/messages.ts';
import { noServerReached, RESTART_WAIT_MS, SERVED_BY_HEADER } from '../../core/served-by.ts';
import { type Checked, type Document, documentText, type ResultOf, type VariablesArgument } from './graphql.ts';
import { i18n, loadAreaOf, translatorNow } from './i18n.ts';

/** An error the server answered with: its stable code (src/core/errors.ts) and the user's message. */
export class ApiError extends Error {
  readonly code: string | undefined;
  readonly reason: string | undefined;
  readonly status: number | undefined;
  /** The message as an id and values, when the server gave one: shown in the reader's language. */
  readonly said: Message | undefined;
  constructor(message: string, options: { code?: string; reason?: string; status?: number; said?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = options.code;
    this.reason = options.reason;
    this.status = options.status;
    this.said = asMessage(options.said);
  }
}

function asMessage(value: unknown): Message | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { id, values } = value as { id?: unknown; values?: unknown };
  if (typeof id !== 'string') return undefined;
  return { id: id as MessageId, values: values && typeof values === 'object' ? (values as MessageValues) : undefined };
}

export interface SessionHooks {
  /** Whether the user believes they are signed in (roles cached in the browser). */
  isSignedIn: () => boolean;
  /** Called once a request shows that the session is over; `reason` keys SESSION_END_REASONS. */
  onSessionEnded: (reason: string) => void;
}

let sessionHooks: SessionHooks | null = null;

/** The app registers what to do when the server ends a session (clear state, go to /login). */
export function setSessionHooks(hooks: SessionHooks | null): void {
  sessionHooks = hooks;
}

const SESSION_OVER_CODES = new Set(['UNAUTHENTICATED', 'PASSWORD_CHANGE_REQUIRED']);

function fail(error: ApiError): never {
  if (error.code && SESSION_OVER_CODES.has(error.code) && sessionHooks?.isSignedIn()) {
    sessionHooks.onSessionEnded(error.reason ?? 'UNAUTHENTICATED');
  }
  throw error;
}

/**
 * fetch, sent again while the proxy answers that no server is ready (a restart or an upgrade, decision 0053): such a
 * request reached no server, so even a POST is safe to repeat. Waits as long as the proxy holds a page's GET; the
 * person sees the action still under way, never an error for a restart.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  const started = Date.now();
  for (let wait = 250; ; wait = Math.min(wait * 2, 2_000)) {
    const response = await fetch(url, init);
    const servedBy = response.headers.get(SERVED_BY_HEADER);
    if (!noServerReached(response.status, servedBy) || Date.now() - started + wait > RESTART_WAIT_MS) return response;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

interface GraphQLErrorShape {
  message?: unknown;
  extensions?: { code?: unknown; reason?: unknown; said?: unknown };
}

/** Runs a GraphQL document; throws ApiError with the first error's message, code and reason. */
export function execute<D extends Document>(
  document: D & Checked<D>,
  ...[variables]: VariablesArgument<D>
): Promise<ResultOf<D>> {
  return post<ResultOf<D>>(documentText(document), variables as Record<string, unknown> | undefined);
}

async function post<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await send('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(variables ? { query, variables } : { query }),
  });
  const body = (await readJson(response)) as { data?: T; errors?: GraphQLErrorShape[] } | null;
  const first = body?.errors?.[0];
  if (first) {
    return fail(
      new ApiError(asString(first.message) ?? '', {
        code: asString(first.extensions?.code),
        reason: asString(first.extensions?.reason),
        status: response.status,
        said: first.extensions?.said,
      }),
    );
  }
  if (!response.ok || !body || body.data === undefined) {
    return fail(
      new ApiError('', { code: response.status === 401 ? 'UNAUTHENTICATED' : undefined, status: response.status }),
    );
  }
  return body.data;
}

/** POSTs JSON to /api/auth + path; a non-2xx answer throws ApiError with the body's message and code. */
export async function authPost<T = unknown>(path: string, body: unknown): Promise<T> {
  const response = await send(`/api/auth${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const json = await readJson(response);
  if (!response.ok) {
    const fields = (json ?? {}) as { message?: unknown; code?: unknown; reason?: unknown; said?: unknown };
    // Sign-in's refusals come before the app's areas are loaded: load the one the message is in.
    const said = asMessage(fields.said);
    if (said) await loadAreaOf(said.id).catch(() => undefined);
    return fail(
      new ApiError(asString(fields.message) ?? '', {
        code: asString(fields.code) ?? (response.status === 401 ? 'UNAUTHENTICATED' : undefined),
        reason: asString(fields.reason),
        status: response.status,
        said: fields.said,
      }),
    );
  }
  return json as T;
}

/**
 * The message to show for a failed call: the server's, in the reader's language when the server
 * gave it as a message (by id, never by translating its English), else the screen's default.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.said && i18n._(error.said.id) !== error.said.id) return translatorNow().said(error.said);
  return error.message || fallback;
}
