import type { Messages } from '@lingui/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEagerly } from '../../../lib/i18n.ts';
import { mockFetch, renderApp } from '../../../test/render.tsx';

describe('ForgotPasswordPage', () => {
  it('asks for the email, then for the code and a new password', async () => {
    vi.stubGlobal('fetch', mockFetch({ body: { success: true } }).fetchMock);
    renderApp('/forgot-password');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'pat@example.org');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for that email, we sent a code to it.',
    );
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  describe('in Spanish', () => {
    const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
      import: 'default',
      eager: true,
    });
    afterEach(() => loadEagerly('en', catalogues));

    it('shows both steps in Spanish', async () => {
      loadEagerly('es', catalogues);
      vi.stubGlobal('fetch', mockFetch({ body: { success: true } }).fetchMock);
      renderApp('/forgot-password');
      const user = userEvent.setup();
      expect(await screen.findByRole('heading', { level: 1, name: 'Restablece tu contraseña' })).toBeInTheDocument();
      await user.type(screen.getByLabelText(/^Correo electrónico/), 'pat@example.org');
      await user.click(screen.getByRole('button', { name: 'Enviar código' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Si existe una cuenta con ese correo electrónico, le enviamos un código.',
      );
      expect(screen.getByLabelText(/^Código/)).toBeRequired();
      expect(screen.getByRole('button', { name: 'Restablecer contraseña' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toBeInTheDocument();
    });
  });
});
