import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { meAnswer, mockFetch, renderApp } from '../../../test/render.tsx';

async function signInWith(email = 'coach@example.org', password = 'a long passphrase') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('LoginPage', () => {
  it('shows the sign-in form', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Bullpen' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Failed to log in' when the server gives no message", async () => {
    const { fetchMock } = mockFetch({ status: 500, body: {} });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    await signInWith();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to log in');
  });

  it("shows the server's message when it gives one", async () => {
    const { fetchMock } = mockFetch({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    await signInWith();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it("switches to 'Set Your New Password' on the challenge, then signs in", async () => {
    const { fetchMock, calls } = mockFetch(
      { body: { user: { id: 'u1', email: 'coach@example.org' }, challengeName: 'NEW_PASSWORD_REQUIRED' } },
      { body: { status: true } },
      meAnswer(['coach']),
      meAnswer(['coach']),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router, sessionStore } = renderApp('/login');
    const user = await signInWith('coach@example.org', 'Temp-Password-1');

    expect(await screen.findByRole('heading', { name: 'Set Your New Password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    const newPassword = screen.getByLabelText(/^New Password/);
    expect(newPassword).toBeRequired();

    await user.type(newPassword, 'my own passphrase');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[1]).toEqual({
      url: '/api/auth/change-password',
      body: { currentPassword: 'Temp-Password-1', newPassword: 'my own passphrase', revokeOtherSessions: true },
    });
    expect(sessionStore.getSnapshot().roles).toEqual(['coach']);
    expect(JSON.parse(window.sessionStorage.getItem('bullpen.roles') ?? '[]')).toEqual(['coach']);
  });

  it('says the new password is set, and what to ask for, when the account has no role', async () => {
    const { fetchMock } = mockFetch(
      { body: { user: { id: 'u1', email: 'parent@example.org' }, challengeName: 'NEW_PASSWORD_REQUIRED' } },
      { body: { status: true } },
      meAnswer([]),
      { body: { success: true } },
      meAnswer([]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/login');
    const user = await signInWith('parent@example.org', 'Temp-Password-1');
    await user.type(await screen.findByLabelText(/^New Password/), 'my own passphrase');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your new password is set. Your account has no role yet: ask your league administrator to give you one, then sign in here with your new password.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Bullpen' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows 'Failed to set new password' when the new password is refused without a message", async () => {
    const { fetchMock } = mockFetch(
      { body: { user: { id: 'u1', email: 'coach@example.org' }, challengeName: 'NEW_PASSWORD_REQUIRED' } },
      { status: 500, body: {} },
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    const user = await signInWith();
    await user.type(await screen.findByLabelText(/^New Password/), 'my own passphrase');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to set new password');
  });

  it('explains why the session ended', () => {
    renderApp('/login?reason=REVOKED');
    expect(screen.getByRole('status')).toHaveTextContent('You were signed out: Access Token has been revoked');
  });

  it('has a generic text for an unknown reason', () => {
    renderApp('/login?reason=UNAUTHENTICATED');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
  });
});
