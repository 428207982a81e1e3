import type { Messages } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEagerly } from '../../../lib/i18n.ts';
import { meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { LIST_MY_SESSIONS, type MySession } from '../api/list-my-sessions.ts';
import { MY_INVITATIONS, RESPOND_TO_INVITATION } from '../api/my-invitations.ts';

const sessions: MySession[] = [
  {
    id: 's1',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    ipAddress: '203.0.113.7',
    lastSeenAt: '2027-04-12T23:41:00.000Z',
    createdAt: '2027-04-01T10:00:00.000Z',
    current: true,
  },
  {
    id: 's2',
    userAgent: null,
    ipAddress: null,
    lastSeenAt: '2027-03-02T10:00:00.000Z',
    createdAt: '2027-03-02T10:00:00.000Z',
    current: false,
  },
];

function openAccount() {
  mockGraphql({
    me: meHandler(['coach']),
    ...on(LIST_MY_SESSIONS, () => ({ listMySessions: { items: sessions, nextToken: null } })),
  });
  return renderApp('/account', { roles: ['coach'] });
}

describe('AccountPage', () => {
  it('shows the password form and the sessions, this device marked', async () => {
    openAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current Password/)).toBeRequired();
    expect(screen.getByText('At least 8 characters. Your other devices will be signed out.')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Last seen' })).toBeInTheDocument();
    expect(within(table).getByText('This device')).toBeInTheDocument();
    expect(within(table).getByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(table).getByText('Unknown device')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Sign out this device' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
  });

  it('shows an invitation from another organization, and accepting it answers the server', async () => {
    let answered = false;
    const { callsOf } = mockGraphql({
      me: meHandler(['coach']),
      ...on(LIST_MY_SESSIONS, () => ({ listMySessions: { items: sessions, nextToken: null } })),
      ...on(MY_INVITATIONS, () => ({
        myInvitations: answered
          ? []
          : [
              {
                id: 'i1',
                role: 'coach' as const,
                organizationName: 'Lakeside LL',
                leagueName: 'Majors',
                teamName: 'Tigers',
                seasonName: 'Spring 2027',
                childName: null,
                invitedByName: 'Jo Rivera',
                createdAt: '2027-04-01T10:00:00.000Z',
              },
            ],
      })),
      ...on(RESPOND_TO_INVITATION, ({ input }) => {
        answered = true;
        return {
          respondToInvitation: { id: input.id, state: input.accept ? ('accepted' as const) : ('declined' as const) },
        };
      }),
    });
    renderApp('/account', { roles: ['coach'] });
    const user = userEvent.setup();
    const sentence = 'Jo Rivera invited you to coach Tigers (Majors, Spring 2027) in Lakeside LL.';
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Accept: ${sentence}` }));
    await waitFor(() => expect(callsOf('respondToInvitation')).toHaveLength(1));
    expect(callsOf('respondToInvitation')[0]?.variables).toEqual({ input: { id: 'i1', accept: true } });
    await waitFor(() => expect(screen.queryByText(sentence)).not.toBeInTheDocument());
  });

  describe('in Spanish', () => {
    const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
      import: 'default',
      eager: true,
    });
    afterEach(() => loadEagerly('en', catalogues));

    it('shows the page in Spanish, its dates as Spanish writes them', async () => {
      loadEagerly('es', catalogues);
      openAccount();
      expect(await screen.findByRole('heading', { level: 1, name: 'Cuenta' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Cambiar contraseña' })).toBeInTheDocument();
      expect(screen.getByLabelText(/^Contraseña actual/)).toBeRequired();
      expect(screen.getByRole('heading', { level: 2, name: 'Sesiones activas' })).toBeInTheDocument();
      const table = await screen.findByRole('table');
      expect(within(table).getByRole('columnheader', { name: 'Dispositivo' })).toBeInTheDocument();
      expect(within(table).getByText('Este dispositivo')).toBeInTheDocument();
      expect(within(table).getByText('Dispositivo desconocido')).toBeInTheDocument();
      expect(within(table).getByText(/^2 mar 2027/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cerrar sesión en todas partes' })).toBeInTheDocument();
    });
  });
});
