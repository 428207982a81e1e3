import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../../core/paths.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { useSession } from '../lib/session-store.ts';

/** /login, with the reason the server ended the session if it did. */
export function loginPath(reason: string | null): string {
  return reason ? `${paths.login}?reason=${encodeURIComponent(reason)}` : paths.login;
}

/** Every route but /login and /forgot-password needs at least one role (spec §2). */
export function RequireRoles() {
  const { roles, endedReason } = useSession();
  if (roles.length === 0) return <Navigate to={loginPath(endedReason)} replace />;
  return <Outlet />;
}

/** '/': the dashboard when roles exist, else /login (spec §2). */
export function RootRedirect() {
  const { roles } = useSession();
  return <Navigate to={roles.length > 0 ? paths.dashboard : paths.login} replace />;
}

/** The outermost route: waits for lazily loaded pages. */
export function RootLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
