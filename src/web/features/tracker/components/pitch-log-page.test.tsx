import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResultOf } from '../../../lib/graphql.ts';
import { type GraphqlAnswer, gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { GAME_PITCH_LOG, type PitchLog } from '../api/game-pitch-log.ts';

// Pages load lazily and the suites run side by side: give slow machines time.
configure({ asyncUtilTimeout: 5000 });

const RECORD_HASH_LINE =
  'Record hash: 3f2a3f2a3f2a3f2a3f2a3f2a3f2a3f2a3f2a3f2a3f2a3f2a3f2a3f2a3f2a3f2a (entry 41 of its history, 2027-04-12 23:10 UTC)';

const pitchLog: PitchLog = {
  countStatus: 'disputed',
  recordHashLine: RECORD_HASH_LINE,
  headDigest: `o1:41:${'3f2a'.repeat(16)}`,
  recordHashSaid: {
    id: 'games.pitchLog.recordHash',
    values: { hash: '3f2a'.repeat(16), seq: '41', at: '2027-04-12 23:10' },
  },
  confirmations: [
    {
      teamName: 'Tigers',
      confirmedByName: 'Casey Coach',
      confirmedAt: '2027-04-12T23:10:00Z',
      current: true,
      changedAfter: null,
    },
    {
      teamName: 'Cubs',
      confirmedByName: 'Carla Cubs',
      confirmedAt: '2027-04-12T23:05:00Z',
      current: false,
      changedAfter: null,
    },
  ],
  official: {
    name: 'Pat Umpire',
    signedAt: '2027-04-12T23:00:00Z',
    current: false,
    signedCounts: [{ pitcherId: 'p1', pitcherName: 'Cody Cole', pitches: 40, intentionalWalks: 0 }],
    changedAfter: { byName: 'Casey Coach', at: '2027-04-12T23:04:00Z' },
  },
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
  lines: [
    {
      teamName: 'Cubs',
      playerName: 'Cody Cole',
      jerseyNumber: null,
      pitches: 0,
      intentionalWalks: 0,
      pitchesBeforeLastBatter: null,
      pitchedInnings: [],
      caughtInnings: [1, 2, 3, 4, 5, 6],
      recordedByName: 'Carla Cubs',
      correctionCount: 0,
      answer: { canPitch: true, nextEligibleDate: '2027-04-12', reasons: [] },
    },
    {
      teamName: 'Tigers',
      playerName: 'Sam Stone',
      jerseyNumber: '12',
      pitches: 58,
      intentionalWalks: 1,
      pitchesBeforeLastBatter: 54,
      pitchedInnings: [1, 2, 3, 4],
      caughtInnings: [],
      recordedByName: 'Casey Coach',
      correctionCount: 2,
      // Pitcher Status's answer on the game's date: 58 pitches (51-65) owe 3 days.
      answer: {
        canPitch: false,
        nextEligibleDate: '2027-04-16',
        reasons: [
          {
            code: 'PITCHED_BEFORE_ELIGIBLE',
            said: {
              id: 'rules.reason.resting',
              values: { unit: 'pitches', count: 62, date: '2027-04-12', days: 3, eligible: '2027-04-16' },
            },
            until: '2027-04-16',
          },
        ],
      },
    },
  ],
};

function page(answer: () => ResultOf<typeof GAME_PITCH_LOG> | GraphqlAnswer = () => ({ gamePitchLog: pitchLog })) {
  const mock = mockGraphql({ me: meHandler(['coach'], ['Query.gamePitchLog']), ...on(GAME_PITCH_LOG, answer) });
  renderApp('/tracker/games/g1/log?team=t1', { roles: ['coach'] });
  return { ...mock, user: userEvent.setup() };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('PitchLogPage', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('lays out the game’s pitch log like the paper one: the game, a line per player, the signatures', async () => {
    const { callsOf } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pitch Log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pitch log' });
    expect(callsOf('gamePitchLog')).toEqual([{ operation: 'gamePitchLog', variables: { gameId: 'g1' } }]);

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Team',
      'Pitcher',
      'Pitches',
      'Intentional walks',
      'Before last batter',
      'Innings pitched',
      'Innings caught',
      'Counted by',
      'Corrections',
      'Next eligible',
    ]);
    const sam = within(table).getByRole('rowheader', { name: '#12 Sam Stone' }).closest('tr') as HTMLElement;
    expect(cells(sam)).toEqual(['Tigers', '58', '1', '54', '1, 2, 3, 4', '—', 'Casey Coach', '2', 'Fri, Apr 16']);
    // Why, each rule with its date: Pitcher Status's reasons for the game's date.
    expect(within(sam).getByText('Fri, Apr 16')).toHaveAttribute(
      'title',
      'Resting: 62 pitches on Apr 12, 2027 owe 3 days of rest; eligible Apr 16, 2027. (until Fri, Apr 16)',
    );
    const cody = within(table).getByRole('rowheader', { name: 'Cody Cole' }).closest('tr') as HTMLElement;
    expect(cells(cody)).toEqual(['Cubs', '0', '0', '—', '—', '1, 2, 3, 4, 5, 6', 'Carla Cubs', '0', 'That day']);

    // The game's header, as the paper log's top.
    for (const [term, value] of [
      ['Date', 'Apr 12, 2027'],
      ['Start time', '18:00'],
      ['League', 'Majors'],
      ['Season', 'Spring 2027'],
      ['Home', 'Tigers'],
      ['Visitors', 'Cubs'],
      ['State', 'Final'],
    ] as const) {
      const dt = screen.getByText(term, { selector: 'dt' });
      expect(dt.nextElementSibling?.textContent, term).toBe(value);
    }
    // The record's hash, to check a paper copy against the history later.
    expect(screen.getByText(RECORD_HASH_LINE)).toBeInTheDocument();
    // And the game's history's head, to keep outside the database (audit verify --head).
    expect(screen.getByText(`The game’s history when printed: o1:41:${'3f2a'.repeat(16)}`)).toBeInTheDocument();
    // Where the official count stands, and who confirmed it (a stale confirmation says so).
    expect(screen.getByRole('heading', { level: 2, name: 'Final counts: Disputed' })).toBeInTheDocument();
    const confirmations = within(screen.getByRole('list', { name: 'Confirmations' })).getAllByRole('listitem');
    expect(confirmations[0]).toHaveTextContent(/^Confirmed for Tigers by Casey Coach, .*2027/);
    expect(confirmations[0]).not.toHaveTextContent('changed since');
    expect(confirmations[1]).toHaveTextContent(/^Confirmed for Cubs by Carla Cubs, .+ \(the counts changed since\)$/);
    // The official's signature: who, over which counts, and that a change after it voided it.
    expect(confirmations[2]).toHaveTextContent(
      /^Official: Signed by Pat Umpire at Cody Cole 40 \(.+\); changed after signing by Casey Coach: needs a new signature$/,
    );
    expect(screen.getByText('Home manager (Tigers)')).toBeInTheDocument();
    expect(screen.getByText('Visiting manager (Cubs)')).toBeInTheDocument();
  });

  it('prints with the browser, downloads the server’s PDF, and leads back to the game in the tracker', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = page();
    await screen.findByRole('table', { name: 'Pitch log' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf).toHaveAttribute('href', '/api/reports/games/g1/pitch-log.pdf');
    expect(pdf).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: /Back to Log Pitch Outing/ })).toHaveAttribute(
      'href',
      '/tracker?team=t1&game=g1',
    );
  });

  it('says when the game has no outing', async () => {
    page(() => ({ gamePitchLog: { ...pitchLog, lines: [] } }));
    expect(await screen.findByText('No outing recorded for this game.')).toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    page(() => gqlError('Game not found', 'NOT_FOUND'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Game not found');
    expect(screen.queryByRole('table', { name: 'Pitch log' })).not.toBeInTheDocument();
  });
});
