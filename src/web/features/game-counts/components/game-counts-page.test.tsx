import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { type LeagueOption, LIST_LEAGUE_OPTIONS } from '../../../lib/league-options.ts';
import { CONFIRM_OFFICIAL_COUNT, type OfficialCount } from '../../../lib/official-count.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../../../lib/organization-options.ts';
import { DISMISS_REFUSED, LIST_REFUSED, type RefusedTap } from '../../../lib/refused-taps.ts';
import { LIST_SEASONS, type SeasonOption } from '../../../lib/season-options.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { LATEST_GAME_LEAGUE, LIST_OFFICIAL_COUNTS } from '../api/list-official-counts.ts';

// The page's code loads lazily; the first test of the file waits for it.
configure({ asyncUtilTimeout: 5000 });

const ABILITIES = ['Query.listOrganizations', 'Query.listOfficialCounts', 'Mutation.confirmOfficialCount'];

const riverside = { id: 'o1', name: 'Riverside Youth Baseball' };
const season: SeasonOption = {
  id: 's1',
  organizationId: 'o1',
  organizationName: 'Riverside Youth Baseball',
  name: 'Spring 2027',
  startDate: '2027-03-01',
  endDate: '2027-06-30',
  state: 'active',
  teamCount: 2,
};
const leagues: LeagueOption[] = [
  { id: 'l1', name: 'Majors', organizationId: 'o1' },
  { id: 'l2', name: 'Minors', organizationId: 'o1' },
  { id: 'l9', name: 'Elsewhere', organizationId: 'o9' },
];

const totals = (pitches: number) => ({ pitches, intentionalWalks: 0 });
const gameOf = (id: string, date: string) => ({
  id,
  leagueId: 'l1',
  leagueName: 'Majors',
  date,
  startTime: '18:00',
  homeTeamId: 't1',
  homeTeamName: 'Tigers',
  awayTeamId: 't2',
  awayTeamName: 'Lions',
  opponentName: null,
  state: 'final' as const,
  requiresOfficial: false,
  officialName: null,
  officialSignedAt: null,
});

const disputed: OfficialCount = {
  gameId: 'g1',
  game: gameOf('g1', '2027-04-12'),
  status: 'disputed',
  teams: [
    { teamId: 't1', teamName: 'Tigers', confirmed: true },
    { teamId: 't2', teamName: 'Lions', confirmed: false },
  ],
  confirmations: [
    {
      teamId: 't1',
      teamName: 'Tigers',
      confirmedByName: 'Casey Coach',
      confirmedAt: '2027-04-12T23:00:00.000Z',
      current: true,
      signedCounts: [],
      changedAfter: null,
    },
  ],
  pitchers: [
    {
      pitcherId: 'p1',
      pitcherName: 'Leo Lion',
      teamId: 't2',
      teamName: 'Lions',
      official: totals(55),
      ownBook: totals(55),
      otherBook: totals(58),
      differs: true,
    },
  ],
  deadline: '2027-04-13T12:00',
  deadlinePassed: false,
  countStandsAfterDeadline: 'home',
  settledAt: null,
  official: null,
};
const unconfirmed: OfficialCount = {
  ...disputed,
  gameId: 'g2',
  game: gameOf('g2', '2027-04-05'),
  status: 'unconfirmed',
  teams: disputed.teams.map((t) => ({ ...t, confirmed: false })),
  confirmations: [],
  pitchers: [{ ...(disputed.pitchers[0] as OfficialCount['pitchers'][number]), otherBook: null, differs: false }],
  deadline: '2027-04-06T12:00',
  deadlinePassed: true,
};

function page(handlers: Parameters<typeof mockGraphql>[0] = {}, abilities = ABILITIES) {
  const mock = mockGraphql({
    me: meHandler(['admin'], abilities),
    ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: [riverside], nextToken: null } })),
    ...on(LIST_SEASONS, () => ({ listSeasons: { items: [season], nextToken: null } })),
    ...on(LIST_LEAGUE_OPTIONS, () => ({ listLeagues: { items: leagues, nextToken: null } })),
    ...on(LIST_OFFICIAL_COUNTS, () => ({ listOfficialCounts: [disputed, unconfirmed] })),
    ...on(LATEST_GAME_LEAGUE, () => ({ listGames: { items: [] } })),
    ...handlers,
  });
  renderApp('/admin/game-counts', { roles: ['admin'] });
  return { ...mock, user: userEvent.setup() };
}

