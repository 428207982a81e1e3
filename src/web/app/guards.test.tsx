import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../core/roles.ts';
import { MY_CHILDREN } from '../features/parent/api/my-children.ts';
import { LIST_OUTSIDE_OUTINGS } from '../features/parent/api/outside-outings.ts';
import { LIST_TEAMS } from '../features/teams/api/list-teams.ts';
import { nextAfterSignIn } from '../lib/next-page.ts';
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
    ['/admin/rest-rules', 'coach', 'a coach'],
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

  it.each([
    ['/tracker', ['parent'], 'This page is for coaches and league admins. You are signed in as a parent'],
    ['/status', ['parent'], 'This page is for coaches and league admins. You are signed in as a parent'],
    ['/plate', ['parent'], 'This page is for coaches and league admins. You are signed in as a parent'],
    [
      '/parent/players',
      ['SuperAdmin', 'admin'],
      'This page is for parents, about their own children. You are signed in as the SuperAdmin and a league admin',
    ],
  ] as const)('answers %s for %s with a page that says whom it is for', async (path, roles, words) => {
    const { callsOf } = mockGraphql({ me: meHandler([...roles]) });
    renderApp(path, { roles: [...roles] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${words}`))).toBeInTheDocument();
    // The page never asked the server: no half-drawn list of children that are not theirs.
    expect(callsOf('listPlayers').length + callsOf('pitcherStatus').length + callsOf('listGames').length).toBe(0);
  });

  it('sends the old Rest Rules address to /admin/rest-rules', async () => {
    mockGraphql({ me: meHandler(['SuperAdmin']) });
    const { router } = renderApp('/admin/RestRulesPage', { roles: ['SuperAdmin'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/rest-rules'));
  });

  it('keeps the page asked for while signed out, to come back to it after signing in', async () => {
    const { router } = renderApp('/plate/abc.def?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/plate/abc.def?x=1');
    expect(nextAfterSignIn('/plate/abc.def?x=1')).toBe('/plate/abc.def?x=1');
    // Only this app's own pages: never another site, nor the login page again.
    for (const unsafe of ['https://evil.example/plate', '//evil.example', '/\\evil.example', '/login?next=/x', null]) {
      expect(nextAfterSignIn(unsafe)).toBe('/dashboard');
    }
  });
});
