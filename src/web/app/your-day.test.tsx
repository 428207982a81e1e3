import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIST_OFFICIAL_COUNTS } from '../features/game-counts/api/list-official-counts.ts';
import type { PitcherStatus } from '../features/status/api/pitcher-status.ts';
import { PITCHER_STATUS } from '../features/status/api/pitcher-status.ts';
import { type Game, LIST_GAMES } from '../features/tracker/api/list-games.ts';
import { LIST_VIOLATIONS, type Violation } from '../features/violations/api/list-violations.ts';
import { LIST_LEAGUE_OPTIONS } from '../lib/league-options.ts';
import type { OfficialCount } from '../lib/official-count.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../lib/organization-options.ts';
import { LIST_SEASONS } from '../lib/season-options.ts';
import { COACHED_TEAMS, type CurrentTeam } from '../lib/team-options.ts';
import { meHandler, mockGraphql, on } from '../test/graphql-mock.ts';
import { renderApp } from '../test/render.tsx';

const TODAY = '2027-04-12';
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

const game = (id: string, date: string, extra: Partial<Game> = {}): Game => ({
  id,
  leagueId: 'l1',
  seasonId: 's1',
  date,
  startTime: '17:30',
  homeTeamId: 't1',
  homeTeamName: 'Tigers',
  awayTeamId: 't2',
  awayTeamName: 'Lions',
  opponentName: null,
  state: 'scheduled',
  outingCount: 0,
  signed: false,
  holdsPitching: false,
  version: 1,
  withdrawnAt: null,
  withdrawnReason: null,
  ...extra,
});

const pitcher = (
  id: string,
  firstName: string,
  today: Partial<NonNullable<PitcherStatus['today']>>,
): PitcherStatus => ({
  playerId: id,
  firstName,
  lastName: 'Adams',
  jerseyNumber: null,
  today: {
    age: 12,
    dailyMax: 85,
    pitchedToday: 0,
    remainingToday: 85,
    restDaysOwed: 0,
    nextEligibleDate: TODAY,
    canPitch: true,
    reason: null,
    reasons: [],
    ...today,
  },
  days: [],
  recentOutings: [],
  workload: [],
});
const resting = {
  code: 'PITCHED_BEFORE_ELIGIBLE',
  message: 'Resting',
  said: {
    id: 'rules.reason.resting',
    values: { unit: 'pitches', count: 60, date: '2027-04-11', days: 3, eligible: '2027-04-15' },
  },
};

