import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, authPost, errorMessage, execute, setSessionHooks } from './api.ts';
import { graphql } from './graphql.ts';

const MY_ID = graphql(`
  query MyId { me { id } }
`);

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe('graphql', () => {
  afterEach(() => setSessionHooks(null));

  it('returns the data', async () => {
    answer(200, { data: { me: { id: 'u1' } } });
    await expect(execute(MY_ID)).resolves.toEqual({ me: { id: 'u1' } });
  });

  it('sends the document as its printed text', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
      return new Response(JSON.stringify({ data: { me: { id: 'u1' } } }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await execute(MY_ID);
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as { query: string };
    expect(body.query).toMatch(/^query MyId \{\s*me \{\s*id\s*\}\s*\}$/);
  });

  it('throws the first error with its code, reason and message', async () => {
    answer(200, {
      errors: [{ message: 'Nope', extensions: { code: 'FORBIDDEN' } }, { message: 'Second' }],
      data: null,
    });
    const error = await execute(MY_ID).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Nope', code: 'FORBIDDEN' });
  });

  it('reports an ended session once, only when the user believed they were signed in', async () => {
    const onSessionEnded = vi.fn();
    setSessionHooks({ isSignedIn: () => true, onSessionEnded });
    answer(200, {
      errors: [
        { message: 'Access Token has been revoked', extensions: { code: 'UNAUTHENTICATED', reason: 'REVOKED' } },
      ],
    });
    await expect(execute(MY_ID)).rejects.toMatchObject({ reason: 'REVOKED' });
    expect(onSessionEnded).toHaveBeenCalledWith('REVOKED');

    const notSignedIn = vi.fn();
    setSessionHooks({ isSignedIn: () => false, onSessionEnded: notSignedIn });
    await expect(execute(MY_ID)).rejects.toBeInstanceOf(ApiError);
    expect(notSignedIn).not.toHaveBeenCalled();
  });

  it('defaults the reason to UNAUTHENTICATED', async () => {
    const onSessionEnded = vi.fn();
    setSessionHooks({ isSignedIn: () => true, onSessionEnded });
    answer(200, { errors: [{ message: 'Set a new password', extensions: { code: 'PASSWORD_CHANGE_REQUIRED' } }] });
    await expect(execute(MY_ID)).rejects.toBeInstanceOf(ApiError);
    expect(onSessionEnded).toHaveBeenCalledWith('UNAUTHENTICATED');
  });
});

describe('authPost', () => {
  it('throws the body message and code on a non-2xx answer', async () => {
    answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    await expect(authPost('/sign-in/email', {})).rejects.toMatchObject({
      message: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
      status: 401,
    });
  });

  it('falls back to the screen default when the server gave no message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    const error = await authPost('/sign-in/email', {}).catch((caught: unknown) => caught);
    expect(errorMessage(error, 'Failed to log in')).toBe('Failed to log in');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to log in')).toBe('Failed to log in');
  });
});

describe('a restart behind the proxy (decision 0053)', () => {
  afterEach(() => vi.useRealTimers());

  const proxyNoServer = () => new Response('', { status: 503 });
  const bullpen = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'served-by': 'bullpen' } });

  it("sends a POST again while the proxy answers 503 of its own, and returns the server's answer", async () => {
    vi.useFakeTimers();
    const answers = [proxyNoServer(), proxyNoServer(), bullpen(200, { data: { me: { id: 'u1' } } })];
    const fetchMock = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal('fetch', fetchMock);
    const done = execute(MY_ID);
    await vi.runAllTimersAsync();
    await expect(done).resolves.toEqual({ me: { id: 'u1' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // The same request each time, body included.
    const bodies = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].body);
    expect(new Set(bodies).size).toBe(1);
  });

  it("never repeats Bullpen's own 503 (the request reached it), and gives up after the proxy's 30 s", async () => {
    const own = vi.fn(async () =>
      bullpen(503, { errors: [{ message: 'Away', extensions: { code: 'SERVICE_UNAVAILABLE' } }] }),
    );
    vi.stubGlobal('fetch', own);
    await expect(execute(MY_ID)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(own).toHaveBeenCalledTimes(1);

    vi.useFakeTimers();
    const proxy = vi.fn(async () => proxyNoServer());
    vi.stubGlobal('fetch', proxy);
    const signIn = authPost('/sign-in/email', { email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await signIn).toMatchObject({ status: 503 });
    // 250 ms, doubling to 2 s between tries, for 30 s.
    expect(proxy.mock.calls.length).toBeGreaterThan(10);
    expect(proxy.mock.calls.length).toBeLessThan(25);
  });
});
