import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ON_GAME_COUNT } from '../../../lib/game-counts.ts';
import type { Document, ResultOf } from '../../../lib/graphql.ts';
import {
  CONFIRM_OFFICIAL_COUNT,
  OFFICIAL_COUNT,
  type OfficialCount,
  type ON_OFFICIAL_COUNT,
} from '../../../lib/official-count.ts';
import type { BookCount } from '../../../lib/offline/types.ts';
import { LIST_SEASONS } from '../../../lib/season-options.ts';
import { type CurrentTeam, LIST_CURRENT_TEAMS } from '../../../lib/team-options.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { type Game, LIST_GAMES } from '../api/list-games.ts';
import { LIST_PITCH_OUTINGS } from '../api/list-pitch-outings.ts';
import { LIST_ROSTER } from '../api/list-roster.ts';
import { LEAGUE_OFFICIALS, SEND_OFFICIAL_LINK } from '../api/official-link.ts';

configure({ asyncUtilTimeout: 5000 });

// The server's pushes arrive through this stand-in for graphql-ws, one handler per subscription.
const realtime = vi.hoisted(() => ({ handlers: new Map<string, (data: unknown) => void>() }));
vi.mock('../../../lib/realtime.ts', async () => {
  const { rootFieldOf } = await import('../../../test/graphql-mock.ts');
  return {
    subscribe: (document: Document, _variables: unknown, handlers: { next: (data: unknown) => void }) => {
      const field = rootFieldOf(document);
      realtime.handlers.set(field, handlers.next);
      return () => realtime.handlers.delete(field);
    },
    onReconnect: () => () => undefined,
    closeRealtime: () => undefined,
  };
});

const ABILITIES = ['Query.officialCount', 'Mutation.confirmOfficialCount'];

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
  state: 'scheduled',
  outingCount: 1,
  signed: false,
  holdsPitching: true,
  version: 1,
  withdrawnAt: null,
  withdrawnReason: null,
};

const totals = (pitches: number, intentionalWalks = 0) => ({ pitches, intentionalWalks });