async function rowOf(date: string) {
  const table = await screen.findByRole('table', { name: 'Game counts' });
  const cell = within(table)
    .getAllByRole('cell')
    .find((c) => c.textContent?.startsWith(formatDate(date)));
  const row = cell?.closest('tr');
  if (!row) throw new Error(`no row of ${date}`);
  return row;
}

describe('GameCountsPage', { timeout: 20_000 }, () => {
  it('shows the league’s refused taps with who tapped them, and dismisses one', async () => {
    const refused: RefusedTap = {
      id: 'r1',
      description: '2027-04-12 Tigers vs Lions: Sam Stone, strike',
      reason: 'Spring 2027 is archived: its games are read-only.',
      descriptionSaid: null,
      reasonSaid: null,
      refusedAt: '2027-04-12T22:00:00Z',
      userName: 'Casey Coach',
      mine: false,
      moreRefused: 120,
    };
    const { user, callsOf } = page({
      ...on(LIST_REFUSED, () => ({
        listRefusedPitchEvents: callsOf('dismissRefusedPitchEvent').length ? [] : [refused],
      })),
      ...on(DISMISS_REFUSED, () => ({ dismissRefusedPitchEvent: { id: 'r1' } })),
    });
    const list = await screen.findByRole('list', { name: 'Taps the server refused' });
    const shown = `${formatDate('2027-04-12')} Tigers vs Lions: Sam Stone, strike`;
    expect(within(list).getByText(shown)).toBeInTheDocument();
    expect(within(list).getByText(/^Casey Coach, /)).toBeInTheDocument();
    // Past the server's cap one sender's further refusals are a count on their newest tap.
    expect(
      within(list).getByText('And 120 more taps of Casey Coach refused since: counted, not listed one by one.'),
    ).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: `Dismiss: ${shown}` }));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Taps the server refused' })).not.toBeInTheDocument(),
    );
    expect(callsOf('dismissRefusedPitchEvent')).toHaveLength(1);
  });

  it('lists the league’s games whose counts are not agreed: date, teams, status, who confirmed, deadline', async () => {
    const { callsOf } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Game Counts' })).toBeInTheDocument();
    const row = await rowOf('2027-04-12');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Date',
      'Game',
      'Status',
      'Confirmed',
      'Deadline',
      'Counts',
    ]);
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Lions @ Tigers');
    expect(within(row).getByText('Disputed')).toBeInTheDocument();
    expect(within(row).getByText('Tigers: yes')).toBeInTheDocument();
    expect(within(row).getByText('Lions: not yet')).toBeInTheDocument();
    expect(within(row).getByText('Tue, Apr 13 at 12:00')).toBeInTheDocument();
    const older = await rowOf('2027-04-05');
    expect(within(older).getByText('Unconfirmed')).toBeInTheDocument();
    expect(within(older).getByText('passed')).toBeInTheDocument();
    // The first league of the organization, its active season, unconfirmed and disputed by default.
    expect(screen.getByRole('combobox', { name: 'League' })).toHaveValue('Majors');
    expect(screen.getByRole('checkbox', { name: 'Unconfirmed' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Disputed' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Confirmed' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Settled' })).not.toBeChecked();
    expect(callsOf('listOfficialCounts').at(-1)?.variables).toEqual({
      leagueId: 'l1',
      seasonId: 's1',
      statuses: ['unconfirmed', 'disputed'],
    });
  });

  it('filters by status and league', async () => {
    const { user, callsOf } = page();
    await rowOf('2027-04-12');
    await user.click(screen.getByRole('checkbox', { name: 'Settled' }));
    await user.click(screen.getByRole('checkbox', { name: 'Unconfirmed' }));
    await waitFor(() =>
      expect(callsOf('listOfficialCounts').at(-1)?.variables).toEqual({
        leagueId: 'l1',
        seasonId: 's1',
        statuses: ['disputed', 'settled'],
      }),
    );
    await user.click(screen.getByRole('combobox', { name: 'League' }));
    await user.click(await screen.findByRole('option', { name: 'Minors' }));
    await waitFor(() => expect(callsOf('listOfficialCounts').at(-1)?.variables).toMatchObject({ leagueId: 'l2' }));
    // Another organization's league is not offered.
    await user.click(screen.getByRole('combobox', { name: 'League' }));
    expect(screen.queryByRole('option', { name: 'Elsewhere' })).not.toBeInTheDocument();
  });

  it('opens on the league of the season’s latest game, not the first by name', async () => {
    const { callsOf } = page({ ...on(LATEST_GAME_LEAGUE, () => ({ listGames: { items: [{ leagueId: 'l2' }] } })) });
    await rowOf('2027-04-12');
    expect(screen.getByRole('combobox', { name: 'League' })).toHaveValue('Minors');
    expect(callsOf('listOfficialCounts').map((c) => c.variables.leagueId)).toEqual(['l2']);
    expect(callsOf('listGames')[0]?.variables).toMatchObject({ seasonId: 's1' });
  });

  it('shows a game’s counts by pitcher, and lets an admin confirm for a team', async () => {
    let confirmed = false;
    const { user, callsOf } = page({
      ...on(LIST_OFFICIAL_COUNTS, () => ({
        listOfficialCounts: confirmed
          ? [
              {
                ...disputed,
                status: 'confirmed' as const,
                teams: disputed.teams.map((t) => ({ ...t, confirmed: true })),
              },
            ]
          : [disputed],
      })),
      ...on(CONFIRM_OFFICIAL_COUNT, () => {
        confirmed = true;
        return { confirmOfficialCount: disputed };
      }),
    });
    const row = await rowOf('2027-04-12');
    const title = `${formatDate('2027-04-12')}, Lions @ Tigers`;
    const show = within(row).getByRole('button', { name: `Show counts of ${title}` });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const counts = await screen.findByRole('table', { name: `Counts of ${title}` });
    const leo = within(counts)
      .getByRole('rowheader', { name: /Leo Lion/ })
      .closest('tr') as HTMLElement;
    expect(within(leo).getByText('55')).toBeInTheDocument();
    expect(within(leo).getByText('58')).toBeInTheDocument();
    expect(within(leo).getByText('Differs by 3')).toBeInTheDocument();
    expect(
      screen.getByText('If not agreed by Tue, Apr 13 at 12:00, the home team’s count stands.'),
    ).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Hide counts of ${title}` })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Only the team that has not confirmed is offered.
    expect(screen.queryByRole('button', { name: 'Confirm final counts for Tigers' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm final counts for Lions' }));
    await waitFor(() => expect(callsOf('confirmOfficialCount')).toHaveLength(1));
    expect(callsOf('confirmOfficialCount')[0]?.variables).toEqual({ gameId: 'g1', teamId: 't2' });
    // The list is read again.
    expect(await within(await rowOf('2027-04-12')).findByText('Confirmed')).toBeInTheDocument();
  });

  it('shows the server’s refusal to confirm', async () => {
    const { user } = page({
      ...on(CONFIRM_OFFICIAL_COUNT, () => gqlError('Only the game’s own teams confirm its counts')),
    });
    const row = await rowOf('2027-04-12');
    await user.click(within(row).getByRole('button', { name: /^Show counts of / }));
    await user.click(await screen.findByRole('button', { name: 'Confirm final counts for Lions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the game’s own teams confirm its counts');
  });

  it('offers no confirming to an admin who may not', async () => {
    const { user } = page({}, ['Query.listOrganizations', 'Query.listOfficialCounts']);
    const row = await rowOf('2027-04-12');
    await user.click(within(row).getByRole('button', { name: /^Show counts of / }));
    await screen.findByRole('list', { name: 'Confirmations' });
    expect(screen.queryByRole('button', { name: /^Confirm final counts/ })).not.toBeInTheDocument();
  });

  it('shows a failed load in an alert', async () => {
    page({ ...on(LIST_OFFICIAL_COUNTS, () => gqlError('League not found', 'NOT_FOUND')) });
    expect(await screen.findByRole('alert')).toHaveTextContent('League not found');
  });
});
