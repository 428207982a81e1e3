import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { MY_CHILDREN } from '../features/parent/api/my-children.ts';
import { LIST_OUTSIDE_OUTINGS } from '../features/parent/api/outside-outings.ts';
import { LIST_TEAMS } from '../features/teams/api/list-teams.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../lib/organization-options.ts';
import { LIST_SEASONS } from '../lib/season-options.ts';
import { meHandler, mockGraphql, on } from '../test/graphql-mock.ts';
import { meAnswer, mockFetch, renderApp } from '../test/render.tsx';

describe('route guard', () => {
  it.each(['/dashboard', '/account', '/admin/users', '/tracker'])('sends %s to /login without roles', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('redirects / to /login without roles and to /dashboard with them', async () => {
    const signedOut = renderApp('/');
    await waitFor(() => expect(signedOut.router.state.location.pathname).toBe('/login'));
    signedOut.unmount();

    vi.stubGlobal('fetch', mockFetch(meAnswer(['coach'])).fetchMock);
    const signedIn = renderApp('/', { roles: ['coach'] });
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe('/dashboard'));
  });

  it('redirects an unknown path to / and on', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([
    ['/admin/RestRulesPage', 'coach', 'a coach'],
    ['/admin/seasons', 'parent', 'a parent'],
    ['/admin/violations', 'coach', 'a coach'],
  ])('answers %s for %s with one page that says it is not for their role', async (path, role, words) => {
    const { callsOf } = mockGraphql({ me: meHandler([role]) });
    renderApp(path, { roles: [role as Role] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(
      screen.getByText(
        `This page is for league admins. You are signed in as ${words}: your pages are on the dashboard.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    // No filter, no refusal from the server: the page never asked.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsOf('listRestRules').length + callsOf('listSeasons').length + callsOf('listViolations').length).toBe(0);
  });

  it('opens My Teams for a coach', async () => {
    mockGraphql({
      me: meHandler(['coach']),
      ...on(LIST_TEAMS, () => ({ listTeams: { items: [], nextToken: null } })),
      ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: [], nextToken: null } })),
      ...on(LIST_SEASONS, () => ({ listSeasons: { items: [], nextToken: null } })),
    });
    renderApp('/admin/teams', { roles: ['coach'] });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Not for your role' })).not.toBeInTheDocument();
  });

  it('lets /forgot-password through without roles', async () => {
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('opens a page of the parent section for a parent', async () => {
    mockGraphql({
      me: meHandler(['parent']),
      ...on(MY_CHILDREN, () => ({ listPlayers: { items: [], nextToken: null } })),
      ...on(LIST_OUTSIDE_OUTINGS, () => ({ listOutsideOutings: { items: [], nextToken: null } })),
    });
    renderApp('/parent/log', { roles: ['parent'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log Outing for My Child' })).toBeInTheDocument();
  });

  it('sends the user to /login with the reason when the server ended the session', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        body: {
          errors: [
            { message: 'Access Token has been revoked', extensions: { code: 'UNAUTHENTICATED', reason: 'REVOKED' } },
          ],
        },
      }).fetchMock,
    );
    const { router, sessionStore } = renderApp('/dashboard', { roles: ['coach'] });
    // The test render does not register the app's hooks; the guard alone must still redirect once roles go.
    await screen.findByRole('heading', { name: 'Dashboard' });
    sessionStore.end('REVOKED');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?reason=REVOKED');
    expect(await screen.findByRole('status')).toHaveTextContent('You were signed out: Access Token has been revoked');
  });
});