/** The Tigers' Sam threw 42 by their record; the Cubs' dugout counted 40. The Cubs confirmed before a change. */
const disputed: OfficialCount = {
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

const tigersConfirmed: OfficialCount = {
  ...disputed,
  teams: [
    { teamId: 't1', teamName: 'Tigers', confirmed: true },
    { teamId: 't2', teamName: 'Cubs', confirmed: false },
  ],
  confirmations: [
    ...disputed.confirmations,
    {
      teamId: 't1',
      teamName: 'Tigers',
      confirmedByName: 'Pat Lee',
      confirmedAt: '2027-04-13T01:00:00.000Z',
      current: true,
      signedCounts: [],
      changedAfter: null,
    },
  ],
};

const bothConfirmed: OfficialCount = {
  ...tigersConfirmed,
  status: 'confirmed',
  teams: tigersConfirmed.teams.map((t) => ({ ...t, confirmed: true })),
  confirmations: tigersConfirmed.confirmations.map((c) => ({ ...c, current: true })),
};

const list = <T,>(items: T[]) => ({ items, nextToken: null });

function page(handlers: Parameters<typeof mockGraphql>[0] = {}, abilities = ABILITIES) {
  const mock = mockGraphql({
    me: meHandler(['coach'], abilities),
    ...on(LIST_CURRENT_TEAMS, () => ({ listTeams: list([tigers]) })),
    ...on(LIST_GAMES, () => ({ listGames: list([game]) })),
    ...on(LIST_PITCH_OUTINGS, () => ({ listPitchOutings: list([]) })),
    ...on(LIST_ROSTER, () => ({ listPlayers: list([]) })),
    ...on(LIST_SEASONS, () => ({ listSeasons: list([]) })),
    ...on(OFFICIAL_COUNT, () => ({ officialCount: disputed })),
    ...handlers,
  });
  renderApp('/tracker', { roles: ['coach'] });
  return { ...mock, user: userEvent.setup() };
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Open game of Mon, Apr 12 vs Cubs' }));
  const panel = await screen.findByRole('region', { name: 'Final counts' });
  await within(panel).findByRole('table', { name: 'Final counts by pitcher' });
  return panel;
}

const rowOf = (panel: HTMLElement, pitcher: string) => {
  const row = within(panel)
    .getByRole('rowheader', { name: new RegExp(pitcher) })
    .closest('tr');
  if (!row) throw new Error(`no row for ${pitcher}`);
  return row;
};

describe('Final counts panel', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    realtime.handlers.clear();
  });

  it('shows each pitcher’s record beside the other dugout’s count, says where they differ, the status and the deadline', async () => {
    const { user, callsOf } = page();
    const panel = await openPanel(user);
    expect(within(panel).getByText('Disputed')).toBeInTheDocument();
    expect(
      within(panel).getByText('If not agreed by Tue, Apr 13 at 12:00, the home team’s count stands.'),
    ).toBeInTheDocument();
    const sam = rowOf(panel, 'Sam Stone');
    expect(within(sam).getByText('42')).toBeInTheDocument();
    expect(within(sam).getByText('40')).toBeInTheDocument();
    expect(within(sam).getByText('Cubs count')).toBeInTheDocument();
    // Said in words, not only by colour.
    expect(within(sam).getByText('Differs by 2')).toBeInTheDocument();
    const cal = rowOf(panel, 'Cal Cub');
    expect(within(cal).queryByText(/differs/i)).not.toBeInTheDocument();
    expect(within(cal).getAllByText('1 intentional walk')).toHaveLength(2);
    // Who confirmed, and a confirmation the record has moved past.
    const confirmations = within(panel).getByRole('list', { name: 'Confirmations' });
    expect(confirmations).toHaveTextContent('Tigers: not confirmed yet');
    expect(confirmations).toHaveTextContent(/Cubs: confirmed by Cory Cub, .* \(changed since: confirm again\)/);
    expect(callsOf('officialCount')[0]?.variables).toEqual({ gameId: 'g1' });
  });

  it('confirms for the tracker’s team, then shows the answer; the other team’s confirmation arrives live', async () => {
    const { user, callsOf } = page({
      ...on(CONFIRM_OFFICIAL_COUNT, () => ({ confirmOfficialCount: tigersConfirmed })),
    });
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Confirm final counts for Tigers' }));
    // Asked once, with what is signed: nothing is sent before.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm final counts' });
    expect(
      within(dialog).getByText(/^You sign the final counts of the Tigers as they are on record now/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Counts on record' }).textContent).toMatch(/\(Cubs\): \d+ pitch/);
    expect(callsOf('confirmOfficialCount')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(panel).getByRole('list', { name: 'Confirmations' })).toHaveTextContent(
        /Tigers: confirmed by Pat Lee/,
      ),
    );
    expect(callsOf('confirmOfficialCount').map((c) => c.variables)).toEqual([{ gameId: 'g1', teamId: 't1' }]);
    expect(within(panel).queryByRole('button', { name: /^Confirm final counts/ })).not.toBeInTheDocument();

    // The Cubs confirm on their phone: the server pushes the count.
    await waitFor(() => expect(realtime.handlers.get('onOfficialCount')).toBeDefined());
    act(() =>
      realtime.handlers.get('onOfficialCount')?.({
        onOfficialCount: bothConfirmed,
      } satisfies ResultOf<typeof ON_OFFICIAL_COUNT>),
    );
    expect(await within(panel).findByText('Confirmed')).toBeInTheDocument();
    expect(within(panel).queryByText(/If not agreed by/)).not.toBeInTheDocument();
  });

  it('reads the count again when the game’s books change', async () => {
    const { user, callsOf } = page();
    await openPanel(user);
    const before = callsOf('officialCount').length;
    await waitFor(() => expect(realtime.handlers.get('onGameCount')).toBeDefined());
    const samCounted: BookCount = {
      gameId: 'g1',
      pitcherId: 'p2',
      pitcherName: 'Sam Stone',
      bookTeamId: 't1',
      bookTeamName: 'Tigers',
      official: true,
      pitches: 43,
      intentionalWalks: 0,
      pitchesBeforeLastBatter: null,
      batters: 10,
    };
    act(() =>
      realtime.handlers.get('onGameCount')?.({ onGameCount: samCounted } satisfies ResultOf<typeof ON_GAME_COUNT>),
    );
    await waitFor(() => expect(callsOf('officialCount').length).toBeGreaterThan(before));
  });

  it('shows the server’s refusal in an alert', async () => {
    const { user } = page({
      ...on(CONFIRM_OFFICIAL_COUNT, () => gqlError('Spring 2027 is archived: its games are read-only.')),
    });
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Confirm final counts for Tigers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm final counts' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Spring 2027 is archived: its games are read-only.',
    );
    expect(within(panel).getByText('Disputed')).toBeInTheDocument();
  });

  it('says confirming needs a connection when offline, and offers no button', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: 'Open game of Mon, Apr 12 vs Cubs' }));
    const panel = await screen.findByRole('region', { name: 'Final counts' });
    expect(within(panel).getByText('Confirming needs a connection')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Confirm final counts/ })).not.toBeInTheDocument();
  });

  it('lets the home coach email one of the league’s officials a signing link where the league asks their signature', async () => {
    const asking = { ...disputed, game: { ...disputed.game, requiresOfficial: true } };
    const { user, callsOf } = page(
      {
        ...on(OFFICIAL_COUNT, () => ({ officialCount: asking })),
        ...on(LEAGUE_OFFICIALS, () => ({
          leagueOfficials: [
            { id: 'o1', name: 'Pat Umpire' },
            { id: 'o2', name: 'Rae Scorer' },
          ],
        })),
        ...on(SEND_OFFICIAL_LINK, () => ({
          sendOfficialLink: {
            officialId: 'o1',
            officialName: 'Pat Umpire',
            sentAt: '2027-04-12T23:00:00.000Z',
            expiresAt: '2027-04-13T11:00:00.000Z',
          },
        })),
      },
      [...ABILITIES, 'Mutation.sendOfficialLink'],
    );
    const panel = await openPanel(user);
    const part = within(panel).getByRole('region', { name: 'The official’s signature' });
    expect(within(part).getByText('Official: not signed yet (the league asks for it)')).toBeInTheDocument();
    const send = await within(part).findByRole('button', { name: 'Email the official a signing link' });
    expect(send).toBeDisabled();
    await user.click(within(part).getByRole('combobox', { name: 'The game’s official' }));
    await user.click(await screen.findByRole('option', { name: 'Pat Umpire' }));
    await user.click(send);
    expect(
      await within(part).findByText(/^Link sent to Pat Umpire\. They open it on their own phone/),
    ).toBeInTheDocument();
    expect(callsOf('sendOfficialLink')[0]?.variables).toEqual({ gameId: 'g1', officialId: 'o1' });
    expect(callsOf('leagueOfficials')[0]?.variables).toEqual({ leagueId: 'l1' });
  });

  const signature = {
    officialId: 'o1',
    name: 'Pat Umpire',
    signedAt: '2027-04-13T01:00:00.000Z',
    signedCounts: [{ pitcherId: 'p2', pitcherName: 'Sam Stone', pitches: 40, intentionalWalks: 0 }],
  };

  it('says who signed as the official and over which counts, and offers no new link while it holds', async () => {
    const signed = {
      ...disputed,
      game: { ...disputed.game, requiresOfficial: true },
      official: { ...signature, current: true, changedAfter: null },
    };
    const { user } = page({ ...on(OFFICIAL_COUNT, () => ({ officialCount: signed })) }, [
      ...ABILITIES,
      'Mutation.sendOfficialLink',
    ]);
    const panel = await openPanel(user);
    expect(within(panel).getByText(/^Signed by Pat Umpire at Sam Stone 40 \(/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /signing link/ })).not.toBeInTheDocument();
  });

  it('shows a signature a later change voided, by whom, and offers a new link', async () => {
    const voided = {
      ...disputed,
      game: { ...disputed.game, requiresOfficial: true },
      official: { ...signature, current: false, changedAfter: { byName: 'Hal Home', at: '2027-04-13T02:00:00.000Z' } },
    };
    const { user } = page(
      {
        ...on(OFFICIAL_COUNT, () => ({ officialCount: voided })),
        ...on(LEAGUE_OFFICIALS, () => ({ leagueOfficials: [{ id: 'o1', name: 'Pat Umpire' }] })),
      },
      [...ABILITIES, 'Mutation.sendOfficialLink'],
    );
    const panel = await openPanel(user);
    expect(within(panel).getByText(/; changed after signing by Hal Home: needs a new signature$/)).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: 'Email a new signing link' })).toBeEnabled();
  });

  it('offers no confirmation to someone who may only read', async () => {
    const { user } = page({}, ['Query.officialCount']);
    const panel = await openPanel(user);
    expect(within(panel).queryByRole('button', { name: /^Confirm final counts/ })).not.toBeInTheDocument();
  });
});
