import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { AppErrorBoundary } from '../components/error-fallback.tsx';
import { SessionProvider, type SessionStore } from '../lib/session-store.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export interface AppProvidersProps {
  queryClient: QueryClient;
  sessionStore: SessionStore;
  /** 'test' turns off Mantine's transitions and portals in unit tests. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Everything a page needs around it: the theme, the query cache, the session, an error boundary. */
export function AppProviders({ queryClient, sessionStore, env = 'default', children }: AppProvidersProps) {
  // Signing out forgets everything cached for the user, not only the roles.
  const clearCache = useCallback(() => queryClient.clear(), [queryClient]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SessionProvider store={sessionStore} onClear={clearCache}>
            {children}
          </SessionProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
