import { I18nProvider, useLingui } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Fragment, type ReactNode, useCallback, useMemo } from 'react';
import { AppErrorBoundary } from '../components/error-fallback.tsx';
import { i18n, useT } from '../lib/i18n.ts';
import { SessionProvider, type SessionStore } from '../lib/session-store.ts';
import { cssVariablesResolver, themeFor } from './theme.ts';

export interface AppProvidersProps {
  queryClient: QueryClient;
  sessionStore: SessionStore;
  /** 'test' turns off Mantine's transitions and portals in unit tests. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/**
 * The page again from the top when the language changes: every component, not only those that
 * read a message, writes its dates and words in the new one. The query cache stays.
 */
function InLanguage({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

/** Mantine with the theme of the reader's language (the words its components say themselves). */
function Themed({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const t = useT();
  const theme = useMemo(() => themeFor(t), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}

/** Everything a page needs around it: the language, the theme, the query cache, the session, an error boundary. */
export function AppProviders({ queryClient, sessionStore, env = 'default', children }: AppProvidersProps) {
  // Signing out forgets everything cached for the user, not only the roles.
  const clearCache = useCallback(() => queryClient.clear(), [queryClient]);
  return (
    <I18nProvider i18n={i18n}>
      <InLanguage>
        <Themed env={env}>
          <AppErrorBoundary>
            <QueryClientProvider client={queryClient}>
              <SessionProvider store={sessionStore} onClear={clearCache}>
                {children}
              </SessionProvider>
            </QueryClientProvider>
          </AppErrorBoundary>
        </Themed>
      </InLanguage>
    </I18nProvider>
  );
}
