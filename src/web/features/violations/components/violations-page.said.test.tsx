import type { Messages } from '@lingui/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '../../../../core/admin-inputs.ts';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { loadEagerly, translatorNow } from '../../../lib/i18n.ts';
import { type LeagueOption, LIST_LEAGUE_OPTIONS } from '../../../lib/league-options.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../../../lib/organization-options.ts';
import { LIST_SEASONS, type SeasonOption } from '../../../lib/season-options.ts';
import { LIST_TEAM_OPTIONS } from '../../../lib/team-options.ts';
import { meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { LIST_VIOLATIONS, type Violation } from '../api/list-violations.ts';

/**
 * What the core and the server say reaches a Spanish reader by id (docs/i18n.md): a violation the
 * rules engine found, a server's error and a form's check, each written from the Spanish catalogues,
 * never by translating the English.
 */
const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});

afterEach(() => {
  loadEagerly('en', catalogues);
});

const season: SeasonOption = {
  id: 's1',
  organizationId: 'o1',
  organizationName: 'Riverside Youth Baseball',
  name: 'Spring 2027',
  startDate: '2027-03-01',
  endDate: '2027-06-30',
  state: 'active',
  teamCount: 1,
};
const leagues: LeagueOption[] = [{ id: 'l1', name: 'Majors', organizationId: 'o1' }];

const violation: Violation = {
  id: 'v1',
  organizationId: 'o1',
  leagueId: 'l1',
  leagueName: 'Majors',
  seasonId: 's1',
  seasonName: 'Spring 2027',
  teamId: 't1',
  teamName: 'Tigers',
  playerId: 'p1',
  playerName: 'Ava Garcia',
  jerseyNumber: '7',
  gameId: 'g1',
  outingId: 'out1',
  opponent: 'Lions',
  recordedByName: 'Casey Coach',
  date: '2027-05-05',
  code: 'PITCHED_BEFORE_ELIGIBLE',
  message:
    'Pitched on 2027-05-05 while resting: 70 pitches on 2027-05-03 owed 4 days of rest, so the first eligible date was 2027-05-08.',
  said: {
    id: 'rules.violation.pitchedWhileResting',
    values: { date: '2027-05-05', unit: 'pitches', count: 70, restDate: '2027-05-03', days: 4, eligible: '2027-05-08' },
  },
  state: 'open',
  note: null,
  actedByName: null,
  actedAt: null,
  detectedAt: '2027-05-05T22:00:00.000Z',
  withdrawnAt: null,
};

describe('the rules and the server in Spanish', { timeout: 20_000 }, () => {
  it("shows a violation in the reader's language, its dates written as a Spanish reader writes them", async () => {
    loadEagerly('es', catalogues);
    mockGraphql({
      me: meHandler(['admin'], ['Query.listOrganizations', 'Query.listViolations', 'Mutation.updateViolation']),
      ...on(LIST_ORGANIZATION_OPTIONS, () => ({
        listOrganizations: { items: [{ id: 'o1', name: 'Riverside Youth Baseball' }], nextToken: null },
      })),
      ...on(LIST_SEASONS, () => ({ listSeasons: { items: [season], nextToken: null } })),
      ...on(LIST_LEAGUE_OPTIONS, () => ({ listLeagues: { items: leagues, nextToken: null } })),
      ...on(LIST_TEAM_OPTIONS, () => ({ listTeams: { items: [], nextToken: null } })),
      ...on(LIST_VIOLATIONS, () => ({ listViolations: { items: [violation], nextToken: null } })),
    });
    renderApp('/admin/violations', { roles: ['admin'] });
    expect(
      await screen.findByText(
        'Lanzó el 5 may 2027 estando en descanso: 70 lanzamientos del 3 may 2027 debían 4 días de descanso, así que la primera fecha en que podía lanzar era el 8 may 2027.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/while resting/)).not.toBeInTheDocument();
  });

  it("writes a server's error and a form's check from the Spanish catalogue", () => {
    loadEagerly('es', catalogues);
    const notFound = new ApiError('Rest rule not found', {
      code: 'NOT_FOUND',
      said: { id: 'errors.notFound.restRule' },
    });
    expect(errorMessage(notFound, 'No se pudo guardar')).toBe('No se encontró la regla de descanso');
    const stale = new ApiError('Pat Lee changed this game after you opened it.', {
      code: 'CONFLICT',
      said: { id: 'errors.stale', values: { who: 'Pat Lee', what: 'game' } },
    });
    expect(errorMessage(stale, '')).toBe(
      'Pat Lee cambió este juego después de que abriste la página. Recarga para ver su cambio y vuelve a hacer el tuyo.',
    );
    const t = translatorNow();
    expect(t.said(INPUT_MESSAGES.intervalRange)).toBe(
      'El conteo de lanzamientos debe ser de 0 a 300 y los días de descanso de 0 a 30',
    );
    expect(t.said({ id: 'rules.reason.gamesToday', values: { games: 1, max: 1 } })).toBe(
      'Ya lanzó en 1 juego hoy; la regla permite 1 por día.',
    );
    // A sentence no catalogue holds is shown as it is.
    expect(t.said('Unknown attribute: custom:role')).toBe('Unknown attribute: custom:role');
  });
});
