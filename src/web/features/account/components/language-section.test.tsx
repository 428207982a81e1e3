import type { Messages } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, loadEagerly } from '../../../lib/i18n.ts';
import { ME_QUERY, SET_MY_LANGUAGE } from '../../../lib/me.ts';
import { gqlError, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { LIST_MY_SESSIONS } from '../api/list-my-sessions.ts';

const CATALOGUES = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

/** The signed-in user, in the language they saved (setMyLanguage saves another, unless `refuse`). */
function account(saved: string, refuse = false) {
  let language = saved;
  return mockGraphql({
    ...on(ME_QUERY, () => ({
      me: {
        id: 'u1',
        email: 'pat@example.org',
        givenName: 'Pat',
        familyName: 'Lee',
        roles: ['coach'],
        abilities: [],
        language,
      },
    })),
    ...on(LIST_MY_SESSIONS, () => ({ listMySessions: { items: [], nextToken: null } })),
    ...on(SET_MY_LANGUAGE, (v) => {
      if (refuse) return gqlError('Unknown language: choose one of en, es.');
      language = v.language;
      return { setMyLanguage: { id: 'u1', language } };
    }),
  });
}

describe('Account, Language', () => {
  afterEach(() => {
    // Back to the English every other test reads.
    loadEagerly('en', CATALOGUES);
    window.localStorage.clear();
  });

  it('reads in Spanish, each language named in its own words', async () => {
    loadEagerly('es', CATALOGUES);
    account('es');
    renderApp('/account', { roles: ['coach'] });
    const section = await screen.findByRole('region', { name: 'Idioma' });
    expect(within(section).getByText(/El idioma de las páginas de Bullpen, en cada dispositivo/)).toBeInTheDocument();
    const select = within(section).getByRole('combobox', { name: 'Idioma' });
    expect(select).toHaveValue('es');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('lang')]),
    ).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
    ]);
  });

  it('saves the choice and switches the page to it at once, on this device too', async () => {
    const { callsOf } = account('en');
    renderApp('/account', { roles: ['coach'] });
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    await userEvent.setup().selectOptions(select, 'es');
    expect(await screen.findByRole('region', { name: 'Idioma' })).toBeInTheDocument();
    expect(callsOf('setMyLanguage').map((c) => c.variables)).toEqual([{ language: 'es' }]);
    expect(currentLocale()).toBe('es');
    expect(window.localStorage.getItem('bullpen.language')).toBe('es');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  });

  it('stays in the language it was in when the server refuses, and says why', async () => {
    account('en', true);
    renderApp('/account', { roles: ['coach'] });
    const select = await screen.findByRole('combobox', { name: 'Language' });
    await userEvent.setup().selectOptions(select, 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown language: choose one of en, es.');
    expect(currentLocale()).toBe('en');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en'));
  });

  it('follows the language the user saved, when the app starts signed in on a device in another', async () => {
    account('es');
    renderApp('/account', { roles: ['coach'] });
    expect(await screen.findByRole('region', { name: 'Idioma' })).toBeInTheDocument();
    expect(currentLocale()).toBe('es');
    expect(window.localStorage.getItem('bullpen.language')).toBe('es');
  });
});
