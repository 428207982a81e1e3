import type { Messages } from '@lingui/core';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Locale } from '../core/i18n/locales.ts';
import { paths } from '../core/paths.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { loadEagerly } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createSessionStore } from './lib/session-store.ts';

/** The page whose markup index.html carries; main.tsx shows it there only. */
export const PRERENDERED_PATH = paths.login;

/**
 * The login page as the app first renders it (the same providers and routes as app.tsx), rendered
 * to HTML at build time for index.html (vite.config.ts). It lets the browser paint the page before
 * any script has loaded; the app then replaces it (main.tsx). One page per language: the server
 * sends the reader's (src/server/http/page-language.ts).
 */
export function renderLoginPage(locale: Locale = 'en'): string {
  loadEagerly(
    locale,
    import.meta.glob<Messages>('../core/i18n/catalogues/*/*.json', { import: 'default', eager: true }),
  );
  const router = createMemoryRouter(routes, { initialEntries: [PRERENDERED_PATH] });
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()} sessionStore={createSessionStore(null)}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
