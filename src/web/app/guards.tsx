import { Button, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../core/paths.ts';
import type { Role } from '../../core/roles.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { useT } from '../lib/i18n.ts';
import { useSession } from '../lib/session-store.ts';

/** /login, with the reason the server ended the session if it did, and the page to come back to. */
export function loginPath(reason: string | null, next: string | null = null): string {
  const query = new URLSearchParams();
  if (reason) query.set('reason', reason);
  if (next) query.set('next', next);
  const text = query.toString();
  return text ? `${paths.login}?${text}` : paths.login;
}

/**
 * Every route but /login and /forgot-password needs at least one role (docs/screens.md, Screens); the page
 * asked for is kept for after the sign-in (a plate card's QR code scanned while signed out).
 */
export function RequireRoles() {
  const { roles, endedReason, signedOut } = useSession();
  const location = useLocation();
  if (roles.length === 0) {
    // Not after a sign-out here: whoever signs in next starts on their dashboard.
    const next = signedOut ? paths.dashboard : `${location.pathname}${location.search}`;
    return <Navigate to={loginPath(endedReason, next === paths.dashboard ? null : next)} replace />;
  }
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

/** Whom a page is for, as its "not for your role" page says it. */
export type PageAudience = 'admins' | 'staff' | 'parents';

/**
 * A page opened by its address by someone whose roles have none of those it is for (a parent's /tracker, an
 * admin's /parent/players): one page that says so and where theirs are. The server refuses the data
 * either way; this spares the half-drawn page (a coach once saw Rest Rules' filters, then its refusal).
 */
export function ForRoles({ roles, audience = 'admins' }: { roles: readonly Role[]; audience?: PageAudience }) {
  const session = useSession();
  const t = useT();
  if (session.roles.some((role) => roles.includes(role))) return <Outlet />;
  const who = t.list(session.roles.map((role) => t(`shell.notForRole.role.${role}`)));
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>{t('shell.notForRole.title')}</Title>
      <Text>{t(`shell.notForRole.${audience}`, { roles: who })}</Text>
      <Button component={Link} to={paths.dashboard} w="fit-content">
        {t('shell.notForRole.back')}
      </Button>
    </Stack>
  );
}
