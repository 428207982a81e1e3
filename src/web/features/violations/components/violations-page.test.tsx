import type { Messages } from '@lingui/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIOLATION_CODES } from '../../../../core/rules/engine.ts';
import { formatDate } from '../../../lib/format.ts';
import { loadEagerly, translatorNow } from '../../../lib/i18n.ts';
import { type LeagueOption, LIST_LEAGUE_OPTIONS } from '../../../lib/league-options.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../../../lib/organization-options.ts';
import { LIST_SEASONS, type SeasonOption } from '../../../lib/season-options.ts';
import { LIST_TEAM_OPTIONS, type TeamOption } from '../../../lib/team-options.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { onPhone } from '../../../test/phone.ts';
import { renderApp } from '../../../test/render.tsx';
import { LIST_VIOLATIONS, type Violation } from '../api/list-violations.ts';
import { UPDATE_VIOLATION } from '../api/update-violation.ts';
import { codeOptions } from '../violation-labels.ts';

// The page's code loads lazily; the first test of the file waits for it.
configure({ asyncUtilTimeout: 5000 });

const ABILITIES = ['Query.listOrganizations', 'Query.listViolations', 'Mutation.updateViolation'];

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
const teams: TeamOption[] = [
  { id: 't1', name: 'Tigers', leagueId: 'l1', leagueName: 'Majors', seasonId: 's1' },
  { id: 't2', name: 'Cubs', leagueId: 'l2', leagueName: 'Minors', seasonId: 's1' },
];

const base = {
  organizationId: 'o1',
  leagueId: 'l1',
  leagueName: 'Majors',
  seasonId: 's1',
  seasonName: 'Spring 2027',
  teamId: 't1',
  teamName: 'Tigers',
  gameId: 'g1',
  outingId: 'out1',
  opponent: 'Lions',
  recordedByName: 'Casey Coach',
  detectedAt: '2027-04-10T22:00:00.000Z',
  note: null,
  actedByName: null,
  actedAt: null,
  withdrawnAt: null,
  said: null,
};
const open: Violation = {
  ...base,
  id: 'v1',
  playerId: 'p1',
  playerName: 'Ava Garcia',
  jerseyNumber: '7',
  date: '2027-04-10',
  code: 'PITCHED_BEFORE_ELIGIBLE',
  message: 'Pitched on Apr 10 but was resting until Apr 12 (4 days after 70 pitches)',
  state: 'open',
};
const resolved: Violation = {
  ...base,
  id: 'v2',
  playerId: 'p2',
  playerName: 'Ben Smith',
  jerseyNumber: null,
  date: '2027-04-02',
  code: 'DAILY_MAX_EXCEEDED',
  message: 'Started a batter at 77, past the daily max of 75',
  state: 'resolved',
  note: 'Spoke with the coach.\nCount corrected.',
  actedByName: 'Alex Admin',
  actedAt: '2027-04-03T15:30:00.000Z',
  withdrawnAt: '2027-04-05T12:00:00.000Z',
};

function page(handlers: Parameters<typeof mockGraphql>[0] = {}, abilities = ABILITIES) {
  const mock = mockGraphql({
    me: meHandler(['admin'], abilities),
    ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: [riverside], nextToken: null } })),
    ...on(LIST_SEASONS, () => ({ listSeasons: { items: [season], nextToken: null } })),
    ...on(LIST_LEAGUE_OPTIONS, () => ({ listLeagues: { items: leagues, nextToken: null } })),
    ...on(LIST_TEAM_OPTIONS, () => ({ listTeams: { items: teams, nextToken: null } })),
    ...on(LIST_VIOLATIONS, () => ({ listViolations: { items: [open, resolved], nextToken: null } })),
    ...handlers,
  });
  renderApp('/admin/violations', { roles: ['admin'] });
  return { ...mock, user: userEvent.setup() };
}

async function rowOf(player: string) {
  const row = (await screen.findByRole('rowheader', { name: player })).closest('tr');
  if (!row) throw new Error(`no row for ${player}`);
  return row;
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const APRIL_10 = formatDate('2027-04-10');
const APRIL_2 = formatDate('2027-04-02');

const CATALOGUES = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});
afterEach(() => {
  loadEagerly('en', CATALOGUES);
  vi.restoreAllMocks();
});

