import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIST_ORGANIZATION_OPTIONS } from '../../../lib/organization-options.ts';
import { LIST_SEASONS, type SeasonOption } from '../../../lib/season-options.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { CREATE_SEASON } from '../api/create-season.ts';
import { ROLL_SEASON } from '../api/roll-season.ts';

const ABILITIES = [
  'Query.listOrganizations',
  'Mutation.createSeason',
  'Mutation.updateSeason',
  'Mutation.deleteSeason',
  'Mutation.rollSeason',
];
const riverside = { id: 'o1', name: 'Riverside Youth Baseball' };
const base = { organizationId: 'o1', organizationName: 'Riverside Youth Baseball', teamCount: 0 };
const fall: SeasonOption = {
  ...base,
  id: 's2',
  name: 'Fall 2026',
  startDate: '2026-09-01',
  endDate: '2026-11-15',
  state: 'active',
  teamCount: 8,
};
const spring: SeasonOption = {
  ...base,
  id: 's1',
  name: 'Spring 2026',
  startDate: '2026-03-01',
  endDate: '2026-06-30',
  state: 'archived',
};

function page(handlers: Parameters<typeof mockGraphql>[0] = {}, abilities = ABILITIES) {
  const mock = mockGraphql({
    me: meHandler(['admin'], abilities),
    ...on(LIST_ORGANIZATION_OPTIONS, () => ({ listOrganizations: { items: [riverside], nextToken: null } })),
    ...on(LIST_SEASONS, () => ({ listSeasons: { items: [fall, spring], nextToken: null } })),
    ...handlers,
  });
  renderApp('/admin/seasons', { roles: ['admin'] });
  return { ...mock, user: userEvent.setup() };
}

const rowOf = async (name: string) => {
  const row = (await screen.findByRole('rowheader', { name })).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe('SeasonsPage', () => {
  it('lists seasons with dates, state and teams; an archived season has no Edit or Roll', async () => {
    page();
    const active = await rowOf('Fall 2026');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('8')).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Roll Season Fall 2026' })).toBeInTheDocument();
    const archived = await rowOf('Spring 2026');
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
    expect(within(archived).queryByRole('button', { name: 'Edit Spring 2026' })).not.toBeInTheDocument();
    expect(within(archived).queryByRole('button', { name: 'Roll Season Spring 2026' })).not.toBeInTheDocument();
  });

  it('checks name and dates before sending, then creates the season in the organization', async () => {
    const { user, callsOf } = page({ ...on(CREATE_SEASON, () => ({ createSeason: { ...fall, id: 's3' } })) });
    await user.click(await screen.findByRole('button', { name: '+ Add Season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Season' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Spring 2027 ');
    await user.type(within(dialog).getByLabelText(/Start Date/), '2027-03-01');
    await user.type(within(dialog).getByLabelText(/End Date/), '2027-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('End date must be on or after the start date')).toBeInTheDocument();
    expect(callsOf('createSeason')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/End Date/));
    await user.type(within(dialog).getByLabelText(/End Date/), '2027-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('createSeason')[0]?.variables).toEqual({
      input: {
        organizationId: 'o1',
        name: 'Spring 2027',
        startDate: '2027-03-01',
        endDate: '2027-06-30',
        state: 'upcoming',
      },
    });
  });

  it('rolls the active season with rosters copied, and shows the server’s refusal in the modal', async () => {
    let attempts = 0;
    const archived: SeasonOption = { ...fall, state: 'archived' };
    const { user, callsOf } = page({
      ...on(ROLL_SEASON, () => {
        attempts += 1;
        return attempts === 1
          ? gqlError('The next season must start after Fall 2026 started')
          : {
              rollSeason: {
                archived,
                season: { ...fall, id: 's4', name: 'Spring 2027' },
              },
            };
      }),
    });
    await user.click(within(await rowOf('Fall 2026')).getByRole('button', { name: 'Roll Season Fall 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll Fall 2026' });
    expect(within(dialog).getByText(/Its 8 team\(s\) and their coaches start the new season/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name of the next season' }), 'Spring 2027');
    await user.type(within(dialog).getByLabelText(/Start Date/), '2026-08-01');
    await user.type(within(dialog).getByLabelText(/End Date/), '2026-08-30');
    await user.click(within(dialog).getByRole('button', { name: 'Roll Season' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The next season must start after Fall 2026 started',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Roll Season' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('rollSeason')[1]?.variables).toEqual({
      input: { id: 's2', name: 'Spring 2027', startDate: '2026-08-01', endDate: '2026-08-30', copyRosters: true },
    });
  });

  it('hides every change from someone who may only read', async () => {
    page({}, []);
    await rowOf('Fall 2026');
    expect(screen.queryByRole('button', { name: '+ Add Season' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Roll|Delete) / })).not.toBeInTheDocument();
  });
});
