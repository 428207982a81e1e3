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
