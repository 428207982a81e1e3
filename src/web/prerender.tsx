import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '../core/paths.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createSessionStore } from './lib/session-store.ts';

/** The page whose markup index.html carries; main.tsx shows it there only. */
export const PRERENDERED_PATH = paths.login;

/**
 * The login page as the app first renders it (the same providers and routes as app.tsx), rendered
 * to HTML at build time for index.html (vite.config.ts). It lets the browser paint the page before
 * any script has loaded; the app then replaces it (main.tsx).
 */
export function renderLoginPage(): string {
  const router = createMemoryRouter(routes, { initialEntries: [PRERENDERED_PATH] });
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()} sessionStore={createSessionStore(null)}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
