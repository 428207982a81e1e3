import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setSessionHooks } from '../lib/api.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { sessionStore } from '../lib/session-store.ts';
import { loginPath } from './guards.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

function createApp() {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  // The server ended the session (revoked, expired, disabled...): forget everything and say why.
  setSessionHooks({
    isSignedIn: () => sessionStore.getSnapshot().roles.length > 0,
    onSessionEnded: (reason) => {
      sessionStore.end(reason);
      queryClient.clear();
      void router.navigate(loginPath(reason), { replace: true });
    },
  });
  return { queryClient, router };
}

export function App() {
  const [{ queryClient, router }] = useState(createApp);
  return (
    <AppProviders queryClient={queryClient} sessionStore={sessionStore}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
