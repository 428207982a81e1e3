import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { PENDING_SIGN_IN_MESSAGE, signIn } from './sign-in.ts';

function deferredFetch() {
  let resolve: (response: Response) => void = () => undefined;
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((done) => {
        resolve = done;
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    answer: (status: number, body: unknown) => resolve(new Response(JSON.stringify(body), { status })),
  };
}

const credentials = { email: 'coach@example.org', password: 'correct horse battery' };

describe('signIn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a second attempt while the first is pending', async () => {
    const { fetchMock, answer } = deferredFetch();
    const first = signIn(credentials);
    await expect(signIn(credentials)).rejects.toThrow(PENDING_SIGN_IN_MESSAGE);
    expect(PENDING_SIGN_IN_MESSAGE).toBe('Pending sign-in attempt already in progress');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(200, { user: { id: 'u1', email: credentials.email } });
    await expect(first).resolves.toEqual({ user: { id: 'u1', email: credentials.email } });
  });

  it('allows a new attempt once the previous one succeeded', async () => {
    const { fetchMock, answer } = deferredFetch();
    const first = signIn(credentials);
    answer(200, { user: { id: 'u1', email: credentials.email } });
    await first;
    const second = signIn(credentials);
    answer(200, { user: { id: 'u1', email: credentials.email }, challengeName: 'NEW_PASSWORD_REQUIRED' });
    await expect(second).resolves.toMatchObject({ challengeName: 'NEW_PASSWORD_REQUIRED' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('allows a new attempt once the previous one failed', async () => {
    const { answer } = deferredFetch();
    const first = signIn(credentials);
    answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    await expect(first).rejects.toBeInstanceOf(ApiError);
    const second = signIn(credentials);
    answer(200, { user: { id: 'u1', email: credentials.email } });
    await expect(second).resolves.toBeDefined();
  });

  it('posts the credentials to the email sign-in route', async () => {
    const { fetchMock, answer } = deferredFetch();
    const pending = signIn(credentials);
    answer(200, { user: { id: 'u1', email: credentials.email } });
    await pending;
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-in/email',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin', body: JSON.stringify(credentials) }),
    );
  });
});
