import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEARCH_USERS } from '../../../components/admin/search-users.ts';
import { matchesSearch } from '../../../components/admin/user-picker.tsx';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { CREATE_ORGANIZATION } from '../api/create-organization.ts';
import { DELETE_ORGANIZATION } from '../api/delete-organization.ts';
import { LIST_ORGANIZATIONS, type Organization } from '../api/list-organizations.ts';
import { UPDATE_ORGANIZATION } from '../api/update-organization.ts';

// The page's code loads lazily; the first test of the file waits for it.
configure({ asyncUtilTimeout: 5000 });

const ABILITIES = ['Mutation.createOrganization', 'Mutation.updateOrganization', 'Mutation.deleteOrganization'];

const ann = { id: 'u-ann', email: 'ann@example.org', givenName: 'Ann', familyName: 'Archer' };
const bob = { id: 'u-bob', email: 'bob@example.org', givenName: 'Bob', familyName: 'Baker' };
const cy = { id: 'u-cy', email: 'cy@example.org', givenName: 'Cy', familyName: 'Cole' };

/** The server's search: each word starts a name or the email. */
function usersMatching(search: unknown) {
  return [ann, bob, cy].filter((user) => matchesSearch(user, typeof search === 'string' ? search : ''));
}

const riverside: Organization = {
  id: 'o1',
  name: 'Riverside Youth Baseball',
  admins: ['u-ann', 'u-gone'],
  adminUsers: [ann],
  timeZone: 'America/New_York',
};
const hilltop: Organization = {
  id: 'o2',
  name: 'Hilltop Little League',
  admins: [],
  adminUsers: [],
  timeZone: 'America/Chicago',
};

function page(handlers: Parameters<typeof mockGraphql>[0] = {}, abilities = ABILITIES) {
  const mock = mockGraphql({
    me: meHandler(['SuperAdmin'], abilities),
    ...on(LIST_ORGANIZATIONS, () => ({ listOrganizations: { items: [riverside, hilltop], nextToken: null } })),
    ...handlers,
  });
  renderApp('/admin/organizations', { roles: ['SuperAdmin'] });
  return { ...mock, user: userEvent.setup() };
}

