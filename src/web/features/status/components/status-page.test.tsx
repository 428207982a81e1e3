import type { Messages } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withLocalDates } from '../../../lib/format.ts';
import { loadEagerly } from '../../../lib/i18n.ts';
import { type CurrentTeam, LIST_CURRENT_TEAMS } from '../../../lib/team-options.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  type DayStatus,
  type NotAllowed,
  PITCHER_STATUS,
  type PitcherStatus,
  type PitcherStatusReport,
  type TodayStatus,
} from '../api/pitcher-status.ts';

const NO_TEAM = 'You have no team in a current season.';
const NO_RULE = 'This league has no rest rule yet: an admin chooses one on League Management.';

// jsdom lays nothing out, so recharts would draw at 0 x 0 and warn; the bars' numbers are checked in the table.
vi.mock('@mantine/charts', () => ({
  BarChart: ({ data }: { data: unknown[] }) => <div data-testid="bar-chart">{data.length} bars</div>,
}));

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
const lions = { ...tigers, id: 't2', name: 'Lions' };

const DATES = ['2027-04-12', '2027-04-13', '2027-04-14', '2027-04-15', '2027-04-16', '2027-04-17', '2027-04-18'];
const resting: NotAllowed = {
  code: 'PITCHED_BEFORE_ELIGIBLE',
  message: 'Resting: 70 pitches on 2027-04-11 owe 4 days of rest; eligible 2027-04-16.',
  said: {
    id: 'rules.reason.resting',
    values: { unit: 'pitches', count: 70, date: '2027-04-11', days: 4, eligible: '2027-04-16' },
  },
};
const gamesToday: NotAllowed = {
  code: 'TOO_MANY_GAMES_IN_DAY',
  message: 'Already pitched in 1 game today; the rule allows 1 a day.',
  said: { id: 'rules.reason.gamesToday', values: { games: 1, max: 1 } },
};

const free = (date: string, remaining: number | null = 85): DayStatus => ({
  date,
  canPitch: true,
  remaining,
  nextEligibleDate: date,
  reason: null,
  reasons: [],
});
const blocked = (date: string, reason = resting, next = '2027-04-16'): DayStatus => ({
  date,
  canPitch: false,
  remaining: 0,
  nextEligibleDate: next,
  reason,
  reasons: [{ code: reason.code, said: reason.said, until: next }],
});

const today: TodayStatus = {
  age: 12,
  dailyMax: 85,
  pitchedToday: 0,
  remainingToday: 85,
  restDaysOwed: 0,
  nextEligibleDate: '2027-04-12',
  canPitch: true,
  reason: null,
  reasons: [],
};

const riley: PitcherStatus = {
  playerId: 'p1',
  firstName: 'Riley',
  lastName: 'Adams',
  jerseyNumber: '12',
  today: { ...today, restDaysOwed: 1 },
  days: DATES.map((d) => free(d)),
  recentOutings: [
    {
      outingId: 'o1',
      date: '2027-04-05',
      teamName: 'Tigers',
      opponent: 'Lions',
      count: 30,
      pitches: 30,
      caughtInnings: 0,
      daysRest: 1,
      firstEligibleDate: '2027-04-07',
    },
  ],
  workload: [
    { date: '2027-03-29', count: 45 },
    { date: '2027-04-05', count: 30 },
  ],
};
const sam: PitcherStatus = {
  playerId: 'p2',
  firstName: 'Sam',
  lastName: 'Baker',
  jerseyNumber: '7',
  today: {
    ...today,
    remainingToday: 0,
    restDaysOwed: 4,
    nextEligibleDate: '2027-04-16',
    canPitch: false,
    reason: resting,
  },
  days: DATES.map((d, i) => (i < 4 ? blocked(d) : free(d))),
  recentOutings: [],
  workload: [],
};
const alex: PitcherStatus = {
  playerId: 'p3',
  firstName: 'Alex',
  lastName: 'Cole',
  jerseyNumber: null,
  today: { ...today, remainingToday: 0, nextEligibleDate: '2027-04-13', canPitch: false, reason: gamesToday },
  days: DATES.map((d, i) => (i === 0 ? blocked(d, gamesToday, '2027-04-13') : free(d, null))),
  recentOutings: [],
  workload: [],
};

const report = (overrides: Partial<PitcherStatusReport> = {}): PitcherStatusReport => ({
  asOf: '2027-04-12',
  teamId: 't1',
  teamName: 'Tigers',
  leagueName: 'Majors',
  seasonName: 'Spring 2027',
  seasonStart: '2027-03-01',
  ruleName: 'Little League Baseball',
  unit: 'pitches',
  pitchers: [riley, sam, alex],
  ...overrides,
});

