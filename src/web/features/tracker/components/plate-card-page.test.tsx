import type { Messages } from '@lingui/core';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEagerly } from '../../../lib/i18n.ts';
import { gqlError, meHandler, mockGraphql, on, saidAs } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { PLATE_CARD, PLATE_CARD_BY_LINK, type PlateCard } from '../api/plate-card.ts';

// Pages load lazily and the suites run side by side: give slow machines time.
configure({ asyncUtilTimeout: 5000 });

const card: PlateCard = {
  teamId: 't2',
  teamName: 'Cubs',
  leagueName: 'Majors',
  seasonName: 'Spring 2027',
  ruleName: 'Little League Baseball',
  asOf: '2027-04-12',
  issuedAt: '2027-04-12T16:00:00.000Z',
  path: '/plate/abc.def',
  url: 'https://bullpen.example.org/plate/abc.def',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
  pitchers: [
    {
      playerId: 'p1',
      name: 'Cal Cole',
      jerseyNumber: '4',
      mayPitch: false,
      pitchesLeft: null,
      notUntil: '2027-04-17',
      reason: 'Owes 4 days of rest after 80 pitches on 2027-04-12',
      reasonSaid: saidAs('Owes 4 days of rest after 80 pitches on 2027-04-12'),
      // Every rule that holds him out, each with its date: the day's game, and the rest it owes.
      reasons: [
        {
          code: 'TOO_MANY_GAMES_IN_DAY',
          said: { id: 'rules.reason.gamesToday', values: { games: 1, max: 1 } },
          until: '2027-04-13',
        },
        {
          code: 'PITCHED_BEFORE_ELIGIBLE',
          said: {
            id: 'rules.reason.resting',
            values: { unit: 'pitches', count: 80, date: '2027-04-12', days: 4, eligible: '2027-04-17' },
          },
          until: '2027-04-17',
        },
      ],
    },
    {
      playerId: 'p2',
      name: 'Dee Dunn',
      jerseyNumber: null,
      mayPitch: true,
      pitchesLeft: 85,
      notUntil: null,
      reason: null,
      reasonSaid: null,
      reasons: [],
    },
  ],
  recentGames: [
    {
      gameId: 'g1',
      homeTeamName: 'Cubs',
      awayTeamName: 'Tigers',
      opponentName: null,
      date: '2027-04-11',
      official: {
        name: 'Pat Umpire',
        signedAt: '2027-04-11T22:00:00.000Z',
        current: false,
        signedCounts: [{ pitcherId: 'p1', pitcherName: 'Cal Cole', pitches: 40, intentionalWalks: 0 }],
        changedAfter: { byName: 'Lee Admin', at: '2027-04-12T10:00:00.000Z' },
      },
      confirmations: [],
    },
  ],
};

describe('PlateCardPage', () => {
  it('makes a coach’s card of their team: who may pitch and how many left, who may not and until when, and its QR', async () => {
    const { callsOf } = mockGraphql({
      me: meHandler(['coach'], ['Query.plateCard']),
      ...on(PLATE_CARD, () => ({ plateCard: card })),
    });
    renderApp('/plate?team=t2', { roles: ['coach'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plate meeting card' })).toBeInTheDocument();
    const may = await screen.findByRole('table', { name: 'May pitch today: Cubs' });
    expect(within(may).getByRole('rowheader', { name: 'Dee Dunn' }).closest('tr')).toHaveTextContent('85');
    const mayNot = screen.getByRole('table', { name: 'May not pitch today: Cubs' });
    const cal = within(mayNot).getByRole('rowheader', { name: '#4 Cal Cole' }).closest('tr') as HTMLElement;
    expect(cal).toHaveTextContent('Apr 17, 2027');
    expect(cal).toHaveTextContent('Already pitched in 1 game today; the rule allows 1 a day. (until Tue, Apr 13)');
    expect(cal).toHaveTextContent(
      'Resting: 80 pitches on Apr 12, 2027 owe 4 days of rest; eligible Apr 17, 2027. (until Sat, Apr 17)',
    );
    expect(screen.getByRole('img', { name: 'QR code of the card’s link' }).querySelector('svg')).not.toBeNull();
    expect(
      screen.getByText('Scan to check this card is genuine and current (signed-in coaches and admins of the league).'),
    ).toBeInTheDocument();
    expect(screen.getByText(card.url)).toBeInTheDocument();
    // The week's games name who signed their counts, and say when a change after it voided the signature.
    const recent = screen.getByRole('region', { name: 'This week’s signed games' });
    expect(within(recent).getByText(/^Official: Signed by Pat Umpire at Cal Cole 40 \(/)).toHaveTextContent(
      'changed after signing by Lee Admin: needs a new signature',
    );
    expect(callsOf('plateCard')[0]?.variables).toMatchObject({ teamId: 't2' });
    expect(screen.queryByText('Genuine: signed by Bullpen')).not.toBeInTheDocument();
  });

  it('opens the card a link names, as of now, marked genuine; a changed link says so', async () => {
    const { callsOf } = mockGraphql({
      me: meHandler(['coach'], ['Query.plateCardByLink']),
      ...on(PLATE_CARD_BY_LINK, (variables) =>
        variables.link === 'abc.def'
          ? { plateCardByLink: card }
          : gqlError('This card’s link is not one Bullpen made: it may have been changed.', 'BAD_USER_INPUT'),
      ),
    });
    renderApp('/plate/abc.def', { roles: ['coach'] });
    expect(await screen.findByText('Genuine: signed by Bullpen')).toBeInTheDocument();
    expect(screen.getByText(/card made/)).toBeInTheDocument();
    expect(callsOf('plateCardByLink')[0]?.variables).toMatchObject({ link: 'abc.def' });
  });

  it('says a link Bullpen did not sign is not genuine', async () => {
    mockGraphql({
      me: meHandler(['coach'], ['Query.plateCardByLink']),
      ...on(PLATE_CARD_BY_LINK, () =>
        gqlError('This card’s link is not one Bullpen made: it may have been changed.', 'BAD_USER_INPUT'),
      ),
    });
    renderApp('/plate/abc.xyz', { roles: ['coach'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('This card’s link is not one Bullpen made');
  });
});

describe('PlateCardPage in Spanish', () => {
  const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
    import: 'default',
    eager: true,
  });
  afterEach(() => loadEagerly('en', catalogues));

  it('says who may pitch and who may not, with dates as Spanish writes them', async () => {
    loadEagerly('es', catalogues);
    mockGraphql({
      me: meHandler(['coach'], ['Query.plateCard']),
      ...on(PLATE_CARD, () => ({ plateCard: card })),
    });
    renderApp('/plate?team=t2', { roles: ['coach'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarjeta de home' })).toBeInTheDocument();
    const may = await screen.findByRole('table', { name: 'Pueden lanzar hoy: Cubs' });
    expect(within(may).getByRole('columnheader', { name: 'Lanzamientos restantes hoy' })).toBeInTheDocument();
    expect(within(may).getByText('Pueden lanzar hoy (1)')).toBeInTheDocument();
    const mayNot = screen.getByRole('table', { name: 'No pueden lanzar hoy: Cubs' });
    expect(within(mayNot).getByRole('columnheader', { name: 'No antes del' })).toBeInTheDocument();
    expect(within(mayNot).getByRole('rowheader', { name: '#4 Cal Cole' }).closest('tr')).toHaveTextContent(
      '17 abr 2027',
    );
    expect(screen.getByText(/^Elegibilidad al 12 abr 2027, consultada el /)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Código QR del enlace de la tarjeta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });
});
