import type { Messages } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEagerly } from '../../../lib/i18n.ts';
import { type LeagueOption, LIST_LEAGUE_OPTIONS } from '../../../lib/league-options.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../../../lib/organization-options.ts';
import { LIST_SEASONS, type SeasonOption } from '../../../lib/season-options.ts';
import { LIST_TEAM_OPTIONS, type TeamOption } from '../../../lib/team-options.ts';
import { meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { onPhone } from '../../../test/phone.ts';
import { renderApp } from '../../../test/render.tsx';
import { DELETE_PLAYER } from '../api/delete-player.ts';
import { LINK_GUARDIAN } from '../api/guardians.ts';
import { IMPORT_PLAYERS, type ImportPreview, type ImportRow, PREVIEW_PLAYER_IMPORT } from '../api/import-players.ts';
import { LIST_PLAYERS, type Player } from '../api/list-players.ts';
import { MERGE_PLAYERS, POSSIBLE_DUPLICATES } from '../api/possible-duplicates.ts';

const ADMIN = [
  'Query.listOrganizations',
  'Mutation.createPlayer',
  'Mutation.updatePlayer',
  'Mutation.deletePlayer',
  'Mutation.addPlayerToTeam',
  'Mutation.linkGuardian',
  'Mutation.importPlayers',
];
const riverside = { id: 'o1', name: 'Riverside Youth Baseball' };
const fall: SeasonOption = {
  id: 's1',
  organizationId: 'o1',
  organizationName: 'Riverside Youth Baseball',
  name: 'Fall 2026',
  startDate: '2026-09-01',
  endDate: '2026-11-15',
  state: 'active',
  teamCount: 1,
};
const tigers: TeamOption = { id: 't1', name: 'Tigers', leagueId: 'l1', leagueName: 'Majors', seasonId: 's1' };
const majors: LeagueOption = { id: 'l1', name: 'Majors', organizationId: 'o1' };
const ana: Player = {
  id: 'p1',
  organizationId: 'o1',
  firstName: 'Ana',
  lastName: 'Diaz',
  birthDate: '2015-04-02',
  jerseyNumber: '07',
  leagueAge: 11,
  teams: [{ ...tigers, seasonName: 'Fall 2026', seasonState: 'active' }],
  guardians: [{ id: 'g1', email: 'pat@example.org', givenName: 'Pat', familyName: 'Diaz' }],
  removalRequest: null,
  version: 1,
};

function page(handlers: Parameters<typeof mockGraphql>[0] = {}, abilities = ADMIN, path = '/admin/players') {
  const mock = mockGraphql({
    me: meHandler(['admin'], abilities),
    ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: [riverside], nextToken: null } })),
    ...on(LIST_SEASONS, () => ({ listSeasons: { items: [fall], nextToken: null } })),
    ...on(LIST_TEAM_OPTIONS, () => ({ listTeams: { items: [tigers], nextToken: null } })),
    ...on(LIST_LEAGUE_OPTIONS, () => ({ listLeagues: { items: [majors], nextToken: null } })),
    ...on(LIST_PLAYERS, () => ({ listPlayers: { items: [ana], nextToken: null } })),
    ...handlers,
  });
  renderApp(path, { roles: ['admin'] });
  return { ...mock, user: userEvent.setup() };
}

afterEach(() => vi.restoreAllMocks());

const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

