import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIST_LEAGUE_OPTIONS } from '../../../lib/league-options.ts';
import { LIST_ORGANIZATION_OPTIONS } from '../../../lib/organization-options.ts';
import { LIST_SEASONS, type SeasonOption } from '../../../lib/season-options.ts';
import { meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { INVITE_COACH } from '../api/invite-coach.ts';
import { LIST_TEAMS, type Team } from '../api/list-teams.ts';

// The page's code loads lazily; the first test of the file waits for it.
configure({ asyncUtilTimeout: 5000 });

const spring: SeasonOption = {
  id: 's1',
  organizationId: 'o1',
  organizationName: 'Riverside Youth Baseball',
  name: 'Spring 2027',
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
  seasonName: 'Spring 2027',
  seasonState: 'active',
  name: 'Tigers',
  coaches: [],
  coachUsers: [],
  playerCount: 0,
  version: 1,
};

describe('TeamsPage', () => {
  it('invites a new coach and shows their generated temporary password once, in a dialog the admin closes', async () => {
    const generated = 'Mv3kXr7TqW9pLz2C';
    const { callsOf } = mockGraphql({
      me: meHandler(['admin'], ['Mutation.createTeam', 'Mutation.updateTeam', 'Mutation.inviteCoach']),
      ...on(LIST_ORGANIZATION_OPTIONS, () => ({
        listOrganizations: { items: [{ id: 'o1', name: 'Riverside Youth Baseball' }], nextToken: null },
      })),
      ...on(LIST_SEASONS, () => ({ listSeasons: { items: [spring], nextToken: null } })),
      ...on(LIST_LEAGUE_OPTIONS, () => ({
        listLeagues: { items: [{ id: 'l1', name: 'Majors', organizationId: 'o1' }], nextToken: null },
      })),
      ...on(LIST_TEAMS, () => ({ listTeams: { items: [tigers], nextToken: null } })),
      ...on(INVITE_COACH, () => ({
        inviteCoach: {
          ...tigers,
          coaches: ['u9'],
          coachUsers: [{ id: 'u9', email: 'jo@example.org', givenName: 'Jo', familyName: 'Rivera' }],
          invitedTemporaryPassword: generated,
          invitedPending: null,
        },
      })),
    });
    renderApp('/admin/teams', { roles: ['admin'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite Coach to Tigers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Coach to Tigers' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'jo@example.org');
    await user.type(within(dialog).getByRole('textbox', { name: /^First Name/ }), 'Jo');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last Name/ }), 'Rivera');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const shown = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(callsOf('inviteCoach')).toHaveLength(1);
    expect(within(shown).getByText(generated)).toBeInTheDocument();
    expect(within(shown).getByText(/jo@example\.org/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.innerHTML).not.toContain(generated);
  });
});
