import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { gqlError, meHandler, mockGraphql, ok } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { NO_TEAM_STATUS } from './child-status.tsx';
import { LOAD_FAILED } from './my-children-page.tsx';

const season = { seasonName: 'Spring 2027', seasonState: 'active' };
const riley = {
  id: 'p1',
  firstName: 'Riley',
  lastName: 'Adams',
  birthDate: '2015-05-02',
  jerseyNumber: '12',
  leagueAge: 12,
  teams: [{ id: 't1', name: 'Tigers', leagueName: 'Majors', ...season }],
};
const max = {
  ...riley,
  id: 'p2',
  firstName: 'Max',
  jerseyNumber: null,
  leagueAge: 10,
  teams: [{ id: 't2', name: 'Cubs', leagueName: 'Minors', ...season }],
};
const sam = { ...riley, id: 'p3', firstName: 'Sam', jerseyNumber: '4', teams: [] };
const jo = { ...riley, id: 'p4', firstName: 'Jo', jerseyNumber: '5' };

const outing = { outingId: 'o1', date: '2027-04-10', opponent: 'Lions', pitches: 70, daysRest: 4 };
const today = { canPitch: true, remainingToday: 85, restDaysOwed: 0, nextEligibleDate: '2027-04-12', reason: null };
const report = (playerId: string, pitcher: Record<string, unknown>, ruleName: string | null = 'Little League') => ({
  pitcherStatus: {
    asOf: '2027-04-12',
    teamName: 'Tigers',
    leagueName: 'Majors',
    ruleName,
    unit: 'pitches',
    pitchers: [{ playerId, today, recentOutings: [], ...pitcher }],
  },
});

function page(children: unknown[], statuses: Record<string, ReturnType<typeof ok>>) {
  const mock = mockGraphql({
    me: meHandler(['parent']),
    listPlayers: () => ok({ listPlayers: { items: children, nextToken: null } }),
    pitcherStatus: (variables) =>
      statuses[String(variables.playerId)] ?? gqlError('This player is on no team yet: put them on a roster first'),
  });
  renderApp('/parent/players', { roles: ['parent'] });
  return mock;
}

const cardOf = (name: string) => screen.findByRole('region', { name });

describe('MyChildrenPage', () => {
  it('shows each child with their team and whether they may pitch today', async () => {
    const { callsOf } = page([riley, max, sam, jo], {
      p1: ok(
        report('p1', {
          today: {
            ...today,
            canPitch: false,
            remainingToday: 0,
            restDaysOwed: 4,
            nextEligibleDate: '2027-04-15',
            reason: { code: 'PITCHED_BEFORE_ELIGIBLE', message: 'Resting: 70 pitches on 2027-04-10 owe 4 days.' },
          },
          recentOutings: [outing],
        }),
      ),
      p2: ok(report('p2', {})),
      p4: ok(
        report('p4', {
          today: {
            ...today,
            canPitch: false,
            remainingToday: 0,
            reason: { code: 'TOO_MANY_GAMES_IN_DAY', message: 'Already pitched in 1 game today.' },
          },
        }),
      ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: "My Child's Status" })).toBeInTheDocument();

    const rileyCard = await cardOf('Riley Adams');
    expect(within(rileyCard).getByText('#12')).toBeInTheDocument();
    expect(within(rileyCard).getByText('Tigers (Majors), Spring 2027')).toBeInTheDocument();
    expect(await within(rileyCard).findByText('Resting · eligible Thu, Apr 15')).toBeInTheDocument();
    expect(
      within(rileyCard).getByText('Last outing: Sat, Apr 10 vs Lions · 70 pitches · 4 days of rest owed'),
    ).toBeInTheDocument();

    const maxCard = await cardOf('Max Adams');
    expect(await within(maxCard).findByText('Can pitch today · 85 left')).toBeInTheDocument();
    expect(within(maxCard).getByText('No outing recorded yet.')).toBeInTheDocument();

    const samCard = await cardOf('Sam Adams');
    expect(within(samCard).getByText('Not on a team this season.')).toBeInTheDocument();
    expect(await within(samCard).findByText(NO_TEAM_STATUS)).toBeInTheDocument();

    const joCard = await cardOf('Jo Adams');
    expect(await within(joCard).findByText('Not today: Already pitched in 1 game today.')).toBeInTheDocument();

    expect(callsOf('pitcherStatus').map((c) => c.variables)).toEqual(
      expect.arrayContaining([{ playerId: 'p1' }, { playerId: 'p2' }, { playerId: 'p3' }, { playerId: 'p4' }]),
    );
  });

  it('says when the league has no rule', async () => {
    page([max], { p2: ok(report('p2', { today: null, recentOutings: [outing] }, null)) });
    const card = await cardOf('Max Adams');
    expect(await within(card).findByText('No status: Majors has no rest rule yet.')).toBeInTheDocument();
    expect(within(card).getByText('Last outing: Sat, Apr 10 vs Lions · 70 pitches')).toBeInTheDocument();
  });

  it('turns the outing emails off and on', async () => {
    let outingEmails = true;
    const { callsOf } = mockGraphql({
      me: () =>
        ok({
          me: {
            id: 'u1',
            email: 'p@example.org',
            givenName: 'P',
            familyName: 'L',
            roles: ['parent'],
            abilities: [],
            outingEmails,
          },
        }),
      listPlayers: () => ok({ listPlayers: { items: [], nextToken: null } }),
      updateMyPreferences: (variables) => {
        outingEmails = (variables.input as { outingEmails: boolean }).outingEmails;
        return ok({ updateMyPreferences: { outingEmails } });
      },
    });
    renderApp('/parent/players', { roles: ['parent'] });
    const box = await screen.findByRole('checkbox', { name: /Email me when my child pitches/ });
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.setup().click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(callsOf('updateMyPreferences')[0]?.variables).toEqual({ input: { outingEmails: false } });
  });

  it('says when no child is linked', async () => {
    page([], {});
    expect(await screen.findByText(/No child is linked to your account yet/)).toBeInTheDocument();
  });

  it('shows the error when the children cannot be read', async () => {
    mockGraphql({ me: meHandler(['parent']), listPlayers: () => gqlError('', 'INTERNAL_SERVER_ERROR') });
    renderApp('/parent/players', { roles: ['parent'] });
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
  });
});