describe('PlayersPage', () => {
  it('lists the season’s players with league age, jersey, team and parents', async () => {
    const { callsOf } = page();
    // The first page of a run loads its code lazily: give it time on a busy machine.
    const row = (await screen.findByRole('rowheader', { name: 'Diaz, Ana' }, { timeout: 15_000 })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('11')).toBeInTheDocument();
    expect(within(row).getByText('07')).toBeInTheDocument();
    expect(within(row).getByText('Tigers (Majors)')).toBeInTheDocument();
    expect(within(row).getByText('Pat Diaz')).toBeInTheDocument();
    expect(callsOf('listPlayers')[0]?.variables).toMatchObject({
      filter: { organizationId: { eq: 'o1' }, seasonId: { eq: 's1' } },
    });
  });

  it('shows a phone one card a player: name, jersey, birth date, league age, team, parents and the actions', async () => {
    onPhone();
    page();
    const list = await screen.findByRole('list', { name: 'Players' }, { timeout: 15_000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('heading', { name: 'Diaz, Ana · #07' }).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('League Age: 11');
    expect(card).toHaveTextContent('Tigers (Majors)');
    expect(within(card).getByText('Pat Diaz')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Ana Diaz' })).toBeInTheDocument();
  });

  it('shows an organization admin the possible duplicates, and merges the second record into the first', async () => {
    let merged = false;
    const record = (id: string, team: string, league: string) => ({
      id,
      teams: [{ id: `t-${id}`, name: team, leagueName: league, seasonName: 'Fall 2026' }],
    });
    const { user, callsOf } = page(
      {
        ...on(POSSIBLE_DUPLICATES, () => ({
          listPossibleDuplicatePlayers: merged
            ? []
            : [
                {
                  firstName: 'Olive',
                  lastName: 'Owlet',
                  birthDate: '2016-02-03',
                  players: [record('p7', 'Owls', 'Minors'), record('p8', 'Tigers', 'Majors')],
                },
              ],
        })),
        ...on(MERGE_PLAYERS, () => {
          merged = true;
          return { mergePlayers: { id: 'p7' } };
        }),
      },
      [...ADMIN, 'Mutation.mergePlayers'],
    );
    const section = await screen.findByRole('region', { name: 'Possible duplicates' }, { timeout: 15_000 });
    expect(within(section).getByText('Record 1: Owls (Minors, Fall 2026)')).toBeInTheDocument();
    expect(within(section).getByText('Record 2: Tigers (Majors, Fall 2026)')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Merge: Olive Owlet, born 2016-02-03' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge two records' });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(callsOf('mergePlayers')).toHaveLength(1));
    expect(callsOf('mergePlayers')[0]?.variables).toEqual({ input: { keepId: 'p7', mergeId: 'p8' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Possible duplicates' })).not.toBeInTheDocument());
  });

  it('asks before deleting a child’s records, saying everything goes', async () => {
    const { user, callsOf } = page({ ...on(DELETE_PLAYER, () => ({ deletePlayer: { id: 'p1' } })) });
    await user.click(await screen.findByRole('button', { name: 'Delete Ana Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Player' });
    expect(dialog).toHaveTextContent(
      "Delete Ana Diaz from Bullpen? Their name, birth date, jersey, teams and parents' links are erased. The pitches they threw stay in the league's records under a code name, so rest rules and violations stay right, and the league's admins are told. It cannot be undone.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf('deletePlayer')).toHaveLength(1));
  });

  it('marks a child whose parent asked the league to remove them, and says so when deleting', async () => {
    const asked = { requestedAt: '2027-04-12T15:00:00.000Z', requestedByName: 'Pat Diaz' };
    page({
      ...on(LIST_PLAYERS, () => ({ listPlayers: { items: [{ ...ana, removalRequest: asked }], nextToken: null } })),
    });
    const user = userEvent.setup();
    const row = (
      await screen.findByRole('rowheader', { name: 'Diaz, Ana Removal asked' }, { timeout: 15_000 })
    ).closest('tr') as HTMLElement;
    expect(within(row).getByText('Removal asked').closest('[title]')).toHaveAttribute(
      'title',
      'Removal asked by Pat Diaz on Apr 12, 2027: Delete removes the child.',
    );
    await user.click(within(row).getByRole('button', { name: 'Delete Ana Diaz' }));
    expect(await screen.findByRole('dialog', { name: 'Delete Player' })).toHaveTextContent(
      'Removal asked by Pat Diaz on Apr 12, 2027',
    );
  });

  it('previews an import row by row, then imports exactly the confirmed preview', async () => {
    const preview: ImportPreview = {
      format: 'plain',
      problems: [],
      problemsSaid: [],
      digest: 'abc',
      summary: { create: 1, match: 0, refuse: 1, teamsToCreate: 0, guardiansToCreate: 0, guardiansToLink: 0 },
      rows: [
        {
          line: 2,
          firstName: 'Ben',
          lastName: 'Ortiz',
          birthDate: '2015-06-11',
          jerseyNumber: '9',
          leagueName: 'Majors',
          teamName: 'Tigers',
          action: 'create',
          teamAction: 'existing',
          reasons: [],
          reasonsSaid: [],
          guardians: [],
        },
        {
          line: 3,
          firstName: 'Cy',
          lastName: 'Lee',
          birthDate: '',
          jerseyNumber: null,
          leagueName: 'Majors',
          teamName: 'Tigers',
          action: 'refuse',
          teamAction: 'none',
          reasons: ['Birth date is required'],
          reasonsSaid: [{ id: 'rules.player.birthDateRequired', values: {} }],
          guardians: [],
        },
      ],
    };
    const { user, callsOf } = page({
      ...on(PREVIEW_PLAYER_IMPORT, () => ({ previewPlayerImport: preview })),
      ...on(IMPORT_PLAYERS, () => ({ importPlayers: preview.summary })),
    });
    await user.click(await screen.findByRole('button', { name: 'Import Roster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Roster into Fall 2026' });
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a CSV file first');
    const file = new File(['First,Last,Birth Date,Jersey\nBen,Ortiz,2015-06-11,9\nCy,Lee,,\n'], 'roster.csv', {
      type: 'text/csv',
    });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const table = await within(dialog).findByRole('table', { name: 'Import preview' });
    expect(within(table).getByText('Birth date is required')).toBeInTheDocument();
    expect(within(dialog).getByText(/1 new player\(s\), 0 existing, 1 refused/)).toBeInTheDocument();
    expect(callsOf('importPlayers')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 player(s)' }));
    expect(await within(dialog).findByText('Roster imported')).toBeInTheDocument();
    expect(callsOf('importPlayers')[0]?.variables).toMatchObject({
      input: { organizationId: 'o1', seasonId: 's1', digest: 'abc', csv: expect.stringContaining('Ben,Ortiz') },
    });
  });

  it('asks before an import creates a team the season does not have (a mistyped name)', async () => {
    const row: ImportRow = {
      line: 2,
      firstName: 'Ben',
      lastName: 'Ortiz',
      birthDate: '2015-06-11',
      jerseyNumber: '9',
      leagueName: 'Majors',
      teamName: 'Tigerz',
      action: 'create',
      teamAction: 'create',
      reasons: [],
      reasonsSaid: [],
      guardians: [],
    };
    const preview: ImportPreview = {
      format: 'plain',
      problems: [],
      problemsSaid: [],
      digest: 'abc',
      summary: { create: 2, match: 0, refuse: 0, teamsToCreate: 1, guardiansToCreate: 0, guardiansToLink: 0 },
      rows: [row, { ...row, line: 3, firstName: 'Cy' }],
    };
    const { user, callsOf } = page({
      ...on(PREVIEW_PLAYER_IMPORT, () => ({ previewPlayerImport: preview })),
      ...on(IMPORT_PLAYERS, () => ({ importPlayers: preview.summary })),
    });
    await user.click(await screen.findByRole('button', { name: 'Import Roster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Roster into Fall 2026' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['Team Name,First,Last\n'], 'roster.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('1 team(s) not in Fall 2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Tigerz (Majors)');
    const importButton = within(dialog).getByRole('button', { name: 'Import 2 player(s)' });
    expect(importButton).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create 1 new team(s)' }));
    expect(importButton).toBeEnabled();
    await user.click(importButton);
    expect(await within(dialog).findByText('Roster imported')).toBeInTheDocument();
    expect(callsOf('importPlayers')).toHaveLength(1);
  });

  it('exports every player of the roster as CSV', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:roster';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const text = await created[0]?.text();
    expect(text).toContain('First Name,Last Name,Birth Date,Jersey Number,League Age,Team,Guardian Emails');
    expect(text).toContain('Ana,Diaz,2015-04-02,07,11,Tigers,pat@example.org');
  });

  it('links a new parent and shows their generated temporary password once; an existing parent gets none', async () => {
    const generated = 'Hq4nWc8ZpT2vRy6D';
    const { user, callsOf } = page({
      ...on(LINK_GUARDIAN, ({ input }) => {
        const isNew = input.email === 'new.parent@example.org';
        return {
          linkGuardian: {
            ...ana,
            guardians: [...ana.guardians, { id: 'g2', email: input.email, givenName: 'Lee', familyName: 'Diaz' }],
            invitedTemporaryPassword: isNew ? generated : null,
            invitedPending: null,
          },
        };
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Parents of Ana Diaz' }));
    const parents = await screen.findByRole('dialog', { name: 'Parents of Ana Diaz' });
    await user.type(within(parents).getByRole('textbox', { name: /^Parent Email/ }), 'kim@example.org');
    // Names are asked every time (the answer never tells whether the email has an account).
    await user.click(within(parents).getByRole('button', { name: 'Link Parent' }));
    expect(await within(parents).findByText('First and last name required')).toBeInTheDocument();
    expect(callsOf('linkGuardian')).toHaveLength(0);
    await user.type(within(parents).getByRole('textbox', { name: /^First Name/ }), 'Kim');
    await user.type(within(parents).getByRole('textbox', { name: /^Last Name/ }), 'Diaz');
    await user.click(within(parents).getByRole('button', { name: 'Link Parent' }));
    await waitFor(() => expect(callsOf('linkGuardian')).toHaveLength(1));
    expect(await within(parents).findByText(/kim@example\.org/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Temporary Password' })).not.toBeInTheDocument();

    await user.type(within(parents).getByRole('textbox', { name: /^Parent Email/ }), 'new.parent@example.org');
    await user.type(within(parents).getByRole('textbox', { name: /^First Name/ }), 'Lee');
    await user.type(within(parents).getByRole('textbox', { name: /^Last Name/ }), 'Diaz');
    await user.click(within(parents).getByRole('button', { name: 'Link Parent' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(within(shown).getByText(generated)).toBeInTheDocument();
    expect(within(shown).getByText(/new\.parent@example\.org/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Temporary Password' })).not.toBeInTheDocument());
    expect(document.body.innerHTML).not.toContain(generated);
  });

  it('shows a coach the roster without any change button', async () => {
    page({}, []);
    await screen.findByRole('rowheader', { name: 'Diaz, Ana' });
    expect(screen.queryByRole('button', { name: /^(Edit|Teams of|Parents of|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add Player' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import Roster' })).not.toBeInTheDocument();
  });
  it('speaks Spanish: the roster, its import preview and the export’s headings', async () => {
    loadEagerly('es', catalogues);
    try {
      const created: Blob[] = [];
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        created.push(blob as Blob);
        return 'blob:roster';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const preview: ImportPreview = {
        format: 'plain',
        problems: [],
        problemsSaid: [],
        digest: 'abc',
        summary: { create: 1, match: 0, refuse: 2, teamsToCreate: 0, guardiansToCreate: 1, guardiansToLink: 0 },
        rows: [],
      };
      const { user } = page({ ...on(PREVIEW_PLAYER_IMPORT, () => ({ previewPlayerImport: preview })) });
      expect(
        await screen.findByRole('heading', { name: 'Gestión de jugadores' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      await screen.findByRole('rowheader', { name: 'Diaz, Ana' });
      const headings = screen.getAllByRole('columnheader').map((th) => th.textContent);
      expect(headings).toEqual([
        'Nombre',
        'Fecha de nacimiento',
        'Edad de liga',
        'Número',
        'Equipo',
        'Padres/tutores',
        'Acciones',
      ]);
      expect(screen.getByRole('button', { name: 'Padres/tutores de Ana Diaz' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      await waitFor(() => expect(created).toHaveLength(1));
      const text = await created[0]?.text();
      expect(text).toContain(
        'Nombre,Apellido,Fecha de nacimiento,Número de uniforme,Edad de liga,Equipo,Correos de padres/tutores\r\n',
      );
      expect(text).toContain('Ana,Diaz,2015-04-02,07,11,Tigers,pat@example.org');

      await user.click(screen.getByRole('button', { name: 'Importar roster' }));
      const dialog = await screen.findByRole('dialog', { name: 'Importar roster a Fall 2026' });
      await user.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Primero elige un archivo CSV');
      const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
      await user.upload(input, new File(['First,Last\n'], 'roster.csv', { type: 'text/csv' }));
      await user.click(within(dialog).getByRole('button', { name: 'Vista previa' }));
      expect(
        await within(dialog).findByText(
          '1 jugador nuevo, 0 existentes, 2 rechazados, 0 equipos nuevos, 1 padre/tutor por invitar, 0 por vincular.',
        ),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Importar 1 jugador' })).toBeInTheDocument();
    } finally {
      loadEagerly('en', catalogues);
    }
  });
});
