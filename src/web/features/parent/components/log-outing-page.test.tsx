import type { Messages } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, localToday } from '../../../lib/format.ts';
import { loadEagerly } from '../../../lib/i18n.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { type Child, MY_CHILDREN } from '../api/my-children.ts';
import { CREATE_OUTSIDE_OUTING, LIST_OUTSIDE_OUTINGS, type OutsideOuting } from '../api/outside-outings.ts';

const riley: Child = {
  id: 'p1',
  firstName: 'Riley',
  lastName: 'Parent',
  birthDate: '2014-09-01',
  jerseyNumber: '1',
  leagueAge: 12,
  // The league's calendar agrees with this browser's, unless a test says otherwise.
  organizationToday: localToday(),
  teams: [],
  removalRequest: null,
};
const reported: OutsideOuting = {
  id: 'x1',
  playerId: 'p1',
  playerName: 'Riley Parent',
  date: '2026-11-20',
  description: 'School JV',
  pitches: 33,
  innings: 2,
  reportedByName: 'Pat Lee',
};

function page(handlers: Parameters<typeof mockGraphql>[0] = {}) {
  const mock = mockGraphql({
    me: meHandler(['parent'], ['Mutation.createOutsideOuting']),
    ...on(MY_CHILDREN, () => ({ listPlayers: { items: [riley], nextToken: null } })),
    ...on(LIST_OUTSIDE_OUTINGS, () => ({ listOutsideOutings: { items: [reported], nextToken: null } })),
    ...handlers,
  });
  renderApp('/parent/log', { roles: ['parent'] });
  return { ...mock, user: userEvent.setup() };
}

const CATALOGUES = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

afterEach(() => {
  vi.restoreAllMocks();
  loadEagerly('en', CATALOGUES);
});

describe('LogOutingPage', () => {
  it('lists what was reported, and checks an entry before sending it', async () => {
    const { user, callsOf } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log Outing for My Child' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Reported outings' });
    expect(within(table).getByRole('row', { name: /School JV/ })).toHaveTextContent('33');
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Say where it was pitched');
    await user.type(screen.getByRole('textbox', { name: 'Where' }), 'Travel team');
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the pitches or the innings pitched');
    expect(callsOf('createOutsideOuting')).toHaveLength(0);
  });

  it('speaks Spanish: the form, its check and the reported outings', async () => {
    loadEagerly('es', CATALOGUES);
    const { user } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrar salida de mi hijo/a' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Dónde' })).toHaveAttribute('placeholder', 'Equipo viajero vs. Eagles');
    expect(screen.getByRole('textbox', { name: 'Entradas lanzadas' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Salidas reportadas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fecha', 'Hijo', 'Dónde', 'Lanzamientos', 'Entradas', 'Reportada por', 'Acciones']);
    expect(
      within(table).getByRole('button', { name: `Eliminar la salida de Riley Parent del ${formatDate('2026-11-20')}` }),
    ).toHaveTextContent('Eliminar');
    expect(formatDate('2026-11-20')).toBe('20 nov 2026');
    await user.click(screen.getByRole('button', { name: 'Guardar salida' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('dates an outing on the league’s calendar: today there by default, and never after it', async () => {
    // The league's today is a day behind this browser's (a parent in Berlin, a league in New York, at night).
    const leagueToday = '2027-04-12';
    const { user, callsOf } = page({
      ...on(MY_CHILDREN, () => ({
        listPlayers: { items: [{ ...riley, organizationToday: leagueToday }], nextToken: null },
      })),
    });
    const date = await screen.findByLabelText(/^Date/);
    await waitFor(() => expect(date).toHaveValue(leagueToday));
    expect(date).toHaveAttribute('max', leagueToday);
    fireEvent.change(date, { target: { value: '2027-04-13' } });
    await user.type(screen.getByRole('textbox', { name: 'Where' }), 'Travel team');
    await user.type(screen.getByRole('textbox', { name: 'Pitches' }), '20');
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(
      await screen.findByText("The date cannot be after today (2027-04-12 on the league's calendar)"),
    ).toBeInTheDocument();
    expect(callsOf('createOutsideOuting')).toHaveLength(0);
  });

  it('says what is wrong with a negative count, and with a description too long', async () => {
    const { user, callsOf } = page();
    await user.type(await screen.findByRole('textbox', { name: 'Where' }), 'Travel team');
    await user.type(screen.getByRole('textbox', { name: 'Pitches' }), '-3');
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByText('Pitches must be a whole number from 0 to 300')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Pitches' }));
    await user.type(screen.getByRole('textbox', { name: 'Pitches' }), '30');
    fireEvent.change(screen.getByRole('textbox', { name: 'Where' }), { target: { value: 'x'.repeat(400) } });
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByText('Where it was pitched must be at most 100 characters')).toBeInTheDocument();
    expect(callsOf('createOutsideOuting')).toHaveLength(0);
  });

  it('sends the same id again after a failure, so the server stores the outing once', async () => {
    let fail = true;
    const { user, callsOf } = page({
      ...on(CREATE_OUTSIDE_OUTING, () => {
        if (fail) {
          fail = false;
          return gqlError('Network trouble', 'INTERNAL_SERVER_ERROR');
        }
        return { createOutsideOuting: { id: 'new' } };
      }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Where' }), 'Travel team vs Eagles');
    await user.type(screen.getByRole('textbox', { name: 'Pitches' }), '40');
    await user.type(screen.getByRole('textbox', { name: 'Innings pitched' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network trouble');
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved. It counts for Riley’s rest everywhere they play.',
    );
    const [first, second] = callsOf('createOutsideOuting').map((c) => c.variables.input as Record<string, unknown>);
    expect(first?.id).toBe(second?.id);
    expect(second).toMatchObject({ playerId: 'p1', description: 'Travel team vs Eagles', pitches: 40, innings: 3 });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Where' })).toHaveValue(''));
  });
});