// Walks through modals take a few seconds in jsdom on a busy machine.
describe('OrganizationsPage', { timeout: 20_000 }, () => {
  it('lists organizations with admin bubbles (falling back to the id) and named action buttons', async () => {
    page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Organization Management' })).toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: 'Riverside Youth Baseball' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Ann Archer')).toBeInTheDocument();
    expect(within(row).getByText('u-gone')).toBeInTheDocument();
    const edit = within(row).getByRole('button', { name: 'Edit Riverside Youth Baseball' });
    expect(edit).toHaveTextContent(/^Edit$/);
    expect(within(row).getByRole('button', { name: 'Delete Riverside Youth Baseball' })).toHaveTextContent(/^Delete$/);
    expect(within(row).getByRole('button', { name: 'Manage Admins of Riverside Youth Baseball' })).toHaveTextContent(
      /^Manage Admins$/,
    );
    expect(screen.getByRole('button', { name: '+ Add Organization' })).toBeInTheDocument();
  });

  it('reads every page of the list, 1000 at a time', async () => {
    const { callsOf } = page({
      ...on(LIST_ORGANIZATIONS, (variables) =>
        variables.nextToken
          ? { listOrganizations: { items: [hilltop], nextToken: null } }
          : { listOrganizations: { items: [riverside], nextToken: 'next' } },
      ),
    });
    expect(await screen.findByRole('rowheader', { name: 'Hilltop Little League' })).toBeInTheDocument();
    expect(callsOf('listOrganizations').map((call) => call.variables)).toEqual([
      { limit: 1000, nextToken: null },
      { limit: 1000, nextToken: 'next' },
    ]);
  });

  it('requires a name (trimmed) before sending anything', async () => {
    const { user, callsOf } = page();
    await user.click(await screen.findByRole('button', { name: '+ Add Organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(callsOf('createOrganization')).toHaveLength(0);
  });

  it("keeps the modal open with the server's message, then saves the trimmed name and refreshes the list", async () => {
    let attempts = 0;
    const { user, callsOf } = page({
      ...on(CREATE_ORGANIZATION, () => {
        attempts += 1;
        return attempts === 1
          ? gqlError('An organization with that name already exists', 'CONFLICT')
          : {
              createOrganization: {
                id: 'o3',
                name: 'Lakeside',
                admins: [],
                adminUsers: [],
                timeZone: 'America/New_York',
              },
            };
      }),
    });
    await user.click(await screen.findByRole('button', { name: '+ Add Organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Organization' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Lakeside ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An organization with that name already exists');
    expect(screen.getByRole('dialog', { name: 'Add Organization' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('createOrganization').at(-1)?.variables).toEqual({ input: { name: 'Lakeside' } });
    expect(callsOf('listOrganizations').length).toBeGreaterThanOrEqual(2);
  });

  it("shows 'Operation failed' when an edit fails without a message, and opening again clears it", async () => {
    const { user, callsOf } = page({ ...on(UPDATE_ORGANIZATION, () => ({ status: 500, body: {} })) });
    await user.click(await screen.findByRole('button', { name: 'Edit Hilltop Little League' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Organization' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Hilltop Little League');
    await user.clear(name);
    await user.type(name, 'Hilltop LL');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Operation failed$/);
    expect(callsOf('updateOrganization')[0]?.variables).toEqual({ input: { id: 'o2', name: 'Hilltop LL' } });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Hilltop Little League' }));
    const again = await screen.findByRole('dialog', { name: 'Edit Organization' });
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows and changes the time zone: searchable, the default for a new one, sent only when it changes', async () => {
    const { user, callsOf } = page({
      ...on(UPDATE_ORGANIZATION, () => ({ updateOrganization: { ...hilltop, timeZone: 'America/Denver' } })),
      ...on(CREATE_ORGANIZATION, () => ({
        createOrganization: { id: 'o3', name: 'Lakeside', admins: [], adminUsers: [], timeZone: 'Pacific/Honolulu' },
      })),
    });
    const row = (await screen.findByRole('rowheader', { name: 'Hilltop Little League' })).closest('tr');
    if (!row) throw new Error('no row');
    // Under the name, the row still named by the name alone.
    expect(within(row).getByText('America/Chicago')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit Hilltop Little League' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Organization' });
    const zone = within(dialog).getByRole('combobox', { name: /^Time zone/ });
    expect(zone).toHaveValue('America/Chicago');
    await user.clear(zone);
    await user.type(zone, 'denv');
    await user.click(await screen.findByRole('option', { name: 'America/Denver' }));
    expect(zone).toHaveValue('America/Denver');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateOrganization')[0]?.variables).toEqual({
      input: { id: 'o2', name: 'Hilltop Little League', timeZone: 'America/Denver' },
    });

    await user.click(screen.getByRole('button', { name: '+ Add Organization' }));
    const add = await screen.findByRole('dialog', { name: 'Add Organization' });
    expect(within(add).getByRole('combobox', { name: /^Time zone/ })).toHaveValue('America/New_York');
    await user.type(within(add).getByRole('textbox', { name: 'Name' }), 'Lakeside');
    await user.clear(within(add).getByRole('combobox', { name: /^Time zone/ }));
    await user.type(within(add).getByRole('combobox', { name: /^Time zone/ }), 'honolulu');
    await user.click(await screen.findByRole('option', { name: 'Pacific/Honolulu' }));
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('createOrganization')[0]?.variables).toEqual({
      input: { name: 'Lakeside', timeZone: 'Pacific/Honolulu' },
    });
  });

  it("asks the spec's question before deleting and shows the server's refusal", async () => {
    const { user, callsOf } = page({
      ...on(DELETE_ORGANIZATION, () => gqlError("Delete this organization's leagues first", 'CONFLICT')),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Riverside Youth Baseball' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Organization' });
    expect(within(dialog).getByText('Are you sure you want to delete this organization?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Delete this organization's leagues first");
    expect(callsOf('deleteOrganization')[0]?.variables).toEqual({ input: { id: 'o1' } });
  });

  it("shows 'Delete failed' when the delete fails without a message", async () => {
    const { user } = page({ ...on(DELETE_ORGANIZATION, () => ({ status: 502, body: null })) });
    await user.click(await screen.findByRole('button', { name: 'Delete Hilltop Little League' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Delete failed$/);
  });

  it('manages admins: the picker lists matches but not those already chosen, by keyboard', async () => {
    const { user, callsOf } = page({
      ...on(SEARCH_USERS, ({ search }) => ({ listUsers: { items: usersMatching(search), nextToken: null } })),
      ...on(UPDATE_ORGANIZATION, () => ({ status: 500, body: {} })),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage Admins of Riverside Youth Baseball' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Admins: Riverside Youth Baseball' });
    const search = within(dialog).getByPlaceholderText('Type name or email');
    expect(search).toHaveAccessibleName('Admins');
    expect(within(dialog).getByRole('button', { name: 'Remove Ann Archer' })).toBeInTheDocument();

    await user.click(search);
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: 'Bob Baker (bob@example.org)' })).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: 'Cy Cole (cy@example.org)' })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: /Ann Archer/ })).not.toBeInTheDocument();
    expect(listbox).toHaveStyle({ maxHeight: '200px', overflowY: 'auto' });

    await user.type(search, 'b');
    await waitFor(() => expect(callsOf('listUsers').at(-1)?.variables).toEqual({ search: 'b', limit: 20 }));
    await waitFor(() => expect(within(listbox).queryByRole('option', { name: /Cy Cole/ })).not.toBeInTheDocument());
    // The first match is highlighted; Enter picks it.
    await waitFor(() =>
      expect(within(listbox).getByRole('option', { name: /Bob Baker/ })).toHaveAttribute('data-combobox-selected'),
    );
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Remove Bob Baker' })).toBeInTheDocument();
    // Backspace in the empty search removes the last bubble; the remove button removes any.
    await user.keyboard('{Backspace}');
    expect(within(dialog).queryByRole('button', { name: 'Remove Bob Baker' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Ann Archer' }));
    expect(within(dialog).queryByText('Ann Archer')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Update admins failed$/);
    expect(callsOf('updateOrganization')[0]?.variables).toEqual({ input: { id: 'o1', admins: ['u-gone'] } });
  });

  it("shows the server's refusal instead of the table", async () => {
    page({ ...on(LIST_ORGANIZATIONS, () => gqlError('Only a SuperAdmin may do that', 'FORBIDDEN')) }, []);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a SuperAdmin may do that');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add Organization' })).not.toBeInTheDocument();
  });

  it('hides the buttons of operations the user may not call', async () => {
    page({}, ['Mutation.updateOrganization']);
    expect(await screen.findByRole('button', { name: 'Edit Riverside Youth Baseball' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add Organization' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });
});
