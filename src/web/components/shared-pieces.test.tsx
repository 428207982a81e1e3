import type { Messages } from '@lingui/core';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { CHANGE_HISTORY, type ChangeEntry } from '../lib/change-history.ts';
import { loadEagerly } from '../lib/i18n.ts';
import type { OfficialCount } from '../lib/official-count.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { LIST_REFUSED, type RefusedTap } from '../lib/refused-taps.ts';
import { createSessionStore } from '../lib/session-store.ts';
import { mockGraphql, on } from '../test/graphql-mock.ts';
import { ChangedAfterSigning, ChangeHistorySection } from './change-history.tsx';
import { ConfirmationsList, CountStatusBadge, PitcherCountsTable } from './official-count.tsx';
import { RefusedTaps } from './refused-taps.tsx';

/**
 * The shared pieces other pages show (the change history, the official count, the refused taps), in
 * English and in Spanish: every word of theirs comes from a catalogue.
 */
const catalogues = import.meta.glob<Messages>('../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

function show(children: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient} sessionStore={createSessionStore(window.sessionStorage)} env="test">
      {children}
    </AppProviders>,
  );
}

const entry = (id: string, at: string, facts: Partial<ChangeEntry>): ChangeEntry => ({
  id,
  seq: Number(id),
  at,
  actorName: 'Jo Rivera',
  session: 'ab12cd34',
  entity: 'outing',
  action: 'corrected',
  reason: null,
  playerName: 'Ivy Brown',
  teamName: null,
  before: null,
  after: null,
  hash: 'f'.repeat(64),
  ...facts,
});

const history: ChangeEntry[] = [
  entry('3', '2027-04-13T23:41:00.000Z', {
    reason: 'miscounted in the 4th',
    before: JSON.stringify({ pitches: 63 }),
    after: JSON.stringify({ pitches: 58 }),
  }),
  entry('2', '2027-04-13T01:00:00.000Z', {
    entity: 'confirmation',
    action: 'confirmed',
    actorName: 'Ava Away',
    teamName: 'Cubs',
    after: '{}',
  }),
  entry('1', '2027-04-12T23:00:00.000Z', {
    entity: 'game',
    action: 'scheduled',
    playerName: null,
    after: JSON.stringify({ date: '2027-04-12', state: 'scheduled' }),
  }),
];

const totals = (pitches: number, intentionalWalks = 0) => ({ pitches, intentionalWalks });

const count: OfficialCount = {
  gameId: 'g1',
  game: {
    id: 'g1',
    leagueId: 'l1',
    leagueName: 'Majors',
    date: '2027-04-12',
    startTime: '18:00',
    homeTeamId: 't1',
    homeTeamName: 'Tigers',
    awayTeamId: 't2',
    awayTeamName: 'Cubs',
    opponentName: null,
    state: 'final',
    requiresOfficial: false,
    officialName: null,
    officialSignedAt: null,
  },
  status: 'disputed',
  teams: [
    { teamId: 't1', teamName: 'Tigers', confirmed: false },
    { teamId: 't2', teamName: 'Cubs', confirmed: false },
  ],
  confirmations: [
    {
      teamId: 't2',
      teamName: 'Cubs',
      confirmedByName: 'Cory Cub',
      confirmedAt: '2027-04-12T23:00:00.000Z',
      current: false,
      signedCounts: [],
      changedAfter: null,
    },
  ],
  pitchers: [
    {
      pitcherId: 'p2',
      pitcherName: 'Sam Stone',
      teamId: 't1',
      teamName: 'Tigers',
      official: totals(42),
      ownBook: totals(42),
      otherBook: totals(40),
      differs: true,
    },
    {
      pitcherId: 'p9',
      pitcherName: 'Cal Cub',
      teamId: 't2',
      teamName: 'Cubs',
      official: totals(30, 1),
      ownBook: totals(30, 1),
      otherBook: totals(30, 1),
      differs: false,
    },
  ],
  deadline: '2027-04-13T12:00',
  deadlinePassed: false,
  countStandsAfterDeadline: 'home',
  settledAt: null,
  official: null,
};

const refused: RefusedTap[] = [
  {
    id: 'r1',
    description: '2027-04-12 Tigers vs Cubs: Sam Stone, ball',
    reason: 'The game was deleted',
    descriptionSaid: {
      id: 'shell.refusedTaps.tap',
      values: { date: '2027-04-12', home: 'Tigers', away: 'Cubs', pitcher: 'Sam Stone', kind: 'ball' },
    },
    reasonSaid: null,
    refusedAt: '2027-04-12T22:00:00Z',
    userName: 'Casey Coach',
    mine: false,
    moreRefused: 2,
  },
];