function page(handlers: Parameters<typeof mockGraphql>[0] = {}) {
  const mock = mockGraphql({
    me: meHandler(['coach'], ['Query.pitcherStatus']),
    ...on(LIST_CURRENT_TEAMS, () => ({ listTeams: { items: [tigers, lions], nextToken: null } })),
    ...on(PITCHER_STATUS, () => ({ pitcherStatus: report() })),
    ...handlers,
  });
  renderApp('/status', { roles: ['coach'] });
  return { ...mock, user: userEvent.setup() };
}

const rowOf = async (name: string) => {
  const row = (await screen.findByRole('rowheader', { name })).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

const CATALOGUES = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

afterEach(() => {
  vi.restoreAllMocks();
  loadEagerly('en', CATALOGUES);
});

describe('StatusPage', () => {
  it('asks for the first team today and shows the date, the rule and the day columns', async () => {
    const { callsOf } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pitcher Status' })).toBeInTheDocument();
    expect(await screen.findByText('Status on Mon, Apr 12, 2027')).toBeInTheDocument();
    expect(screen.getByText('Rule: Little League Baseball (counts pitches)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('Tigers (Majors, Spring 2027)');
    expect(callsOf('pitcherStatus')[0]?.variables).toEqual({ teamId: 't1', date: null });
    const table = screen.getByRole('table', { name: 'Pitchers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Pitcher',
      'Today',
      'Rest after last outing',
      'Next eligible',
      'Mon 12',
      'Tue 13',
      'Wed 14',
      'Thu 15',
      'Fri 16',
      'Sat 17',
      'Sun 18',
    ]);
    expect(screen.queryByText(NO_RULE)).not.toBeInTheDocument();
  });

  it('says who can pitch each day, in words as well as ✓ and ✗', async () => {
    page();
    const rileyRow = await rowOf('#12 Riley Adams');
    const can = within(rileyRow).getByRole('cell', { name: 'Saturday, April 17: can pitch, 85 left' });
    expect(can).toHaveTextContent('✓ 85');
    expect(can).toHaveAttribute('title', 'Can pitch: 85 left');
    const samRow = await rowOf('#7 Sam Baker');
    const cannot = within(samRow).getByRole('cell', { name: 'Tuesday, April 13: cannot pitch (rest)' });
    expect(cannot).toHaveTextContent('✗');
    // Every rule that holds the pitcher out, each with the day it lifts.
    expect(cannot).toHaveAttribute('title', `${withLocalDates(resting.message)} (until Fri, Apr 16)`);
    expect(within(samRow).getByRole('cell', { name: 'Friday, April 16: can pitch, 85 left' })).toBeInTheDocument();
    // No daily max: ✓ with a dash.
    const alexRow = await rowOf('Alex Cole');
    expect(within(alexRow).getByRole('cell', { name: 'Tuesday, April 13: can pitch, no daily max' })).toHaveTextContent(
      '✓ —',
    );
    expect(
      within(alexRow).getByRole('cell', { name: 'Monday, April 12: cannot pitch (already pitched that day)' }),
    ).toBeInTheDocument();
  });

  it('words today as Available · N left, Resting · eligible <date>, or Not today with the reason', async () => {
    page();
    const rileyRow = await rowOf('#12 Riley Adams');
    expect(within(rileyRow).getByText('Available · 85 left')).toBeInTheDocument();
    expect(within(rileyRow).getByRole('cell', { name: '1 day' })).toBeInTheDocument();
    expect(within(rileyRow).getByRole('cell', { name: 'Mon, Apr 12' })).toBeInTheDocument();
    const samRow = await rowOf('#7 Sam Baker');
    expect(within(samRow).getByText('Resting · eligible Fri, Apr 16')).toBeInTheDocument();
    // No outing this season: no rest to owe.
    expect(within(samRow).getByRole('cell', { name: '—' })).toBeInTheDocument();
    expect(within(samRow).getByRole('cell', { name: 'Fri, Apr 16' })).toBeInTheDocument();
    const alexRow = await rowOf('Alex Cole');
    expect(within(alexRow).getByText('Not today')).toBeInTheDocument();
    expect(within(alexRow).getByText(gamesToday.message)).toBeInTheDocument();
  });

  it('warns when the league has no rule, and shows no grid', async () => {
    const noRule = (p: PitcherStatus): PitcherStatus => ({ ...p, today: null, days: [], workload: [] });
    page({ ...on(PITCHER_STATUS, () => ({ pitcherStatus: report({ ruleName: null, pitchers: [noRule(riley)] }) })) });
    expect(await screen.findByText(NO_RULE)).toBeInTheDocument();
    expect(screen.queryByText(/^Rule:/)).not.toBeInTheDocument();
    const row = await rowOf('#12 Riley Adams');
    expect(within(row).getByText('No rule')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Pitchers' })).getAllByRole('columnheader')).toHaveLength(4);
  });

  it('asks again with the date chosen, and with another team', async () => {
    const { user, callsOf } = page({
      ...on(PITCHER_STATUS, (variables) => ({
        pitcherStatus: report(
          variables.date === '2027-04-17'
            ? { asOf: '2027-04-17', pitchers: [{ ...riley, days: DATES.map((d) => free(d, 50)) }] }
            : {},
        ),
      })),
    });
    await screen.findByText('Status on Mon, Apr 12, 2027');
    await user.type(screen.getByLabelText('Date'), '2027-04-17');
    expect(await screen.findByText('Status on Sat, Apr 17, 2027')).toBeInTheDocument();
    expect(callsOf('pitcherStatus').at(-1)?.variables).toEqual({ teamId: 't1', date: '2027-04-17' });
    // Typing went through the debounce: no call with a half-typed date.
    expect(callsOf('pitcherStatus').every((c) => c.variables.date === null || c.variables.date === '2027-04-17')).toBe(
      true,
    );
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Lions (Majors, Spring 2027)' }));
    await waitFor(() =>
      expect(callsOf('pitcherStatus').at(-1)?.variables).toEqual({ teamId: 't2', date: '2027-04-17' }),
    );
  });

  it('prints with the browser', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = page();
    await screen.findByRole('table', { name: 'Pitchers' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('opens a pitcher’s recent outings and workload, the chart with a table for screen readers', async () => {
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: /#12 Riley Adams/ }));
    const outings = await screen.findByRole('table', { name: 'Recent outings of #12 Riley Adams' });
    const row = within(outings).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Mon, Apr 5', 'Lions', '30', '1 day', 'Wed, Apr 7']);
    const workload = await screen.findByRole('table', { name: /Workload this season of #12 Riley Adams/ });
    expect(within(workload).getByRole('row', { name: 'Monday, March 29 45' })).toBeInTheDocument();
    expect(screen.getByTestId('bar-chart')).toHaveTextContent('2 bars');
    await user.click(screen.getByRole('button', { name: /#7 Sam Baker/ }));
    expect(await screen.findByText('No pitching recorded this season yet.')).toBeInTheDocument();
  });

  it('says when the user has no current team, and shows the server’s refusal', async () => {
    page({
      ...on(LIST_CURRENT_TEAMS, () => ({
        listTeams: { items: [{ ...tigers, seasonState: 'archived' as const }], nextToken: null },
      })),
    });
    expect(await screen.findByText(NO_TEAM)).toBeInTheDocument();
  });

  it('speaks Spanish: the headings, the days of the grid, today’s words and the details', async () => {
    loadEagerly('es', CATALOGUES);
    const { user } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Estado de los lanzadores' })).toBeInTheDocument();
    expect(await screen.findByText('Estado al lun, 12 abr 2027')).toBeInTheDocument();
    expect(screen.getByText('Regla: Little League Baseball (cuenta lanzamientos)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lanzadores' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Lanzador',
      'Hoy',
      'Descanso tras la última salida',
      'Próximo día elegible',
      'lun 12',
      'mar 13',
      'mié 14',
      'jue 15',
      'vie 16',
      'sáb 17',
      'dom 18',
    ]);
    const rileyRow = await rowOf('#12 Riley Adams');
    expect(within(rileyRow).getByText('Disponible · le quedan 85')).toBeInTheDocument();
    expect(within(rileyRow).getByRole('cell', { name: '1 día' })).toBeInTheDocument();
    const can = within(rileyRow).getByRole('cell', { name: 'sábado, 17 de abril: puede lanzar, le quedan 85' });
    expect(can).toHaveAttribute('title', 'Puede lanzar: le quedan 85');
    const samRow = await rowOf('#7 Sam Baker');
    expect(within(samRow).getByText('En descanso · puede lanzar desde el vie, 16 abr')).toBeInTheDocument();
    expect(
      within(samRow).getByRole('cell', { name: 'martes, 13 de abril: no puede lanzar (descanso)' }),
    ).toBeInTheDocument();
    const alexRow = await rowOf('Alex Cole');
    expect(within(alexRow).getByText('Hoy no')).toBeInTheDocument();
    expect(
      within(alexRow).getByRole('cell', { name: 'martes, 13 de abril: puede lanzar, sin límite diario' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.getByText(/^✓ puede lanzar, con los lanzamientos que le quedan ese día/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /#12 Riley Adams/ }));
    const outings = await screen.findByRole('table', { name: 'Salidas recientes de #12 Riley Adams' });
    expect(
      within(outings)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fecha', 'Rival', 'Lanzamientos', 'Descanso que debe', 'Elegible desde']);
    const row = within(outings).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['lun, 5 abr', 'Lions', '30', '1 día', 'mié, 7 abr']);
    const workload = await screen.findByRole('table', {
      name: 'Carga de esta temporada de #12 Riley Adams, lanzamientos por día',
    });
    expect(within(workload).getByRole('row', { name: 'lunes, 29 de marzo 45' })).toBeInTheDocument();
  });

  it('shows the server’s error', async () => {
    page({ ...on(PITCHER_STATUS, () => gqlError('Team not found', 'NOT_FOUND')) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Team not found');
  });
});
