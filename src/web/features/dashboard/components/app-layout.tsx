import { Anchor, AppShell, Burger, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { sectionsFor } from '../../../../core/menu.ts';
import { paths } from '../../../../core/paths.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT } from '../../../lib/i18n.ts';
import { meQueryOptions } from '../../../lib/me.ts';
import { useSession } from '../../../lib/session-store.ts';
import { signOutKeepingTaps, tapsWaitingBeforeSignOut, waitingTapsWarning } from '../../../lib/sign-out.ts';
import { MenuStateContext } from './menu-state.ts';
import { SectionMenu } from './section-menu.tsx';

const MENU_ID = 'main-menu';

/** The frame of every signed-in page: header, the collapsible menu, and the page itself. */
export function AppLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const t = useT();
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const [signingOut, setSigningOut] = useState(false);

  // Asked on entering and again on window focus: a session revoked elsewhere then ends here too.
  const me = useQuery(meQueryOptions);
  const { setRoles } = session;
  useEffect(() => {
    if (me.data) setRoles(me.data.roles);
  }, [me.data, setRoles]);

  const sections = useMemo(() => sectionsFor(session.roles), [session.roles]);
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set(sections[0] ? [sections[0].id] : []));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const menuState = useMemo(() => ({ sections, selectedId }), [sections, selectedId]);

  const onToggle = (id: string, opened: boolean) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (opened) next.add(id);
      else next.delete(id);
      return next;
    });

  // Live-count taps not sent yet stay on this device for the same user's next session.
  const [waitingTaps, setWaitingTaps] = useState(0);
  const finishSignOut = async () => {
    setWaitingTaps(0);
    setSigningOut(true);
    // The browser forgets the session even if the server cannot be reached.
    await signOutKeepingTaps().catch(() => undefined);
    session.clear();
    navigate(paths.login, { replace: true });
  };
  const onSignOut = async () => {
    setSigningOut(true);
    const waiting = await tapsWaitingBeforeSignOut();
    if (waiting > 0) {
      setSigningOut(false);
      setWaitingTaps(waiting);
      return;
    }
    await finishSignOut();
  };

  const email = me.data?.email;

  return (
    <MenuStateContext.Provider value={menuState}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={menuOpened}
                onClick={toggleMenu}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('shell.header.toggleMenu')}
                aria-expanded={menuOpened}
                aria-controls={MENU_ID}
              />
              <Anchor component={Link} to={paths.dashboard} fw={700} fz="lg" c="var(--mantine-color-text)">
                {/* The product's name, in every language. */}
                Bullpen
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {email ? (
                <Text size="sm" visibleFrom="sm" truncate maw={260}>
                  {email}
                </Text>
              ) : null}
              <Anchor component={Link} to={paths.account} size="sm">
                {t('shell.header.account')}
              </Anchor>
              <Button variant="default" size="xs" onClick={onSignOut} loading={signingOut}>
                {t('shell.header.signOut')}
              </Button>
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar
          component="nav"
          aria-label={t('shell.menu.label')}
          id={MENU_ID}
          p="xs"
          style={{ overflowY: 'auto' }}
        >
          {email ? (
            <Text size="sm" hiddenFrom="sm" px="sm" pb="xs">
              {t('shell.header.signedInAs', { email })}
            </Text>
          ) : null}
          <SectionMenu
            sections={sections}
            openIds={openIds}
            selectedId={selectedId}
            onToggle={onToggle}
            onSelect={setSelectedId}
            onNavigate={closeMenu}
          />
        </AppShell.Navbar>

        <AppShell.Main>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>

        <Modal
          opened={waitingTaps > 0}
          onClose={() => setWaitingTaps(0)}
          title={t('shell.signOut.waitingTitle')}
          centered
        >
          <Text>{waitingTapsWarning(waitingTaps, t)}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setWaitingTaps(0)}>
              {t('shell.signOut.stay')}
            </Button>
            <Button color="red" onClick={() => void finishSignOut()}>
              {t('shell.signOut.anyway')}
            </Button>
          </Group>
        </Modal>
      </AppShell>
    </MenuStateContext.Provider>
  );
}