beforeEach(() => {
  mockGraphql({
    ...on(CHANGE_HISTORY, () => ({ changeHistory: { items: history, nextToken: null } })),
    ...on(LIST_REFUSED, () => ({ listRefusedPitchEvents: refused })),
  });
});

describe('the shared pieces', () => {
  it('say the history, the counts and the refused taps in English', async () => {
    show(
      <>
        <ChangeHistorySection subject={{ gameId: 'g1' }} label="the game of Cubs @ Tigers" />
        <CountStatusBadge status="disputed" />
        <PitcherCountsTable count={count} label="Final counts by pitcher" />
        <ConfirmationsList count={count} />
        <RefusedTaps showWho />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Changes to the game of Cubs @ Tigers, newest first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Jo Rivera changed Ivy Brown’s count 63 → 58: “miscounted in the 4th”'),
      expect.stringContaining('Ava Away confirmed the counts for Cubs'),
      expect.stringContaining('Jo Rivera scheduled the game for Apr 12, 2027'),
    ]);
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(screen.getByText('Disputed')).toBeInTheDocument();
    expect(screen.getByText('Differs by 2')).toBeInTheDocument();
    expect(screen.getAllByText('1 intentional walk')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Confirmations' })).toHaveTextContent(
      /Cubs: confirmed by Cory Cub, .* \(changed since: confirm again\)/,
    );
    const taps = await screen.findByRole('list', { name: 'Taps the server refused' });
    expect(
      within(taps).getByText('And 2 more taps of Casey Coach refused since: counted, not listed one by one.'),
    ).toBeInTheDocument();
    expect(within(taps).getByRole('button', { name: 'Dismiss: Apr 12, 2027 Tigers vs Cubs: Sam Stone, ball' }));
  });

  describe('in Spanish', () => {
    afterEach(() => loadEagerly('en', catalogues));

    it('say them in Spanish, dates and plurals included', async () => {
      loadEagerly('es', catalogues);
      show(
        <>
          <ChangeHistorySection subject={{ gameId: 'g1' }} label="el juego de Cubs @ Tigers" />
          <ChangedAfterSigning gameId="g1" />
          <CountStatusBadge status="disputed" />
          <PitcherCountsTable count={count} label="Conteos finales por lanzador" />
          <ConfirmationsList count={count} />
          <RefusedTaps showWho />
        </>,
      );
      const list = await screen.findByRole('list', {
        name: 'Cambios (el juego de Cubs @ Tigers), del más reciente al más antiguo',
      });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        expect.stringContaining('Jo Rivera cambió la salida de Ivy Brown: conteo 63 → 58: “miscounted in the 4th”'),
        expect.stringContaining('Ava Away confirmó los conteos de Cubs'),
        expect.stringContaining('Jo Rivera programó el juego para el 12 abr 2027'),
      ]);
      expect(screen.getByRole('heading', { name: 'Historial' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Descargar CSV del historial (el juego de Cubs @ Tigers)' }));
      expect(screen.getByRole('status', { name: 'Cambió después de que ambos equipos firmaron' })).toHaveTextContent(
        'Jo Rivera cambió la salida de Ivy Brown: conteo 63 → 58',
      );
      expect(screen.getByText('En disputa')).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'Otra banca' })).toBeInTheDocument();
      expect(screen.getByText('Difiere en 2')).toBeInTheDocument();
      expect(screen.getAllByText('1 base por bolas intencional')).toHaveLength(2);
      expect(screen.getAllByText('Coincide')).toHaveLength(1);
      expect(screen.getByRole('list', { name: 'Confirmaciones' })).toHaveTextContent(
        /Tigers: aún sin confirmarCubs: confirmado por Cory Cub, .* \(cambió desde entonces: confirma de nuevo\)/,
      );
      const taps = await screen.findByRole('list', { name: 'Toques que el servidor rechazó' });
      expect(
        within(taps).getByText(
          'Y 2 toques más de Casey Coach rechazados desde entonces: contados, no listados uno por uno.',
        ),
      ).toBeInTheDocument();
      expect(within(taps).getByRole('button', { name: 'Descartar: 12 abr 2027 Tigers vs. Cubs: Sam Stone, bola' }));
    });
  });
});
