import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n.ts';
import { PageLoader } from '../page-loader.tsx';
import { adminErrorMessage } from './admin-error.ts';

/** An admin screen: its heading, then what it shows. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}

/** The red box a screen shows in place of what it could not load (FORBIDDEN included: the server says why). */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}

/** ErrorAlert with the server's message for a failed load, else `fallback`. */
export function LoadFailed({ error, fallback }: { error: unknown; fallback: string }) {
  return <ErrorAlert>{adminErrorMessage(error, fallback)}</ErrorAlert>;
}

/**
 * What a screen scoped to an organization shows while it has none to show: the loader, the load
 * error, or `none` when there is no organization at all. Null once there is one.
 */
export function withoutOrganization(
  organizations: { isPending: boolean; isError: boolean; error: unknown },
  organization: unknown,
  none: ReactNode,
): ReactNode {
  if (organizations.isPending) return <OrganizationsLoading />;
  if (organizations.isError) return <OrganizationsFailed error={organizations.error} />;
  return organization ? null : none;
}

function OrganizationsLoading() {
  const t = useT();
  return <PageLoader label={t('admin.organizations.loading')} />;
}

function OrganizationsFailed({ error }: { error: unknown }) {
  const t = useT();
  return <LoadFailed error={error} fallback={t('admin.organizations.loadFailed')} />;
}