// Whole walks through modals take a few seconds in jsdom.
describe('ViolationsPage', { timeout: 20_000 }, () => {
  it('has one readable label for every violation code', () => {
    const options = codeOptions(translatorNow());
    expect(options.map((option) => option.value)).toEqual([...VIOLATION_CODES]);
    expect(options.map((option) => option.label)).toEqual([
      'Pitched before eligible',
      'Daily max exceeded',
      'Too many games in a day',
      'Too many days in a row',
      'Caught after pitching limit',
      'Pitched after catching limit',
      'Caught again after pitching',
      'Weekly/season cap exceeded',
    ]);
  });

  it("lists the season's violations: who, where, which rule, its state and what was done", async () => {
    const { callsOf } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'View Violations' })).toBeInTheDocument();
    const row = await rowOf('#7 Ava Garcia');
    expect(screen.getByRole('table', { name: 'Violations' })).toBeInTheDocument();
    // The outings behind them, as CSV for the league's own records.
    expect(screen.getByRole('link', { name: 'Export outings (CSV)' })).toHaveAttribute(
      'href',
      '/api/reports/outings.csv?seasonId=s1',
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Date',
      'Player',
      'Team',
      'Game',
      'Rule broken',
      'Recorded by',
      'State',
      'Action taken',
      'Actions',
    ]);
    for (const label of ['Organization', 'League', 'Season', 'Team', 'Rule broken', 'State']) {
      expect(screen.getByRole('combobox', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: 'Show withdrawn' })).not.toBeChecked();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      APRIL_10,
      'TigersMajors',
      'vs Lions',
      `Pitched before eligible${open.message}`,
      'Casey Coach',
      'Open',
      '—',
      'AcknowledgeResolve',
    ]);
    expect(
      within(row).getByRole('button', { name: `Acknowledge #7 Ava Garcia, ${APRIL_10}, Pitched before eligible` }),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: `Resolve #7 Ava Garcia, ${APRIL_10}, Pitched before eligible` }),
    ).toBeInTheDocument();

    // Acted on: who, when and the note; withdrawn by a correction; only Reopen left.
    const done = await rowOf('Ben Smith');
    expect(within(done).getByText('Resolved')).toBeInTheDocument();
    expect(within(done).getByText(/^Withdrawn by a correction on /)).toBeInTheDocument();
    expect(within(done).getByText(/^Alex Admin, /)).toBeInTheDocument();
    expect(within(done).getByText(/Spoke with the coach\.\s+Count corrected\./)).toBeInTheDocument();
    expect(
      within(done)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reopen']);
    expect(
      within(done).getByRole('button', { name: `Reopen Ben Smith, ${APRIL_2}, Daily max exceeded` }),
    ).toBeVisible();

    // The organization and its active season by default; withdrawn ones left out.
    expect(callsOf('listViolations')[0]?.variables).toEqual({
      filter: {
        organizationId: { eq: 'o1' },
        leagueId: null,
        seasonId: { eq: 's1' },
        teamId: null,
        code: null,
        state: null,
        includeWithdrawn: false,
      },
      limit: 1000,
      nextToken: null,
    });
  });

  it('narrows the list by league, team, rule broken, state and withdrawn ones', async () => {
    const { user, callsOf } = page();
    await rowOf('#7 Ava Garcia');
    await user.click(screen.getByRole('combobox', { name: 'League' }));
    const leagueOptions = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(leagueOptions).toEqual(['All leagues', 'Majors', 'Minors']);
    await user.click(screen.getByRole('option', { name: 'Majors' }));
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All teams',
      'Tigers (Majors)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Tigers (Majors)' }));
    await choose(user, 'Rule broken', 'Daily max exceeded');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All states',
      'Open',
      'Acknowledged',
      'Resolved',
    ]);
    await user.click(screen.getByRole('option', { name: 'Resolved' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show withdrawn' }));
    await waitFor(() =>
      expect(callsOf('listViolations').at(-1)?.variables).toMatchObject({
        filter: {
          organizationId: { eq: 'o1' },
          leagueId: { eq: 'l1' },
          seasonId: { eq: 's1' },
          teamId: { eq: 't1' },
          code: 'DAILY_MAX_EXCEEDED',
          state: 'resolved',
          includeWithdrawn: true,
        },
      }),
    );
  });

  it('acknowledges with a required note; the server message, then the fallback, show in the modal', async () => {
    let attempts = 0;
    const { user, callsOf } = page(
      on(UPDATE_VIOLATION, () => {
        attempts += 1;
        if (attempts === 1) return gqlError('You are not allowed to do that.', 'FORBIDDEN');
        if (attempts === 2) return { status: 500, body: {} };
        return { updateViolation: { ...open, state: 'acknowledged' as const, note: 'Talked to the coach' } };
      }),
    );
    const row = await rowOf('#7 Ava Garcia');
    await user.click(within(row).getByRole('button', { name: /^Acknowledge #7 Ava Garcia/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge violation' });
    expect(within(dialog).getByText(`#7 Ava Garcia, ${APRIL_10}`)).toBeInTheDocument();
    expect(within(dialog).getByText(`Pitched before eligible: ${open.message}`)).toBeInTheDocument();
    const note = within(dialog).getByRole('textbox', { name: /^Note/ });
    expect(note).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByText('Add a note: what was done about it')).toBeInTheDocument();
    await user.type(note, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByText('Add a note: what was done about it')).toBeInTheDocument();
    expect(callsOf('updateViolation')).toHaveLength(0);

    await user.clear(note);
    await user.type(note, '  Talked to the coach ');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^You are not allowed to do that\.$/);
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to update violation$/));
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateViolation').at(-1)?.variables).toEqual({
      input: { id: 'v1', state: 'acknowledged', note: 'Talked to the coach' },
    });
    // Saving refreshes the list.
    await waitFor(() => expect(callsOf('listViolations')).toHaveLength(2));
  });

  it('resolves one and reopens a resolved one, each with its note', async () => {
    const { user, callsOf } = page(on(UPDATE_VIOLATION, () => ({ updateViolation: open })));
    const row = await rowOf('#7 Ava Garcia');
    await user.click(within(row).getByRole('button', { name: /^Resolve #7 Ava Garcia/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve violation' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Pitcher sat out the next game');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateViolation')[0]?.variables).toEqual({
      input: { id: 'v1', state: 'resolved', note: 'Pitcher sat out the next game' },
    });

    const done = await rowOf('Ben Smith');
    await user.click(within(done).getByRole('button', { name: /^Reopen Ben Smith/ }));
    const reopen = await screen.findByRole('dialog', { name: 'Reopen violation' });
    // Each opening starts with an empty note.
    expect(within(reopen).getByRole('textbox', { name: /^Note/ })).toHaveValue('');
    await user.type(within(reopen).getByRole('textbox', { name: /^Note/ }), 'Resolved too early');
    await user.click(within(reopen).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateViolation')[1]?.variables).toEqual({
      input: { id: 'v2', state: 'open', note: 'Resolved too early' },
    });
  });

  it('shows a phone one card a violation: player, day, team, game, rule, state, who acted and the actions', async () => {
    onPhone();
    const { user, callsOf } = page(on(UPDATE_VIOLATION, () => ({ updateViolation: open })));
    const list = await screen.findByRole('list', { name: 'Violations' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const ava = within(list).getByRole('heading', { name: '#7 Ava Garcia' }).closest('li') as HTMLElement;
    expect(ava).toHaveTextContent(`${APRIL_10} · Tigers (Majors) · vs Lions`);
    expect(ava).toHaveTextContent('Pitched before eligible');
    expect(ava).toHaveTextContent('Recorded by Casey Coach');
    expect(within(ava).getByText('Open')).toBeInTheDocument();
    const ben = within(list).getByRole('heading', { name: 'Ben Smith' }).closest('li') as HTMLElement;
    expect(ben).toHaveTextContent('Alex Admin');
    expect(within(ben).getByRole('button', { name: /^Reopen Ben Smith/ })).toBeInTheDocument();
    expect(within(ben).queryByRole('button', { name: /^Resolve/ })).not.toBeInTheDocument();

    await user.click(within(ava).getByRole('button', { name: /^Acknowledge #7 Ava Garcia/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge violation' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Talked to the coach');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(callsOf('updateViolation')).toHaveLength(1));
    expect(callsOf('updateViolation')[0]?.variables).toEqual({
      input: { id: 'v1', state: 'acknowledged', note: 'Talked to the coach' },
    });
  });

  it('reads every page; says so when nothing matches; shows no Actions to those who may not act', async () => {
    const { callsOf } = page(
      on(LIST_VIOLATIONS, (variables) => ({
        listViolations: { items: [], nextToken: variables.nextToken ? null : 'next' },
      })),
      ['Query.listOrganizations', 'Query.listViolations'],
    );
    expect(await screen.findByText('No violations match.')).toBeInTheDocument();
    expect(callsOf('listViolations').map((call) => call.variables.nextToken)).toEqual([null, 'next']);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('speaks Spanish: the table, the rule broken by code, the state, the actions and the note', async () => {
    loadEagerly('es', CATALOGUES);
    const { user } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ver infracciones' })).toBeInTheDocument();
    const row = await rowOf('#7 Ava Garcia');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Fecha',
      'Jugador',
      'Equipo',
      'Juego',
      'Regla infringida',
      'Registrado por',
      'Estado',
      'Acción tomada',
      'Acciones',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Mostrar retiradas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exportar salidas (CSV)' })).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '10 abr 2027',
      'TigersMajors',
      'vs. Lions',
      `Lanzó antes de cumplir su descanso${open.message}`,
      'Casey Coach',
      'Abierta',
      '—',
      'Marcar como vistaResolver',
    ]);
    const done = await rowOf('Ben Smith');
    expect(within(done).getByText('Resuelta')).toBeInTheDocument();
    expect(within(done).getByText(/^Retirada por una corrección el \d{1,2} \w{3} 2027$/)).toBeInTheDocument();
    await user.click(
      within(row).getByRole('button', {
        name: 'Marcar como vista la infracción de #7 Ava Garcia del 10 abr 2027: Lanzó antes de cumplir su descanso',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Marcar la infracción como vista' });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como vista' }));
    expect(await within(dialog).findByText('Agrega una nota: qué se hizo al respecto')).toBeInTheDocument();
  });

  it("shows 'Failed to load violations' when the list fails without a message", async () => {
    page({ listViolations: () => ({ status: 500, body: {} }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load violations$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
