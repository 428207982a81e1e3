import type { Messages } from '@lingui/core';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type League, LIST_LEAGUES } from '../../features/leagues/api/list-leagues.ts';
import { LIST_REST_RULES, type RestRule } from '../../features/leagues/api/list-rest-rules.ts';
import { LIST_TEAMS, type Team } from '../../features/teams/api/list-teams.ts';
import { LIST_USERS, type User } from '../../features/users/api/list-users.ts';
import { loadEagerly } from '../../lib/i18n.ts';
import { LIST_LEAGUE_OPTIONS } from '../../lib/league-options.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../../lib/organization-options.ts';
import { LIST_SEASONS, type SeasonOption } from '../../lib/season-options.ts';
import { meHandler, mockGraphql, on } from '../../test/graphql-mock.ts';
import { renderApp } from '../../test/render.tsx';

/** The admin screens in Spanish: a text left in English, or an id with no message, shows here. */
const catalogues = import.meta.glob<Messages>('../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

const riverside = { id: 'o1', name: 'Riverside Youth Baseball' };
const interval = (
  pitchCount: number,
  daysRest: number,
  minAge: number | null = null,
  maxAge: number | null = null,
) => ({
  id: `p${pitchCount}`,
  pitchCount,
  daysRest,
  minAge,
  maxAge,
});
const littleLeague: RestRule = {
  id: 'r1',
  name: 'Little League',
  ageGroup: '9-12',
  global: true,
  organizationId: null,
  pitchLimits: [interval(36, 2), interval(1, 0, 15), interval(21, 1, 13, 14)],
};
const settings = {
  version: 1,
  requireOfficialSignature: false,
  countStandsAfterDeadline: 'home',
  countDeadlineDays: 1,
  countDeadlineTime: '12:00',
} as const;
const majors: League = {
  ...settings,
  id: 'l1',
  name: 'Majors',
  organizationId: 'o1',
  admins: [],
  adminUsers: [],
  restRuleId: 'r1',
  restRule: littleLeague,
};
const minors: League = { ...majors, id: 'l2', name: 'Minors', restRuleId: null, restRule: null };

describe('the admin screens in Spanish', () => {
  beforeEach(() => loadEagerly('es', catalogues));
  afterEach(() => loadEagerly('en', catalogues));

  it('League Management: headings, actions, the rest rule tooltip and the Edit League form', async () => {
    mockGraphql({
      me: meHandler(['SuperAdmin'], ['Mutation.createLeague', 'Mutation.updateLeague', 'Mutation.deleteLeague']),
      ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: [riverside], nextToken: null } })),
      ...on(LIST_LEAGUES, () => ({ listLeagues: { items: [majors, minors], nextToken: null } })),
      ...on(LIST_REST_RULES, () => ({ listRestRules: { items: [littleLeague], nextToken: null } })),
    });
    renderApp('/admin/leagues', { roles: ['SuperAdmin'] });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Gestión de ligas' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '+ Agregar liga' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Regla de descanso' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Administradores' })).toBeInTheDocument();
    const minorsRow = (await screen.findByRole('rowheader', { name: 'Minors' })).closest('tr') as HTMLElement;
    expect(within(minorsRow).getByText('Ninguna')).toBeInTheDocument();
    expect(within(minorsRow).getByRole('button', { name: 'Gestionar regla de descanso de Minors' })).toHaveTextContent(
      'Gestionar regla de descanso',
    );
    expect(within(minorsRow).getByRole('button', { name: 'Eliminar Minors' })).toHaveTextContent('Eliminar');

    const majorsRow = (await screen.findByRole('rowheader', { name: 'Majors' })).closest('tr') as HTMLElement;
    const rule = within(majorsRow).getByText('Little League');
    act(() => rule.focus());
    const tooltip = await screen.findByRole('tooltip');
    expect(Array.from(tooltip.querySelectorAll('span > span')).map((line) => line.textContent)).toEqual([
      '1 → 0 d (edades 15+)',
      '21 → 1 d (edades 13-14)',
      '36 → 2 d',
    ]);

    await user.click(within(majorsRow).getByRole('button', { name: 'Editar Majors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar liga' });
    expect(within(dialog).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Majors');
    expect(within(dialog).getByRole('combobox', { name: 'Pasado el plazo, qué conteo queda en firme' })).toHaveValue(
      'El conteo del equipo local',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it('User Management: the list, its count, and the roles by their Spanish names', async () => {
    const ann: User = {
      id: 'u-ann',
      email: 'ann@example.org',
      givenName: 'Ann',
      familyName: 'Archer',
      roles: ['admin', 'parent'],
      adminOrganizationIds: [],
      adminLeagueIds: [],
    };
    mockGraphql({
      me: meHandler(['SuperAdmin'], ['Mutation.createUser', 'Mutation.updateUser', 'Mutation.deleteUser']),
      ...on(LIST_USERS, () => ({ listUsers: { items: [ann], nextToken: 'page-2' } })),
      ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: [riverside], nextToken: null } })),
      ...on(LIST_LEAGUE_OPTIONS, () => ({ listLeagues: { items: [], nextToken: null } })),
    });
    renderApp('/admin/users', { roles: ['SuperAdmin'] });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Gestión de usuarios' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Apellido' })).toBeInTheDocument();
    expect(screen.getByText('1 usuario mostrado; hay más por cargar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Roles de ann@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles de ann@example.org' });
    const roles = within(dialog).getByRole('group', { name: 'Roles' });
    expect(within(roles).getByRole('checkbox', { name: 'SuperAdmin' })).not.toBeChecked();
    expect(within(roles).getByRole('checkbox', { name: 'administrador' })).toBeChecked();
    expect(within(roles).getByRole('checkbox', { name: 'entrenador' })).not.toBeChecked();
    expect(within(roles).getByRole('checkbox', { name: 'padre/tutor' })).toBeChecked();
  });

  it('Team Management: the table and the Delete Team details, bold name and plural included', async () => {
    const spring: SeasonOption = {
      id: 's1',
      organizationId: 'o1',
      organizationName: riverside.name,
      name: 'Primavera 2027',
      startDate: '2027-03-01',
      endDate: '2027-06-30',
      state: 'active',
      teamCount: 1,
    };
    const tigers: Team = {
      id: 't1',
      organizationId: 'o1',
      leagueId: 'l1',
      leagueName: 'Majors',
      seasonId: 's1',
      seasonName: spring.name,
      seasonState: 'active',
      name: 'Tigres',
      coaches: [],
      coachUsers: [],
      playerCount: 12,
      version: 1,
    };
    mockGraphql({
      me: meHandler(['admin'], ['Mutation.createTeam', 'Mutation.updateTeam', 'Mutation.deleteTeam']),
      ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: [riverside], nextToken: null } })),
      ...on(LIST_SEASONS, () => ({ listSeasons: { items: [spring], nextToken: null } })),
      ...on(LIST_LEAGUE_OPTIONS, () => ({
        listLeagues: { items: [{ id: 'l1', name: 'Majors', organizationId: 'o1' }], nextToken: null },
      })),
      ...on(LIST_TEAMS, () => ({ listTeams: { items: [tigers], nextToken: null } })),
    });
    renderApp('/admin/teams', { roles: ['admin'] });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Gestión de equipos' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Temporada' })).toHaveValue('Primavera 2027 (Activa)');
    expect(await screen.findByRole('columnheader', { name: 'Entrenadores' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Roster de Tigres' })).toHaveTextContent('Roster');

    await user.click(screen.getByRole('button', { name: 'Eliminar Tigres' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar equipo' });
    expect(within(dialog).getByText('¿Seguro que quieres eliminar este equipo?')).toBeInTheDocument();
    const details = within(dialog).getByText(/se vacía su roster de 12 jugadores/);
    expect(details).toHaveTextContent(
      'Tigres: se vacía su roster de 12 jugadores; los jugadores siguen en la organización. Entrenadores: ninguno.',
    );
    expect(within(details).getByText('Tigres').tagName).toBe('B');
  });
});
