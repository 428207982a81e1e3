import type { Messages } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../core/roles.ts';
import { loadEagerly } from '../../../lib/i18n.ts';
import { meAnswer, mockFetch, renderApp } from '../../../test/render.tsx';

function signedIn(roles: Role[]) {
  vi.stubGlobal('fetch', mockFetch(meAnswer(roles), meAnswer(roles)).fetchMock);
  return renderApp('/dashboard', { roles });
}

describe('DashboardPage', () => {
  it('shows a coach only the coach section, open, and their day instead of asking to select a section', async () => {
    signedIn(['coach']);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('button', { name: 'Coach' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'Log Pitch Outing' })).toHaveAttribute('href', '/tracker');
    expect(within(menu).getByRole('link', { name: 'Pitcher Status' })).toBeInTheDocument();
    expect(screen.queryByText('User Management')).not.toBeInTheDocument();
    expect(screen.queryByText('Team Management')).not.toBeInTheDocument();
    expect(screen.queryByText('SuperAdmin')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your teams today' })).toBeInTheDocument();
    expect(screen.queryByText('Select a section to view details.')).not.toBeInTheDocument();
  });

  it('shows a SuperAdmin the SuperAdmin and League Admin sections, the first one open', async () => {
    signedIn(['SuperAdmin']);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('button', { name: 'SuperAdmin' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('button', { name: 'League Admin' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).getByRole('link', { name: 'User Management' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Coach' })).not.toBeInTheDocument();
  });

  it("shows a selected section's pages as cards", async () => {
    signedIn(['coach', 'parent']);
    const user = userEvent.setup();
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('button', { name: 'Parent' }));

    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 2, name: 'Parent' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: "My Child's Status" })).toHaveAttribute('href', '/parent/players');
    expect(within(main).getByText('Record pitching outside the league.')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Parent' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('Select a section to view details.')).not.toBeInTheDocument();
  });

  it("shows the user's email, the account link and sign out", async () => {
    signedIn(['coach']);
    expect((await screen.findAllByText(/pat@example\.org/)).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Bullpen' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  describe('in Spanish', () => {
    const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
      import: 'default',
      eager: true,
    });
    afterEach(() => loadEagerly('en', catalogues));

    it('shows the header, the menu and the dashboard in Spanish', async () => {
      loadEagerly('es', catalogues);
      signedIn(['coach', 'parent']);
      const user = userEvent.setup();
      const menu = await screen.findByRole('navigation', { name: 'Menú principal' });
      expect(within(menu).getByRole('button', { name: 'Entrenador' })).toHaveAttribute('aria-expanded', 'true');
      expect(within(menu).getByRole('link', { name: 'Registrar salida' })).toHaveAttribute('href', '/tracker');
      expect(await screen.findByRole('heading', { level: 1, name: 'Panel' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 2, name: 'Tus equipos hoy' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Tus hijos hoy' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Cuenta' })).toHaveAttribute('href', '/account');
      expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
      expect(await screen.findByText('Sesión iniciada como pat@example.org')).toBeInTheDocument();

      await user.click(within(menu).getByRole('button', { name: 'Padre/tutor' }));
      const main = screen.getByRole('main');
      expect(within(main).getByRole('link', { name: 'Estado de mi hijo/a' })).toHaveAttribute(
        'href',
        '/parent/players',
      );
      expect(within(main).getByText('Registra lo que lanzó fuera de la liga.')).toBeInTheDocument();
    });
  });
});
