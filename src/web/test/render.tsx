import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Role } from '../../core/roles.ts';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createSessionStore } from '../lib/session-store.ts';

/** Renders the real routes at `path`, signed in with `roles` (none: signed out). */
export function renderApp(path: string, options: { roles?: Role[] } = {}) {
  const storage = window.sessionStorage;
  storage.clear();
  const sessionStore = createSessionStore(storage);
  if (options.roles?.length) sessionStore.setRoles(options.roles);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient} sessionStore={sessionStore} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, sessionStore, queryClient };
}

/** A fetch stand-in answering each call with the next response, and recording the calls. */
export function mockFetch(...answers: Array<{ status?: number; body: unknown }>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchMock, calls };
}

/** A `me` answer for the signed-in layout. */
export function meAnswer(roles: Role[], email = 'pat@example.org', abilities: string[] = []) {
  return { body: { data: { me: { id: 'u1', email, givenName: 'Pat', familyName: 'Lee', roles, abilities } } } };
}
