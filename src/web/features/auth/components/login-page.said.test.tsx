import type { Messages } from '@lingui/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEagerly } from '../../../lib/i18n.ts';
import { mockFetch, renderApp } from '../../../test/render.tsx';

const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

afterEach(() => {
  loadEagerly('en', catalogues);
});

describe('LoginPage in Spanish', () => {
  it("writes sign-in's refusal from its message by id, not from the server's English", async () => {
    loadEagerly('es', catalogues);
    const { fetchMock } = mockFetch({
      status: 401,
      body: {
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
        said: { id: 'errors.signIn.invalidEmailOrPassword' },
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'coach@example.org');
    await user.type(screen.getByLabelText(/^Contraseña/), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo electrónico o contraseña incorrectos');
  });
});
