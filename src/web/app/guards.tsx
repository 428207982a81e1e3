import { Button, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { paths } from '../../core/paths.ts';
import type { Role } from '../../core/roles.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { useSession } from '../lib/session-store.ts';

/** /login, with the reason the server ended the session if it did. */
export function loginPath(reason: string | null): string {
  return reason ? `${paths.login}?reason=${encodeURIComponent(reason)}` : paths.login;
}

/** Every route but /login and /forgot-password needs at least one role (docs/screens.md, Screens). */
export function RequireRoles() {
  const { roles, endedReason } = useSession();
  if (roles.length === 0) return <Navigate to={loginPath(endedReason)} replace />;
  return <Outlet />;
}

/** '/': the dashboard when roles exist, else /login (docs/screens.md, Screens). */
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

const ROLE_WORDS: Record<Role, string> = {
  SuperAdmin: 'the SuperAdmin',
  admin: 'a league admin',
  coach: 'a coach',
  parent: 'a parent',
};

export const NOT_FOR_ROLE_TEXT = {
  title: 'Not for your role',
  body: (roles: readonly Role[]) =>
    `This page is for league admins. You are signed in as ${roles.map((r) => ROLE_WORDS[r]).join(' and ')}: your pages are on the dashboard.`,
  back: 'Go to the dashboard',
} as const;

/**
 * The admin pages, opened by their address by someone whose roles have none of them: one page that
 * says so (a coach once saw a page's filters, then its refusal, twice on Rest Rules). The
 * server refuses the data either way; this only spares the half-drawn page.
 */
export function ForRoles({ roles }: { roles: readonly Role[] }) {
  const session = useSession();
  if (session.roles.some((role) => roles.includes(role))) return <Outlet />;
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>{NOT_FOR_ROLE_TEXT.title}</Title>
      <Text>{NOT_FOR_ROLE_TEXT.body(session.roles)}</Text>
      <Button component={Link} to={paths.dashboard} w="fit-content">
        {NOT_FOR_ROLE_TEXT.back}
      </Button>
    </Stack>
  );
}
