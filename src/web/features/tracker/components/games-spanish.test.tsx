import type { Messages } from '@lingui/core';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEagerly } from '../../../lib/i18n.ts';
import { LIST_SEASONS } from '../../../lib/season-options.ts';
import { type CurrentTeam, LIST_CURRENT_TEAMS } from '../../../lib/team-options.ts';
import { meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { GAME_PITCH_LOG, type PitchLog } from '../api/game-pitch-log.ts';
import { type Game, LIST_GAMES } from '../api/list-games.ts';
import { LIST_PITCH_OUTINGS, type Outing } from '../api/list-pitch-outings.ts';
import { LIST_ROSTER } from '../api/list-roster.ts';

// Pages load lazily and the suites run side by side: give slow machines time.
configure({ asyncUtilTimeout: 5000 });

/** Every catalogue, as the unit tests load them (no fetch). */
const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

const tigers: CurrentTeam = {
  id: 't1',
  name: 'Tigers',
  leagueId: 'l1',
  leagueName: 'Majors',
  seasonId: 's1',
  seasonName: 'Spring 2027',
  seasonState: 'active',
  organizationId: 'o1',
};
// Monday, April 12, 2027, at home against the Cubs.
const game: Game = {
  id: 'g1',
  leagueId: 'l1',
  seasonId: 's1',
  date: '2027-04-12',
  startTime: '18:00',
  homeTeamId: 't1',
  homeTeamName: 'Tigers',
  awayTeamId: 't2',
  awayTeamName: 'Cubs',
  opponentName: null,
  state: 'in_progress',
  outingCount: 1,
  signed: false,
  holdsPitching: true,
  version: 1,
  withdrawnAt: null,
  withdrawnReason: null,
};
const samOuting: Outing = {
  id: 'o1',
  gameId: 'g1',
  seasonId: 's1',
  playerId: 'p2',
  playerName: 'Sam Stone',
  jerseyNumber: '12',
  teamId: 't1',
  date: '2027-04-12',
  pitches: 42,
  pitchesBeforeLastBatter: null,
  pitchedInnings: [1, 2, 3],
  caughtInnings: [],
  outs: 9,
  intentionalWalks: 0,
  recordedByName: 'Casey Coach',
  recordedAt: '2027-04-12T23:00:00.000Z',
  version: 2,
  corrections: [],
};
const pitchLog: PitchLog = {
  countStatus: 'disputed',
  recordHashLine: 'Record hash: none yet (nothing recorded).',
  recordHashSaid: { id: 'games.pitchLog.noRecordHash', values: {} },
  headDigest: null,
  confirmations: [
    {
      teamName: 'Cubs',
      confirmedByName: 'Carla Cubs',
      confirmedAt: '2027-04-12T23:05:00Z',
      current: false,
      changedAfter: null,
    },
  ],
  official: null,
  game: {
    id: 'g1',
    date: '2027-04-12',
    startTime: '18:00',
    leagueName: 'Majors',
    seasonName: 'Spring 2027',
    homeTeamName: 'Tigers',
    awayTeamName: 'Cubs',
    opponentName: null,
    state: 'final',
  },
  lines: [],
};

const list = <T,>(items: T[]) => ({ items, nextToken: null });

describe('games, outings and the pitch log in Spanish', { timeout: 40_000 }, () => {
  beforeEach(() => {
    loadEagerly('es', catalogues);
    // A day after the games these tests record pitching in: the calendar holds.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2027-05-20T18:00:00'));
  });
  afterEach(() => {
    loadEagerly('en', catalogues);
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows the tracker’s games, a game and its outings in Spanish', async () => {
    mockGraphql({
      me: meHandler(['coach'], ['Mutation.createGame', 'Mutation.updateGame', 'Mutation.createPitchOuting']),
      ...on(LIST_CURRENT_TEAMS, () => ({ listTeams: list([tigers]) })),
      ...on(LIST_GAMES, () => ({ listGames: list([game]) })),
      ...on(LIST_PITCH_OUTINGS, (variables) => ({
        listPitchOutings: list(variables.filter?.gameId ? [samOuting] : []),
      })),
      ...on(LIST_ROSTER, () => ({ listPlayers: list([]) })),
      ...on(LIST_SEASONS, () => ({ listSeasons: list([]) })),
    });
    renderApp('/tracker', { roles: ['coach'] });
    const user = userEvent.setup();

    // The first page of a run loads slowly on a busy machine.
    const slow = { timeout: 15_000 };
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrar salida' }, slow)).toBeInTheDocument();
    const games = await screen.findByRole('table', { name: 'Juegos' }, slow);
    expect(within(games).getByRole('columnheader', { name: 'Rival' })).toBeInTheDocument();
    expect(within(games).getByText('vs. Cubs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Nuevo juego' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Abrir el juego del lun, 12 abr vs. Cubs' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Juego del lun, 12 abr vs. Cubs' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Estado: En curso')).toBeInTheDocument();
    const outings = await screen.findByRole('table', { name: 'Salidas' });
    expect(
      within(outings)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Jugador',
      'Lanzamientos',
      'Descanso que debe',
      'Elegible desde',
      'Antes del último bateador',
      'Entradas lanzadas',
      'Entradas como receptor',
      'Outs',
      'Bases por bolas intencionales',
      'Registrada por',
      'Acciones',
    ]);
    expect(screen.getByRole('heading', { name: 'Agregar salida' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar salida' })).toBeInTheDocument();
    // A coach who may not read the pitchers' status: the preview waits for the league's rule.
    expect(screen.getByRole('region', { name: 'Vista previa del descanso' })).toHaveTextContent(
      'Cargando la regla de descanso de la liga…',
    );
  });

  it('prints the pitch log in Spanish: headings, columns, dates and signatures', async () => {
    mockGraphql({
      me: meHandler(['coach'], ['Query.gamePitchLog']),
      ...on(GAME_PITCH_LOG, () => ({ gamePitchLog: pitchLog })),
    });
    renderApp('/tracker/games/g1/log?team=t1', { roles: ['coach'] });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registro de lanzamientos' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No hay salidas registradas en este juego.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Volver a Registrar salida' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descargar PDF' })).toBeInTheDocument();
    const facts = Object.fromEntries(
      [...document.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Fecha: '12 abr 2027',
      Local: 'Tigers',
      Visitante: 'Cubs',
      Estado: 'Final',
    });
    expect(screen.getByRole('heading', { name: 'Conteos finales: En disputa' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Confirmaciones' })).toHaveTextContent(
      /^Confirmado para Cubs por Carla Cubs, 12 abr 2027, \d{1,2}:\d{2} \(los conteos cambiaron desde entonces\)$/,
    );
    expect(screen.getByText('Mánager local (Tigers)')).toBeInTheDocument();
    expect(screen.getByText('Mánager visitante (Cubs)')).toBeInTheDocument();
  });
});