describe("The dashboard's day", () => {
  it('says it is loading as a status, its spinner carrying no label of its own (axe: aria-prohibited-attr)', async () => {
    mockGraphql({
      me: meHandler(['coach'], ['Query.pitcherStatus']),
      // The coach's teams never come: the day stays loading.
      ...on(COACHED_TEAMS, () => new Promise<never>(() => {})),
    });
    renderApp('/dashboard', { roles: ['coach'] });
    const words = await screen.findByText('Loading your day');
    expect(words.closest('[role="status"]')).not.toBeNull();
    // A spinner with a label and no role is what axe refuses (the status above says it in words).
    expect(document.querySelectorAll('.mantine-Loader-root[aria-label]:not([role])')).toHaveLength(0);
  });

  it("shows a coach each team's games of the league's today and who may pitch, as Pitcher Status says", async () => {
    const { callsOf } = mockGraphql({
      me: meHandler(['coach'], ['Query.pitcherStatus']),
      ...on(COACHED_TEAMS, () => ({
        listTeams: {
          items: [
            { ...tigers, coaches: ['u1'] },
            { ...tigers, id: 't9', seasonState: 'archived' as const, coaches: ['u1'] },
            // A team of the admin's leagues the user does not coach.
            { ...tigers, id: 't8', name: 'Lions', coaches: ['u2'] },
          ],
          nextToken: null,
        },
      })),
      // As the server answers: the day asked for, withdrawn games only when asked for.
      ...on(LIST_GAMES, (variables) => ({
        listGames: {
          items: [
            game('g1', TODAY),
            game('g2', '2027-04-11'),
            game('g3', TODAY, { withdrawnAt: '2027-04-10T10:00:00Z', withdrawnReason: 'rain' }),
          ].filter(
            (g) =>
              g.date === variables.filter?.date?.eq && (variables.filter?.withdrawn === true || g.withdrawnAt === null),
          ),
          nextToken: null,
        },
      })),
      ...on(PITCHER_STATUS, () => ({
        pitcherStatus: {
          asOf: TODAY,
          teamId: 't1',
          teamName: 'Tigers',
          leagueName: 'Majors',
          seasonName: 'Spring 2027',
          seasonStart: '2027-03-01',
          ruleName: 'Little League Baseball',
          unit: 'pitches',
          pitchers: [
            pitcher('p1', 'Riley', {
              canPitch: false,
              remainingToday: 0,
              nextEligibleDate: '2027-04-15',
              reason: resting,
              reasons: [{ code: resting.code, said: resting.said, until: '2027-04-15' }],
            }),
            pitcher('p2', 'Sam', { remainingToday: 40 }),
          ],
        },
      })),
    });
    renderApp('/dashboard', { roles: ['coach'] });
    const team = await screen.findByRole('region', { name: 'Tigers (Majors)' });
    const games = await within(team).findByRole('list', { name: 'Games today, Mon, Apr 12' });
    // Today's game only: not yesterday's, not the withdrawn one.
    expect(within(games).getAllByRole('listitem')).toHaveLength(1);
    expect(games).toHaveTextContent('vs Lions · 5:30 PM');
    expect(within(games).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/tracker?team=t1&game=g1');
    const who = within(team).getByRole('list', { name: 'Who may pitch today' });
    const [riley, sam] = within(who).getAllByRole('listitem');
    expect(riley).toHaveTextContent('Riley Adams');
    expect(riley).toHaveTextContent('Resting · eligible Thu, Apr 15');
    expect(sam).toHaveTextContent('Available · 40 left');
    // Not the archived season's team, nor a team the user does not coach; the report asked is today's (the server's).
    expect(screen.queryAllByRole('region', { name: 'Tigers (Majors)' })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Lions (Majors)' })).toBeNull();
    expect(callsOf('pitcherStatus').map((call) => call.variables)).toEqual([{ teamId: 't1', date: null }]);
    // Only the league's today is read, not the season's games.
    expect(callsOf('listGames').map((call) => call.variables.filter)).toEqual([
      { teamId: { eq: 't1' }, date: { eq: TODAY } },
    ]);
  });

  it('shows an admin the counts to agree league by league and the newest open violations', async () => {
    const violation = (i: number): Violation => ({
      id: `v${i}`,
      organizationId: 'o1',
      leagueId: 'l1',
      leagueName: 'Majors',
      seasonId: 's1',
      seasonName: 'Spring 2027',
      teamId: 't1',
      teamName: 'Tigers',
      playerId: `p${i}`,
      playerName: `Player ${i}`,
      jerseyNumber: null,
      gameId: 'g1',
      outingId: `out${i}`,
      opponent: 'Lions',
      recordedByName: 'Casey Coach',
      date: `2027-04-0${i}`,
      code: 'DAILY_MAX_EXCEEDED',
      message: 'Over',
      said: null,
      state: 'open',
      note: null,
      actedByName: null,
      actedAt: null,
      detectedAt: '2027-04-10T22:00:00.000Z',
      withdrawnAt: null,
    });
    const count = (gameId: string, status: OfficialCount['status']) => ({ gameId, status }) as OfficialCount;
    const { callsOf } = mockGraphql({
      me: meHandler(['admin'], ['Query.listOrganizations', 'Query.listViolations']),
      ...on(LIST_ORGANIZATION_OPTIONS, () => ({
        listOrganizations: { items: [{ id: 'o1', name: 'Riverside Youth Baseball' }], nextToken: null },
      })),
      ...on(LIST_SEASONS, () => ({
        listSeasons: {
          items: [
            {
              id: 's1',
              organizationId: 'o1',
              organizationName: 'Riverside Youth Baseball',
              name: 'Spring 2027',
              startDate: '2027-03-01',
              endDate: '2027-06-30',
              state: 'active' as const,
              teamCount: 2,
            },
          ],
          nextToken: null,
        },
      })),
      ...on(LIST_LEAGUE_OPTIONS, () => ({
        listLeagues: {
          items: [
            { id: 'l1', name: 'Majors', organizationId: 'o1' },
            { id: 'l2', name: 'Minors', organizationId: 'o1' },
            { id: 'l9', name: 'Elsewhere', organizationId: 'o9' },
          ],
          nextToken: null,
        },
      })),
      ...on(LIST_OFFICIAL_COUNTS, (variables) => ({
        listOfficialCounts:
          variables.leagueId === 'l1'
            ? [count('g1', 'disputed'), count('g2', 'unconfirmed'), count('g3', 'disputed')]
            : [],
      })),
      ...on(LIST_VIOLATIONS, () => ({
        listViolations: { items: [1, 2, 3, 4, 5, 6, 7].map(violation), nextToken: null },
      })),
    });
    renderApp('/dashboard', { roles: ['admin'] });
    const counts = await screen.findByRole('region', { name: 'Game counts to agree' });
    expect(await within(counts).findByText('Majors: 3 games, 2 disputed')).toBeInTheDocument();
    expect(within(counts).getByText('Minors: none')).toBeInTheDocument();
    expect(within(counts).queryByText(/Elsewhere/)).not.toBeInTheDocument();
    const open = screen.getByRole('region', { name: 'Open violations' });
    expect(await within(open).findByText('7 open violations, newest first:')).toBeInTheDocument();
    expect(within(open).getAllByRole('listitem')).toHaveLength(5);
    expect(within(open).getByText('and 2 more')).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'View Violations' })).toHaveAttribute('href', '/admin/violations');
    expect(callsOf('listViolations')[0]?.variables).toMatchObject({
      filter: { organizationId: { eq: 'o1' }, seasonId: { eq: 's1' }, state: 'open', includeWithdrawn: false },
    });
    expect(callsOf('listOfficialCounts').map((call) => call.variables)).toEqual(
      expect.arrayContaining([
        { leagueId: 'l1', seasonId: 's1', statuses: ['unconfirmed', 'disputed'] },
        { leagueId: 'l2', seasonId: 's1', statuses: ['unconfirmed', 'disputed'] },
      ]),
    );
  });
});
